import { PSEUDO_CATEGORIES } from "../../contract/categories";
import { CONTENT_DEFAULTS } from "../../contract/content";
import { scriptJson } from "../../contract/html";
import {
  ALLOW_SEARCH_ENGINES_SETTING,
  categoryDescription,
  collectionDescription,
  documentTitle,
  HOME_DESCRIPTION,
  metaDescription,
  MISSING_TITLES,
  NOINDEX_PATHS,
  NOT_FOUND_TITLE,
  profileDescription,
  STATIC_PAGE_META,
  type StaticPagePath,
} from "../../contract/pages";
import type { Db } from "../db/client";
import { NotFound } from "../errors";
import { getCategoryBySlug } from "./categories";
import { getCollectionBySlug } from "./collections";
import { listContent } from "./content";
import type { FileStore } from "./file-store";
import { getGame } from "./game-catalogue";
import { cardImage, loadCard, type CardSubject } from "./og-cards";
import { ensureOgImage, OG_IMAGE_SIZE } from "./og-images";
import { ratingAggregate } from "./reviews";
import { getUserProfile } from "./users";

/**
 * Public pages as crawlers and link previews see them (issue 13; D70–D72): for a path, the HTTP status and
 * the head of its first HTML (title, description, canonical, Open Graph, Twitter card, JSON-LD). No HTTP
 * types: routes/pages.ts puts the head into the page and sends it.
 *
 * Contract:
 * - `describePage` answers 200 for every public page that exists and 404 (with the Not Found page's head)
 *   for an unknown path, game, category or profile, so that a missing page is never a soft 200.
 * - The head depends on the path alone (never on the query string or on who asks), so a page can be cached
 *   by path and by a shared proxy.
 * - Texts are the screens' own (src/contract/pages.ts), so the head says what the page says after hydration.
 * - `indexable` false (the CMS switch "Allow search engines" off, D72, or a private page such as /login)
 *   gives `noindex`.
 */

export type HeadTags = {
  title: string;
  description: string;
  /** absolute, on PUBLIC_URL */
  canonical: string;
  indexable: boolean;
  siteName: string;
  ogType: "website" | "profile" | "video.other";
  image?: { url: string; alt: string; width?: number; height?: number };
  jsonLd: object[];
};

export type PageDescription = { status: 200 | 404; head: HeadTags };

export type PageContext = { db: Db; publicUrl: string; gamesUrl: string; files: FileStore };

/** D72: the site setting `site.allow_search_engines` ("false" turns indexing off; on by default). */
export const ALLOW_SEARCH_ENGINES_KEY = `site.${ALLOW_SEARCH_ENGINES_SETTING}`;

export type SiteContent = { get(key: string): string; indexable: boolean };

/** The website content a page head reads (D40 defaults for what is missing or empty). */
export async function loadSiteContent(db: Db): Promise<SiteContent> {
  const map = new Map<string, string>();
  for (const item of await listContent(db)) map.set(`${item.section}.${item.key}`, item.value);
  const get = (key: string) => {
    const value = map.get(key);
    return value !== undefined && value.trim() !== "" ? value : (CONTENT_DEFAULTS[key] ?? "");
  };
  return { get, indexable: map.get(ALLOW_SEARCH_ENGINES_KEY)?.trim().toLowerCase() !== "false" };
}

/** The paths the site's own pages live under (the rest is 404). */
export const PAGE_ROUTES: readonly string[] = [
  ...new Set([
    "/",
    "/game/:id",
    "/category/:slug",
    "/collection/:slug",
    "/profile/:id",
    ...Object.keys(STATIC_PAGE_META),
  ]),
];

function isStaticPath(path: string): path is StaticPagePath {
  return Object.prototype.hasOwnProperty.call(STATIC_PAGE_META, path);
}

const positiveId = (raw: string): number | undefined =>
  /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : undefined;

/** The head and status of the page at `path` (a pathname: no query string). */
export async function describePage(ctx: PageContext, path: string, site?: SiteContent): Promise<PageDescription> {
  const content = site ?? (await loadSiteContent(ctx.db));
  const name = content.get("site.name");
  const base = ctx.publicUrl.replace(/\/+$/, "");
  const head = (page: string | undefined, description: string, over: Partial<HeadTags> = {}): HeadTags => ({
    title: documentTitle(name, content.get("site.tagline"), page),
    description,
    canonical: `${base}${path === "/" ? "/" : path}`,
    indexable: content.indexable && !NOINDEX_PATHS.includes(path),
    siteName: name,
    ogType: "website",
    jsonLd: [],
    ...over,
  });
  const notFound = (title: string = NOT_FOUND_TITLE): PageDescription => ({
    status: 404,
    head: head(title, "This page does not exist.", { indexable: false }),
  });

  // D71: the link preview card of a page without a picture of its own (undefined: no such subject).
  const card = async (subject: CardSubject) => {
    const found = await loadCard(ctx, content, subject);
    return found ? cardImage(found, base) : undefined;
  };

  if (path === "/") {
    return {
      status: 200,
      head: head(undefined, HOME_DESCRIPTION, {
        image: await card({ kind: "site" }),
        jsonLd: [
          {
            "@context": "https://schema.org",
            "@type": "WebSite",
            name,
            url: `${base}/`,
            potentialAction: {
              "@type": "SearchAction",
              target: { "@type": "EntryPoint", urlTemplate: `${base}/games?search={search_term_string}` },
              "query-input": "required name=search_term_string",
            },
          },
        ],
      }),
    };
  }
  if (isStaticPath(path)) {
    const meta = STATIC_PAGE_META[path];
    return {
      status: 200,
      head: head(meta.title, meta.description(name, content.get), { image: await card({ kind: "page", path }) }),
    };
  }

  const [, section, param, extra] = path.split("/");
  if (extra !== undefined || !param) return notFound();

  if (section === "category") {
    const slug = decodeSegment(param);
    if (slug === undefined) return notFound(MISSING_TITLES.category);
    const pseudo = Object.prototype.hasOwnProperty.call(PSEUDO_CATEGORIES, slug)
      ? PSEUDO_CATEGORIES[slug as keyof typeof PSEUDO_CATEGORIES]
      : undefined;
    const category = pseudo ? undefined : await getCategoryBySlug(ctx.db, slug);
    const title = pseudo ?? category?.name;
    if (!title) return notFound(MISSING_TITLES.category);
    return {
      status: 200,
      head: head(title, category?.description?.trim() || categoryDescription(name, title), {
        image: await card({ kind: "category", slug }),
        jsonLd: [
          breadcrumbs(base, [
            { name, url: `${base}/` },
            { name: title, url: `${base}${path}` },
          ]),
        ],
      }),
    };
  }

  // D83: a collection's page, like a category's.
  if (section === "collection") {
    const slug = decodeSegment(param);
    const collection = slug === undefined ? undefined : await getCollectionBySlug(ctx.db, slug);
    if (!collection) return notFound(MISSING_TITLES.collection);
    return {
      status: 200,
      head: head(collection.title, collection.description.trim() || collectionDescription(name, collection.title), {
        image: await card({ kind: "collection", slug: collection.slug }),
        jsonLd: [
          breadcrumbs(base, [
            { name, url: `${base}/` },
            { name: collection.title, url: `${base}${path}` },
          ]),
        ],
      }),
    };
  }

  if (section === "game") {
    const id = positiveId(param);
    const game = id === undefined ? undefined : await getGame(ctx.db, ctx.gamesUrl, id);
    if (!game) return notFound(MISSING_TITLES.game);
    const rating = await ratingAggregate(ctx.db, game.id);
    const url = `${base}/game/${game.id}`;
    const image = game.imageUrl ? absoluteUrl(game.imageUrl, base) : undefined;
    // D71: the 1200×630 picture made from a cover stored here; a cover elsewhere is named as it is.
    const preview = game.imageUrl ? await ensureOgImage(ctx.files, game.imageUrl) : undefined;
    const videoGame: Record<string, unknown> = {
      "@context": "https://schema.org",
      "@type": "VideoGame",
      name: game.title,
      description: game.description,
      url,
      genre: game.category,
      gamePlatform: "Web browser",
      applicationCategory: "Game",
      author: { "@type": "Organization", name: game.developer },
      ...(image ? { image } : {}),
      ...(game.releaseDate ? { datePublished: game.releaseDate } : {}),
    };
    // D71: a rating only from real reviews, and only when there is at least one.
    if (rating.count > 0) {
      videoGame.aggregateRating = {
        "@type": "AggregateRating",
        ratingValue: Math.round(rating.average * 10) / 10,
        ratingCount: rating.count,
        bestRating: 5,
        worstRating: 1,
      };
    }
    return {
      status: 200,
      head: head(game.title, game.description || categoryDescription(name, game.category), {
        ogType: "video.other",
        // A cover elsewhere is never fetched (og-images.ts): such a game gets a titled card instead.
        image: preview
          ? { url: absoluteUrl(preview, base), alt: game.title, ...OG_IMAGE_SIZE }
          : await card({ kind: "game", id: game.id }),
        jsonLd: [
          videoGame,
          breadcrumbs(base, [
            { name, url: `${base}/` },
            { name: game.category, url: `${base}/category/${encodeURIComponent(game.categorySlug)}` },
            { name: game.title, url },
          ]),
        ],
      }),
    };
  }

  if (section === "profile") {
    const id = positiveId(param);
    if (id === undefined) return notFound(MISSING_TITLES.profile);
    try {
      const profile = await getUserProfile(ctx.db, id, null); // D87: as a signed-out visitor (name and avatar only when restricted)
      return {
        status: 200,
        head: head(profile.username, profileDescription(name, profile.username), {
          ogType: "profile",
          image: await card({ kind: "profile", id: profile.id }),
        }),
      };
    } catch (err) {
      if (err instanceof NotFound) return notFound(MISSING_TITLES.profile);
      throw err;
    }
  }
  return notFound();
}

function decodeSegment(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

function absoluteUrl(url: string, base: string): string {
  try {
    return new URL(url, `${base}/`).toString();
  } catch {
    return url;
  }
}

function breadcrumbs(_base: string, items: Array<{ name: string; url: string }>): object {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: item.name,
      item: item.url,
    })),
  };
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
/**
 * The head tags of a page, as HTML (D71). React takes over the title and the description when the page
 * hydrates (they say what the screen's own say, src/contract/pages.ts); the rest stays for the page's lifetime.
 */
export function renderHead(head: HeadTags): string {
  const meta = (attr: "name" | "property", key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeAttr(value)}" />`;
  const description = metaDescription(head.description);
  const tags = [
    `<title>${escapeText(head.title)}</title>`,
    `<meta name="description" content="${escapeAttr(description)}" />`,
    head.indexable ? "" : meta("name", "robots", "noindex"),
    `<link rel="canonical" href="${escapeAttr(head.canonical)}" />`,
    meta("property", "og:site_name", head.siteName),
    meta("property", "og:type", head.ogType),
    meta("property", "og:title", head.title),
    meta("property", "og:description", description),
    meta("property", "og:url", head.canonical),
    head.image ? meta("property", "og:image", head.image.url) : "",
    head.image?.width ? meta("property", "og:image:width", String(head.image.width)) : "",
    head.image?.height ? meta("property", "og:image:height", String(head.image.height)) : "",
    head.image ? meta("property", "og:image:alt", head.image.alt) : "",
    meta("name", "twitter:card", head.image ? "summary_large_image" : "summary"),
    meta("name", "twitter:title", head.title),
    meta("name", "twitter:description", description),
    head.image ? meta("name", "twitter:image", head.image.url) : "",
    head.image ? meta("name", "twitter:image:alt", head.image.alt) : "",
    ...head.jsonLd.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
  ];
  return tags.filter(Boolean).join("\n    ");
}
