import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import { PUBLIC_READ_CONFIG, sendCachedRead } from "../plugins/cached-reads";
import type { ReadBody } from "../services/read-cache";
import { describePage, loadSiteContent, PAGE_ROUTES, renderHead, type PageContext } from "../services/pages";
import { streamSitemap, robotsTxt, SITEMAP_MAX_URLS } from "../services/sitemap";

/**
 * Issue 13 item 5: a page is the same for every visitor (D70), so a shared cache may keep it briefly and
 * serve it stale while it fetches a fresh copy; browsers revalidate with the ETag after that.
 */
export const PAGE_CACHE_CONTROL = "public, max-age=30, stale-while-revalidate=60";
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
export const pageRoutes: FastifyPluginAsync<AppContext & { template: string; sitemapMaxUrls?: number }> = async (app, opts) => {
  const { db, config, reads, template } = opts;
  const ctx: PageContext = { db, publicUrl: config.publicUrl, gamesUrl: config.gamesUrl, dataDir: config.dataDir };

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const path = pathOf(request.url);
    const key = `page:${path}`;
    const read = await reads.get(
      key,
      async (): Promise<ReadBody> => {
        const page = await describePage(ctx, path);
        return {
          json: injectHead(template, renderHead(page.head)),
          status: page.status,
          headers: page.head.indexable ? {} : { "X-Robots-Tag": "noindex" },
        };
      },
      "pages",
    );
    // Only pages that exist stay cached: unknown paths must not push real pages out.
    if (read.status === 404) reads.forget(key, "pages");
    reply.code(read.status ?? 200);
    return sendCachedRead(request, reply, read, { contentType: HTML, cacheControl: read.status === 404 ? UNCACHED_PAGE : PAGE_CACHE_CONTROL });
  }

  for (const url of PAGE_ROUTES) app.get(url, { config: PUBLIC_READ_CONFIG }, sendPage);

  // The admin area is rendered in the browser and is not for search engines (D70).
  const templateTitle = template.match(TITLE_ELEMENT)?.[0] ?? "";
  const cmsPage = injectHead(template, `<meta name="robots" content="noindex" />\n    ${templateTitle}`);
  const sendCms = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.header("Cache-Control", UNCACHED_PAGE).header("X-Robots-Tag", "noindex").type(HTML).send(cmsPage);
  app.get("/cms", { config: PUBLIC_READ_CONFIG }, sendCms);
  app.get("/cms/*", { config: PUBLIC_READ_CONFIG }, sendCms);

  // D72: robots.txt and the sitemap.
  app.get("/robots.txt", { config: PUBLIC_READ_CONFIG }, async (request, reply) => {
    const read = await reads.get("robots.txt", async () => ({ json: robotsTxt(config.publicUrl, (await loadSiteContent(db)).indexable) }), "pages");
    return sendCachedRead(request, reply, read, { contentType: "text/plain; charset=utf-8", cacheControl: PAGE_CACHE_CONTROL });
  });
  const maxUrls = opts.sitemapMaxUrls ?? SITEMAP_MAX_URLS;
  const sendSitemap = async (part: number | undefined, reply: FastifyReply) => {
    const site = await loadSiteContent(db);
    const stream = site.indexable ? await streamSitemap(db, config.publicUrl, { part, maxUrls }) : undefined;
    if (!stream) return reply.code(404).type("text/plain; charset=utf-8").header("Cache-Control", UNCACHED_PAGE).send("Not found");
    return reply.type("application/xml; charset=utf-8").header("Cache-Control", PAGE_CACHE_CONTROL).send(stream);
  };
  app.get("/sitemap.xml", { config: PUBLIC_READ_CONFIG }, async (_request, reply) => sendSitemap(undefined, reply));
  app.get<{ Params: { part: string } }>("/sitemap-:part.xml", { config: PUBLIC_READ_CONFIG }, async (request, reply) => {
    const part = /^[1-9]\d{0,5}$/.test(request.params.part) ? Number(request.params.part) : 0;
    return sendSitemap(part || -1, reply);
  });
};

/** The Not Found page for any other path (D70): status 404, its head, never cached. */
export async function sendNotFoundPage(ctx: PageContext, template: string, request: FastifyRequest, reply: FastifyReply) {
  const page = await describePage(ctx, "/404/not/a-page");
  return reply
    .code(404)
    .header("Cache-Control", UNCACHED_PAGE)
    .header("X-Robots-Tag", "noindex")
    .type(HTML)
    .send(injectHead(template, renderHead({ ...page.head, canonical: `${ctx.publicUrl.replace(/\/+$/, "")}${pathOf(request.url)}` })));
}
