import { expect, it } from "vitest";
import * as entryServer from "../../client/entry-server";
import { SSR_STATE_ELEMENT_ID } from "../../contract/html";
import { STATIC_PAGE_META } from "../../contract/pages";
import { asAdmin, buildTestApp, createUserWithSession, describeEachDatabase } from "../../test/test-app";
import type { PageRendererModule } from "./pages";

/**
 * D70: the first HTML of every public page holds its real content, rendered on the
 * server by the client's own screens, with the data the browser hydrates from; the same HTML for every visitor.
 * What a crawler sees: the raw HTML, no JavaScript.
 */
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Arcadium - Play, Chat, Compete</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/assets/app-abc.js"></script>
  </body>
</html>`;

const renderer: PageRendererModule = entryServer;

/** The markup React rendered into #root (empty when the page was not rendered on the server). */
function rootHtml(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf(`<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">`);
  if (start < 0 || end < 0) return "";
  return html.slice(start, end);
}

/** The text a crawler reads in the body: tags out, entities decoded, spaces folded. */
function bodyText(html: string): string {
  return rootHtml(html)
    .replace(/<svg[\s\S]*?<\/svg>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

type State = {
  renderedAt: number;
  queries: { queries: Array<{ queryKey: unknown[]; state: { status: string; data?: unknown } }> };
};

function stateOf(html: string): State {
  const match = html.match(
    new RegExp(`<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">([\\s\\S]*?)</script>`),
  );
  expect(match, "the page carries its state").toBeTruthy();
  return JSON.parse(match![1]) as State;
}

const headings = (html: string, level: 1 | 2) =>
  [...rootHtml(html).matchAll(new RegExp(`<h${level}[^>]*>([\\s\\S]*?)</h${level}>`, "g"))].map((m) =>
    m[1].replace(/<[^>]+>/g, "").trim(),
  );

describeEachDatabase(
  "server-rendered public pages (issue 13 item 1, D70)",
  (t) => {
    const { req } = asAdmin(t);
    const page = (url: string, headers: Record<string, string> = {}) => t().app.inject({ method: "GET", url, headers });
    const api = async <T>(url: string) => (await t().app.inject({ method: "GET", url })).json() as T;

    it("the home page holds its sections, the featured and popular games and the categories", async () => {
      const res = await page("/");
      expect(res.statusCode).toBe(200);
      const text = bodyText(res.body);
      expect(headings(res.body, 1)).toHaveLength(1);
      for (const section of ["Featured Games", "Browse by Category", "Popular Games"])
        expect(headings(res.body, 2)).toContain(section);
      const featured = await api<Array<{ title: string }>>("/api/games/featured");
      expect(featured.length).toBeGreaterThan(0);
      for (const game of featured) expect(text).toContain(game.title);
      for (const category of await api<Array<{ name: string }>>("/api/categories"))
        expect(text).toContain(category.name);
      // The skeletons of personal and live parts only: no signed-in header, no chat messages.
      expect(text).not.toContain("Sign Out");
    });

    it("a game page holds its title, description, instructions, rating, reviews summary and similar games", async () => {
      const [game] = await api<
        Array<{ id: number; title: string; description: string; instructions: string; categorySlug: string }>
      >("/api/games?limit=1&sort=popular");
      const player = await createUserWithSession(t());
      const review = await t().app.inject({
        method: "POST",
        url: "/api/reviews",
        cookies: player.cookies,
        payload: { gameId: game.id, rating: 4, comment: "Server-rendered review text" },
      });
      expect(review.statusCode).toBe(201);
      const res = await page(`/game/${game.id}`);
      expect(res.statusCode).toBe(200);
      expect(headings(res.body, 1)).toEqual([game.title]);
      const text = bodyText(res.body);
      expect(text).toContain(game.description);
      expect(text).toContain("How to Play");
      const rating = await api<{ average: number; count: number }>(`/api/games/${game.id}/rating`);
      expect(rating.count).toBeGreaterThan(0);
      expect(text).toMatch(/Similar Games/);
      const similar = await api<Array<{ id: number; title: string }>>(
        `/api/games/category/${game.categorySlug}?limit=5`,
      );
      const others = similar.filter((g) => g.id !== game.id);
      expect(others.length).toBeGreaterThan(0);
      expect(text).toContain(others[0].title);
      // How to Play and Reviews are in the first HTML (hidden tabs), with the review just written.
      expect(text).toContain(game.instructions.split("\n")[0].trim());
      expect(text).toContain("Server-rendered review text");
      expect(text).toContain("just now");
      // The data the screens were rendered from, handed to the browser: the game, its rating and reviews.
      const keys = stateOf(res.body).queries.queries.map((q) => JSON.stringify(q.queryKey));
      expect(keys).toContain(JSON.stringify(["games", "detail", game.id]));
      expect(keys.some((k) => k.includes("reviews"))).toBe(true);
    });

    it("All Games, a category, the leaderboard and a profile hold their lists", async () => {
      const games = await api<Array<{ title: string }>>("/api/games?limit=24");
      const all = await page("/games");
      expect(headings(all.body, 1)).toEqual(["All Games"]);
      for (const game of games.slice(0, 12)) expect(bodyText(all.body)).toContain(game.title);

      const action = await page("/category/action");
      expect(action.statusCode).toBe(200);
      const actionGames = await api<Array<{ title: string }>>("/api/games/category/action?limit=12");
      expect(actionGames.length).toBeGreaterThan(0);
      for (const game of actionGames) expect(bodyText(action.body)).toContain(game.title);

      const board = await api<Array<{ user: { id: number; username: string } }>>("/api/leaderboard");
      expect(board.length).toBeGreaterThan(0);
      const leaderboard = await page("/leaderboard");
      expect(headings(leaderboard.body, 1)).toContain("Leaderboard");
      for (const entry of board.slice(0, 5)) expect(bodyText(leaderboard.body)).toContain(entry.user.username);

      const top = board[0].user;
      const profile = await page(`/profile/${top.id}`);
      expect(profile.statusCode).toBe(200);
      expect(headings(profile.body, 1)).toEqual([top.username]);
      expect(bodyText(profile.body)).toMatch(/Member since/);
    });

    it("D83: the home page's tiles and a collection's page hold the real counts, titles and games", async () => {
      const collections = await api<Array<{ slug: string; title: string; gameCount: number }>>("/api/collections");
      expect(collections.length).toBe(4);
      const home = bodyText((await page("/")).body);
      expect(home).toContain("All Your Favorite Gaming Experiences");
      for (const c of collections)
        expect(home).toMatch(new RegExp(`${c.title} .*?${c.gameCount} ${c.gameCount === 1 ? "game" : "games"}`));
      expect(rootHtml((await page("/")).body)).toContain(`href="/collection/${collections[0].slug}"`);
      for (const placeholder of ["250 games", "180 games", "320 games", "150 games"])
        expect(home).not.toContain(placeholder);

      const retro = collections.find((c) => c.slug === "retro-arcade")!;
      const res = await page("/collection/retro-arcade");
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("<title>Retro Arcade - Arcadium</title>");
      expect(res.body).toContain('<link rel="canonical" href="http://localhost:5000/collection/retro-arcade" />');
      expect(headings(res.body, 1)).toEqual(["Retro Arcade"]);
      const text = bodyText(res.body);
      expect(text).toContain(`${retro.gameCount} games`);
      const games = await api<Array<{ title: string }>>("/api/collections/retro-arcade/games?limit=12");
      expect(games.length).toBe(Math.min(12, retro.gameCount));
      for (const game of games) expect(text).toContain(game.title);

      // an administrator's change shows in the next rendered pages at once
      const [modern] = collections;
      const renamed = await req(
        "PATCH",
        `/api/admin/collections/${(await api<Array<{ id: number }>>("/api/collections"))[0].id}`,
        {
          title: "Shiny New Games",
        },
      );
      expect(renamed.statusCode).toBe(200);
      expect(bodyText((await page("/")).body)).toContain("Shiny New Games");
      expect(headings((await page(`/collection/${modern.slug}`)).body, 1)).toEqual(["Shiny New Games"]);
      await req("PATCH", `/api/admin/collections/${renamed.json().id}`, { title: modern.title });

      const sitemap = await page("/sitemap.xml");
      for (const c of collections)
        expect(sitemap.body).toContain(`<loc>http://localhost:5000/collection/${c.slug}</loc>`);
    });

    it("every static page holds its heading and text", async () => {
      for (const [path, meta] of Object.entries(STATIC_PAGE_META)) {
        const res = await page(path);
        expect(res.statusCode, path).toBe(200);
        const text = bodyText(res.body);
        expect(text.length, path).toBeGreaterThan(200);
        if (path !== "/login") expect(text, path).toContain(meta.title === "About Us" ? "About" : meta.title);
      }
      expect(bodyText((await page("/privacy-policy")).body)).toContain("Last updated: May 15, 2025");
    });

    it("a search in the URL is rendered with its results, best match first; other parameters change nothing", async () => {
      const res = await page("/games?search=astroid");
      const text = bodyText(res.body);
      expect(text).toContain("Asteroid Drift");
      const plain = await page("/games");
      expect(rootHtml(plain.body)).not.toBe(rootHtml(res.body));
      const tracked = await page("/games?utm_source=newsletter");
      expect(rootHtml(tracked.body)).toBe(rootHtml(plain.body));
    });

    it("unknown games, categories, profiles and paths answer 404 with their Not Found screen", async () => {
      for (const [url, text] of [
        ["/game/999999", "Game Not Found"],
        ["/game/not-a-number", "Game Not Found"],
        ["/category/no-such-category", "Category Not Found"],
        ["/collection/no-such-collection", "Collection Not Found"],
        ["/profile/999999", "User Not Found"],
        ["/no/such/page", "404 Page Not Found"],
      ] as const) {
        const res = await page(url);
        expect(res.statusCode, url).toBe(404);
        expect(bodyText(res.body), url).toContain(text);
      }
    });

    it("the HTML is the same for every visitor: a signed-in player gets the anonymous page, and no session is read", async () => {
      const player = await createUserWithSession(t(), { username: "ssr_private_name" });
      const anonymous = await page("/leaderboard");
      const signedIn = await page("/leaderboard", { cookie: `sid=${player.sid}` });
      expect(rootHtml(signedIn.body)).toBe(rootHtml(anonymous.body));
      expect(signedIn.body).not.toContain("ssr_private_name");
      const keys = stateOf(signedIn.body).queries.queries.map((q) => JSON.stringify(q.queryKey));
      expect(keys.some((k) => k.includes('"auth"'))).toBe(false);
      expect(keys.some((k) => k.includes('"chat"'))).toBe(false);
    });

    it("D87: a friends-only or private profile renders as a signed-out visitor sees it: name, avatar and a note, no figures, no tabs", async () => {
      for (const visibility of ["private", "friends"] as const) {
        const owner = await createUserWithSession(t());
        const set = await t().app.inject({
          method: "PATCH",
          url: "/api/me/settings",
          cookies: owner.cookies,
          payload: { profileVisibility: visibility },
        });
        expect(set.statusCode).toBe(200);
        // Even the owner's own request gets the anonymous page (the browser asks again with the session).
        const res = await t().app.inject({ method: "GET", url: `/profile/${owner.user.id}`, cookies: owner.cookies });
        expect(res.statusCode).toBe(200);
        expect(headings(res.body, 1)).toEqual([owner.user.username]);
        const text = bodyText(res.body);
        expect(text).toContain(
          visibility === "private"
            ? "This profile is private"
            : `Only ${owner.user.username}'s friends can see their profile`,
        );
        expect(text).not.toMatch(/Member since|Total Score/);
        expect(rootHtml(res.body)).not.toContain('aria-label="Profile sections"');
        const keys = stateOf(res.body).queries.queries.map((q) => JSON.stringify(q.queryKey));
        expect(keys).toContain(JSON.stringify(["users", "detail", owner.user.id]));
        expect(keys.some((k) => k.includes("stats"))).toBe(false);
      }
    });

    it("an administrator's edit is in the next rendered page at once", async () => {
      const [game] = await api<Array<{ id: number; title: string }>>("/api/games?limit=1");
      expect(headings((await page(`/game/${game.id}`)).body, 1)).toEqual([game.title]);
      const renamed = await req("PATCH", `/api/admin/games/${game.id}`, { title: "Renamed While Cached" });
      expect(renamed.statusCode).toBe(200);
      const after = await page(`/game/${game.id}`);
      expect(headings(after.body, 1)).toEqual(["Renamed While Cached"]);
      expect(bodyText((await page("/games")).body)).toContain("Renamed While Cached");
      await req("PATCH", `/api/admin/games/${game.id}`, { title: game.title });
    });
  },
  { clientFiles: { "index.html": TEMPLATE }, renderer },
);

it("a page whose data cannot be read is sent without a body for the browser to render, and is not kept", async () => {
  let calls = 0;
  const failing: PageRendererModule = {
    createPageRenderer: () => async () => {
      calls += 1;
      return { ok: false, reason: "database unavailable" };
    },
  };
  const t = await buildTestApp("pglite", { clientFiles: { "index.html": TEMPLATE }, renderer: failing });
  try {
    for (let i = 1; i <= 2; i++) {
      const res = await t.app.inject({ method: "GET", url: "/leaderboard" });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain(SSR_STATE_ELEMENT_ID);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(calls).toBe(i);
    }
  } finally {
    await t.close();
  }
});

it("a crawler's renders count against its own address: another visitor's profile page still renders (issue 26)", async () => {
  // Two profile pages' reads (each page reads the profile and its statistics).
  const t = await buildTestApp("pglite", {
    clientFiles: { "index.html": TEMPLATE },
    renderer,
    settings: { rateLimits: { profileRead: { limit: 4 } } },
  });
  try {
    const players = await Promise.all(
      Array.from({ length: 4 }, (_, i) => createUserWithSession(t, { username: `crawled_${i}` })),
    );
    const visit = (id: number, remoteAddress: string) =>
      t.app.inject({ method: "GET", url: `/profile/${id}`, remoteAddress });
    // The crawler reads three profiles (never cached before): the third is over its limit and goes out unrendered.
    for (const p of players.slice(0, 2))
      expect(headings((await visit(p.user.id, "203.0.113.7")).body, 1)).toEqual([p.user.username]);
    expect(rootHtml((await visit(players[2].user.id, "203.0.113.7")).body)).toBe("");
    // Another visitor's page is rendered in full.
    const other = await visit(players[3].user.id, "198.51.100.20");
    expect(headings(other.body, 1)).toEqual([players[3].user.username]);
  } finally {
    await t.close();
  }
}, 120_000);
