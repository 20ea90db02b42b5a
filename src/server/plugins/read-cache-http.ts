import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { EmbedOrigins } from "../services/embed-origins";
import type { CachedRead, ReadBody, ReadCache, ReadGroup } from "../services/read-cache";
import { sessionToken } from "./auth";
import { COMPRESSION_THRESHOLD_BYTES } from "./compression";

declare module "fastify" {
  interface FastifyInstance {
    /** ADR 008: this process's cache of public reads (tests that write to the database directly invalidate it). */
    reads: ReadCache;
    /** D115: the external games' origins the site's pages may frame (services/embed-origins.ts) */
    embedOrigins: EmbedOrigins;
  }
  interface FastifyContextConfig {
    /**
     * ADR 008: a successful request to this route changes what the cached public reads show (games,
     * categories, ratings, play counts), so it invalidates them on every process. "frequent" (plays)
     * coalesces the notifications to the other processes (read-cache.ts).
     */
    changesCatalogue?: true | "frequent";
  }
}

/**
 * ADR 008: anonymous answers may be kept by a shared cache for one second (the same bound as between our
 * own processes) and are revalidated by browsers every time (ETag, 304). A signed-in visitor's answers
 * are the same bytes but stay private.
 */
export const PUBLIC_READ_CACHE_CONTROL = "public, max-age=0, s-maxage=1, must-revalidate";
export const PRIVATE_READ_CACHE_CONTROL = "private, no-cache";

/**
 * The encoding to send for an Accept-Encoding header: the accepted one (brotli or gzip) with the highest
 * q-value, brotli on a tie; none when neither is accepted (q=0 refuses, `*` stands for any not named).
 */
export function negotiateEncoding(header: string | undefined): "br" | "gzip" | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const quality = q ? Number(q.slice(2)) : 1;
    accepted.set(name.trim(), Number.isFinite(quality) ? quality : 0);
  }
  const quality = (name: string) => accepted.get(name) ?? accepted.get("*") ?? 0;
  const br = quality("br");
  const gzip = quality("gzip");
  if (br <= 0 && gzip <= 0) return undefined;
  return br >= gzip ? "br" : "gzip";
}

/** True when If-None-Match names this ETag (or is `*`). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });
}

/** Route config of a cached public read: the same answer for everybody, so the session is not looked up. */
export const PUBLIC_READ_CONFIG = { sessionFree: true } as const;

/**
 * Answers a public read from the cache: builds it on a miss with the route's own serialiser,
 * then sends the stored bytes (or their stored brotli/gzip form) with ETag and Cache-Control, or a 304
 * when the client already has them.
 */
export async function replyFromCache(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: ReadCache,
  key: string,
  load: () => Promise<{ value: unknown; headers?: Record<string, string> }>,
  group: ReadGroup = "lists",
): Promise<FastifyReply> {
  const read = await cache.get(
    key,
    async (): Promise<ReadBody> => {
      const { value, headers } = await load();
      const json = reply.serialize(value);
      return { json: typeof json === "string" ? json : Buffer.from(json as ArrayBuffer).toString("utf8"), headers };
    },
    group,
  );
  // The session is not looked up for these routes (sessionFree): a request that carries one is private.
  const cacheControl = sessionToken(request) ? PRIVATE_READ_CACHE_CONTROL : PUBLIC_READ_CACHE_CONTROL;
  return sendCachedRead(request, reply, read, { contentType: "application/json; charset=utf-8", cacheControl });
}

/** Sends a cached answer: its headers, ETag, Cache-Control, then a 304 or the bytes in the encoding the client prefers. */
export function sendCachedRead(
  request: FastifyRequest,
  reply: FastifyReply,
  read: CachedRead,
  options: { contentType: string; cacheControl: string },
): FastifyReply {
  for (const [name, value] of Object.entries(read.headers)) reply.header(name, value);
  reply.header("ETag", read.etag);
  reply.header("Cache-Control", options.cacheControl);
  reply.header("Vary", "Accept-Encoding");
  if (etagMatches(request.headers["if-none-match"], read.etag)) return reply.code(304).send();
  reply.type(options.contentType);
  const encoding =
    read.json.length >= COMPRESSION_THRESHOLD_BYTES ? negotiateEncoding(request.headers["accept-encoding"]) : undefined;
  if (!encoding) return reply.send(read.json);
  reply.header("Content-Encoding", encoding);
  return reply.send(read.encoded(encoding));
}

/** ADR 008: routes that declare `config.changesCatalogue` invalidate the cached reads when they succeed. */
export const catalogueInvalidationPlugin = fp(async (app: FastifyInstance, opts: { reads: ReadCache }) => {
  app.addHook("onSend", async (request, reply) => {
    const changes = request.routeOptions.config?.changesCatalogue;
    if (!changes || reply.statusCode >= 400) return;
    // D115: a game added, changed or hidden may change the origins pages may frame (plays do not)
    if (changes !== "frequent") app.embedOrigins.expire();
    await opts.reads.invalidate({ frequent: changes === "frequent" });
  });
});
