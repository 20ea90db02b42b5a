import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { PageRenderer } from "../../client/entry-server";
import type { ApiFetch } from "../../client/lib/api-client";
import { SSR_STATE_ELEMENT_ID } from "../../contract/html";
import { PLAYER_PAGE_PATHS } from "../../contract/pages";
import type { AppContext } from "../context";
import { PUBLIC_READ_CONFIG, sendCachedRead } from "../plugins/read-cache-http";
import type { ClientManifest } from "../services/client-manifest";
import { ensureCardFile, loadCard, parseCardFile, parseCardSubject } from "../services/og-cards";
import { modulePreloadLinks } from "../services/page-template";
import { describePage, loadSiteContent, PAGE_ROUTES, renderHead, type PageContext } from "../services/pages";
import type { ReadBody } from "../services/read-cache";
import { streamSitemap, robotsTxt, SITEMAP_MAX_URLS } from "../services/sitemap";

/**
 * Issue 13 item 5: a page is the same for every visitor (D70), so a shared cache may keep it briefly and
 * serve it stale while it fetches a fresh copy; browsers revalidate with the ETag after that.
 */
export const PAGE_CACHE_CONTROL = "public, max-age=30, stale-while-revalidate=60";
/** A link preview card's file never changes (its URL names what it shows). */
export const CARD_CACHE_CONTROL = "public, max-age=31536000, immutable";
/** Unknown pages and the client-rendered admin area are not kept by anybody. */
export const UNCACHED_PAGE = "no-cache";

const HTML = "text/html; charset=utf-8";

const TITLE_ELEMENT = /<title>[^<]*<\/title>/;

/** Puts the page's head tags in place of the template's <title> (or before </head>). */
export function injectHead(template: string, headHtml: string): string {
  // [^<]*: a "<title>" mentioned inside a comment is not the element.
  if (TITLE_ELEMENT.test(template)) return template.replace(TITLE_ELEMENT, () => headHtml);
  if (template.includes("</head>")) return template.replace("</head>", () => `${headHtml}\n  </head>`);
  return template;
}

/** The server renderer's module (src/client/entry-server.tsx, built to dist/ssr/ by Vite; ADR 010). */
export type PageRendererModule = { createPageRenderer(fetchApi: ApiFetch): PageRenderer };

/** The address of the visitor whose request is rendering a page: the render's reads count against it. */
const renderingFor = new AsyncLocalStorage<string>();

/**
 * The screens' API reads while a page renders, answered by this app in process (no socket, no cookie: the
 * HTML is the same for every visitor, D70). The public reads are cached (decision 008), so this is cheap.
 * Each read comes from the address of the visitor the page is rendered for (issue 26): limits per address
 * (a profile's reads) count that visitor, so one crawler cannot use up everyone's renders.
 */
export function inProcessFetch(app: FastifyInstance): ApiFetch {
  return async (url, init) => {
    if ((init.method ?? "GET") !== "GET") throw new Error(`page rendering only reads (${init.method} ${url})`);
    const res = await app.inject({
      method: "GET",
      url,
      headers: { accept: "application/json" },
      remoteAddress: renderingFor.getStore(),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, String(v));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : res.body, { status: res.statusCode, headers });
  };
}

/**
 * The query parameters a page's screen reads (All Games' filters, D52; the sign-in screen's tab and return
 * path): they are part of what is rendered, so of the cache key; any other parameter (utm_…) is ignored.
 */
const SCREEN_PARAMS: Record<string, readonly string[]> = {
  "/games": ["search", "category", "sort"],
  "/games/featured": ["search", "category", "sort"],
  "/login": ["tab", "returnTo", "error"],
};

/** `?a=1&b=2` with only the parameters the page's screen reads, in a fixed order ("" when none). */
export function screenSearch(path: string, url: string): string {
  const names = SCREEN_PARAMS[path];
  const query = url.includes("?") ? url.slice(url.indexOf("?") + 1).split("#")[0] : "";
  if (!names || !query) return "";
  const given = new URLSearchParams(query);
  const kept = new URLSearchParams();
  for (const name of names) {
    const value = given.get(name);
    if (value !== null && value !== "") kept.set(name, value.slice(0, 200));
  }
  const s = kept.toString();
  return s ? `?${s}` : "";
}

/**
 * The page's body and state in the template's #root (ADR 010), and its screens' chunks named in the head so
 * that the browser fetches them alongside the main script (D73).
 */
export function injectBody(template: string, html: string, state: string, preloads: readonly string[] = []): string {
  const links = modulePreloadLinks(preloads);
  const withLinks = links ? template.replace("</head>", () => `  ${links}\n  </head>`) : template;
  return withLinks.replace(
    '<div id="root"></div>',
    () =>
      `<div id="root">${html}</div>\n    <script type="application/json" id="${SSR_STATE_ELEMENT_ID}">${state}</script>`,
  );
}

/**
 * A page's HTML with its body rendered on the server when a renderer is there (ADR 010); `rendered` false when
 * the render failed (the page then goes out with its head only, for the browser to render, and is not kept).
 */
async function withBody(
  html: string,
  page: { path: string; search: string },
  render: PageRenderer | undefined,
  manifest: ClientManifest | undefined,
  request: FastifyRequest,
): Promise<{ html: string; rendered: boolean }> {
  if (!render) return { html, rendered: true };
  const body = await renderingFor.run(request.ip, () => render({ ...page, renderedAt: Date.now() }));
  if (body.ok)
    return { html: injectBody(html, body.html, body.state, manifest?.preloadsFor(body.screens)), rendered: true };
  request.log.warn({ path: page.path, reason: body.reason }, "page not rendered on the server; the browser renders it");
  return { html, rendered: false };
}

const pathOf = (url: string) => {
  const path = url.split("?")[0].split("#")[0];
  return path.length > 1 && path.endsWith("/") ? path.replace(/\/+$/, "") || "/" : path;
};

/**
 * The site's HTML pages (issue 13; D70–D72): every public path answers its real status (404 for an unknown
 * game, category, profile or path) with its head tags for crawlers and link previews; robots.txt and the
 * sitemap. Pages are cached per path in the read cache (decision 008), so an administrator's change is
 * served by every process at once. A thin route: services/pages.ts and services/sitemap.ts do the work.
 */
export const pageRoutes: FastifyPluginAsync<
  AppContext & { template: string; sitemapMaxUrls?: number; render?: PageRenderer; manifest?: ClientManifest }
> = async (app, opts) => {
  const { db, config, reads, template, render, manifest } = opts;
  const ctx: PageContext = { db, publicUrl: config.publicUrl, gamesUrl: config.gamesUrl, files: opts.files };

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const path = pathOf(request.url);
    const search = screenSearch(path, request.url);
    const key = `page:${path}${search}`;
    // A search is one of many: it takes its place among the cached searches, not among the pages.
    const share = search ? "searches" : "pages";
    let rendered = true;
    const read = await reads.get(
      key,
      async (): Promise<ReadBody> => {
        const page = await describePage(ctx, path);
        const built = await withBody(
          injectHead(template, renderHead(page.head)),
          { path, search },
          render,
          manifest,
          request,
        );
        rendered = built.rendered;
        return {
          json: built.html,
          status: page.status,
          headers: page.head.indexable ? {} : { "X-Robots-Tag": "noindex" },
        };
      },
      share,
    );
    // Only pages that exist stay cached (unknown paths must not push real pages out), and only whole ones:
    // a page whose data could not be read (a database outage) is rendered again by the next request.
    if (read.status === 404 || !rendered) reads.forget(key, share);
    reply.code(read.status ?? 200);
    // Neither may a shared proxy keep them.
    return sendCachedRead(request, reply, read, {
      contentType: HTML,
      cacheControl: read.status === 404 || !rendered ? UNCACHED_PAGE : PAGE_CACHE_CONTROL,
    });
  }

  for (const url of PAGE_ROUTES) app.get(url, { config: PUBLIC_READ_CONFIG }, sendPage);

  // The admin area is rendered in the browser and is not for search engines (D70).
  const templateTitle = template.match(TITLE_ELEMENT)?.[0] ?? "";
  const cmsPage = injectHead(template, `<meta name="robots" content="noindex" />\n    ${templateTitle}`);
  const sendCms = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.header("Cache-Control", UNCACHED_PAGE).header("X-Robots-Tag", "noindex").type(HTML).send(cmsPage);
  app.get("/cms", { config: PUBLIC_READ_CONFIG }, sendCms);
  app.get("/cms/*", { config: PUBLIC_READ_CONFIG }, sendCms);
  // D70/D87: so are the player's settings (personal, signed in only): the same page, rendered by the browser.
  app.get("/settings", { config: PUBLIC_READ_CONFIG }, sendCms);
  app.get("/settings/*", { config: PUBLIC_READ_CONFIG }, sendCms);
  // So are the signed-in player's own pages (D86's /me/games): the same empty page for everyone, the content asked
  // for in the browser.
  for (const url of PLAYER_PAGE_PATHS) app.get(url, { config: PUBLIC_READ_CONFIG }, sendCms);
  // D88: the signed-in player's messages are rendered in the browser too (their data is personal), noindex.
  app.get("/messages", { config: PUBLIC_READ_CONFIG }, sendCms);
  app.get("/messages/:userId", { config: PUBLIC_READ_CONFIG }, sendCms);

  // D71: the link preview cards the pages name (services/og-cards.ts). A card's URL carries the hash of what it
  // shows, so its file never changes; an older URL of the same subject leads to the current card.
  app.get<{ Params: { kind: string; key: string; file: string } }>(
    "/og/:kind/:key/:file",
    { config: PUBLIC_READ_CONFIG },
    async (request, reply) => {
      const subject = parseCardSubject(request.params.kind, request.params.key);
      const hash = parseCardFile(request.params.file);
      const card = subject && hash ? await loadCard(ctx, await loadSiteContent(db), subject) : undefined;
      if (!card)
        return reply
          .code(404)
          .type("text/plain; charset=utf-8")
          .header("Cache-Control", UNCACHED_PAGE)
          .send("Not found");
      if (card.hash !== hash) return reply.header("Cache-Control", UNCACHED_PAGE).redirect(card.path, 302);
      const png = await ensureCardFile(opts.files, card);
      return reply
        .type("image/png")
        .header("Cache-Control", CARD_CACHE_CONTROL)
        .header("X-Content-Type-Options", "nosniff")
        .send(png);
    },
  );

  // D72: robots.txt and the sitemap.
  app.get("/robots.txt", { config: PUBLIC_READ_CONFIG }, async (request, reply) => {
    const read = await reads.get(
      "robots.txt",
      async () => ({ json: robotsTxt(config.publicUrl, (await loadSiteContent(db)).indexable) }),
      "pages",
    );
    return sendCachedRead(request, reply, read, {
      contentType: "text/plain; charset=utf-8",
      cacheControl: PAGE_CACHE_CONTROL,
    });
  });
  const maxUrls = opts.sitemapMaxUrls ?? SITEMAP_MAX_URLS;
  const sendSitemap = async (part: number | undefined, reply: FastifyReply) => {
    const site = await loadSiteContent(db);
    const stream = site.indexable ? await streamSitemap(db, config.publicUrl, { part, maxUrls }) : undefined;
    if (!stream)
      return reply.code(404).type("text/plain; charset=utf-8").header("Cache-Control", UNCACHED_PAGE).send("Not found");
    return reply.type("application/xml; charset=utf-8").header("Cache-Control", PAGE_CACHE_CONTROL).send(stream);
  };
  app.get("/sitemap.xml", { config: PUBLIC_READ_CONFIG }, async (_request, reply) => sendSitemap(undefined, reply));
  app.get<{ Params: { part: string } }>(
    "/sitemap-:part.xml",
    { config: PUBLIC_READ_CONFIG },
    async (request, reply) => {
      const part = /^[1-9]\d{0,5}$/.test(request.params.part) ? Number(request.params.part) : 0;
      return sendSitemap(part || -1, reply);
    },
  );
};

/** The Not Found page for any other path (D70): status 404, its head, never cached. */
export async function sendNotFoundPage(
  ctx: PageContext,
  template: string,
  request: FastifyRequest,
  reply: FastifyReply,
  render?: PageRenderer,
  manifest?: ClientManifest,
) {
  const path = pathOf(request.url);
  const page = await describePage(ctx, "/404/not/a-page");
  const head = injectHead(
    template,
    renderHead({ ...page.head, canonical: `${ctx.publicUrl.replace(/\/+$/, "")}${path}` }),
  );
  // The Not Found screen itself (D70), rendered like every page (its path is the one asked for: the router
  // on the client must land on the same screen).
  const renderable = path.startsWith("/") && !path.startsWith("/cms");
  const { html } = await withBody(head, { path, search: "" }, renderable ? render : undefined, manifest, request);
  return reply.code(404).header("Cache-Control", UNCACHED_PAGE).header("X-Robots-Tag", "noindex").type(HTML).send(html);
}
