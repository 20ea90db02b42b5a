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
    name: "cookieConsent, cookieConsentPurposes",
    kind: "Local storage (essential)",
    purpose: "Remember your choice in the cookie notice, for each purpose, and when you made it.",
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
            p: "Only with your consent, we and our partners may use cookies for two purposes: statistics (measuring how the site is used) and advertising (showing ads, and making them more relevant to you). ‘Accept All’ allows both, ‘Essential Only’ neither, and ‘Customize’ lets you choose each one. Without your consent these cookies are not set and the scripts that would set them are not loaded.",
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
              "Choose ‘Accept All’, ‘Essential Only’ or ‘Customize’ in the cookie notice shown on your first visit.",
              "To change your mind, use ‘Cookie settings’ at the bottom of every page. When you are signed in, your choice is also kept with your account, so that your other browsers use it too.",
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
