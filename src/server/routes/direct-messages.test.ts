import type { AddressInfo } from "node:net";
import { and, eq, or } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import {
  DIRECT_MESSAGE_MAX_LENGTH,
  DIRECT_MESSAGE_REFUSALS,
  DIRECT_MESSAGES_SETTING,
} from "../../contract/direct-messages";
import type { PlayerLiveEvent } from "../../contract/player-live";
import { insertBlock, insertDirectMessage, insertFriendship } from "../../test/factories";
import { asAdmin, createUserWithSession, describeEachDatabase, type TestApp } from "../../test/test-app";
import { directMessagesTable, friendshipsTable } from "../db/schema";

const SITE = "http://localhost:5000";
/** A low limit for this suite, so that the rate limit is reached in a few requests. */
const TEST_DM_LIMIT = 4;

type Player = Awaited<ReturnType<typeof createUserWithSession>>;

async function unfriend(t: TestApp, a: Player, b: Player) {
  await t.database.db
    .delete(friendshipsTable)
    .where(
      or(
        and(eq(friendshipsTable.userId, a.user.id), eq(friendshipsTable.friendId, b.user.id)),
        and(eq(friendshipsTable.userId, b.user.id), eq(friendshipsTable.friendId, a.user.id)),
      ),
    );
}

/** D84: a block ends the friendship. */
async function block(t: TestApp, blocker: Player, blocked: Player) {
  await unfriend(t, blocker, blocked);
  await insertBlock(t, blocker.user.id, blocked.user.id);
}

/** Messages written straight to the table (paging needs more than the rate limit lets through). */
async function insertMessages(t: TestApp, from: Player, to: Player, bodies: string[]) {
  const ids: number[] = [];
  for (const body of bodies)
    ids.push((await insertDirectMessage(t, { senderId: from.user.id, recipientId: to.user.id, body })).id);
  return ids;
}

describeEachDatabase(
  "direct messages API (D88, D100)",
  (t) => {
    const { req: asAdminReq } = asAdmin(t);
    const send = (from: Player | undefined, to: number, payload: unknown) =>
      t().app.inject({
        method: "POST",
        url: `/api/messages/${to}`,
        cookies: from?.cookies,
        payload: payload as object,
      });
    const get = (who: Player | undefined, url: string) => t().app.inject({ method: "GET", url, cookies: who?.cookies });
    const unread = async (who: Player) => (await get(who, "/api/messages/unread")).json().unread as number;

    async function friends(): Promise<[Player, Player]> {
      const a = await createUserWithSession(t());
      const b = await createUserWithSession(t());
      await insertFriendship(t(), a.user.id, b.user.id);
      return [a, b];
    }

    async function setSwitch(value: string) {
      const res = await asAdminReq("PATCH", "/api/admin/settings", { site: { [DIRECT_MESSAGES_SETTING]: value } });
      expect(res.statusCode).toBe(200);
    }

    it("D100: every route needs a session (401), before any validation", async () => {
      const b = await createUserWithSession(t());
      for (const url of [
        "/api/messages",
        "/api/messages/unread",
        `/api/messages/${b.user.id}`,
        "/api/messages/abc?limit=0",
      ]) {
        const res = await get(undefined, url);
        expect(res.statusCode, url).toBe(401);
        expect(res.json().message).toEqual(expect.any(String));
      }
      expect((await send(undefined, b.user.id, { body: "hi" })).statusCode).toBe(401);
      expect((await send(undefined, b.user.id, { body: "" })).statusCode).toBe(401);
    });

    it("D88: friends write to each other: 201 the trimmed message, readable by both, never cached", async () => {
      const [a, b] = await friends();
      const res = await send(a, b.user.id, { body: "  Hello Bob!\nSecond line  " });
      expect(res.statusCode).toBe(201);
      const message = res.json();
      expect(message).toEqual({
        id: expect.any(Number),
        senderId: a.user.id,
        body: "Hello Bob!\nSecond line",
        createdAt: expect.any(String),
        readAt: null,
      });

      const thread = await get(b, `/api/messages/${a.user.id}`);
      expect(thread.statusCode).toBe(200);
      expect(thread.headers["cache-control"]).toBe("private, no-store");
      expect(thread.json()).toMatchObject({
        user: { id: a.user.id, username: a.user.username, avatarUrl: null },
        messages: [{ id: message.id, senderId: a.user.id, body: "Hello Bob!\nSecond line" }],
        hasMore: false,
        canSend: true,
        cannotSendReason: null,
      });
      const mine = (await get(a, `/api/messages/${b.user.id}`)).json();
      expect(mine.user.id).toBe(b.user.id);
      expect(mine.messages.map((m: { id: number }) => m.id)).toEqual([message.id]);
    });

    it("D88: only friends (403), not myself (400), an unknown player 404, a malformed id 400", async () => {
      const a = await createUserWithSession(t());
      const stranger = await createUserWithSession(t());
      const refused = await send(a, stranger.user.id, { body: "hi" });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(DIRECT_MESSAGE_REFUSALS.notFriends);
      // No conversation with a stranger to read either.
      const thread = await get(a, `/api/messages/${stranger.user.id}`);
      expect(thread.statusCode).toBe(403);
      expect(thread.json().message).toBe(DIRECT_MESSAGE_REFUSALS.notFriends);

      expect((await send(a, a.user.id, { body: "me" })).statusCode).toBe(400);
      expect((await get(a, `/api/messages/${a.user.id}`)).statusCode).toBe(400);
      expect((await send(a, 2_000_000_000, { body: "anyone?" })).statusCode).toBe(404);
      expect((await get(a, "/api/messages/2000000000")).statusCode).toBe(404);
      expect((await get(a, "/api/messages/0")).statusCode).toBe(400);
      expect((await send(a, -3, { body: "x" })).statusCode).toBe(400);
      expect(
        await t().database.db.select().from(directMessagesTable).where(eq(directMessagesTable.senderId, a.user.id)),
      ).toEqual([]);
    });

    it("D88: the body is 1 to 1000 characters once trimmed, a string, and nothing else is accepted (400)", async () => {
      const [a, b] = await friends();
      for (const payload of [
        { body: "" },
        { body: "   \n " },
        { body: "x".repeat(DIRECT_MESSAGE_MAX_LENGTH + 1) },
        { body: 42 },
        {},
        { body: "hi", senderId: b.user.id },
      ]) {
        const res = await send(a, b.user.id, payload);
        expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
        expect(res.json().message).toEqual(expect.any(String));
      }
      const longest = await send(a, b.user.id, { body: ` ${"y".repeat(DIRECT_MESSAGE_MAX_LENGTH)} ` });
      expect(longest.statusCode).toBe(201);
      expect(longest.json().body).toHaveLength(DIRECT_MESSAGE_MAX_LENGTH);
    });

    it("D84/D88: a block either way refuses reading and writing and leaves no trace in either list or count", async () => {
      const [a, b] = await friends();
      const c = await createUserWithSession(t());
      await insertFriendship(t(), a.user.id, c.user.id);
      expect((await send(a, b.user.id, { body: "before the block" })).statusCode).toBe(201);
      expect((await send(b, a.user.id, { body: "reply" })).statusCode).toBe(201);
      expect((await send(c, a.user.id, { body: "from c" })).statusCode).toBe(201);
      expect(await unread(a)).toBe(2);

      await block(t(), a, b);
      // The blocker: no conversation with b, b's message not counted.
      const aList = (await get(a, "/api/messages")).json();
      expect(aList.map((cv: { user: { id: number } }) => cv.user.id)).toEqual([c.user.id]);
      expect(await unread(a)).toBe(1);
      // The blocked player: no conversation with a either.
      expect((await get(b, "/api/messages")).json()).toEqual([]);

      const blockerReads = await get(a, `/api/messages/${b.user.id}`);
      expect(blockerReads.statusCode).toBe(403);
      expect(blockerReads.json().message).toBe(DIRECT_MESSAGE_REFUSALS.blockedByMe);
      const blockedReads = await get(b, `/api/messages/${a.user.id}`);
      expect(blockedReads.statusCode).toBe(403);
      // The blocked player is not told about the block.
      expect(blockedReads.json().message).toBe(DIRECT_MESSAGE_REFUSALS.notFriends);

      const blockerWrites = await send(a, b.user.id, { body: "still there?" });
      expect(blockerWrites.statusCode).toBe(403);
      expect(blockerWrites.json().message).toBe(DIRECT_MESSAGE_REFUSALS.blockedByMe);
      const blockedWrites = await send(b, a.user.id, { body: "why?" });
      expect(blockedWrites.statusCode).toBe(403);
      expect(blockedWrites.json().message).toBe(DIRECT_MESSAGE_REFUSALS.notFriends);

      // Friends again despite a block (not possible through the API, D84) are still refused.
      await insertFriendship(t(), a.user.id, b.user.id);
      expect((await send(b, a.user.id, { body: "and now?" })).statusCode).toBe(403);
    });

    it("D88: a former friend's conversation stays readable (canSend false) but cannot be written to", async () => {
      const [a, b] = await friends();
      expect((await send(a, b.user.id, { body: "we were friends" })).statusCode).toBe(201);
      await unfriend(t(), a, b);
      const thread = await get(b, `/api/messages/${a.user.id}`);
      expect(thread.statusCode).toBe(200);
      expect(thread.json()).toMatchObject({
        canSend: false,
        cannotSendReason: DIRECT_MESSAGE_REFUSALS.notFriends,
        messages: [{ body: "we were friends" }],
      });
      expect((await get(b, "/api/messages")).json().map((cv: { user: { id: number } }) => cv.user.id)).toEqual([
        a.user.id,
      ]);
      const refused = await send(b, a.user.id, { body: "hello?" });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(DIRECT_MESSAGE_REFUSALS.notFriends);
    });

    it("D88: the admin switch off refuses sending (403) while lists and threads stay readable", async () => {
      const [a, b] = await friends();
      expect((await send(a, b.user.id, { body: "before the switch" })).statusCode).toBe(201);
      await setSwitch("false");
      try {
        const refused = await send(b, a.user.id, { body: "after the switch" });
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe(DIRECT_MESSAGE_REFUSALS.off);
        const list = await get(b, "/api/messages");
        expect(list.statusCode).toBe(200);
        expect(list.json()[0]).toMatchObject({
          user: { id: a.user.id },
          lastMessage: { body: "before the switch", fromMe: false },
          unread: 1,
        });
        const thread = await get(b, `/api/messages/${a.user.id}`);
        expect(thread.statusCode).toBe(200);
        expect(thread.json()).toMatchObject({ canSend: false, cannotSendReason: DIRECT_MESSAGE_REFUSALS.off });
        expect(await unread(b)).toBe(0);
      } finally {
        await setSwitch("true");
      }
      expect((await send(b, a.user.id, { body: "back on" })).statusCode).toBe(201);
    });

    it("D88: conversations newest first with the last message and unread counts; reading the newest page marks read", async () => {
      const me = await createUserWithSession(t());
      const [x, y] = [await createUserWithSession(t()), await createUserWithSession(t())];
      await insertFriendship(t(), me.user.id, x.user.id);
      await insertFriendship(t(), me.user.id, y.user.id);
      expect((await get(me, "/api/messages")).json()).toEqual([]);
      const [x1, x2] = await insertMessages(t(), x, me, ["x one", "x two"]);
      await insertMessages(t(), y, me, ["y one"]);
      const [mine] = await insertMessages(t(), me, x, ["to x"]);
      expect(await unread(me)).toBe(3);
      expect(await unread(x)).toBe(1);

      const list = (await get(me, "/api/messages")).json();
      expect(list).toEqual([
        {
          user: { id: x.user.id, username: x.user.username, avatarUrl: null },
          lastMessage: { id: mine, body: "to x", createdAt: expect.any(String), fromMe: true },
          unread: 2,
        },
        {
          user: { id: y.user.id, username: y.user.username, avatarUrl: null },
          lastMessage: expect.objectContaining({ body: "y one", fromMe: false }),
          unread: 1,
        },
      ]);

      // An older page does not mark anything read.
      const older = (await get(me, `/api/messages/${x.user.id}?before=${mine}`)).json();
      expect(older.messages.map((m: { id: number }) => m.id)).toEqual([x1, x2]);
      expect(older.messages.every((m: { readAt: string | null }) => m.readAt === null)).toBe(true);
      expect(await unread(me)).toBe(3);

      const thread = (await get(me, `/api/messages/${x.user.id}`)).json();
      expect(thread.messages.map((m: { id: number }) => m.id)).toEqual([x1, x2, mine]);
      expect(thread.messages[0].readAt).toEqual(expect.any(String));
      expect(thread.messages[2].readAt).toBeNull();
      expect(await unread(me)).toBe(1);
      expect((await get(me, "/api/messages")).json().map((cv: { unread: number }) => cv.unread)).toEqual([0, 1]);
      // x sees that I read theirs; theirs to read is still mine.
      const theirs = (await get(x, `/api/messages/${me.user.id}`)).json();
      expect(theirs.messages[0].readAt).toEqual(expect.any(String));
      expect(await unread(x)).toBe(0);
    });

    it("pages go back in time with before and limit (oldest first within a page); a bad page is 400", async () => {
      const [a, b] = await friends();
      const ids = await insertMessages(
        t(),
        a,
        b,
        Array.from({ length: 7 }, (_, i) => `m${i + 1}`),
      );
      const first = (await get(b, `/api/messages/${a.user.id}?limit=3`)).json();
      expect(first.messages.map((m: { id: number }) => m.id)).toEqual(ids.slice(4, 7));
      expect(first.hasMore).toBe(true);
      const second = (await get(b, `/api/messages/${a.user.id}?limit=3&before=${first.messages[0].id}`)).json();
      expect(second.messages.map((m: { id: number }) => m.id)).toEqual(ids.slice(1, 4));
      expect(second.hasMore).toBe(true);
      const last = (await get(b, `/api/messages/${a.user.id}?limit=3&before=${second.messages[0].id}`)).json();
      expect(last.messages.map((m: { body: string }) => m.body)).toEqual(["m1"]);
      expect(last.hasMore).toBe(false);
      // Another pair's messages never show up in this conversation.
      expect((await get(b, `/api/messages/${a.user.id}?limit=100`)).json().messages).toHaveLength(7);
      for (const q of ["limit=0", "limit=101", "before=0", "before=abc", "limit=2.5"]) {
        expect((await get(b, `/api/messages/${a.user.id}?${q}`)).statusCode, q).toBe(400);
      }
    });

    it(`D88: at most ${TEST_DM_LIMIT} messages per sender and window here (429 + Retry-After); refused attempts do not count`, async () => {
      const [a, b] = await friends();
      const stranger = await createUserWithSession(t());
      for (let i = 0; i < TEST_DM_LIMIT + 2; i++)
        expect((await send(a, stranger.user.id, { body: "spam" })).statusCode).toBe(403);
      for (let i = 0; i < TEST_DM_LIMIT; i++)
        expect((await send(a, b.user.id, { body: `m${i}` })).statusCode).toBe(201);
      const limited = await send(a, b.user.id, { body: "one more" });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(limited.json().message).toMatch(/too quickly/);
      // The other player is not affected.
      expect((await send(b, a.user.id, { body: "fine" })).statusCode).toBe(201);
      expect((await get(b, `/api/messages/${a.user.id}`)).json().messages).toHaveLength(TEST_DM_LIMIT + 1);
    });

    describe("live (D88: direct-messages-changed on the chat's WebSocket)", () => {
      let url: string;
      beforeAll(async () => {
        if (!t().app.server.listening) await t().app.listen({ port: 0, host: "127.0.0.1" });
        url = `ws://127.0.0.1:${(t().app.server.address() as AddressInfo).port}/api/chat/live`;
      });

      function openAs(player: Player): Promise<{ events: PlayerLiveEvent[]; close(): void }> {
        return new Promise((resolve, reject) => {
          const ws = new WebSocket(url, { origin: SITE, headers: { Cookie: `sid=${player.sid}` } });
          const events: PlayerLiveEvent[] = [];
          ws.on("message", (data) => events.push(JSON.parse(String(data)) as PlayerLiveEvent));
          ws.once("error", reject);
          ws.once("open", () => resolve({ events, close: () => ws.close() }));
        });
      }

      async function waitFor<T>(check: () => T | undefined, timeoutMs = 5000): Promise<T> {
        const until = Date.now() + timeoutMs;
        for (;;) {
          const found = check();
          if (found !== undefined) return found;
          if (Date.now() > until) throw new Error("timed out");
          await new Promise((r) => setTimeout(r, 20));
        }
      }

      it("tells both players when a message is sent, and both when it is read", async () => {
        const [a, b] = await friends();
        const outsider = await createUserWithSession(t());
        const [la, lb, lo] = await Promise.all([openAs(a), openAs(b), openAs(outsider)]);
        try {
          expect((await send(a, b.user.id, { body: "live" })).statusCode).toBe(201);
          const dm = (e: PlayerLiveEvent) => e.type === "direct-messages-changed";
          expect(await waitFor(() => la.events.find(dm))).toEqual({
            type: "direct-messages-changed",
            withUserId: b.user.id,
          });
          expect(await waitFor(() => lb.events.find(dm))).toEqual({
            type: "direct-messages-changed",
            withUserId: a.user.id,
          });
          la.events.length = 0;
          lb.events.length = 0;
          await get(b, `/api/messages/${a.user.id}`);
          expect(await waitFor(() => la.events.find(dm))).toEqual({
            type: "direct-messages-changed",
            withUserId: b.user.id,
          });
          expect(await waitFor(() => lb.events.find(dm))).toEqual({
            type: "direct-messages-changed",
            withUserId: a.user.id,
          });
          // Reading again changes nothing and tells nobody; an outsider never hears of it.
          la.events.length = 0;
          await get(b, `/api/messages/${a.user.id}`);
          await new Promise((r) => setTimeout(r, 200));
          expect(la.events.filter(dm)).toEqual([]);
          expect(lo.events.filter(dm)).toEqual([]);
        } finally {
          la.close();
          lb.close();
          lo.close();
        }
      });
    });
  },
  { settings: { rateLimits: { directMessage: { limit: TEST_DM_LIMIT } } } },
);
