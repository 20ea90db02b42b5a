import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import cookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type RouteOptions } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config";
import { DEFAULT_SETTINGS, type AppContext, type AppSettings } from "./context";
import type { Database } from "./db/client";
import { Invalid } from "./errors";
import { baseOptions, type LogOptions } from "./fastify-options";
import { gamesOriginSource } from "./games-hosts";
import { accountDeletionJob } from "./jobs/account-deletion";
import { backupJob } from "./jobs/backup-daily";
import { buildPublishingJob } from "./jobs/publish-builds";
import { authPlugin } from "./plugins/auth";
import { compressionPlugin } from "./plugins/compression";
import { errorsPlugin } from "./plugins/errors";
import { JSON_NESTING_MESSAGE, jsonNestsDeeperThan } from "./plugins/json-nesting";
import { metricsPlugin } from "./plugins/metrics";
import { catalogueInvalidationPlugin } from "./plugins/read-cache-http";
import { requestIdPlugin } from "./plugins/request-id";
import {
  adSourcesPlugin,
  consentScriptSourcesPlugin,
  csrfPlugin,
  embedFrameSourcesPlugin,
  inputHygienePlugin,
  securityHeadersPlugin,
} from "./plugins/security";
import { createSerializerCompiler } from "./plugins/serializer";
import { createRateLimits } from "./rate-limit-table";
import { accountUndoRoutes } from "./routes/account-undo";
import { adminRoutes } from "./routes/admin";
import { adRoutes } from "./routes/ads";
import { adsTxtRoutes } from "./routes/ads-txt";
import { advertiseRoutes } from "./routes/advertise";
import { authRoutes } from "./routes/auth";
import { googleAuthRoutes } from "./routes/auth-google";
import { categoryRoutes } from "./routes/categories";
import { chatRoutes } from "./routes/chat";
import { collectionRoutes } from "./routes/collections";
import { contactRoutes } from "./routes/contact";
import { contentRoutes } from "./routes/content";
import { directMessageRoutes } from "./routes/direct-messages";
import { friendRoutes } from "./routes/friends";
import { gameAchievementRoutes } from "./routes/game-achievements";
import { gameRoutes } from "./routes/games";
import { leaderboardRoutes } from "./routes/leaderboard";
import { meRoutes } from "./routes/me";
import { myGamesRoutes } from "./routes/my-games";
import { newsletterRoutes } from "./routes/newsletter";
import { notificationRoutes } from "./routes/notifications";
import { numbersRoutes } from "./routes/numbers";
import { inProcessFetch, pageRoutes, sendNotFoundPage, type PageRendererModule } from "./routes/pages";
import { playRoutes } from "./routes/plays";
import { reportRoutes } from "./routes/reports";
import { reviewRoutes } from "./routes/reviews";
import { saveRoutes } from "./routes/saves";
import { scoreRoutes } from "./routes/scores";
import { studioRoutes } from "./routes/studio";
import { userRoutes } from "./routes/users";
import { cachedAdSettings } from "./services/ads";
import { adCspSources } from "./services/ads/providers";
import { readAdsTxt } from "./services/ads-txt";
import { loadChatMessage } from "./services/chat";
import { ChatHub } from "./services/chat-hub";
import { loadClientManifest } from "./services/client-manifest";
import { communitySettings, invalidateCommunitySettings } from "./services/community-settings";
import { EmbedOrigins, loadEmbedOrigins } from "./services/embed-origins";
import type { FileStore } from "./services/file-store";
import { isValidKey } from "./services/file-store";
import { createLeaderboardCache } from "./services/leaderboard";
import { openFileStore } from "./services/open-file-store";
import { prepareTemplate } from "./services/page-template";
import { PgListener } from "./services/pg-listener";
import { PlayerHub } from "./services/player-hub";
import { PresenceTracker } from "./services/presence";
import { newProcessIdentity } from "./services/process-registry";
import { READ_CACHE_CHANNEL, ReadCache } from "./services/read-cache";
import { RoomRuntime } from "./services/room-runtime";
import { SessionCache } from "./services/session-cache";
import { pathSegments, sendStoredFile } from "./stored-files";

declare module "fastify" {
  interface FastifyInstance {
    /** ADR 027: this process's rooms (tests move their clock and tick them) */
    rooms: RoomRuntime;
  }
}

/** Optional hooks for operations and tests; production passes none. */
export type BuildAppOptions = LogOptions & {
  /** called for every route as it is added: tests discover the whole route table from the app itself */
  onRoute?: (route: RouteOptions) => void;
  /** changes to the default settings (context.ts), e.g. a shorter chat heartbeat or a lower rate limit */
  settings?: Partial<AppSettings>;
  /** issue 12 item 1: check every response body against its zod schema and the zod serializer's output (plugins/serializer.ts); tests */
  verifySerialisation?: boolean;
  /** D70: the server renderer (tests pass src/client/entry-server.tsx); default: the built one beside the client */
  renderer?: PageRendererModule;
  /** D162: where stored files live; default: the one STORAGE_URL or DATA_DIR names (services/file-store.ts) */
  files?: FileStore;
  /** this process's id in the process registry (main.ts), the home of its rooms; default: a new random one */
  processId?: string;
};

/** The built server renderer, when there is one (ADR 010). */
async function loadRendererModule(file: string): Promise<PageRendererModule | undefined> {
  if (!fs.existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as PageRendererModule;
}

/** The site origin: API, uploads and the built client (ARCHITECTURE habit 1: app separate from server). */
export async function buildApp(
  ctx: { config: Config; database: Database } & BuildAppOptions,
): Promise<FastifyInstance> {
  const { config, database } = ctx;
  const app = Fastify(baseOptions(config, "site", ctx)).withTypeProvider<ZodTypeProvider>();
  if (ctx.onRoute) {
    const onRoute = ctx.onRoute;
    app.addHook("onRoute", (route) => onRoute(route));
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ verify: ctx.verifySerialisation }));

  // An empty body with a JSON content type is treated as no body (e.g. POST /api/games/{id}/play).
  // Otherwise Fastify's own parser (secure-json-parse): a body with a `__proto__` or
  // `constructor.prototype` key is refused (400) as Fastify does by default, never merged anywhere.
  // Issue 17: a body nested more than MAX_JSON_NESTING deep is refused (400) by a scan of the text before it is parsed.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (req, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") return done(null, undefined);
    if (jsonNestsDeeperThan(text)) return done(new Invalid(JSON_NESTING_MESSAGE), undefined);
    parseJson(req, text, done);
  });

  // The page every screen starts from is held in memory (issue 8: read from disk per request, it
  // queued behind password hashing in libuv's thread pool and stalled during bursts of sign-ups).
  // The build happens before the server starts, so it cannot change while the process runs.
  // Issue 13: each public page answers its own status and head tags (routes/pages.ts); its small head
  // script is inlined and allowed by hash, its scripts load after its content (services/page-template.ts).
  const indexHtml = path.join(config.clientDir, "index.html");
  const hasClient = fs.existsSync(indexHtml);
  const inlined = hasClient ? prepareTemplate(fs.readFileSync(indexHtml, "utf8"), config.clientDir) : undefined;
  const template = inlined?.html;

  await app.register(errorsPlugin);
  await app.register(requestIdPlugin);
  await app.register(securityHeadersPlugin, { config, scriptHashes: inlined?.hashes ?? [] });
  await app.register(compressionPlugin);
  await app.register(csrfPlugin, { allowedOrigins: [config.publicUrl] });
  await app.register(inputHygienePlugin);
  await app.register(cookie);
  // D8 and decision 008: one LISTEN connection per process on PostgreSQL, shared by the chat fan-out, the
  // invalidation of cached public reads and that of cached sessions (decision 009).
  const listener = new PgListener(database, { logger: app.log });
  const sessions = new SessionCache(database.db, listener);
  await app.register(authPlugin, { db: database.db, sessions, secure: config.publicUrl.startsWith("https:") });

  const settings: AppSettings = {
    ...DEFAULT_SETTINGS,
    passwordHashCost: config.passwordHashCost,
    ...ctx.settings,
    chatLive: { ...DEFAULT_SETTINGS.chatLive, ...ctx.settings?.chatLive },
  };
  const db = database.db;
  const chatHub = new ChatHub(database, { logger: app.log, listener, loadMessage: (id) => loadChatMessage(db, id) });
  const reads = new ReadCache(listener, { logger: app.log });
  // D98: another process's settings change (announced with the cached reads' NOTIFY) drops the cached word lists and switches
  listener.on(READ_CACHE_CHANNEL, () => invalidateCommunitySettings(db));
  listener.onReconnect(() => invalidateCommunitySettings(db));
  const playerHub = new PlayerHub(listener, { logger: app.log });
  const presence = new PresenceTracker(db, playerHub, { logger: app.log });
  // ADR 027: the rooms this process is home to, reached by its live sockets and the other processes
  const rooms = new RoomRuntime({
    db,
    listener,
    playerHub,
    processId: ctx.processId ?? newProcessIdentity({ version: "", roles: [], startedAt: new Date() }).id,
    now: () => settings.now().getTime(),
    logger: app.log,
  });
  await listener.start();
  presence.start();
  await rooms.start();
  app.decorate("rooms", rooms);
  app.addHook("onClose", async () => {
    await rooms.stop();
    await chatHub.close();
    presence.close();
    playerHub.close();
    reads.close();
    sessions.close();
    await listener.close();
  });
  app.decorate("reads", reads);
  const embedOrigins = new EmbedOrigins(() => loadEmbedOrigins(db));
  app.decorate("embedOrigins", embedOrigins);
  await app.register(embedFrameSourcesPlugin, {
    gamesSource: gamesOriginSource(config.gamesUrl),
    embeds: embedOrigins,
  });
  // D150: the consent tool's and the statistics script's origins, only while they are set
  await app.register(consentScriptSourcesPlugin, {
    origins: async () => {
      const { consentToolUrl, statisticsScriptUrl } = await communitySettings(db);
      return [...new Set([consentToolUrl, statisticsScriptUrl].filter(Boolean).map((u) => new URL(u).origin))];
    },
  });
  // D153: ad hosts only while a provider that needs them is on
  await app.register(adSourcesPlugin, { sources: async () => adCspSources(await cachedAdSettings(db)) });
  app.decorate("sessionCache", sessions);
  await app.register(metricsPlugin, { token: config.metricsToken, database, reads, sessions, rooms });
  await app.register(catalogueInvalidationPlugin, { reads });
  const routeCtx: AppContext = {
    config,
    db,
    database,
    settings,
    leaderboardCache: createLeaderboardCache(),
    rateLimits: createRateLimits(db, config, settings.rateLimits),
    chatHub,
    playerHub,
    presence,
    rooms,
    reads,
    files: ctx.files ?? openFileStore(config),
  };
  await app.register(gameRoutes, routeCtx);
  await app.register(gameAchievementRoutes, routeCtx);
  await app.register(categoryRoutes, routeCtx);
  await app.register(collectionRoutes, routeCtx);
  await app.register(contentRoutes, routeCtx);
  await app.register(scoreRoutes, routeCtx);
  await app.register(playRoutes, routeCtx);
  await app.register(adRoutes, routeCtx);
  await app.register(adsTxtRoutes, { read: () => readAdsTxt(db) });
  await app.register(numbersRoutes, routeCtx);
  await app.register(saveRoutes, routeCtx);
  await app.register(leaderboardRoutes, routeCtx);
  await app.register(userRoutes, routeCtx);
  await app.register(newsletterRoutes, routeCtx);
  await app.register(advertiseRoutes, routeCtx);
  await app.register(contactRoutes, routeCtx);
  await app.register(authRoutes, routeCtx);
  await app.register(googleAuthRoutes, routeCtx);
  await app.register(adminRoutes, routeCtx);
  await app.register(chatRoutes, routeCtx);
  await app.register(reviewRoutes, routeCtx);
  await app.register(notificationRoutes, routeCtx);
  await app.register(friendRoutes, routeCtx);
  await app.register(meRoutes, routeCtx);
  await app.register(accountUndoRoutes, routeCtx);
  await app.register(accountDeletionJob, routeCtx);
  await app.register(buildPublishingJob, routeCtx);
  await app.register(backupJob, routeCtx);
  await app.register(myGamesRoutes, routeCtx);
  await app.register(studioRoutes, routeCtx);
  await app.register(directMessageRoutes, routeCtx);
  await app.register(reportRoutes, routeCtx);

  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (_req, reply) => {
    try {
      await database.ping();
      return { status: "ok" };
    } catch {
      return reply.code(503).send({ message: "Database unavailable" });
    }
  });

  // D162: uploads are read through the store (DATA_DIR or the bucket), at the same addresses as ever.
  app.get<{ Params: { "*": string } }>("/uploads/*", async (request, reply) => {
    const segments = pathSegments(request.params["*"]);
    // Dotfiles are never served (half-written files of the disk store among them).
    if (segments?.some((segment) => segment.startsWith("."))) return reply.code(403).send({ message: "Forbidden" });
    const key = segments && `uploads/${segments.join("/")}`;
    // D71: link preview pictures are named after their cover's bytes, so they never change.
    const cacheControl = segments?.[0] === "og" ? "public, max-age=31536000, immutable" : "public, max-age=604800";
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    if (key && isValidKey(key) && (await sendStoredFile(request, reply, routeCtx.files, key, cacheControl)))
      return reply;
    return reply.callNotFound();
  });

  if (hasClient) {
    await app.register(fastifyStatic, {
      root: config.clientDir,
      prefix: "/",
      wildcard: false,
      index: false,
      // index.html is answered from memory below; nothing calls reply.sendFile.
      decorateReply: false,
      // The build writes .br and .gz beside each asset (scripts/build-lib.mjs, issue 12 item 6).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header("Cache-Control", "public, max-age=31536000, immutable");
        else res.header("Cache-Control", "no-cache");
      },
    });
  }

  // D70, ADR 010: the public pages are rendered here with the client's own screens (dist/ssr/, built beside
  // the client); without that bundle (a test's stand-in client) pages carry their head tags only.
  const rendererModule =
    ctx.renderer ??
    (template ? await loadRendererModule(path.join(config.clientDir, "..", "ssr", "entry-server.js")) : undefined);
  const render = template ? rendererModule?.createPageRenderer(inProcessFetch(app)) : undefined;
  const manifest = template ? loadClientManifest(config.clientDir) : undefined;
  if (template) await app.register(pageRoutes, { ...routeCtx, template, render, manifest });
  const pageCtx = { db, publicUrl: config.publicUrl, gamesUrl: config.gamesUrl, files: routeCtx.files };

  // Unknown /api paths and the games' path on the site origin are JSON 404s (D2, D60);
  // any other GET is the Not Found page with status 404 (D70).
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split("?")[0];
    const isApi =
      url === "/api" || url.startsWith("/api/") || url.startsWith("/game-frame") || url.startsWith("/uploads/");
    if (!isApi && template && (request.method === "GET" || request.method === "HEAD"))
      return sendNotFoundPage(pageCtx, template, request, reply, render, manifest);
    return reply.code(404).send({ message: "Not found" });
  });

  return app;
}
