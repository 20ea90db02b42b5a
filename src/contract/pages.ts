/**
 * D1: what each public page is called and how it describes itself. Shared by the screens (their
 * <title> and meta description after hydration) and the server (the head of the first HTML, which crawlers
 * and link previews read), so that the two can never say different things.
 *
 * `site` is the site's name (website content `site.name`).
 */

/** D1: the home page is `{site} - {tagline}`; every other page `{page} - {site}`. */
export function documentTitle(site: string, tagline: string, page?: string): string {
  return page ? `${page} - ${site}` : `${site} - ${tagline}`;
}

export const HOME_DESCRIPTION =
  "Play free browser games, some with AI-powered opponents, chat with other players and climb the weekly leaderboards.";

/** The policies' date line (spec §2 Static pages). */
export const POLICY_LAST_UPDATED = "Last updated: May 15, 2025";

export type PageMeta = { title: string; description: (site: string, content: (key: string) => string) => string };

const policy = (title: string): PageMeta => ({
  title,
  description: (site) => `${title} of ${site}. ${POLICY_LAST_UPDATED}.`,
});

/** The public pages whose head does not depend on the catalogue, by path (D51). */
export const STATIC_PAGE_META = {
  "/games": { title: "All Games", description: () => "Find your next favourite game." },
  "/games/featured": { title: "Featured Games", description: () => "Hand-picked games our players love." },
  "/leaderboard": {
    title: "Leaderboard",
    description: (site) => `The best players on ${site}, ranked by their total score.`,
  },
  "/privacy-policy": policy("Privacy Policy"),
  "/terms-of-service": policy("Terms of Service"),
  "/cookie-policy": policy("Cookie Policy"),
  "/responsible-gaming": policy("Responsible Gaming"),
  "/advertise-with-us": {
    title: "Advertise With Us",
    description: (site) => `Reach an engaged audience of players on ${site}.`,
  },
  "/about": { title: "About Us", description: (_site, content) => content("footer.about") },
  "/contact": { title: "Contact", description: () => "Questions, ideas or problems? Send us a message." },
  "/help": { title: "Help Center", description: (site) => `Answers to common questions about playing on ${site}.` },
  "/login": { title: "Sign In", description: (site) => `Sign in to ${site} or create a free account.` },
  // A player's own screens (client-rendered, noindex, D70).
  "/friends": { title: "Friends", description: (site) => `Your friends on ${site}.` },
  "/notifications": { title: "Notifications", description: (site) => `Your notifications on ${site}.` },
} satisfies Record<string, PageMeta>;

export type StaticPagePath = keyof typeof STATIC_PAGE_META;

/** Pages that exist but are not for search engines (D70): noindex, and never in the sitemap. */
export const NOINDEX_PATHS: readonly string[] = ["/login", "/friends", "/notifications"];

/**
 * The signed-in player's own pages (D70): served to the browser (200) marked noindex, rendered there (their
 * content is personal), never in the sitemap.
 */
export const PLAYER_PAGE_PATHS: readonly string[] = ["/me/games", "/studio", "/studio/games/:id/numbers"];

export const NOT_FOUND_TITLE = "404 Page Not Found";

/** The titles of the not-found screens of a game, a category and a profile (their pages answer 404, D70). */
export const MISSING_TITLES = {
  game: "Game Not Found",
  category: "Category Not Found",
  collection: "Collection Not Found",
  profile: "User Not Found",
} as const;

/**
 * D72: the site setting (website content `site.allow_search_engines`) behind the CMS switch "Allow search
 * engines". Only "false" turns indexing off: every page `noindex`, robots.txt `Disallow: /`, no sitemap.
 */
export const ALLOW_SEARCH_ENGINES_SETTING = "allow_search_engines";

/**
 * A page's meta description as both the server's head and the screen write it: at most 300
 * characters. The same text on both sides lets React take over the server's <title> and description when it
 * hydrates (ADR 010) instead of adding second ones.
 */
export function metaDescription(text: string): string {
  return text.length > 300 ? `${text.slice(0, 297).trimEnd()}…` : text;
}

/** A category's page (pseudo categories such as "New Games" included). */
export function categoryDescription(site: string, name: string): string {
  return `${name} games on ${site}: free to play in your browser.`;
}

/** D83: a collection's page when the collection has no description of its own. */
export function collectionDescription(site: string, title: string): string {
  return `${title}: a collection of free browser games on ${site}.`;
}

/** A player's public profile. */
export function profileDescription(site: string, username: string): string {
  return `${username}'s scores, achievements and recent games on ${site}.`;
}

/** D87: what a visitor who may not see the whole profile reads instead of its figures (the screen and its link preview). */
export function restrictedProfileNote(profile: {
  username: string;
  visibility: "public" | "friends" | "private";
}): string {
  return profile.visibility === "friends"
    ? `Only ${profile.username}'s friends can see their profile`
    : "This profile is private";
}
