import { Readable } from "node:stream";
import { and, asc, count, gt, max } from "drizzle-orm";
import { PSEUDO_CATEGORIES } from "../../contract/categories";
import { NOINDEX_PATHS, STATIC_PAGE_META } from "../../contract/pages";
import type { Db } from "../db/client";
import { categoriesTable, collectionsTable, gamesTable } from "../db/schema";
import { gameIsShown, gameVisibility } from "./game-catalogue";

/**
 * D72: robots.txt and the sitemap. No HTTP types: routes/pages.ts sends what these return.
 *
 * Contract:
 * - robots.txt allows the public pages, disallows /cms, /api/ and /login and names the sitemap; with search
 *   engines not allowed (the CMS switch) it is `Disallow: /` and nothing else.
 * - The sitemap lists the home page, the game lists, the leaderboard, every category (the "New" and "Hot"
 *   lists too), every collection, every game and the static pages, in that order; a game's lastmod is when an administrator
 *   last changed it, the lists' lastmod the latest such change. Private pages (/login) are never listed.
 * - Up to `maxUrls` (50,000, the protocol's limit) it is one `urlset`; beyond, /sitemap.xml is a sitemap
 *   index of /sitemap-1.xml, /sitemap-2.xml … each holding at most `maxUrls`.
 * - It is streamed: games are read in batches, never all at once.
 */

export const SITEMAP_MAX_URLS = 50_000;
const GAME_BATCH = 2_000;

export function robotsTxt(publicUrl: string, indexable: boolean): string {
  if (!indexable) return "User-agent: *\nDisallow: /\n";
  const base = publicUrl.replace(/\/+$/, "");
  // The players' personal pages (noindex as well): nothing there for a crawler.
  const personal = ["/friends", "/notifications", "/settings", "/me/", "/messages"].map((p) => `Disallow: ${p}`);
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /cms",
    "Disallow: /api/",
    "Disallow: /login",
    ...personal,
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
}

const xmlEscape = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
const urlEntry = (loc: string, lastmod?: Date) =>
  `<url><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().replace(/\.\d{3}Z$/, "Z")}</lastmod>` : ""}</url>\n`;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/**
 * The sitemap (no `part`) or one of its parts (1-based) as a stream; undefined when that part does not exist.
 */
export async function streamSitemap(
  db: Db,
  publicUrl: string,
  options: { part?: number; maxUrls?: number } = {},
): Promise<Readable | undefined> {
  const base = publicUrl.replace(/\/+$/, "");
  const maxUrls = options.maxUrls ?? SITEMAP_MAX_URLS;
  // D113–D115: only the games players may see; hidden ones leave the sitemap (their pages answer 404)
  const shown = gameIsShown(await gameVisibility(db));
  const [[{ games, latest }], categories, collections] = await Promise.all([
    db
      .select({ games: count(), latest: max(gamesTable.updatedAt) })
      .from(gamesTable)
      .where(shown),
    db.select({ slug: categoriesTable.slug }).from(categoriesTable).orderBy(asc(categoriesTable.name)),
    db
      .select({ slug: collectionsTable.slug })
      .from(collectionsTable)
      .orderBy(asc(collectionsTable.sortOrder), asc(collectionsTable.id)),
  ]);
  const latestChange = latest ? new Date(latest) : undefined;
  const fixed: Array<{ loc: string; lastmod?: Date }> = [
    { loc: `${base}/`, lastmod: latestChange },
    { loc: `${base}/games`, lastmod: latestChange },
    { loc: `${base}/games/featured`, lastmod: latestChange },
    { loc: `${base}/leaderboard` },
    ...Object.keys(PSEUDO_CATEGORIES).map((slug) => ({ loc: `${base}/category/${slug}`, lastmod: latestChange })),
    ...categories.map((c) => ({ loc: `${base}/category/${encodeURIComponent(c.slug)}` })),
    // D83: the collections' pages
    ...collections.map((c) => ({ loc: `${base}/collection/${encodeURIComponent(c.slug)}` })),
  ];
  const pages = Object.keys(STATIC_PAGE_META)
    .filter((path) => !NOINDEX_PATHS.includes(path) && !fixed.some((f) => f.loc === `${base}${path}`))
    .map((path) => ({ loc: `${base}${path}` }));
  const total = fixed.length + games + pages.length;
  const parts = Math.max(1, Math.ceil(total / maxUrls));

  if (options.part === undefined && parts > 1) {
    const index = Array.from(
      { length: parts },
      (_, i) => `<sitemap><loc>${xmlEscape(`${base}/sitemap-${i + 1}.xml`)}</loc></sitemap>\n`,
    ).join("");
    return Readable.from([`${XML_HEAD}<sitemapindex ${NS}>\n${index}</sitemapindex>\n`]);
  }
  const part = options.part ?? 1;
  if (part < 1 || part > parts) return undefined;
  const start = (part - 1) * maxUrls;
  const end = Math.min(total, start + maxUrls);

  async function* body() {
    yield `${XML_HEAD}<urlset ${NS}>\n`;
    // Positions: fixed pages, then games, then the static pages.
    for (let i = Math.max(start, 0); i < Math.min(end, fixed.length); i++)
      yield urlEntry(fixed[i].loc, fixed[i].lastmod);
    const gameFrom = Math.max(start - fixed.length, 0);
    const gameTo = Math.min(end - fixed.length, games);
    let remaining = gameTo - gameFrom;
    let lastId: number | undefined;
    let offset = gameFrom;
    while (remaining > 0) {
      const batch = await db
        .select({ id: gamesTable.id, updatedAt: gamesTable.updatedAt })
        .from(gamesTable)
        .where(lastId === undefined ? shown : and(shown, gt(gamesTable.id, lastId)))
        .orderBy(asc(gamesTable.id))
        .limit(Math.min(GAME_BATCH, remaining))
        .offset(lastId === undefined ? offset : 0);
      if (batch.length === 0) break;
      offset = 0;
      lastId = batch[batch.length - 1].id;
      remaining -= batch.length;
      yield batch.map((g) => urlEntry(`${base}/game/${g.id}`, g.updatedAt)).join("");
    }
    const pagesFrom = Math.max(start - fixed.length - games, 0);
    const pagesTo = end - fixed.length - games;
    for (let i = pagesFrom; i < pagesTo; i++) yield urlEntry(pages[i].loc);
    yield "</urlset>\n";
  }
  return Readable.from(body());
}
