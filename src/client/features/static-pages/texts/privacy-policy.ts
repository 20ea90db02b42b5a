import type { PolicyText } from "../rich-text";
import { MINIMUM_AGE, TERMS_NOTICE_DAYS } from "./site-rules";

/** The Privacy Policy's built-in text for the site's name (D40 'site.name'). */
export function privacyPolicyText(name: string): PolicyText {
  return {
    intro: [
      {
        p: `This policy explains what ${name} collects when you play, chat and compete on this site, why we collect it, who can see it and the choices you have. We collect as little as we can to run the site and we never sell your personal information.`,
      },
    ],
    sections: [
      {
        id: "what-we-collect",
        title: "Information we collect",
        body: [
          {
            ul: [
              [
                { strong: "Account information:" },
                " your username, your password (stored only as a salted, one-way hash that we cannot read) and, if you choose to give it, an email address. If you sign in with Google we receive your Google account identifier, your name and your profile picture.",
              ],
              [{ strong: "What you create:" }, " reviews and star ratings, chat messages and your public profile."],
              [
                { strong: "Gameplay:" },
                " which games you play, when, your scores, wins and the achievements they unlock.",
              ],
              [
                { strong: "Messages to us:" },
                " what you send through the contact and advertising forms, and your email address if you subscribe to the newsletter.",
              ],
              [
                { strong: "Technical information:" },
                " your IP address, browser type and the pages you request, which our servers record to keep the site secure (for example to stop password guessing and spam).",
              ],
            ],
          },
          {
            p: "We do not ask for your real name, date of birth, address or payment details, and you should not post them in chat.",
          },
        ],
      },
      {
        id: "how-we-use-it",
        title: "How we use it",
        body: [
          {
            ul: [
              "to create and run your account and keep you signed in;",
              "to save your scores, build the leaderboards and show your profile and achievements;",
              "to publish your reviews and chat messages;",
              "to answer your messages and advertising enquiries;",
              "to keep the community safe: moderating chat, preventing cheating, abuse and attacks on the service;",
              "to understand which games people enjoy and improve the site, using aggregated figures wherever possible.",
            ],
          },
        ],
      },
      {
        id: "what-is-public",
        title: "What other players can see",
        body: [
          {
            p: "Your username, avatar, the date you joined, your scores, leaderboard positions, achievements, reviews and chat messages are public. Your email address, password and sign-in details are never shown to other players.",
          },
        ],
      },
      {
        id: "sharing",
        title: "Sharing your information",
        body: [
          { p: "We do not sell or rent your personal information. We share it only:" },
          {
            ul: [
              "with service providers who run parts of the site for us (hosting, email delivery), under confidentiality obligations;",
              [
                "with advertising and analytics partners, only if you choose ‘Accept All’ in the cookie notice (see the ",
                { link: "/cookie-policy", text: "Cookie Policy" },
                ");",
              ],
              "when the law requires it, or to protect players and the service from harm or fraud.",
            ],
          },
        ],
      },
      {
        id: "games",
        title: "Games on this site",
        body: [
          {
            p: "Games run in a separate, sandboxed frame on their own web address, so they cannot read your account or your cookies on this site. A game receives only what it needs to report your score. Some games are hosted by their developers; when you play one, that developer’s own privacy policy also applies.",
          },
        ],
      },
      {
        id: "retention",
        title: "How long we keep it",
        body: [
          {
            ul: [
              "Account information, scores, reviews and chat messages: for as long as your account exists.",
              "Sign-in sessions: up to 30 days, or 7 days without activity.",
              "Security logs: a short period, normally no more than 90 days.",
              "Contact and advertising messages: as long as needed to deal with them, and no more than two years.",
            ],
          },
        ],
      },
      {
        id: "security",
        title: "Security",
        body: [
          {
            p: "Passwords are hashed with a slow, salted algorithm, sign-in sessions are stored only as a fingerprint and sign-in attempts are rate limited. No service is perfectly secure; please use a password you do not use anywhere else.",
          },
        ],
      },
      {
        id: "your-rights",
        title: "Your rights and choices",
        body: [
          {
            p: [
              "You can ask us for a copy of your information, to correct it, or to delete your account and the information linked to it. You may also object to or restrict some uses, and withdraw consent to optional cookies at any time. Send requests through our ",
              { link: "/contact", text: "Contact" },
              " page; we answer within 30 days. You can also complain to your local data protection authority.",
            ],
          },
        ],
      },
      {
        id: "children",
        title: "Children",
        body: [
          {
            p: [
              name,
              " is not directed at children. You must be at least ",
              MINIMUM_AGE,
              " years old to create an account. If we learn that an account belongs to someone under ",
              MINIMUM_AGE,
              ", we delete it. Parents who believe their child has an account can contact us.",
            ],
          },
        ],
      },
      {
        id: "changes",
        title: "Changes to this policy",
        body: [
          {
            p: [
              "We will post any change on this page and update the date above. For material changes we will give at least ",
              TERMS_NOTICE_DAYS,
              " days’ notice on the site (and by email if you gave us an address) before they take effect.",
            ],
          },
        ],
      },
      {
        id: "contact",
        title: "Contact us",
        body: [
          { p: ["Questions about privacy? Write to us through the ", { link: "/contact", text: "Contact" }, " page."] },
        ],
      },
    ],
  };
}
