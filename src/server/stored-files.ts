import { Readable } from "node:stream";
import { mime } from "@fastify/send";
import type { FastifyReply, FastifyRequest } from "fastify";
import { RangeNotSatisfiableError, type FileStore, type StoredObject } from "./services/file-store";

/**
 * Answers a GET or HEAD with one object of the site's FileStore (D162), as a static file server would: the type
 * from the name, ETag and Last-Modified with 304, one byte range (206, or 416 past the end), Accept-Ranges, and the
 * body streamed from the store. A plain GET is one read of the store; HEAD, a conditional request or a range first
 * reads the object's size and date.
 * Returns false, having sent nothing, when the object does not exist.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  files: FileStore,
  key: string,
  cacheControl: string,
): Promise<boolean> {
  const plain =
    request.method === "GET" &&
    !request.headers.range &&
    !request.headers["if-none-match"] &&
    !request.headers["if-modified-since"];
  if (plain) {
    // The usual first load: one request to the store, which answers the size and date with the body.
    const whole = await files.get(key);
    if (!whole) return false;
    describe(reply, key, cacheControl, whole);
    reply.header("Content-Length", String(whole.size));
    reply.send(whole.body);
    return true;
  }
  const found = await files.head(key);
  if (!found) return false;
  const etag = describe(reply, key, cacheControl, found);

  if (notModified(request, etag, found)) {
    reply.code(304).send();
    return true;
  }
  const range = wantedRange(request, etag, found);
  if (range === "unsatisfiable") {
    reply.code(416).header("Content-Range", `bytes */${found.size}`).send();
    return true;
  }
  const start = range?.start ?? 0;
  const end = range?.end ?? found.size - 1;
  if (range) reply.code(206).header("Content-Range", `bytes ${start}-${end}/${found.size}`);
  reply.header("Content-Length", String(Math.max(0, end - start + 1)));
  if (request.method === "HEAD") {
    // An empty stream keeps the Content-Length set above (Fastify's HEAD route sets 0 for no body).
    reply.send(Readable.from([]));
    return true;
  }
  let stored;
  try {
    stored = await files.get(key, range);
  } catch (error) {
    if (!(error instanceof RangeNotSatisfiableError)) throw error;
    reply.code(416).removeHeader("Content-Length").header("Content-Range", `bytes */${error.size}`).send();
    return true;
  }
  // Removed between head and get: the caller answers 404 as for any missing file.
  if (!stored) return false;
  reply.send(stored.body);
  return true;
}

/** Sets the headers every answer about a stored object carries; returns its ETag. */
function describe(reply: FastifyReply, key: string, cacheControl: string, found: StoredObject): string {
  const etag = `W/"${found.size.toString(16)}-${found.modified.getTime().toString(16)}"`;
  reply.header("Content-Type", typeOf(key));
  reply.header("Cache-Control", cacheControl);
  reply.header("ETag", etag);
  reply.header("Last-Modified", found.modified.toUTCString());
  reply.header("Accept-Ranges", "bytes");
  return etag;
}

const UTF8_TYPES = /^(text\/|application\/(javascript|json|xml)|image\/svg\+xml)/;

function typeOf(key: string): string {
  const type = mime.getType(key) ?? "application/octet-stream";
  return UTF8_TYPES.test(type) ? `${type}; charset=utf-8` : type;
}

function notModified(request: FastifyRequest, etag: string, found: StoredObject): boolean {
  const ifNoneMatch = request.headers["if-none-match"];
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch
      .split(",")
      .map((tag) => tag.trim().replace(/^W\//, ""))
      .some((tag) => tag === "*" || tag === etag.replace(/^W\//, ""));
  }
  const since = Date.parse(request.headers["if-modified-since"] ?? "");
  return !Number.isNaN(since) && Math.floor(found.modified.getTime() / 1000) * 1000 <= since;
}

/** The one byte range asked for, undefined for the whole file (no Range, several ranges, or a stale If-Range). */
function wantedRange(
  request: FastifyRequest,
  etag: string,
  found: StoredObject,
): { start: number; end: number } | "unsatisfiable" | undefined {
  const header = request.headers.range;
  if (!header) return undefined;
  const ifRange = request.headers["if-range"];
  if (ifRange !== undefined && ifRange !== etag && ifRange !== found.modified.toUTCString()) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return undefined;
  const size = found.size;
  let start: number;
  let end: number;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0) return "unsatisfiable";
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (end < start && match[2] !== "") return undefined;
  }
  if (start >= size) return "unsatisfiable";
  return { start, end };
}

/**
 * The segments of a URL path after a route's prefix, percent-decoded; undefined when one cannot be decoded or would
 * leave the folder (`.`, `..`, an empty segment, a backslash or a NUL).
 */
export function pathSegments(rest: string): string[] | undefined {
  const segments: string[] = [];
  for (const raw of rest.split("/")) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    if (segment === "" || segment === "." || segment === ".." || /[\\/\0]/.test(segment)) return undefined;
    segments.push(segment);
  }
  return segments;
}
