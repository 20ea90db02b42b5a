import { eq } from "drizzle-orm";
import sharp from "sharp";
import { expect, it } from "vitest";
import { STATIC_PAGE_META } from "../../contract/pages";
import { asAdmin, createUserWithSession, describeEachDatabase } from "../../test/test-app";
import { multipart } from "../../test/uploads";
import { gamesTable, usersTable } from "../db/schema";
import { localCoverKey } from "../services/og-images";
import { streamSitemap } from "../services/sitemap";

/**
 * Issue 13 items 2–5 (D70–D72): every public page answers its real status and carries its head tags in the
 * first HTML; robots.txt and the sitemap; the CMS switch "Allow search engines".
 */
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <!-- a comment that mentions <title> is not the element -->
    <title>Arcadium - Play, Chat, Compete</title>
  </head>
  <body><div id="root"></div><script type="module" src="/assets/app-abc.js"></script></body>
</html>`;

type Head = {
  title: string;
  description?: string;
  canonical?: string;
  robots?: string;
  og: Record<string, string>;
  twitter: Record<string, string>;
  jsonLd: Array<Record<string, unknown>>;
};

/** Reads the head the way a crawler would: no JavaScript, just the HTML. */
function readHead(html: string): Head {
  const head = html.slice(0, html.indexOf("</head>"));
  const attr = (tag: string, name: string) => tag.match(new RegExp(`${name}="([^"]*)"`))?.[1];
  const unescape = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  const metas = [...head.matchAll(/<meta [^>]*>/g)].map((m) => m[0]);
  const og: Record<string, string> = {};
  const twitter: Record<string, string> = {};
  let description: string | undefined;
  let robots: string | undefined;
  for (const tag of metas) {
    const property = attr(tag, "property");
    const name = attr(tag, "name");
    const content = unescape(attr(tag, "content") ?? "");
    if (property?.startsWith("og:")) og[property.slice(3)] = content;
    if (name?.startsWith("twitter:")) twitter[name.slice(8)] = content;
    if (name === "description") description = content;
    if (name === "robots") robots = content;
  }
  const titles = [...head.matchAll(/<title[^>]*>([^<]*)<\/title>/g)].map((m) => unescape(m[1]));
  expect(titles, "exactly one <title>").toHaveLength(1);
  return {
    title: titles[0],
    description,
    robots,
    canonical: head.match(/<link rel="canonical" href="([^"]*)"/)?.[1],
    og,
    twitter,
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]),
    ),
  };
}

describeEachDatabase(
  "public pages for crawlers and link previews (issue 13)",
  (t) => {
    const { req, admin } = asAdmin(t);
    const publicUrl = () => t().config.publicUrl.replace(/\/+$/, "");
    const page = (url: string, headers: Record<string, string> = {}) => t().app.inject({ method: "GET", url, headers });
    const firstGame = async () =>
      (await t().app.inject({ method: "GET", url: "/api/games?limit=1" })).json()[0] as {
        id: number;
        title: string;
        description: string;
        category: string;
        categorySlug: string;
        imageUrl: string;
      };

    it("the home page: D1 title, description, canonical, Open Graph, Twitter card and WebSite JSON-LD with a SearchAction", async () => {
      const res = await page("/");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      const head = readHead(res.body);
      expect(head.title).toBe("Arcadium - Play, Chat, Compete");
      expect(head.description).toMatch(/free browser games/);
      expect(head.canonical).toBe(`${publicUrl()}/`);
      expect(head.robots).toBeUndefined();
      expect(head.og).toMatchObject({
        title: head.title,
        description: head.description,
        url: `${publicUrl()}/`,
        type: "website",
        site_name: "Arcadium",
      });
      // D71: the site's card (og-cards.test.ts).
      expect(head.twitter.card).toBe("summary_large_image");
      const site = head.jsonLd.find((d) => d["@type"] === "WebSite") as {
        potentialAction: { target: { urlTemplate: string }; "query-input": string };
      };
      expect(site).toMatchObject({ "@context": "https://schema.org", name: "Arcadium", url: `${publicUrl()}/` });
      expect(site.potentialAction.target.urlTemplate).toBe(`${publicUrl()}/games?search={search_term_string}`);
      expect(site.potentialAction["query-input"]).toBe("required name=search_term_string");
      // The rest of the template is kept (the app still boots from it; its script at low priority, D73).
      expect(res.body).toContain('<script type="module" fetchpriority="low" src="/assets/app-abc.js"></script>');
      expect(res.body).toContain("<!-- a comment that mentions <title> is not the element -->");
    });

    it("every static page and list has its own title, description and canonical", async () => {
      for (const [path, meta] of Object.entries(STATIC_PAGE_META)) {
        const res = await page(path);
        expect(res.statusCode, path).toBe(200);
        const head = readHead(res.body);
        expect(head.title, path).toBe(`${meta.title} - Arcadium`);
        expect(head.description, path).toBeTruthy();
        expect(head.canonical, path).toBe(`${publicUrl()}${path}`);
      }
      expect(readHead((await page("/leaderboard")).body).description).toBe(
        "The best players on Arcadium, ranked by their total score.",
      );
      // The query string does not change the page's head or canonical.
      expect(readHead((await page("/games?search=snake&sort=popular")).body).canonical).toBe(`${publicUrl()}/games`);
      // The sign-in page exists but is not for search engines (D70).
      const login = await page("/login");
      expect(readHead(login.body).robots).toBe("noindex");
      expect(login.headers["x-robots-tag"]).toBe("noindex");
    });

    it("D70/D87: /settings and its verification page are the browser-rendered page, 200 and noindex, never cached", async () => {
      for (const path of ["/settings", "/settings/verify-email?token=abc"]) {
        const res = await page(path);
        expect(res.statusCode, path).toBe(200);
        expect(readHead(res.body).robots, path).toBe("noindex");
        expect(res.headers["x-robots-tag"], path).toBe("noindex");
        expect(res.headers["cache-control"], path).not.toMatch(/public/);
      }
    });

    it("a game page: its title, description, cover as og:image, VideoGame and BreadcrumbList JSON-LD; a rating only from real reviews", async () => {
      const seeded = await firstGame();
      const created = await req("POST", "/api/admin/games", {
        title: "Head Tags Racer",
        description: "A racing game made for this test.",
        imageUrl: "https://images.example.test/racer.png",
        externalUrl: "https://games.example.test/racer/",
        categoryId: (await t().app.inject({ method: "GET", url: `/api/games/${seeded.id}` })).json().categoryId,
        developer: "Test Studio",
      });
      expect(created.statusCode).toBe(201);
      const game = created.json() as typeof seeded;
      const res = await page(`/game/${game.id}`);
      expect(res.statusCode).toBe(200);
      const head = readHead(res.body);
      expect(head.title).toBe(`${game.title} - Arcadium`);
      expect(head.description).toBe(game.description);
      expect(head.og.type).toBe("video.other");
      // A cover elsewhere is never fetched: the preview is the game's card, the cover stays in the JSON-LD.
      expect(head.og.image).toMatch(new RegExp(`^${publicUrl()}/og/game/${game.id}/[\\w-]{22}\\.png$`));
      expect(head.twitter.card).toBe("summary_large_image");
      const videoGame = head.jsonLd.find((d) => d["@type"] === "VideoGame")!;
      expect(videoGame).toMatchObject({
        name: game.title,
        url: `${publicUrl()}/game/${game.id}`,
        genre: game.category,
        gamePlatform: "Web browser",
      });
      expect(videoGame.author).toEqual({ "@type": "Organization", name: "Test Studio" });
      expect(videoGame.image).toBe(game.imageUrl);
      expect(videoGame.aggregateRating).toBeUndefined();
      const crumbs = head.jsonLd.find((d) => d["@type"] === "BreadcrumbList") as {
        itemListElement: Array<{ position: number; name: string; item: string }>;
      };
      expect(crumbs.itemListElement.map((i) => [i.position, i.name, i.item])).toEqual([
        [1, "Arcadium", `${publicUrl()}/`],
        [2, game.category, `${publicUrl()}/category/${game.categorySlug}`],
        [3, game.title, `${publicUrl()}/game/${game.id}`],
      ]);

      // A review: the page (cached) shows the rating at once.
      const player = await createUserWithSession(t());
      const review = await t().app.inject({
        method: "POST",
        url: "/api/reviews",
        cookies: player.cookies,
        payload: { gameId: game.id, rating: 4, comment: "Great fun" },
      });
      expect(review.statusCode).toBeLessThan(300);
      const rated = readHead((await page(`/game/${game.id}`)).body).jsonLd.find((d) => d["@type"] === "VideoGame")!;
      expect(rated.aggregateRating).toEqual({
        "@type": "AggregateRating",
        ratingValue: 4,
        ratingCount: 1,
        bestRating: 5,
        worstRating: 1,
      });
    });

    it("og:image: a 1200×630 picture made from a cover stored here, cached for a year, and a new one when the cover changes (D71)", async () => {
      const game = (await t().app.inject({ method: "GET", url: "/api/games?limit=50" }))
        .json()
        .find((g: { imageUrl: string }) => g.imageUrl.startsWith("/uploads/")) as { id: number; imageUrl: string };
      expect(game, "a seeded game has its cover stored here").toBeDefined();
      const head = readHead((await page(`/game/${game.id}`)).body);
      expect(head.og.image).toMatch(new RegExp(`^${publicUrl()}/uploads/og/[\\w-]+\\.jpg$`));
      expect([head.og["image:width"], head.og["image:height"]]).toEqual(["1200", "630"]);
      expect(head.twitter.image).toBe(head.og.image);
      const picture = await t().app.inject({ method: "GET", url: new URL(head.og.image).pathname });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers["content-type"]).toBe("image/jpeg");
      expect(picture.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(await sharp(picture.rawPayload).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });

      // A new cover (an upload stored here): a new picture at a new address.
      const cover = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#e11d48" } })
        .png()
        .toBuffer();
      const uploaded = await t().app.inject({
        method: "POST",
        url: "/api/admin/upload-image",
        cookies: admin().cookies,
        ...multipart({}, { field: "image", filename: "cover.png", content: cover, type: "image/png" }),
      });
      expect(uploaded.statusCode).toBe(201);
      expect(
        (await req("PATCH", `/api/admin/games/${game.id}`, { imageUrl: uploaded.json().imageUrl })).statusCode,
      ).toBe(200);
      const changed = readHead((await page(`/game/${game.id}`)).body).og.image;
      expect(changed).not.toBe(head.og.image);
      const again = await t().app.inject({ method: "GET", url: new URL(changed).pathname });
      expect(await sharp(again.rawPayload).metadata()).toMatchObject({ width: 1200, height: 630 });
      const { dominant } = await sharp(again.rawPayload).stats();
      expect(dominant.r).toBeGreaterThan(180);
    });

    it("a cover outside the uploads folder is never read", () => {
      expect(localCoverKey("/uploads/../config.json")).toBeUndefined();
      expect(localCoverKey("/uploads/%2e%2e/secret")).toBeUndefined();
      expect(localCoverKey("https://example.test/cover.png")).toBeUndefined();
      expect(localCoverKey("/uploads/images/a.webp")).toBe("uploads/images/a.webp");
    });

    it("a category page, a pseudo category and a profile", async () => {
      const game = await firstGame();
      const category = readHead((await page(`/category/${game.categorySlug}`)).body);
      expect(category.title).toBe(`${game.category} - Arcadium`);
      expect(readHead((await page("/category/new")).body).title).toBe("New Games - Arcadium");
      const player = await createUserWithSession(t(), { username: "head_tags_player" });
      const profile = await page(`/profile/${player.user.id}`);
      expect(profile.statusCode).toBe(200);
      expect(readHead(profile.body).title).toBe("head_tags_player - Arcadium");
    });

    it("unknown games, categories, profiles and paths answer 404 with the Not Found page (noindex, not cached)", async () => {
      const disabled = await createUserWithSession(t());
      await t()
        .database.db.update(usersTable)
        .set({ disabledAt: new Date() })
        .where(eq(usersTable.id, disabled.user.id));
      t().app.reads.invalidate();
      const expected: Record<string, string> = {
        "/game/987654": "Game Not Found",
        "/game/abc": "Game Not Found",
        "/game/1/extra": "404 Page Not Found",
        "/category/no-such-category": "Category Not Found",
        "/profile/987654": "User Not Found",
        [`/profile/${disabled.user.id}`]: "User Not Found",
        "/no/such/page": "404 Page Not Found",
        "/games/unknown": "404 Page Not Found",
      };
      for (const [url, title] of Object.entries(expected)) {
        const res = await page(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
        expect(res.headers["cache-control"], url).toBe("no-cache");
        const head = readHead(res.body);
        // The title the screen shows after hydration (src/contract/pages.ts).
        expect(head.title, url).toBe(`${title} - Arcadium`);
        expect(head.robots, url).toBe("noindex");
      }
      // The API keeps its JSON 404s.
      expect((await page("/api/nope")).json()).toEqual({ message: "Not found" });
    });

    it("pages carry an ETag and shared-cache headers, answer 304, and show an admin's edit at once", async () => {
      const game = await firstGame();
      const first = await page(`/game/${game.id}`);
      expect(first.headers["cache-control"]).toBe("public, max-age=30, stale-while-revalidate=60");
      const etag = first.headers.etag as string;
      expect((await page(`/game/${game.id}`, { "if-none-match": etag })).statusCode).toBe(304);
      const gz = await page(`/game/${game.id}`, { "accept-encoding": "gzip" });
      expect(gz.headers["content-encoding"]).toBe("gzip");
      const edited = await req("PATCH", `/api/admin/games/${game.id}`, { title: `Renamed <b>"Game"</b> & Co` });
      expect(edited.statusCode).toBe(200);
      const after = await page(`/game/${game.id}`, { "if-none-match": etag });
      expect(after.statusCode).toBe(200);
      // Escaped in the HTML, exact once read.
      expect(after.body).not.toContain("<b>");
      expect(readHead(after.body).title).toBe(`Renamed <b>"Game"</b> & Co - Arcadium`);
      const videoGame = readHead(after.body).jsonLd.find((d) => d["@type"] === "VideoGame")!;
      expect(videoGame.name).toBe(`Renamed <b>"Game"</b> & Co`);
    });

    it("robots.txt names the sitemap; the sitemap lists every game, the categories and the public pages, not /login", async () => {
      const robots = await page("/robots.txt");
      expect(robots.statusCode).toBe(200);
      expect(robots.body).toContain("Disallow: /cms\nDisallow: /api/\nDisallow: /login");
      // Issue 15: a player's own pages.
      expect(robots.body).toContain(
        "Disallow: /friends\nDisallow: /notifications\nDisallow: /settings\nDisallow: /me/\nDisallow: /messages\n",
      );
      expect(robots.body).toContain(`Sitemap: ${publicUrl()}/sitemap.xml`);
      const sitemap = await page("/sitemap.xml");
      expect(sitemap.statusCode).toBe(200);
      expect(sitemap.headers["content-type"]).toBe("application/xml; charset=utf-8");
      const locs = [...sitemap.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
      const games = await t().database.db.select({ id: gamesTable.id }).from(gamesTable);
      for (const g of games) expect(locs).toContain(`${publicUrl()}/game/${g.id}`);
      const categories = (await t().app.inject({ method: "GET", url: "/api/categories" })).json() as Array<{
        slug: string;
      }>;
      for (const c of categories) expect(locs).toContain(`${publicUrl()}/category/${c.slug}`);
      for (const path of ["/", "/games", "/leaderboard", "/about", "/privacy-policy"])
        expect(locs).toContain(`${publicUrl()}${path === "/" ? "/" : path}`);
      expect(locs).not.toContain(`${publicUrl()}/login`);
      expect(new Set(locs).size).toBe(locs.length);
      expect(sitemap.body).toMatch(
        /<url><loc>[^<]*\/game\/\d+<\/loc><lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod><\/url>/,
      );
    });

    it("beyond the URL limit the sitemap is an index of parts that together list every URL once", async () => {
      const whole = await streamSitemap(t().database.db, publicUrl());
      const all = [...(await text(whole!)).matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
      const index = await text((await streamSitemap(t().database.db, publicUrl(), { maxUrls: 7 }))!);
      expect(index).toContain("<sitemapindex");
      const parts = [...index.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
      expect(parts).toHaveLength(Math.ceil(all.length / 7));
      const seen: string[] = [];
      for (let i = 1; i <= parts.length; i++) {
        expect(parts[i - 1]).toBe(`${publicUrl()}/sitemap-${i}.xml`);
        const body = await text((await streamSitemap(t().database.db, publicUrl(), { maxUrls: 7, part: i }))!);
        const locs = [...body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
        expect(locs.length).toBeLessThanOrEqual(7);
        seen.push(...locs);
      }
      expect(seen).toEqual(all);
      expect(await streamSitemap(t().database.db, publicUrl(), { maxUrls: 7, part: parts.length + 1 })).toBeUndefined();
      expect((await page("/sitemap-99.xml")).statusCode).toBe(404);
    });

    it('"Allow search engines" off: noindex on every page, Disallow: / and no sitemap; on again restores them', async () => {
      try {
        expect(
          (await req("PATCH", "/api/admin/settings", { site: { allow_search_engines: "false" } })).statusCode,
        ).toBe(200);
        for (const url of ["/", "/games", "/leaderboard"]) {
          const res = await page(url);
          expect(readHead(res.body).robots, url).toBe("noindex");
          expect(res.headers["x-robots-tag"], url).toBe("noindex");
        }
        expect((await page("/robots.txt")).body).toBe("User-agent: *\nDisallow: /\n");
        expect((await page("/sitemap.xml")).statusCode).toBe(404);
      } finally {
        expect((await req("PATCH", "/api/admin/settings", { site: { allow_search_engines: "true" } })).statusCode).toBe(
          200,
        );
      }
      expect(readHead((await page("/")).body).robots).toBeUndefined();
      expect((await page("/robots.txt")).body).toContain("Allow: /");
    });

    it("the admin area and the player's own pages (D86, D87, D88) are served to the browser but marked noindex", async () => {
      for (const url of ["/cms", "/cms/games", "/me/games", "/settings", "/messages", "/messages/12"]) {
        const res = await page(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers["x-robots-tag"]).toBe("noindex");
        expect(res.body).toContain('<meta name="robots" content="noindex" />');
      }
    });
  },
  { clientFiles: { "index.html": TEMPLATE } },
);

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let out = "";
  for await (const chunk of stream) out += String(chunk);
  return out;
}
