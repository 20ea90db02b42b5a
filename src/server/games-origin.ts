import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import { BOOT_PROBE_PARAM } from "../contract/admin/build-checks-constants";
import type { Config } from "./config";
import { baseOptions, type LogOptions } from "./fastify-options";
import { gameIdOfHost, hostnameOfHostHeader, isPerGameOrigins } from "./games-hosts";
import { compressionPlugin } from "./plugins/compression";
import { requestIdPlugin } from "./plugins/request-id";
import { adsTxtRoutes } from "./routes/ads-txt";
import { compatScript } from "./services/compat-scripts";
import { isValidKey, StorageUnavailableError, type FileStore } from "./services/file-store";
import { buildPrefix, verifyPreviewToken } from "./services/game-builds";
import { openFileStore } from "./services/open-file-store";
import { secretBox } from "./services/secret-box";
import { pathSegments, sendStoredFile } from "./stored-files";

/** A package's files may change when an administrator replaces it: browsers check again after five minutes. */
const PACKAGE_CACHE = "public, max-age=300";

/** An index.html larger than this is served as it is, without the boot probe (it is read into memory to add it). */
const PROBED_INDEX_MAX_BYTES = 4 * 1024 * 1024;

const PROBE_TAG = '<script src="/sdk/boot-probe.js"></script>';

/**
 * D132: index.html with the boot probe as its first script: after `<head …>`, else after `<html …>`, else after the
 * doctype, else at the very start. The text is latin1 so that every other byte stays as it was.
 */
export function withBootProbe(html: string): string {
  for (const re of [/<head(?:\s[^>]*)?>/i, /<html(?:\s[^>]*)?>/i, /<!doctype[^>]*>/i]) {
    const match = re.exec(html);
    if (match) {
      const at = match.index + match[0].length;
      return `${html.slice(0, at)}${PROBE_TAG}${html.slice(at)}`;
    }
  }
  return `${PROBE_TAG}${html}`;
}

/** Sends index.html with the boot probe (D132), never cached; false when there is no such file. */
async function sendWithBootProbe(reply: FastifyReply, files: FileStore, key: string): Promise<boolean> {
  const found = await files.head(key);
  if (!found) return false;
  if (found.size > PROBED_INDEX_MAX_BYTES) return false;
  const stored = await files.get(key);
  if (!stored) return false;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stored.body) {
    size += (chunk as Buffer).length;
    if (size > PROBED_INDEX_MAX_BYTES) {
      stored.body.destroy();
      return false;
    }
    chunks.push(chunk as Buffer);
  }
  const html = withBootProbe(Buffer.concat(chunks).toString("latin1"));
  reply.header("Cache-Control", "no-store").type("text/html; charset=utf-8").send(Buffer.from(html, "latin1"));
  return true;
}

/**
 * The games origin (D2): serves game packages at /game-frame/{id}/, the SDKs at /sdk/v1.js and /sdk/v2.js, the
 * portal adapters at /sdk/compat/{name}.js (D77) and the built-in games' runtime at /sdk/runtime/.
 * No cookies are set or read here; the only page allowed to frame a game is the site.
 * With `{id}` in GAMES_URL (D79) every game has a host name of its own: /game-frame/{id}/ is served only when the
 * request's host name is game {id}'s (any other host, another game's or none, gets 404), so that no game's origin
 * serves or reads another game's files; /sdk/* and the rest are served on every host.
 * D154: /ads.txt is the site's (read through `adsTxt`, 404 without it), as ad networks crawl the games' host too.
 */
export async function buildGamesApp(
  ctx: { config: Config; files?: FileStore; adsTxt?: () => Promise<string> } & LogOptions,
): Promise<FastifyInstance> {
  const { config } = ctx;
  const files = ctx.files ?? openFileStore(config);
  const app = Fastify(baseOptions(config, "games", ctx));
  const frameAncestors = `frame-ancestors ${new URL(config.publicUrl).origin}`;
  const perGame = isPerGameOrigins(config.gamesUrl);

  app.addHook("onSend", async (_request, reply) => {
    reply.header("Content-Security-Policy", frameAncestors);
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Referrer-Policy", "no-referrer");
    reply.header("Cross-Origin-Resource-Policy", "same-origin");
    reply.removeHeader("set-cookie");
  });
  // Set before the routes: a route keeps the error handler in place when it was added.
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof StorageUnavailableError) {
      // D162: the bucket is down or slow; the game's files are not there to serve for now.
      request.log.error({ err: error }, "object storage unavailable");
      return reply.code(503).header("Retry-After", "5").type("text/plain; charset=utf-8").send("Service unavailable");
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500)
      return reply.code(status).type("text/plain; charset=utf-8").send("Not found");
    request.log.error({ err: error }, "games origin error");
    return reply.code(500).type("text/plain; charset=utf-8").send("Internal server error");
  });
  await app.register(requestIdPlugin);
  await app.register(compressionPlugin);

  // D162: packages are read through the store (DATA_DIR or the bucket), streamed, at /game-frame/{id}/….
  app.get<{ Params: { "*": string }; Querystring: Record<string, string | undefined> }>(
    "/game-frame/*",
    async (request, reply) => {
      const notFound = () => reply.code(404).type("text/plain; charset=utf-8").send("Not found");
      const rest = request.params["*"];
      const folderOnly = !rest.includes("/");
      const segments = pathSegments(rest.endsWith("/") ? rest.slice(0, -1) : rest);
      // Only numbered package folders. Per game origin (D79), only the folder of the game whose host name the request
      // was sent to. The Host header decides, even with TRUST_PROXY: not X-Forwarded-Host, which a game's own script
      // could send (games-hosts.ts, hostnameOfHostHeader); a proxy must pass Host through.
      const folder = segments?.[0];
      if (!segments || !folder || !/^[1-9]\d*$/.test(folder)) return notFound();
      if (perGame && folder !== gameIdOfHost(config.gamesUrl, hostnameOfHostHeader(request.headers.host)))
        return notFound();
      if (segments.some((segment) => segment.startsWith(".")))
        return reply.code(403).type("text/plain; charset=utf-8").send("Forbidden");
      const path = segments.join("/");
      const isFolder = rest.endsWith("/");
      if (isFolder || folderOnly) {
        if (!isFolder) {
          // /game-frame/7 → /game-frame/7/, so that the package's relative addresses resolve inside its folder.
          if (!(await files.head(`games/${path}/index.html`))) return notFound();
          const query = request.url.indexOf("?");
          return reply.redirect(`/game-frame/${path}/${query >= 0 ? request.url.slice(query) : ""}`, 301);
        }
        // D132: the CMS's boot test asks for the probe; a too large index.html is served without it
        if (
          request.query[BOOT_PROBE_PARAM] === "1" &&
          (await sendWithBootProbe(reply, files, `games/${path}/index.html`))
        )
          return reply;
        if (await sendStoredFile(request, reply, files, `games/${path}/index.html`, PACKAGE_CACHE)) return reply;
        return notFound();
      }
      const key = `games/${path}`;
      if (isValidKey(key) && (await sendStoredFile(request, reply, files, key, PACKAGE_CACHE))) return reply;
      if (isValidKey(key) && (await files.head(`${key}/index.html`)))
        return reply.redirect(`/game-frame/${path}/`, 301);
      return notFound();
    },
  );

  // D131: one build of a game, at /build-preview/{id}/{number}/{expires}.{signature}/…, for whoever the studio or
  // the CMS gave the address to (creators of the game and staff); anything unsigned, expired or for another game's
  // host is 404, so players cannot reach a build that is not live. Not cached by shared caches.
  const previewKey = () => secretBox(config.twoStepKey).keyFor("build preview");
  app.get<{ Params: { "*": string } }>("/build-preview/*", async (request, reply) => {
    const notFound = () => reply.code(404).type("text/plain; charset=utf-8").send("Not found");
    const rest = request.params["*"];
    const segments = pathSegments(rest.endsWith("/") ? rest.slice(0, -1) : rest);
    if (!segments || segments.length < 3) return notFound();
    const [gameId, number, token, ...inside] = segments;
    if (!/^[1-9]\d{0,14}$/.test(gameId) || !/^[1-9]\d{0,6}$/.test(number)) return notFound();
    if (perGame && gameId !== gameIdOfHost(config.gamesUrl, hostnameOfHostHeader(request.headers.host)))
      return notFound();
    if (!verifyPreviewToken(await previewKey(), Number(gameId), Number(number), token)) return notFound();
    if (inside.some((segment) => segment.startsWith(".")))
      return reply.code(403).type("text/plain; charset=utf-8").send("Forbidden");
    const base = `/build-preview/${gameId}/${number}/${token}`;
    if (inside.length === 0 && !rest.endsWith("/")) return reply.redirect(`${base}/`, 301);
    const prefix = buildPrefix(Number(gameId), Number(number));
    const file = inside.length === 0 || rest.endsWith("/") ? [...inside, "index.html"] : inside;
    const key = `${prefix}${file.join("/")}`;
    if (isValidKey(key) && (await sendStoredFile(request, reply, files, key, "private, max-age=300"))) return reply;
    return notFound();
  });

  // The SDKs (D22 v1, D75 v2), v2's typings and the boot probe, always the current bytes.
  const sdkFiles = [
    ["v1.js", "application/javascript; charset=utf-8"],
    ["v2.js", "application/javascript; charset=utf-8"],
    ["v2.d.ts", "text/plain; charset=utf-8"],
    // D132: added to index.html only for the CMS's boot test (withBootProbe)
    ["boot-probe.js", "application/javascript; charset=utf-8"],
  ] as const;
  for (const [name, type] of sdkFiles) {
    const file = path.join(config.rootDir, "sdk", name);
    app.get(`/sdk/${name}`, async (_request, reply) => {
      const source = await fs.promises.readFile(file, "utf8");
      return reply.type(type).header("Cache-Control", "public, max-age=300").send(source);
    });
  }

  // D77: an adapter for games made for another portal, served as the v2 SDK followed by the adapter in one
  // response, so that the package's single <script src> gets both in order (services/compat-scripts.ts).
  app.get<{ Params: { name: string } }>("/sdk/compat/:name", async (request, reply) => {
    const match = /^([a-z]+)\.js$/.exec(request.params.name);
    const source = match ? await compatScript(config.rootDir, match[1]) : null;
    if (source === null) return reply.code(404).type("text/plain; charset=utf-8").send("Not found");
    return reply
      .type("application/javascript; charset=utf-8")
      .header("Cache-Control", "public, max-age=300")
      .send(source);
  });

  // The built-in games' runtime (D26): one copy for every game, always the current bytes (sdk/runtime/runtime.js).
  await app.register(fastifyStatic, {
    root: path.join(config.rootDir, "sdk", "runtime"),
    prefix: "/sdk/runtime/",
    decorateReply: false,
    list: false,
    dotfiles: "deny",
    index: false,
    cacheControl: true,
    maxAge: "5m",
  });

  app.get("/", async (_request, reply) => reply.type("text/plain; charset=utf-8").send("Arcadium games origin"));
  app.get("/healthz", async () => ({ status: "ok" }));
  await app.register(adsTxtRoutes, { read: ctx.adsTxt ?? (async () => "") });

  app.setNotFoundHandler((_request, reply) => reply.code(404).type("text/plain; charset=utf-8").send("Not found"));
  return app;
}
