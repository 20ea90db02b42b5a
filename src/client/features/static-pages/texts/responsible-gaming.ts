import type { PolicyText } from "../rich-text";
import { MINIMUM_AGE } from "./site-rules";

/** The Responsible Gaming page's built-in text for the site's name (D40 'site.name'). */
export function responsibleGamingText(name: string): PolicyText {
  return {
    intro: [
      {
        p: `Games should be fun. ${name} is free to play and there is nothing to buy: no real-money betting, no paid loot boxes and no prizes for scores. Still, any hobby can take up more time than it should, so here is how to keep gaming healthy.`,
      },
    ],
    sections: [
      {
        id: "healthy-habits",
        title: "Healthy gaming habits",
        body: [
          {
            ul: [
              "Decide how long you will play before you start, and use a timer or alarm.",
              "Take a break of at least 10 minutes every hour: stand up, stretch, drink some water.",
              "Rest your eyes: every 20 minutes, look at something 20 feet (6 m) away for 20 seconds.",
              "Do not let games replace sleep, school, work, exercise or time with friends and family.",
              "Play because you enjoy it, not to escape stress or a bad mood. If a game makes you angry, stop and come back later.",
            ],
          },
        ],
      },
      {
        id: "warning-signs",
        title: "Signs that gaming may be a problem",
        body: [
          {
            ul: [
              "you often play much longer than you meant to, or cannot stop when you want to;",
              "you feel restless or irritable when you cannot play;",
              "you lie about how much you play, or skip sleep, meals, school or work to play;",
              "gaming causes arguments or leaves you with less time for people and things you used to enjoy.",
            ],
          },
        ],
      },
      {
        id: "parents",
        title: "For parents and guardians",
        body: [
          {
            p: [
              name,
              " is for players aged ",
              MINIMUM_AGE,
              " and over. Children younger than ",
              MINIMUM_AGE,
              " may not create an account.",
            ],
          },
          {
            ul: [
              "Talk with your teenager about the games they play and agree on time limits together.",
              "Use the screen time and parental controls built into phones, tablets, computers and browsers.",
              "Remind them never to share personal details in chat and to tell you about anything that upsets them.",
              "Play together sometimes: it is the easiest way to see what a game is like.",
            ],
          },
        ],
      },
      {
        id: "safety",
        title: "Staying safe in chat",
        body: [
          {
            p: [
              "Never share your real name, address, school, phone number or passwords. Players who harass others break our ",
              { link: "/terms-of-service", text: "Terms of Service" },
              "; report them through the ",
              { link: "/contact", text: "Contact" },
              " page so that our moderators can act.",
            ],
          },
        ],
      },
      {
        id: "advertising",
        title: "Advertising",
        body: [
          {
            p: [
              "We do not accept advertising for gambling, alcohol or tobacco. See our ",
              { link: "/advertise-with-us", text: "advertising policy" },
              ".",
            ],
          },
        ],
      },
      {
        id: "getting-help",
        title: "Getting help",
        body: [
          {
            p: "If you are worried about your own gaming or someone else’s, talk to someone you trust, or to a doctor or counsellor, who can point you to local support. If anyone is in immediate danger, call your local emergency number.",
          },
        ],
      },
    ],
  };
}
