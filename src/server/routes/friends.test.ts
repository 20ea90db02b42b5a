import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { PlayerLiveEvent } from "../../contract/player-live";
import { insertGame } from "../../test/factories";
import { score } from "../../test/scores";
import {
  buildTestApp,
  createUserWithSession,
  describeEachDatabase,
  TEST_PASSWORD_HASH_COST,
  type TestApp,
} from "../../test/test-app";
import { buildApp } from "../app";
import { createDb, type Database } from "../db/client";
import { usersTable } from "../db/schema";

const SITE = "http://localhost:5000";
type Player = Awaited<ReturnType<typeof createUserWithSession>>;

/** A live socket opened with a player's session, recording the personal events it receives. */
function openLive(url: string, player: Player | null) {
  return new Promise<{
    events: PlayerLiveEvent[];
    next(match: (e: PlayerLiveEvent) => boolean, ms?: number): Promise<PlayerLiveEvent>;
    close(): void;
  }>((resolve, reject) => {
    const ws = new WebSocket(url, { origin: SITE, headers: player ? { cookie: `sid=${player.sid}` } : {} });
    const events: PlayerLiveEvent[] = [];
    const waiters: Array<{ match: (e: PlayerLiveEvent) => boolean; done: (e: PlayerLiveEvent) => void }> = [];
    ws.on("message", (data) => {
      const event = JSON.parse(String(data)) as PlayerLiveEvent;
      events.push(event);
      for (const w of [...waiters]) {
        if (!w.match(event)) continue;
        waiters.splice(waiters.indexOf(w), 1);
        w.done(event);
      }
    });
    ws.once("error", reject);
    ws.once("open", () =>
      resolve({
        events,
        close: () => ws.close(),
        next: (match, ms = 3000) => {
          const seen = events.find(match);
          if (seen) return Promise.resolve(seen);
          return new Promise((res, rej) => {
            const timer = setTimeout(
              () => rej(new Error(`no matching live event in ${ms} ms; got ${JSON.stringify(events)}`)),
              ms,
            );
            waiters.push({ match, done: (e) => (clearTimeout(timer), res(e)) });
          });
        },
      }),
    );
  });
}

async function listen(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/chat/live`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeEachDatabase(
  "friends, blocks, presence and notifications (D84, D85, D100)",
  (t) => {
    const call = (player: Player | undefined, method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
      t().app.inject({ method, url, cookies: player?.cookies, ...(payload ? { payload } : {}) });
    const lists = async (p: Player) => (await call(p, "GET", "/api/friends")).json();
    const notes = async (p: Player) => (await call(p, "GET", "/api/notifications")).json();

    it("every route needs a session (401), before any validation error", async () => {
      for (const [method, url] of [
        ["GET", "/api/friends"],
        ["GET", "/api/friends/1"],
        ["POST", "/api/friends/1"],
        ["DELETE", "/api/friends/nope"],
        ["POST", "/api/blocks/1"],
        ["DELETE", "/api/blocks/1"],
        ["GET", "/api/notifications"],
        ["POST", "/api/notifications/read"],
      ] as const) {
        const res = await call(undefined, method, url, method === "GET" ? undefined : {});
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ message: "Not signed in" });
      }
    });

    it("request → accept: both are friends, requests are gone, each side is notified (D84, D85)", async () => {
      const a = await createUserWithSession(t());
      const b = await createUserWithSession(t());
      const sent = await call(a, "POST", `/api/friends/${b.user.id}`);
      expect(sent.statusCode).toBe(201);
      expect(sent.json()).toEqual({ status: "requested" });
      // Asking again changes nothing (200).
      expect((await call(a, "POST", `/api/friends/${b.user.id}`)).statusCode).toBe(200);
      expect((await lists(a)).outgoing.map((u: { id: number }) => u.id)).toEqual([b.user.id]);
      expect((await lists(b)).incoming.map((u: { id: number }) => u.id)).toEqual([a.user.id]);
      const bNotes = await notes(b);
      expect(bNotes.unread).toBe(1);
      expect(bNotes.items[0]).toMatchObject({
        kind: "friend_request",
        actor: { id: a.user.id, username: a.user.username },
        readAt: null,
        link: "/friends",
      });
      expect((await call(b, "GET", `/api/friends/${a.user.id}`)).json()).toEqual({
        friends: false,
        incoming: true,
        outgoing: false,
        blocked: false,
        presence: null,
      });

      const accepted = await call(b, "POST", `/api/friends/${a.user.id}`);
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toEqual({ status: "friends" });
      const la = await lists(a);
      expect(la.friends).toEqual([
        { id: b.user.id, username: b.user.username, avatarUrl: null, presence: { status: "offline" }, room: null },
      ]);
      expect(la.outgoing).toEqual([]);
      expect((await lists(b)).incoming).toEqual([]);
      expect((await notes(a)).items[0]).toMatchObject({ kind: "friend_accepted", actor: { id: b.user.id } });
      expect((await call(a, "GET", `/api/friends/${b.user.id}`)).json()).toMatchObject({
        friends: true,
        presence: { status: "offline" },
      });
    });

    it("requests both ways make a friendship at once; decline, cancel and remove are DELETE (204, idempotent)", async () => {
      const a = await createUserWithSession(t());
      const b = await createUserWithSession(t());
      const c = await createUserWithSession(t());
      await call(a, "POST", `/api/friends/${b.user.id}`);
      // b declines
      expect((await call(b, "DELETE", `/api/friends/${a.user.id}`)).statusCode).toBe(204);
      expect((await lists(a)).outgoing).toEqual([]);
      // a asks c, then cancels
      await call(a, "POST", `/api/friends/${c.user.id}`);
      expect((await call(a, "DELETE", `/api/friends/${c.user.id}`)).statusCode).toBe(204);
      expect((await lists(c)).incoming).toEqual([]);
      expect((await call(a, "DELETE", `/api/friends/${c.user.id}`)).statusCode).toBe(204);
      // friends, then removed
      await call(a, "POST", `/api/friends/${b.user.id}`);
      await call(b, "POST", `/api/friends/${a.user.id}`);
      expect((await lists(b)).friends.map((u: { id: number }) => u.id)).toEqual([a.user.id]);
      expect((await call(b, "DELETE", `/api/friends/${a.user.id}`)).statusCode).toBe(204);
      expect((await lists(a)).friends).toEqual([]);
      expect((await lists(b)).friends).toEqual([]);
    });

    it("refuses oneself (400), unknown or disabled players (404) and malformed ids (400)", async () => {
      const a = await createUserWithSession(t());
      const gone = await createUserWithSession(t());
      await t().database.db.update(usersTable).set({ disabledAt: new Date() }).where(eq(usersTable.id, gone.user.id));
      expect((await call(a, "POST", `/api/friends/${a.user.id}`)).statusCode).toBe(400);
      expect((await call(a, "POST", `/api/friends/999999`)).statusCode).toBe(404);
      expect((await call(a, "POST", `/api/friends/${gone.user.id}`)).statusCode).toBe(404);
      expect((await call(a, "POST", `/api/blocks/999999`)).statusCode).toBe(404);
      expect((await call(a, "POST", `/api/friends/abc`)).statusCode).toBe(400);
    });

    it("a block ends friendship and requests both ways, stops new requests both ways and wipes the blocked player's notifications (D84)", async () => {
      const a = await createUserWithSession(t());
      const b = await createUserWithSession(t());
      await call(b, "POST", `/api/friends/${a.user.id}`);
      await call(a, "POST", `/api/friends/${b.user.id}`);
      expect((await notes(a)).items.some((n: { actor: { id: number } | null }) => n.actor?.id === b.user.id)).toBe(
        true,
      );

      expect((await call(a, "POST", `/api/blocks/${b.user.id}`)).statusCode).toBe(204);
      expect((await call(a, "POST", `/api/blocks/${b.user.id}`)).statusCode).toBe(204);
      const la = await lists(a);
      expect(la.friends).toEqual([]);
      expect(la.blocked.map((u: { id: number }) => u.id)).toEqual([b.user.id]);
      expect((await lists(b)).friends).toEqual([]);
      // No trace of b in a's notifications.
      expect((await notes(a)).items.filter((n: { actor: { id: number } | null }) => n.actor?.id === b.user.id)).toEqual(
        [],
      );
      // Neither can ask the other; the blocked one is not told why.
      const byB = await call(b, "POST", `/api/friends/${a.user.id}`);
      expect(byB.statusCode).toBe(403);
      expect(byB.json().message).not.toMatch(/block/i);
      expect((await call(a, "POST", `/api/friends/${b.user.id}`)).json()).toEqual({
        message: "You have blocked this player. Unblock them first.",
      });
      // b does not learn of the block from the relationship either.
      expect((await call(b, "GET", `/api/friends/${a.user.id}`)).json()).toEqual({
        friends: false,
        incoming: false,
        outgoing: false,
        blocked: false,
        presence: null,
      });
      expect((await call(a, "GET", `/api/friends/${b.user.id}`)).json()).toMatchObject({ blocked: true });

      expect((await call(a, "DELETE", `/api/blocks/${b.user.id}`)).statusCode).toBe(204);
      expect((await lists(a)).blocked).toEqual([]);
      expect((await call(b, "POST", `/api/friends/${a.user.id}`)).statusCode).toBe(201);
    });

    it("a notification kind turned off is not stored (D87 choices)", async () => {
      const a = await createUserWithSession(t());
      const b = await createUserWithSession(t());
      await t()
        .database.db.update(usersTable)
        .set({ notificationPrefs: { friend_request: false } })
        .where(eq(usersTable.id, b.user.id));
      await call(a, "POST", `/api/friends/${b.user.id}`);
      expect((await notes(b)).items).toEqual([]);
      expect((await lists(b)).incoming.map((u: { id: number }) => u.id)).toEqual([a.user.id]);
    });

    it("a friend beating your best on a game notifies you once, strangers never; a first score notifies 'achievement unlocked' (D85)", async () => {
      const game = await insertGame(t(), { title: "Beat Me" });
      const a = await createUserWithSession(t());
      const b = await createUserWithSession(t());
      const c = await createUserWithSession(t());
      await call(a, "POST", `/api/friends/${b.user.id}`);
      await call(b, "POST", `/api/friends/${a.user.id}`);
      await score(t(), b, game.id, 100);
      await score(t(), c, game.id, 50);
      const beaten = async (p: Player) =>
        (await notes(p)).items.filter((n: { kind: string }) => n.kind === "score_beaten");
      await score(t(), a, game.id, 80);
      expect(await beaten(b)).toEqual([]);
      await score(t(), a, game.id, 150);
      expect(await beaten(b)).toEqual([
        expect.objectContaining({
          kind: "score_beaten",
          actor: expect.objectContaining({ id: a.user.id }),
          game: { id: game.id, title: "Beat Me" },
          text: "150",
          link: `/game/${game.id}`,
        }),
      ]);
      await score(t(), a, game.id, 200);
      expect(await beaten(b)).toHaveLength(1);
      expect(await beaten(c)).toEqual([]);
      const mine = (await notes(a)).items.filter((n: { kind: string }) => n.kind === "achievement");
      expect(mine.map((n: { text: string }) => n.text)).toContain("First Steps");
    });

    it("presence: friends who share it see 'Online' while a socket is open and 'Playing {game}'; others see nothing (D84)", async () => {
      const url = await listen(t().app);
      const a = await createUserWithSession(t());
      const b = await createUserWithSession(t());
      const stranger = await createUserWithSession(t());
      await call(a, "POST", `/api/friends/${b.user.id}`);
      await call(b, "POST", `/api/friends/${a.user.id}`);
      const game = await insertGame(t(), { title: "Presence Game" });

      const bSocket = await openLive(url, b);
      const aSocket = await openLive(url, a);
      try {
        // a has not turned presence on: offline to b, and no event.
        await sleep(200);
        expect((await lists(b)).friends[0].presence).toEqual({ status: "offline" });
        await t().database.db.update(usersTable).set({ presenceEnabled: true }).where(eq(usersTable.id, a.user.id));
        expect((await call(a, "POST", "/api/presence", { gameId: game.id })).statusCode).toBe(204);
        const event = await bSocket.next((e) => e.type === "presence" && e.userId === a.user.id);
        expect(event).toEqual({
          type: "presence",
          userId: a.user.id,
          presence: { status: "playing", game: { id: game.id, title: "Presence Game" } },
        });
        expect((await lists(b)).friends[0].presence).toEqual({
          status: "playing",
          game: { id: game.id, title: "Presence Game" },
        });
        await call(a, "POST", "/api/presence", { gameId: null });
        expect((await lists(b)).friends[0].presence).toEqual({ status: "online" });
        // A stranger learns nothing.
        expect((await call(stranger, "GET", `/api/friends/${a.user.id}`)).json().presence).toBeNull();
        expect((await call(a, "POST", "/api/presence", { gameId: 999999 })).statusCode).toBe(404);
      } finally {
        aSocket.close();
        bSocket.close();
      }
    });

    it("turning presence sharing on or off in Settings tells friends at once (D84, D87)", async () => {
      const url = await listen(t().app);
      const a = await createUserWithSession(t());
      const b = await createUserWithSession(t());
      await call(a, "POST", `/api/friends/${b.user.id}`);
      await call(b, "POST", `/api/friends/${a.user.id}`);
      const bSocket = await openLive(url, b);
      const aSocket = await openLive(url, a);
      try {
        await sleep(200);
        const patch = (presenceEnabled: boolean) =>
          t().app.inject({
            method: "PATCH",
            url: "/api/me/settings",
            cookies: a.cookies,
            payload: { presenceEnabled },
          });
        expect((await patch(true)).statusCode).toBe(200);
        await bSocket.next((e) => e.type === "presence" && e.userId === a.user.id && e.presence.status === "online");
        expect((await patch(false)).statusCode).toBe(200);
        await bSocket.next((e) => e.type === "presence" && e.userId === a.user.id && e.presence.status === "offline");
        expect((await lists(b)).friends[0].presence).toEqual({ status: "offline" });
      } finally {
        aSocket.close();
        bSocket.close();
      }
    });

    it("a notification reaches the player's own open sockets live, and nobody else's (D85)", async () => {
      const url = await listen(t().app);
      const a = await createUserWithSession(t());
      const b = await createUserWithSession(t());
      const bSocket = await openLive(url, b);
      const anonymous = await openLive(url, null);
      const aSocket = await openLive(url, a);
      try {
        await call(a, "POST", `/api/friends/${b.user.id}`);
        const live = await bSocket.next((e) => e.type === "notification");
        expect(live).toMatchObject({
          type: "notification",
          unread: 1,
          notification: { kind: "friend_request", actor: { id: a.user.id } },
        });
        await aSocket.next((e) => e.type === "friends-changed");
        await sleep(200);
        expect(anonymous.events.filter((e) => e.type === "notification" || e.type === "friends-changed")).toEqual([]);
        expect(aSocket.events.filter((e) => e.type === "notification")).toEqual([]);
      } finally {
        aSocket.close();
        bSocket.close();
        anonymous.close();
      }
    });
  },
  { seed: false },
);

const hasPostgres = !!process.env.TEST_DATABASE_URL;

describe("notifications across two server processes on one PostgreSQL database (D85)", () => {
  let t: TestApp;
  let second: Database;
  let appB: FastifyInstance;

  beforeAll(async () => {
    if (!hasPostgres) return;
    t = await buildTestApp("postgres", { seed: false });
    second = await createDb({ kind: "postgres", url: t.config.databaseUrl!, max: 3 });
    appB = await buildApp({
      config: t.config,
      database: second,
      settings: { passwordHashCost: TEST_PASSWORD_HASH_COST },
      verifySerialisation: true,
    });
  });
  afterAll(async () => {
    await appB?.close();
    await second?.close();
    await t?.close();
  });

  it.skipIf(!hasPostgres)(
    "a request sent through process A reaches the player's socket on process B (needs TEST_DATABASE_URL)",
    async () => {
      const a = await createUserWithSession(t);
      const b = await createUserWithSession(t);
      const socket = await openLive(await listen(appB), b);
      try {
        const sent = await t.app.inject({ method: "POST", url: `/api/friends/${b.user.id}`, cookies: a.cookies });
        expect(sent.statusCode).toBe(201);
        const live = await socket.next((e) => e.type === "notification", 3000);
        expect(live).toMatchObject({ notification: { kind: "friend_request", actor: { id: a.user.id } }, unread: 1 });
        await sleep(300);
        expect(socket.events.filter((e) => e.type === "notification")).toHaveLength(1);
      } finally {
        socket.close();
      }
    },
  );
});
