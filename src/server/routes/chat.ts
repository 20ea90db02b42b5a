import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import websocket from "@fastify/websocket";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { WebSocket } from "ws";
import {
  CHAT_LIVE_PATH,
  chatListQuerySchema,
  chatListSchema,
  chatMessageSchema,
  postChatSchema,
  type ChatLiveEvent,
} from "../../contract/chat";
import { errorResponses } from "../../contract/common";
import { ACCOUNT_CLOSED_CODE, type PlayerLiveEvent } from "../../contract/player-live";
import {
  liveClientFrameSchema,
  ROOM_FRAME_MAX_BYTES,
  type RoomEventFrame,
  type RoomResultFrame,
} from "../../contract/rooms";
import type { AppContext } from "../context";
import { Forbidden, TooMany } from "../errors";
import { requireUser } from "../plugins/auth";
import { sessionToken } from "../plugins/auth";
import { listChatMessages, postChatMessage } from "../services/chat";
import { MessageRateBucket, RATE_LIMITED_MESSAGE, type RoomMember } from "../services/game-rooms";
import { GUEST_SECRET_PATTERN, guestMember, newGuestSecret, type RoomAnswer } from "../services/room-runtime";
import { sessionIsLive } from "../services/sessions";

/**
 * A live socket. Opened with a session, it also carries that player's personal events (player-hub.ts)
 * until the session ends: checked at every heartbeat.
 */
type LiveSocket = {
  socket: WebSocket;
  address: string;
  alive: boolean;
  player?: { userId: number; token: string; off: () => void };
  /** ADR 027: who plays in rooms on this socket, its id in the rooms' runtime and its D124 rate */
  rooms: {
    user: RoomMember | null;
    guest: RoomMember;
    socketId: string;
    detach: () => void;
    bucket: MessageRateBucket;
  };
};

/** Live public chat (D35): history, posting and the WebSocket (admin deletion: admin/chat.ts). */
export const chatRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db, config, rateLimits, chatHub: hub, playerHub, rooms } = ctx;
  const settings = ctx.settings.chatLive;
  const siteOrigin = new URL(config.publicUrl).origin;
  const secureCookies = config.publicUrl.startsWith("https:");
  const guestCookie = secureCookies ? "__Host-guest" : "guest";
  const guestCookiePattern = new RegExp(`(?:^|;\\s*)${guestCookie}=([^;]*)`);
  /** the guest secret made at a handshake that brought none, for the socket's handler */
  const newGuestSecrets = new WeakMap<IncomingMessage, string>();
  const roomsNow = () => ctx.settings.now().getTime();

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

  /** A socket whose session has ended stops receiving that player's events (it stays on the public chat). */
  async function checkPlayer(entry: LiveSocket) {
    const player = entry.player;
    if (!player) return;
    let live: boolean;
    try {
      live = await sessionIsLive(db, player.token, new Date(), app.sessionCache);
    } catch {
      return; // the database is away: decide at the next heartbeat
    }
    if (!live && entry.player === player) detachPlayer(entry);
  }

  function detachPlayer(entry: LiveSocket) {
    const player = entry.player;
    if (!player) return;
    entry.player = undefined;
    player.off();
    ctx.presence.onSocket(player.userId, "close");
  }

  const heartbeat = setInterval(() => {
    for (const entry of sockets) {
      if (!entry.alive) {
        entry.socket.terminate();
        continue;
      }
      void checkPlayer(entry);
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
    // On shutdown every page is told why (1001 Going Away) and reconnects with backoff;
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
  // ADR 027: a visitor without a guest cookie gets one with the handshake (a reload then finds the same seat)
  app.websocketServer.on("headers", (headers: string[], req: IncomingMessage) => {
    const sent = guestCookiePattern.exec(req.headers.cookie ?? "")?.[1];
    if (sent && GUEST_SECRET_PATTERN.test(sent)) return;
    const secret = newGuestSecret();
    newGuestSecrets.set(req, secret);
    headers.push(
      `Set-Cookie: ${guestCookie}=${secret}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax${secureCookies ? "; Secure" : ""}`,
    );
  });
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
    socket.end(
      `HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  };
  server.on("upgrade", onUpgrade);
  app.addHook("preClose", async () => {
    server.removeListener("upgrade", onUpgrade);
    // The plugin has started a close handshake with every socket; a client that does not answer
    // must not hold the shutdown (the server waits for its connections).
    for (const entry of sockets) setTimeout(() => entry.socket.terminate(), 1000).unref();
  });

  /** D124: one frame from a page: checked for size before it is read, counted, then a room request is answered. */
  function onClientFrame(entry: LiveSocket, data: WebSocket.RawData) {
    const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    const answer = (id: RoomResultFrame["id"], result: RoomAnswer) =>
      send(entry, JSON.stringify({ type: "room-result", id, ...result } satisfies RoomResultFrame));
    if (buffer.length > ROOM_FRAME_MAX_BYTES) {
      rooms.countRejectedFrame("size");
      answer(sniffRequestId(buffer), {
        ok: false,
        error: { code: "message_too_large", message: `A room frame can be at most ${ROOM_FRAME_MAX_BYTES} bytes` },
      });
      return;
    }
    if (!entry.rooms.bucket.take(roomsNow())) {
      rooms.countRejectedFrame("rate");
      answer(sniffRequestId(buffer), { ok: false, error: { code: "rate_limited", message: RATE_LIMITED_MESSAGE } });
      return;
    }
    let frame: unknown;
    try {
      frame = JSON.parse(buffer.toString("utf8"));
    } catch {
      return;
    }
    const type = (frame as { type?: unknown } | null)?.type;
    if (type !== "room" && type !== "room-frame-closed") return;
    const parsed = liveClientFrameSchema.safeParse(frame);
    if (!parsed.success) {
      answer(sniffRequestId(buffer), {
        ok: false,
        error: { code: "invalid", message: parsed.error.issues[0]?.message ?? "That frame is not valid" },
      });
      return;
    }
    const { socketId, user, guest } = entry.rooms;
    if (parsed.data.type === "room-frame-closed") {
      rooms.closeFrame(socketId, parsed.data.frame);
      return;
    }
    const { id, frame: gameFrame, gameId, request } = parsed.data;
    // a session that has ended (signed out elsewhere) plays on as the socket's guest
    const member = user && entry.player ? user : guest;
    void rooms.request(socketId, member, gameFrame, gameId, request).then((result) => answer(id, result));
  }

  // ---- history ------------------------------------------------------------------------------
  // D36: the latest messages, oldest first; `before` pages back.
  app.get(
    "/api/chat",
    { schema: { querystring: chatListQuerySchema, response: { 200: chatListSchema, ...errorResponses(400) } } },
    async (request) => listChatMessages(db, request.query),
  );

  // ---- posting ------------------------------------------------------------------------------
  // D35: the author is the session's user (a `userId` in the body is dropped by the schema).
  app.post(
    "/api/chat",
    {
      // 401 before validation: a signed-out visitor learns that first.
      preValidation: async (request) => {
        requireUser(request);
      },
      schema: {
        body: postChatSchema,
        response: { 201: chatMessageSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await rateLimits.enforce("chat", `chat:${user.id}`);
      const message = await postChatMessage(db, user, request.body.message);
      // The insert has committed (autocommit): now tell every page, on every process.
      await hub.publish({ type: "message", message });
      return reply.code(201).send(message);
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
    handler: async (_request, reply) =>
      reply.code(426).header("Upgrade", "websocket").send({ message: "This endpoint needs a WebSocket connection" }),
    wsHandler: (socket, request) => {
      const address = request.ip;
      const count = perAddress.get(address) ?? 0;
      // Two handshakes may have passed the check at once: the limit still holds.
      if (count >= settings.maxConnectionsPerAddress) {
        socket.close(1008, "Too many connections");
        return;
      }
      perAddress.set(address, count + 1);
      const sentSecret = request.cookies[guestCookie];
      const guestSecret =
        newGuestSecrets.get(request.raw) ??
        (sentSecret && GUEST_SECRET_PATTERN.test(sentSecret) ? sentSecret : newGuestSecret());
      const user = request.user;
      const attached = rooms.attachSocket((frame, event) =>
        send(entry, JSON.stringify({ type: "room-event", frame, event } satisfies RoomEventFrame)),
      );
      const entry: LiveSocket = {
        socket,
        address,
        alive: true,
        rooms: {
          user: user ? { kind: "user", userId: user.id, name: user.username, avatarUrl: user.avatarUrl } : null,
          guest: guestMember(guestSecret),
          ...attached,
          bucket: new MessageRateBucket(roomsNow()),
        },
      };
      sockets.add(entry);
      const token = sessionToken(request);
      if (request.user && token) {
        const userId = request.user.id;
        const onEvent = (event: PlayerLiveEvent) => {
          // D96: a ban closes the player's sockets at once (they may reconnect, signed out, to the public chat)
          if (event.type === "account-closed") entry.socket.close(ACCOUNT_CLOSED_CODE, "Account closed");
          else send(entry, JSON.stringify(event));
        };
        entry.player = { userId, token, off: playerHub.subscribe(userId, onEvent) };
        ctx.presence.onSocket(userId, "open");
      }
      socket.on("pong", () => {
        entry.alive = true;
      });
      // Clients send room frames (ADR 027); anything else is ignored.
      socket.on("message", (data, isBinary) => {
        if (!isBinary) onClientFrame(entry, data);
      });
      socket.on("close", () => {
        if (!sockets.delete(entry)) return;
        entry.rooms.detach();
        detachPlayer(entry);
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left <= 0) perAddress.delete(address);
        else perAddress.set(address, left);
      });
    },
  });
};

/** The request id of a frame the server will not parse (too large, over the rate): read from its first characters. */
function sniffRequestId(frame: Buffer): RoomResultFrame["id"] {
  const head = frame.subarray(0, 300).toString("utf8");
  const match = /"id"\s*:\s*(?:"([A-Za-z0-9_.:-]{1,64})"|(\d{1,15}))/.exec(head);
  if (!match) return null;
  return match[1] ?? Number(match[2]);
}
