import type { PolicyText } from "../rich-text";
import { MINIMUM_AGE, TERMS_NOTICE_DAYS } from "./site-rules";

/** The Terms of Service's built-in text for the site's name (D40 'site.name'). */
export function termsOfServiceText(name: string): PolicyText {
  return {
    intro: [
      {
        p: `These Terms are the agreement between you and ${name} for using this website, its games, chat, leaderboards and reviews. By using the site you agree to them; if you do not agree, please do not use it.`,
      },
    ],
    sections: [
      {
        id: "eligibility",
        title: "Who can use " + name,
        body: [
          {
            p: [
              "You must be at least ",
              MINIMUM_AGE,
              " years old to use ",
              name,
              " and to create an account. If you are under the age of majority where you live, your parent or guardian must agree to these Terms for you.",
            ],
          },
        ],
      },
      {
        id: "account",
        title: "Your account",
        body: [
          {
            ul: [
              "Give accurate information and keep your password to yourself; one account per person.",
              "You are responsible for everything done with your account. Tell us straight away if you think someone else has used it.",
              "Usernames must not impersonate others or be offensive. We may ask you to change a username or change it ourselves.",
            ],
          },
        ],
      },
      {
        id: "community-rules",
        title: "Community rules",
        body: [
          { p: `To keep ${name} fun for everyone, you agree not to:` },
          {
            ul: [
              "harass, threaten, bully or discriminate against other players;",
              "post hateful, sexual, violent or illegal content, spam or advertising in chat, reviews or your profile;",
              "share other people’s personal information;",
              "cheat: use bots, scripts, modified games or bugs to gain scores, or manipulate ratings and reviews;",
              "attack, overload, probe or reverse engineer the service, or get around its limits and security.",
            ],
          },
          {
            p: [
              "The ",
              { link: "/help#chat-rules", text: "chat rules" },
              " in our Help Center explain these rules in more detail.",
            ],
          },
        ],
      },
      {
        id: "your-content",
        title: "Your content",
        body: [
          {
            p: `You keep ownership of the reviews and messages you post. You give ${name} a worldwide, non-exclusive, royalty-free licence to host, display and distribute them on the site for as long as they are there. We may remove content that breaks these Terms.`,
          },
        ],
      },
      {
        id: "games-and-scores",
        title: "Games, scores and leaderboards",
        body: [
          {
            p: "Games are provided for entertainment, free of charge, and some are made by independent developers. Scores, ranks and achievements have no monetary value and cannot be exchanged for prizes. We may remove scores that look manipulated and reset leaderboards.",
          },
        ],
      },
      {
        id: "intellectual-property",
        title: "Our content",
        body: [
          {
            p: `The site, its design and its games belong to ${name} or to their developers and are protected by law. You may play and share links to them, but not copy, resell or republish them without permission.`,
          },
        ],
      },
      {
        id: "advertising",
        title: "Advertising",
        body: [
          {
            p: [
              "The site may show advertising, which follows our advertising policy on the ",
              { link: "/advertise-with-us", text: "Advertise With Us" },
              " page. We are not responsible for the products or sites of advertisers.",
            ],
          },
        ],
      },
      {
        id: "disclaimers",
        title: "Disclaimers and liability",
        body: [
          {
            p: `The service is provided ‘as is’, without warranties; games may change, break or be removed. To the extent the law allows, ${name} is not liable for indirect or consequential losses, or for lost scores or data. Nothing in these Terms limits rights you have as a consumer that cannot be limited by agreement.`,
          },
        ],
      },
      {
        id: "termination",
        title: "Suspension and closing your account",
        body: [
          {
            p: `You can stop using ${name} at any time and ask us to delete your account. We may suspend or close accounts that break these Terms, and we will tell you why unless the law or safety prevents it.`,
          },
        ],
      },
      {
        id: "changes",
        title: "Changes to these Terms",
        body: [
          {
            p: [
              "We may update these Terms as the site evolves. We will give you at least ",
              TERMS_NOTICE_DAYS,
              " days’ notice before any material change to these Terms takes effect, on the site and by email if you gave us an address. If you keep using ",
              name,
              " after a change takes effect, you accept the new Terms.",
            ],
          },
        ],
      },
      {
        id: "contact",
        title: "Contact us",
        body: [
          {
            p: [
              "Questions about these Terms? Write to us through the ",
              { link: "/contact", text: "Contact" },
              " page.",
            ],
          },
        ],
      },
    ],
  };
}
