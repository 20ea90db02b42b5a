import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import websocket from "@fastify/websocket";
import { z } from "zod";
import type { WebSocket } from "ws";
import { and, desc, eq, isNull, lt } from "drizzle-orm";
import {
  CHAT_LIVE_PATH,
  CHAT_RATE_LIMIT,
  chatListQuerySchema,
  chatListSchema,
  chatMessageSchema,
  postChatSchema,
  type ChatLiveEvent,
  type ChatMessage,
} from "../../contract/chat";
import { errorResponseSchema, idParamSchema } from "../../contract/common";
import type { AppContext } from "../app";
import type { Db } from "../db/client";
import { chatMessagesTable, usersTable } from "../db/schema";
import { requireAdmin, requireUser } from "../plugins/auth";
import { Forbidden, NotFound, TooMany } from "../errors";
import { enforceRateLimit } from "../services/rate-limit";
import { ChatHub } from "../services/chat-hub";

/**
 * Limits of the live channel (D37). Exported so that tests can shorten the heartbeat before
 * building an app; production uses the defaults.
 */
export const chatLiveSettings = {
  /** a ping every 30 s; a socket that has not answered the previous ping is terminated */
  heartbeatMs: 30_000,
  /** open sockets per client address (request.ip, which honours TRUST_PROXY) */
  maxConnectionsPerAddress: 20,
  /** the server ignores what clients send; anything larger than this closes the socket (1009) */
  maxPayloadBytes: 1024,
  /** a client that does not read (more than this queued) is dropped rather than buffered without end */
  maxBufferedBytes: 1024 * 1024,
};

const selectMessage = {
  id: chatMessagesTable.id,
  message: chatMessagesTable.message,
  createdAt: chatMessagesTable.createdAt,
  userId: usersTable.id,
  username: usersTable.username,
  avatarUrl: usersTable.avatarUrl,
};
type MessageRow = { id: number; message: string; createdAt: Date; userId: number; username: string; avatarUrl: string | null };

function toChatMessage(r: MessageRow): ChatMessage {
  return { id: r.id, message: r.message, createdAt: r.createdAt.toISOString(), user: { id: r.userId, username: r.username, avatarUrl: r.avatarUrl } };
}

async function loadMessage(db: Db, id: number): Promise<ChatMessage | null> {
  const [row] = await db
    .select(selectMessage)
    .from(chatMessagesTable)
    .innerJoin(usersTable, eq(usersTable.id, chatMessagesTable.userId))
    .where(and(eq(chatMessagesTable.id, id), isNull(chatMessagesTable.deletedAt)));
  return row ? toChatMessage(row) : null;
}

type LiveSocket = { socket: WebSocket; address: string; alive: boolean };

/** Live public chat (issue 6, D35–D37): history, posting, admin deletion and the WebSocket. */
export const chatRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, database, config }) => {
  const settings = { ...chatLiveSettings };
  const siteOrigin = new URL(config.publicUrl).origin;

  // D8: in-process fan-out, plus LISTEN/NOTIFY between processes on PostgreSQL.
  const hub = new ChatHub(database, { logger: app.log, loadMessage: (id) => loadMessage(db, id) });
  await hub.start();

  // ---- live sockets -------------------------------------------------------------------------
  const sockets = new Set<LiveSocket>();
  const perAddress = new Map<string, number>();

  function send(entry: LiveSocket, text: string) {
    if (entry.socket.readyState !== entry.socket.OPEN) return;
    if (entry.socket.bufferedAmount > settings.maxBufferedBytes) {
      entry.socket.terminate();
      return;
    }
    entry.socket.send(text);
  }

  const unsubscribe = hub.subscribe((event: ChatLiveEvent) => {
    const text = JSON.stringify(event);
    for (const entry of sockets) send(entry, text);
  });

  const heartbeat = setInterval(() => {
    for (const entry of sockets) {
      if (!entry.alive) {
        entry.socket.terminate();
        continue;
      }
      entry.alive = false;
      try {
        entry.socket.ping();
      } catch {
        entry.socket.terminate();
      }
    }
  }, settings.heartbeatMs);
  heartbeat.unref();

  app.addHook("onClose", async () => {
    clearInterval(heartbeat);
    unsubscribe();
    for (const entry of sockets) entry.socket.terminate();
    sockets.clear();
    await hub.close();
  });

  // Scoped to this plugin: only the chat routes see the WebSocket hooks.
  const server = app.server;
  const upgradeListenersBefore = new Set(server.listeners("upgrade"));
  await app.register(websocket, {
    options: { maxPayload: settings.maxPayloadBytes, perMessageDeflate: false, clientTracking: true },
    errorHandler: (error, socket, request) => {
      request.log.warn({ err: error }, "chat: live socket error");
      socket.terminate();
    },
    // Issue 8: on shutdown every page is told why (1001 Going Away) and reconnects with backoff;
    // the plugin's default would close without a code (1005).
    preClose: async () => {
      for (const entry of sockets) entry.socket.close(1001, "Server shutting down");
      app.websocketServer.close();
    },
  });
  // @fastify/websocket listens to every upgrade request on the server and routes it like an HTTP
  // request; for a path without a WebSocket handler the answer is written but the socket is never
  // closed (it lingers, and app.close() waits for it). Only the chat path is handed to the plugin;
  // any other upgrade request gets a 404 and the connection is closed.
  const pluginUpgradeListeners = server.listeners("upgrade").filter((l) => !upgradeListenersBefore.has(l)) as Array<
    (req: IncomingMessage, socket: Duplex, head: Buffer) => void
  >;
  for (const listener of pluginUpgradeListeners) server.removeListener("upgrade", listener);
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if ((req.url ?? "").split("?")[0] === CHAT_LIVE_PATH) {
      for (const listener of pluginUpgradeListeners) listener.call(server, req, socket, head);
      return;
    }
    socket.on("error", () => socket.destroy());
    const body = JSON.stringify({ message: "Not found" });
    socket.end(`HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  };
  server.on("upgrade", onUpgrade);
  app.addHook("preClose", async () => {
    server.removeListener("upgrade", onUpgrade);
    // The plugin has started a close handshake with every socket; a client that does not answer
    // must not hold the shutdown (the server waits for its connections).
    for (const entry of sockets) setTimeout(() => entry.socket.terminate(), 1000).unref();
  });

  // ---- history ------------------------------------------------------------------------------
  // D36: the latest messages, oldest first; `before` pages back.
  app.get(
    "/api/chat",
    { schema: { querystring: chatListQuerySchema, response: { 200: chatListSchema, 400: errorResponseSchema } } },
    async (request) => {
      const { before, limit } = request.query;
      const rows = await db
        .select(selectMessage)
        .from(chatMessagesTable)
        .innerJoin(usersTable, eq(usersTable.id, chatMessagesTable.userId))
        .where(and(isNull(chatMessagesTable.deletedAt), before ? lt(chatMessagesTable.id, before) : undefined))
        .orderBy(desc(chatMessagesTable.id))
        .limit(limit);
      return rows.reverse().map(toChatMessage);
    },
  );

  // ---- posting ------------------------------------------------------------------------------
  // D35/D36: the author is the session's user (a `userId` in the body is dropped by the schema).
  app.post(
    "/api/chat",
    {
      // 401 before validation: a signed-out visitor learns that first.
      preValidation: async (request) => {
        requireUser(request);
      },
      schema: {
        body: postChatSchema,
        response: { 201: chatMessageSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceRateLimit(
        db,
        `chat:${user.id}`,
        CHAT_RATE_LIMIT.limit,
        CHAT_RATE_LIMIT.windowMs,
        "You are sending messages too quickly. Please slow down.",
      );
      const [row] = await db.insert(chatMessagesTable).values({ userId: user.id, message: request.body.message }).returning();
      const message: ChatMessage = {
        id: row.id,
        message: row.message,
        createdAt: row.createdAt.toISOString(),
        user: { id: user.id, username: user.username, avatarUrl: user.avatarUrl },
      };
      // The insert has committed (autocommit): now tell every page, on every process.
      await hub.publish({ type: "message", message });
      return reply.code(201).send(message);
    },
  );

  // ---- admin deletion -----------------------------------------------------------------------
  // D37/D43: admins only (401 without a session, 403 for a player); a soft delete.
  app.delete(
    "/api/admin/chat/:id",
    {
      preValidation: async (request) => {
        requireAdmin(request);
      },
      schema: {
        params: idParamSchema,
        response: { 204: z.null(), 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const [row] = await db
        .update(chatMessagesTable)
        .set({ deletedAt: new Date() })
        .where(and(eq(chatMessagesTable.id, request.params.id), isNull(chatMessagesTable.deletedAt)))
        .returning({ id: chatMessagesTable.id });
      if (!row) throw new NotFound("Message not found");
      await hub.publish({ type: "deleted", id: row.id });
      return reply.code(204).send(null);
    },
  );

  // ---- live channel -------------------------------------------------------------------------
  function checkHandshake(request: FastifyRequest) {
    // D62: a browser always sends Origin on a WebSocket handshake; only the site's own is accepted
    // (cross-site WebSocket hijacking). Non-browser clients without Origin may connect: the channel is public.
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== siteOrigin) throw new Forbidden("Cross-site WebSocket refused");
    if ((perAddress.get(request.ip) ?? 0) >= settings.maxConnectionsPerAddress) {
      throw new TooMany("Too many live connections from this address", 30);
    }
  }

  app.route({
    method: "GET",
    url: CHAT_LIVE_PATH,
    preValidation: async (request) => {
      if (request.ws) checkHandshake(request);
    },
    // A plain HTTP GET (no upgrade) is told to upgrade.
    handler: async (_request, reply) => reply.code(426).header("Upgrade", "websocket").send({ message: "This endpoint needs a WebSocket connection" }),
    wsHandler: (socket, request) => {
      const address = request.ip;
      const count = perAddress.get(address) ?? 0;
      // Two handshakes may have passed the check at once: the limit still holds.
      if (count >= settings.maxConnectionsPerAddress) {
        socket.close(1008, "Too many connections");
        return;
      }
      perAddress.set(address, count + 1);
      const entry: LiveSocket = { socket, address, alive: true };
      sockets.add(entry);
      socket.on("pong", () => {
        entry.alive = true;
      });
      // The channel is server → client only: whatever a client sends is ignored.
      socket.on("message", () => {});
      socket.on("close", () => {
        if (!sockets.delete(entry)) return;
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left <= 0) perAddress.delete(address);
        else perAddress.set(address, left);
      });
    },
  });
};
