import type { PolicyText, StorageRow } from "../rich-text";

/** The cookies and browser storage this site sets, all essential. */
const STORAGE_ROWS: StorageRow[] = [
  {
    name: "sid (__Host-sid on https)",
    kind: "Cookie (essential)",
    purpose: "Keeps you signed in; only a fingerprint of it is stored on our servers.",
    lasts: "Up to 30 days",
  },
  {
    name: "oidc_tx",
    kind: "Cookie (essential)",
    purpose: "Protects a Google sign-in while it is in progress.",
    lasts: "10 minutes",
  },
  {
    name: "cookieConsent",
    kind: "Local storage (essential)",
    purpose: "Remembers your choice in the cookie notice.",
    lasts: "Until you clear it",
  },
  {
    name: "arcadium-theme",
    kind: "Local storage (essential)",
    purpose: "Remembers the light, dark or system theme.",
    lasts: "Until you clear it",
  },
];

/** The Cookie Policy's built-in text for the site's name (D40 'site.name'). */
export function cookiePolicyText(name: string): PolicyText {
  return {
    intro: [
      {
        p: `Cookies are small files a website stores in your browser; local storage is a similar browser feature. This policy explains which ones ${name} uses and how you can control them.`,
      },
    ],
    sections: [
      {
        id: "essential",
        title: "Essential cookies and storage",
        body: [
          {
            p: "These are needed for the site to work and are always on. They are not used to track you across other sites.",
          },
          { storage: STORAGE_ROWS, caption: `Essential cookies and storage used by ${name}` },
        ],
      },
      {
        id: "optional",
        title: "Optional analytics and advertising cookies",
        body: [
          {
            p: "Only if you choose ‘Accept All’, we and our partners may use cookies to measure how the site is used and to show advertising that is more relevant to you. With ‘Essential Only’, these cookies are not set.",
          },
        ],
      },
      {
        id: "games",
        title: "Cookies in games",
        body: [
          {
            p: "Games run on a separate web address and may use their own storage, for example to remember your progress or settings in that game. They cannot read the cookies of this site.",
          },
        ],
      },
      {
        id: "your-choices",
        title: "Your choices",
        body: [
          {
            ul: [
              "Choose ‘Accept All’ or ‘Essential Only’ in the cookie notice shown on your first visit.",
              "To change your mind, clear this site’s data in your browser settings; the notice appears again on your next visit.",
              "Most browsers also let you block cookies altogether, though you will not be able to stay signed in.",
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
              "We will update this page and the date above when we change the cookies we use. Questions? Use our ",
              { link: "/contact", text: "Contact" },
              " page.",
            ],
          },
        ],
      },
    ],
  };
}
