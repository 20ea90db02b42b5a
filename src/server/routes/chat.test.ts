import net, { type AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { chatListSchema, chatMessageSchema, type ChatLiveEvent } from "../../contract/chat";
import { buildTestApp, createUserWithSession, describeEachDatabase, type TestApp } from "../../test/test-app";
import { DEFAULT_SETTINGS } from "../context";
import { chatMessagesTable } from "../db/schema";

const SITE = "http://localhost:5000";

async function post(t: TestApp, sid: string | undefined, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: "POST",
    url: "/api/chat",
    payload: payload as object,
    cookies: sid ? { sid } : {},
    headers,
  });
}

async function listen(t: TestApp): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = t.app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/api/chat/live`;
}

type LiveClient = {
  ws: WebSocket;
  events: ChatLiveEvent[];
  next(match: (e: ChatLiveEvent) => boolean, timeoutMs?: number): Promise<ChatLiveEvent>;
  close(): void;
};

/** Opens a live connection and resolves once it is open (rejects with the HTTP status on a refused handshake). */
function openLive(url: string, options: WebSocket.ClientOptions = { origin: SITE }): Promise<LiveClient> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, options);
    const events: ChatLiveEvent[] = [];
    const waiters: Array<{ match: (e: ChatLiveEvent) => boolean; resolve: (e: ChatLiveEvent) => void }> = [];
    ws.on("message", (data) => {
      const event = JSON.parse(String(data)) as ChatLiveEvent;
      events.push(event);
      for (const w of [...waiters]) {
        if (w.match(event)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(event);
        }
      }
    });
    ws.once("unexpected-response", (_req, res) =>
      reject(Object.assign(new Error(`handshake refused: ${res.statusCode}`), { statusCode: res.statusCode })),
    );
    ws.once("error", reject);
    ws.once("open", () =>
      resolve({
        ws,
        events,
        close: () => ws.close(),
        next: (match, timeoutMs = 5000) => {
          const seen = events.find(match);
          if (seen) return Promise.resolve(seen);
          return new Promise((res, rej) => {
            const timer = setTimeout(
              () => rej(new Error(`no matching live event within ${timeoutMs} ms; got ${JSON.stringify(events)}`)),
              timeoutMs,
            );
            waiters.push({ match, resolve: (e) => (clearTimeout(timer), res(e)) });
          });
        },
      }),
    );
  });
}

describeEachDatabase("chat API (D35, D36)", (t) => {
  it("lists the latest messages oldest first, without deleted ones, and pages back with before", async () => {
    const { cookies } = await createUserWithSession(t());
    const ids: number[] = [];
    for (const text of ["first", "second", "third"]) {
      const res = await post(t(), cookies.sid, { message: text });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().id);
    }
    const list = await t().app.inject({ method: "GET", url: "/api/chat" });
    expect(list.statusCode).toBe(200);
    const messages = chatListSchema.parse(list.json());
    expect(messages.slice(-3).map((m) => m.message)).toEqual(["first", "second", "third"]);
    const page = (await t().app.inject({ method: "GET", url: `/api/chat?before=${ids[2]}&limit=1` })).json();
    expect(page.map((m: { id: number }) => m.id)).toEqual([ids[1]]);
    const bad = await t().app.inject({ method: "GET", url: "/api/chat?limit=0" });
    expect(bad.statusCode).toBe(400);
  });

  it("refuses to post signed out (401)", async () => {
    const res = await post(t(), undefined, { message: "hello" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "Not signed in" });
    // Even an invalid body is a 401 first.
    expect((await post(t(), undefined, { message: "  " })).statusCode).toBe(401);
  });

  it("takes the author from the session and ignores a userId in the body (D35)", async () => {
    const author = await createUserWithSession(t());
    const other = await createUserWithSession(t());
    const res = await post(t(), author.cookies.sid, { message: "  mine  ", userId: other.user.id });
    expect(res.statusCode).toBe(201);
    const message = chatMessageSchema.strict().parse(res.json());
    expect(message.user).toEqual({ id: author.user.id, username: author.user.username, avatarUrl: null });
    expect(message.message).toBe("mine");
    const [row] = await t().database.db.select().from(chatMessagesTable).where(eq(chatMessagesTable.id, message.id));
    expect(row.userId).toBe(author.user.id);
  });

  it("validates the message: whitespace and 501 characters are 400 with field errors, 500 is fine", async () => {
    const { cookies } = await createUserWithSession(t());
    const blank = await post(t(), cookies.sid, { message: " \n\t " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual([expect.objectContaining({ path: "message" })]);
    const missing = await post(t(), cookies.sid, {});
    expect(missing.statusCode).toBe(400);
    const long = await post(t(), cookies.sid, { message: "x".repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0]).toMatchObject({ path: "message", message: "At most 500 characters" });
    const max = await post(t(), cookies.sid, { message: "y".repeat(500) });
    expect(max.statusCode).toBe(201);
    expect(max.json().message).toHaveLength(500);
    // Trimming happens before the length check.
    const padded = await post(t(), cookies.sid, { message: `  ${"z".repeat(500)}  ` });
    expect(padded.statusCode).toBe(201);
  });

  it("allows 5 messages per 10 seconds per user; the sixth is 429 with Retry-After (D36)", async () => {
    const { cookies } = await createUserWithSession(t());
    for (let i = 1; i <= 5; i++) expect((await post(t(), cookies.sid, { message: `burst ${i}` })).statusCode).toBe(201);
    const sixth = await post(t(), cookies.sid, { message: "burst 6" });
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(Number(sixth.headers["retry-after"])).toBeLessThanOrEqual(10);
    expect(sixth.json().message).toMatch(/slow down/i);
    // Another player is not affected.
    const other = await createUserWithSession(t());
    expect((await post(t(), other.cookies.sid, { message: "unaffected" })).statusCode).toBe(201);
    const list = (await t().app.inject({ method: "GET", url: "/api/chat?limit=100" })).json() as Array<{
      message: string;
    }>;
    expect(list.some((m) => m.message === "burst 6")).toBe(false);
  });

  it("refuses a cross-site POST (D62)", async () => {
    const { cookies } = await createUserWithSession(t());
    const res = await post(t(), cookies.sid, { message: "csrf" }, { origin: "https://evil.example" });
    expect(res.statusCode).toBe(403);
    const sameSite = await post(t(), cookies.sid, { message: "same site" }, { origin: SITE });
    expect(sameSite.statusCode).toBe(201);
  });

  describe("live channel (D37)", () => {
    let url: string;
    beforeAll(async () => {
      url = await listen(t());
    });

    it("pushes a posted message and a deletion to a connected socket", async () => {
      const client = await openLive(url);
      try {
        const player = await createUserWithSession(t());
        const admin = await createUserWithSession(t(), { role: "admin" });
        const posted = (await post(t(), player.cookies.sid, { message: "live hello" })).json();
        const event = await client.next((e) => e.type === "message" && e.message.id === posted.id);
        expect(event).toEqual({ type: "message", message: posted });
        await t().app.inject({ method: "DELETE", url: `/api/admin/chat/${posted.id}`, cookies: admin.cookies });
        expect(await client.next((e) => e.type === "deleted")).toEqual({ type: "deleted", id: posted.id });
        // Exactly once: no duplicate of either event (D8).
        await new Promise((r) => setTimeout(r, 300));
        expect(client.events.filter((e) => e.type === "message" && e.message.id === posted.id)).toHaveLength(1);
        expect(client.events.filter((e) => e.type === "deleted" && e.id === posted.id)).toHaveLength(1);
      } finally {
        client.close();
      }
    });

    it("accepts a handshake without Origin (non-browser) and ignores what clients send", async () => {
      const client = await openLive(url, {});
      client.ws.send("hello server");
      const player = await createUserWithSession(t());
      const posted = (await post(t(), player.cookies.sid, { message: "still open" })).json();
      await client.next((e) => e.type === "message" && e.message.id === posted.id);
      expect(client.ws.readyState).toBe(WebSocket.OPEN);
      client.close();
    });

    it("refuses a handshake from a foreign Origin with 403 (D62)", async () => {
      await expect(openLive(url, { origin: "https://evil.example" })).rejects.toMatchObject({ statusCode: 403 });
    });

    it("answers an upgrade request to any other path with 404 and closes the connection", async () => {
      const { port } = t().app.server.address() as AddressInfo;
      for (const p of ["/api/games", "/api/chat", "/api/chat/live/extra"]) {
        const result = await new Promise<{ data: string; closed: boolean }>((resolve) => {
          const sock = net.connect(port, "127.0.0.1");
          let data = "";
          sock.on("data", (d) => (data += d));
          sock.on("close", () => resolve({ data, closed: true }));
          setTimeout(() => (sock.destroy(), resolve({ data, closed: false })), 3000);
          sock.write(
            `GET ${p} HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`,
          );
        });
        expect(result.data.startsWith("HTTP/1.1 404")).toBe(true);
        expect(result.closed).toBe(true);
      }
    });

    it("answers a plain GET without upgrade with 426", async () => {
      const res = await t().app.inject({ method: "GET", url: "/api/chat/live" });
      expect(res.statusCode).toBe(426);
    });

    it("closes a socket that sends more than the payload limit (1009)", async () => {
      const client = await openLive(url);
      const closed = new Promise<number>((resolve) => client.ws.once("close", (code) => resolve(code)));
      client.ws.send("x".repeat(DEFAULT_SETTINGS.chatLive.maxPayloadBytes + 1));
      expect(await closed).toBe(1009);
    });
  });
});

describe("live channel limits", () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await buildTestApp("pglite", {
      seed: false,
      settings: { chatLive: { ...DEFAULT_SETTINGS.chatLive, heartbeatMs: 150, maxConnectionsPerAddress: 2 } },
    });
    url = await listen(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("limits connections per client address", async () => {
    const a = await openLive(url);
    const b = await openLive(url);
    await expect(openLive(url)).rejects.toMatchObject({ statusCode: 429 });
    a.close();
    await new Promise((r) => setTimeout(r, 100));
    const c = await openLive(url);
    b.close();
    c.close();
    await new Promise((r) => setTimeout(r, 100));
  });

  it("keeps answering sockets alive and terminates one that stops answering pings", async () => {
    const healthy = await openLive(url);
    const dead = await openLive(url, { origin: SITE, autoPong: false });
    const closed = new Promise<number>((resolve) => dead.ws.once("close", (code) => resolve(code)));
    // Two missed heartbeats at most.
    expect(await closed).toBe(1006);
    await new Promise((r) => setTimeout(r, 400));
    expect(healthy.ws.readyState).toBe(WebSocket.OPEN);
    healthy.close();
  });
});
