import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { SCHOOL_MODE_SETTING } from "../../contract/community-constants";
import {
  ROOM_FRAME_MAX_BYTES,
  ROOM_MESSAGE_MAX_BYTES,
  ROOM_MESSAGES_PER_SECOND,
  ROOM_OPEN_ROOMS_PER_PLAYER,
  ROOM_SEAT_GRACE_MS,
  type RoomError,
  type RoomEvent,
  type RoomSnapshot,
} from "../../contract/rooms";
import { insertFriendship, insertGame } from "../../test/factories";
import {
  createUserWithSession,
  describeEachDatabase,
  TEST_PASSWORD_HASH_COST,
  type TestApp,
} from "../../test/test-app";
import { buildApp } from "../app";
import { openRoomsTable, processesTable } from "../db/schema";
import { recordHeartbeat } from "../services/process-registry";
import { guestMember, HOME_GONE_AFTER_MS, newGuestSecret } from "../services/room-runtime";

const SITE = "http://localhost:5000";

/** The rooms' clock, moved by the tests (seats' grace, the sockets' rate). */
const clock = { now: Date.parse("2026-12-07T10:00:00Z") };
const settings = { now: () => new Date(clock.now) };

type Answer = { ok: true; value: unknown } | { ok: false; error: RoomError };
type EventFrame = { frame: string; event: RoomEvent };

/** A page's live socket speaking the rooms' wire protocol. */
type Page = {
  ws: WebSocket;
  /** the guest cookie the handshake set, if it set one */
  guestCookie: string | null;
  events: EventFrame[];
  /** the socket's other frames (a player's live events) */
  live: Array<{ type: string }>;
  call(request: unknown, options?: { frame?: string; gameId?: number }): Promise<Answer>;
  send(frame: object | string): void;
  answer(id: string | number | null): Promise<Answer>;
  nextEvent(match: (e: EventFrame) => boolean): Promise<EventFrame>;
  close(): Promise<void>;
};

async function listen(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/chat/live`;
}

let requestCounter = 0;

function openPage(url: string, cookie: string | undefined, gameId: number): Promise<Page> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { origin: SITE, headers: cookie ? { cookie } : {} });
    const events: EventFrame[] = [];
    const live: Array<{ type: string }> = [];
    const answers = new Map<string | number | null, Answer>();
    const waiters: Array<() => void> = [];
    let guestCookie: string | null = null;
    ws.once("upgrade", (res) => {
      const set = ([] as string[]).concat(res.headers["set-cookie"] ?? []);
      guestCookie = set.map((c) => c.split(";")[0]!).find((c) => c.startsWith("guest=")) ?? null;
    });
    ws.on("message", (data) => {
      const frame = JSON.parse(String(data)) as { type: string; id?: string | number | null } & Answer & EventFrame;
      if (frame.type === "room-result") answers.set(frame.id ?? null, frame);
      else if (frame.type === "room-event") events.push({ frame: frame.frame, event: frame.event });
      else live.push(frame);
      for (const wake of waiters.splice(0)) wake();
    });
    const until = <T>(found: () => T | undefined): Promise<T> =>
      new Promise((res, rej) => {
        const timer = setTimeout(() => rej(new Error(`nothing arrived; events: ${JSON.stringify(events)}`)), 5000);
        const check = () => {
          const value = found();
          if (value !== undefined) {
            clearTimeout(timer);
            res(value);
          } else waiters.push(check);
        };
        check();
      });
    ws.once("error", reject);
    ws.once("open", () => {
      const page: Page = {
        ws,
        get guestCookie() {
          return guestCookie;
        },
        events,
        live,
        send: (frame) => ws.send(typeof frame === "string" ? frame : JSON.stringify(frame)),
        answer: (id) => until(() => answers.get(id)),
        call: (request, options = {}) => {
          const id = `r${++requestCounter}`;
          page.send({ type: "room", id, frame: options.frame ?? "f1", gameId: options.gameId ?? gameId, request });
          return page.answer(id);
        },
        nextEvent: (match) =>
          until(() => {
            const index = events.findIndex(match);
            return index === -1 ? undefined : events.splice(index, 1)[0];
          }),
        close: () =>
          new Promise((res) => {
            if (ws.readyState === WebSocket.CLOSED) return res();
            ws.once("close", () => res());
            ws.close();
          }),
      };
      resolve(page);
    });
  });
}

function value<T>(answer: Answer): T {
  if (!answer.ok) throw new Error(`refused: ${JSON.stringify(answer.error)}`);
  return answer.value as T;
}

function errorCode(answer: Answer): string | null {
  return answer.ok ? null : answer.error.code;
}

const ofType =
  <K extends RoomEvent["type"]>(type: K) =>
  (e: EventFrame) =>
    e.event.type === type;

/** A second process's worth of app on the same database (the same site, another process). */
async function secondApp(t: TestApp): Promise<FastifyInstance> {
  const app = await buildApp({
    config: t.config,
    database: t.database,
    settings: { passwordHashCost: TEST_PASSWORD_HASH_COST, recoveryCodeHashCost: TEST_PASSWORD_HASH_COST, ...settings },
  });
  await app.ready();
  return app;
}

describeEachDatabase(
  "rooms on the live socket (ADR 027)",
  (t) => {
    let url: string;
    let gameId: number;
    const open: Page[] = [];
    const page = async (cookie?: string, at = url) => {
      const opened = await openPage(at, cookie, gameId);
      open.push(opened);
      return opened;
    };
    const turnNotes = async (sid: string) =>
      (
        (await t().app.inject({ method: "GET", url: "/api/notifications", cookies: { sid } })).json().items as Array<{
          kind: string;
        }>
      ).filter((n) => n.kind === "room_turn");
    const signedIn = async () => {
      const { user, sid } = await createUserWithSession(t());
      return { user, sid, page: await page(`sid=${sid}`) };
    };

    beforeAll(async () => {
      url = await listen(t().app);
      gameId = (await insertGame(t())).id;
    });
    afterAll(async () => {
      await Promise.all(open.map((p) => p.close()));
    });

    it("lets a signed-in player and a guest create, join, send, set state and leave", async () => {
      const { user, page: host } = await signedIn();
      const guest = await page();
      expect(guest.guestCookie).toMatch(/^guest=[A-Za-z0-9_-]{32}$/);

      const room = value<RoomSnapshot>(await host.call({ type: "create", maxPlayers: 2, visibility: "public" }));
      expect(room.me).toBe(`u${user.id}`);
      expect(room.players).toEqual([
        { id: `u${user.id}`, name: user.username, avatarUrl: user.avatarUrl, connected: true, host: true },
      ]);
      const joined = value<RoomSnapshot>(await guest.call({ type: "join", code: ` ${room.code.toLowerCase()} ` }));
      const guestPlayer = joined.players.find((p) => p.id === joined.me)!;
      expect(guestPlayer.name).toMatch(/^Guest \d{4}$/);
      expect(joined.me).toMatch(/^g/);
      expect((await host.nextEvent(ofType("join"))).event).toMatchObject({ player: { id: joined.me } });

      const sent = value<{ seq: number }>(await host.call({ type: "send", roomId: room.id, data: { move: "e4" } }));
      expect((await guest.nextEvent(ofType("message"))).event).toEqual({
        type: "message",
        roomId: room.id,
        from: `u${user.id}`,
        seq: sent.seq,
        at: clock.now,
        data: { move: "e4" },
      });
      value(await guest.call({ type: "setState", roomId: room.id, key: "board", value: [1, 2] }));
      expect((await host.nextEvent(ofType("state"))).event).toMatchObject({ key: "board", value: [1, 2] });
      value(await guest.call({ type: "send", roomId: room.id, data: "psst", to: `u${user.id}` }));
      expect((await host.nextEvent(ofType("message"))).event).toMatchObject({ from: joined.me, data: "psst" });

      await t().app.rooms.settled();
      const [row] = await t().database.db.select().from(openRoomsTable).where(eq(openRoomsTable.id, room.id));
      expect(row).toMatchObject({ code: room.code, seatsTaken: 2, joinable: true, visibility: "public" });
      expect(row!.playerIds.sort()).toEqual([joined.me, `u${user.id}`].sort());

      value(await guest.call({ type: "leave", roomId: room.id }));
      expect((await host.nextEvent(ofType("leave"))).event).toMatchObject({ playerId: joined.me, reason: "left" });
      value(await host.call({ type: "leave", roomId: room.id }));
      await t().app.rooms.settled();
      expect(await t().database.db.select().from(openRoomsTable).where(eq(openRoomsTable.id, room.id))).toEqual([]);
      await Promise.all([host.close(), guest.close()]);
    });

    it("tells a player's friends when their room that friends may join opens and closes", async () => {
      const alice = await signedIn();
      const friend = await signedIn();
      const stranger = await signedIn();
      await insertFriendship(t(), alice.user.id, friend.user.id);
      const friendRoomsChanged = (p: Page) => p.live.filter((e) => e.type === "friend-rooms-changed").length;
      const told = async (p: Page, times: number) => {
        for (let waited = 0; friendRoomsChanged(p) < times && waited < 5000; waited += 50)
          await new Promise((r) => setTimeout(r, 50));
        await t().app.rooms.settled();
        return friendRoomsChanged(p);
      };

      const room = value<RoomSnapshot>(await alice.page.call({ type: "create", maxPlayers: 2, visibility: "public" }));
      expect(await told(friend.page, 1)).toBe(1);
      value(await alice.page.call({ type: "leave", roomId: room.id }));
      expect(await told(friend.page, 2)).toBe(2);
      expect(friendRoomsChanged(stranger.page)).toBe(0);
      expect(friendRoomsChanged(alice.page)).toBe(0);
      await Promise.all([alice.page.close(), friend.page.close(), stranger.page.close()]);
    });

    it("lists public rooms and quick joins one; friends rooms only admit friends", async () => {
      const { page: host } = await signedIn();
      const visible = value<RoomSnapshot>(
        await host.call({ type: "create", maxPlayers: 3, visibility: "public", metadata: { mode: "duel" } }),
      );
      const hidden = value<RoomSnapshot>(await host.call({ type: "create", maxPlayers: 3, visibility: "private" }));
      const guest = await page();
      const listed = value<Array<{ id: string }>>(await guest.call({ type: "list" }));
      expect(listed.map((r) => r.id)).toContain(visible.id);
      expect(listed.map((r) => r.id)).not.toContain(hidden.id);
      expect(value(await guest.call({ type: "quickJoin", filter: { mode: "race" } }))).toBeNull();
      expect(value<RoomSnapshot>(await guest.call({ type: "quickJoin", filter: { mode: "duel" } })).id).toBe(
        visible.id,
      );

      const { user: owner, sid: ownerSid, page: ownerPage } = await signedIn();
      const { user: friend, sid: friendSid, page: friendPage } = await signedIn();
      const { user: stranger, sid: strangerSid, page: strangerPage } = await signedIn();
      await insertFriendship(t(), owner.id, friend.id);
      const friendsRoom = value<RoomSnapshot>(
        await ownerPage.call({ type: "create", maxPlayers: 4, visibility: "friends" }),
      );
      expect(errorCode(await strangerPage.call({ type: "join", code: friendsRoom.code }))).toBe("friends_only");
      expect(errorCode(await guest.call({ type: "join", code: friendsRoom.code }))).toBe("guests_not_allowed");
      value(await friendPage.call({ type: "join", code: friendsRoom.code }));
      // a friendship made after the stranger was refused counts at once
      const befriend = async (from: string, to: number) => {
        const res = await t().app.inject({ method: "POST", url: `/api/friends/${to}`, cookies: { sid: from } });
        expect(res.statusCode).toBeLessThan(300);
      };
      for (const [a, b] of [
        [strangerSid, owner],
        [strangerSid, friend],
      ] as const) {
        await befriend(a, b.id);
        await befriend(b === owner ? ownerSid : friendSid, stranger.id);
      }
      value(await strangerPage.call({ type: "join", code: friendsRoom.code }));
      await Promise.all([host.close(), guest.close(), ownerPage.close(), friendPage.close(), strangerPage.close()]);
    });

    it("answers a bad request, an unplayable game and a frame over the limit under its id, and keeps the socket", async () => {
      const { page: player } = await signedIn();
      expect(errorCode(await player.call({ type: "create", maxPlayers: 1, visibility: "public" }))).toBe("invalid");
      expect(errorCode(await player.call({ type: "dance" }))).toBe("invalid");
      expect(errorCode(await player.call({ type: "list" }, { gameId: 99_999_999 }))).toBe("game_unavailable");
      const hiddenGame = await insertGame(t(), { hiddenReason: "gone" });
      expect(errorCode(await player.call({ type: "list" }, { gameId: hiddenGame.id }))).toBe("game_unavailable");

      player.send({ type: "room", id: "bad-frame", frame: "has spaces", gameId, request: { type: "list" } });
      expect(errorCode(await player.answer("bad-frame"))).toBe("invalid");

      const room = value<RoomSnapshot>(await player.call({ type: "create", maxPlayers: 2, visibility: "private" }));
      // refused by its size before it is read: parsed, its stray field would have made it `invalid`
      const padding = "x".repeat(ROOM_FRAME_MAX_BYTES);
      player.send({ type: "room", id: "big", frame: "f1", gameId, request: { type: "list" }, padding });
      expect(await player.answer("big")).toMatchObject({ ok: false, error: { code: "message_too_large" } });
      const justOver = "y".repeat(ROOM_MESSAGE_MAX_BYTES);
      expect(errorCode(await player.call({ type: "send", roomId: room.id, data: justOver }))).toBe("message_too_large");
      expect(
        value(await player.call({ type: "send", roomId: room.id, data: "y".repeat(ROOM_MESSAGE_MAX_BYTES - 2) })),
      ).toMatchObject({ seq: 1 });
      player.send("not json at all");
      expect(player.ws.readyState).toBe(WebSocket.OPEN);
      value(await player.call({ type: "list" }));
      await player.close();
    });

    it(`lets ${ROOM_MESSAGES_PER_SECOND} frames a second through a socket and refuses the rest`, async () => {
      const { page: player } = await signedIn();
      const ids = Array.from({ length: ROOM_MESSAGES_PER_SECOND + 1 }, (_, i) => `burst-${i}`);
      for (const id of ids) player.send({ type: "room", id, frame: "f1", gameId, request: { type: "list" } });
      const answers = await Promise.all(ids.map((id) => player.answer(id)));
      expect(answers.filter((a) => a.ok)).toHaveLength(ROOM_MESSAGES_PER_SECOND);
      expect(answers.at(-1)).toMatchObject({ ok: false, error: { code: "rate_limited" } });
      clock.now += 1000;
      value(await player.call({ type: "list" }));
      expect(player.ws.readyState).toBe(WebSocket.OPEN);
      await player.close();
    });

    it(`holds a player in at most ${ROOM_OPEN_ROOMS_PER_PLAYER} rooms, over all their frames`, async () => {
      const { page: player } = await signedIn();
      for (let i = 0; i < ROOM_OPEN_ROOMS_PER_PLAYER; i++)
        value(await player.call({ type: "create", maxPlayers: 2, visibility: "private" }, { frame: `frame-${i}` }));
      const sixth = await player.call({ type: "create", maxPlayers: 2, visibility: "private" }, { frame: "frame-9" });
      expect(errorCode(sixth)).toBe("too_many_rooms");
      await player.close();
    });

    it("never lets a request act for another player", async () => {
      const { user: owner, page: ownerPage } = await signedIn();
      const { page: other } = await signedIn();
      const room = value<RoomSnapshot>(await ownerPage.call({ type: "create", maxPlayers: 4, visibility: "private" }));
      // the same frame id on another socket is another connection
      expect(errorCode(await other.call({ type: "send", roomId: room.id, data: "hi" }, { frame: "f1" }))).toBe(
        "not_in_room",
      );
      expect(errorCode(await other.call({ type: "leave", roomId: room.id }))).toBe("not_in_room");
      expect(errorCode(await other.call({ type: "send", roomId: room.id, data: "hi", from: `u${owner.id}` }))).toBe(
        "invalid",
      );
      other.send({ type: "room", id: "spoof", frame: "f1", gameId, userId: owner.id, request: { type: "list" } });
      expect(errorCode(await other.answer("spoof"))).toBe("invalid");
      value(await other.call({ type: "join", code: room.code }));
      expect(errorCode(await other.call({ type: "kick", roomId: room.id, playerId: `u${owner.id}` }))).toBe("not_host");
      expect(ownerPage.events.filter((e) => e.event.type === "message")).toEqual([]);
      await Promise.all([ownerPage.close(), other.close()]);
    });

    it("drops a closed socket's seats, gives a seat back within the grace and frees it after", async () => {
      const { page: host } = await signedIn();
      const room = value<RoomSnapshot>(await host.call({ type: "create", maxPlayers: 3, visibility: "private" }));
      const first = await page();
      const cookie = first.guestCookie!;
      const joined = value<RoomSnapshot>(await first.call({ type: "join", code: room.code }, { frame: "game" }));
      await first.close();
      expect((await host.nextEvent(ofType("drop"))).event).toMatchObject({ playerId: joined.me });

      clock.now += ROOM_SEAT_GRACE_MS - 1000;
      t().app.rooms.tick();
      const reload = await page(cookie);
      const back = value<RoomSnapshot>(await reload.call({ type: "join", code: room.code }, { frame: "game" }));
      expect(back.me).toBe(joined.me);
      expect((await host.nextEvent(ofType("reconnect"))).event).toMatchObject({ playerId: joined.me });

      // a frame going away drops its seat as a socket's close does
      reload.send({ type: "room-frame-closed", frame: "game" });
      expect((await host.nextEvent(ofType("drop"))).event).toMatchObject({ playerId: joined.me });
      clock.now += ROOM_SEAT_GRACE_MS;
      t().app.rooms.tick();
      expect((await host.nextEvent(ofType("leave"))).event).toMatchObject({ playerId: joined.me, reason: "timeout" });

      // a socket that closes while its join is on the way does not leave a seat connected behind it
      host.events.splice(0);
      const hasty = t().app.rooms.attachSocket(() => {});
      const joining = t().app.rooms.request(hasty.socketId, guestMember(newGuestSecret()), "f1", gameId, {
        type: "join",
        code: room.code,
      });
      hasty.detach();
      const hastyPlayer = value<RoomSnapshot>(await joining).me;
      expect((await host.nextEvent(ofType("drop"))).event).toMatchObject({ playerId: hastyPlayer });
      await Promise.all([host.close(), reload.close()]);
    });

    it("tells a signed-in player away from a turn-based room that it is their turn, once a room (D121)", async () => {
      const game = await insertGame(t(), { title: "Turn Game" });
      const { user: alice, sid: aliceSid } = await createUserWithSession(t());
      const { user: bob, sid: bobSid } = await createUserWithSession(t());
      const alicePage = await page(`sid=${aliceSid}`);
      const bobPage = await page(`sid=${bobSid}`);
      const guest = await page();
      const room = value<RoomSnapshot>(
        await alicePage.call(
          { type: "create", maxPlayers: 3, visibility: "private", turnBased: true },
          { gameId: game.id },
        ),
      );
      const bobMe = value<RoomSnapshot>(await bobPage.call({ type: "join", code: room.code }, { gameId: game.id })).me;
      const guestMe = value<RoomSnapshot>(await guest.call({ type: "join", code: room.code }, { gameId: game.id })).me;
      const setTurn = async (who: string | null) => {
        value(
          await alicePage.call({ type: "setState", roomId: room.id, key: "turn", value: who }, { gameId: game.id }),
        );
        await t().app.rooms.settled();
      };

      // connected players see the turn in the room: no notification
      await setTurn(bobMe);
      expect(await turnNotes(bobSid)).toEqual([]);
      await bobPage.close();
      await alicePage.nextEvent(ofType("drop"));
      await setTurn(guestMe);
      await setTurn(bobMe);
      await setTurn(`u${alice.id}`);
      await setTurn(bobMe);
      const notes = await turnNotes(bobSid);
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({
        kind: "room_turn",
        actor: { id: alice.id, username: alice.username },
        game: { id: game.id, title: "Turn Game" },
        link: `/game/${game.id}?room=${room.code}`,
        readAt: null,
      });
      expect(await turnNotes(aliceSid)).toEqual([]);

      // dropping while it is one's turn
      await setTurn(`u${alice.id}`);
      await alicePage.close();
      await guest.nextEvent(ofType("drop"));
      await t().app.rooms.settled();
      expect(await turnNotes(aliceSid)).toMatchObject([{ kind: "room_turn", actor: { id: bob.id } }]);
      await guest.close();
    });

    it("keeps a turn-based room across a restart and relays between two processes on PostgreSQL", async () => {
      const other = await secondApp(t());
      const { user: alice, sid: aliceSid } = await createUserWithSession(t());
      let room: RoomSnapshot;
      try {
        const otherUrl = await listen(other);
        const { sid: bobSid } = await createUserWithSession(t());
        const alicePage = await page(`sid=${aliceSid}`, otherUrl);
        room = value<RoomSnapshot>(
          await alicePage.call({ type: "create", maxPlayers: 2, visibility: "public", turnBased: true }),
        );
        value(await alicePage.call({ type: "setState", roomId: room.id, key: "turn", value: "bob" }));

        if (t().kind === "postgres") {
          // both processes beat, so that each sees the other's home alive
          for (const id of [other.rooms.processId, t().app.rooms.processId])
            await recordHeartbeat(
              t().database.db,
              { id, host: "test", pid: 1, version: "test", roles: ["site"], startedAt: new Date() },
              new Date(),
            );
          const bobPage = await page(`sid=${bobSid}`);
          const joined = value<RoomSnapshot>(await bobPage.call({ type: "join", code: room.code }));
          expect(joined.state).toEqual({ turn: "bob" });
          expect((await alicePage.nextEvent(ofType("join"))).event).toMatchObject({ player: { id: joined.me } });
          // a message near 16 KB crosses split over several NOTIFY payloads
          const big = "z".repeat(ROOM_MESSAGE_MAX_BYTES - 20);
          const roomId = room.id;
          // Bob's process forwards his messages to the room's home without a look-up each, and without waiting
          // for one answer before sending the next
          const bobsProcess = t().app.rooms as unknown as {
            hub: { send: (to: string, message: { k: string }) => void };
            onHubMessage: (message: { k: string }) => void;
            rowWhere: () => Promise<unknown>;
          };
          const forwarded = vi.spyOn(bobsProcess.hub, "send");
          const answered = vi.spyOn(bobsProcess, "onHubMessage");
          const lookUps = vi.spyOn(bobsProcess, "rowWhere");
          const calls: Array<Promise<Answer>> = [];
          for (let i = 0; i < 20; i++) {
            calls.push(alicePage.call({ type: "send", roomId, data: i === 10 ? { i, big } : { i } }));
            calls.push(bobPage.call({ type: "send", roomId, data: { i } }));
          }
          expect((await Promise.all(calls)).filter((answer) => !answer.ok)).toEqual([]);
          const orderOf = (spy: typeof forwarded | typeof answered, k: string) =>
            spy.mock.calls.flatMap((args, n) =>
              (args.at(-1) as { k: string }).k === k ? [spy.mock.invocationCallOrder[n]!] : [],
            );
          expect(orderOf(forwarded, "req")).toHaveLength(20);
          expect(orderOf(forwarded, "req")[1]).toBeLessThan(orderOf(answered, "res")[0]!);
          expect(lookUps).not.toHaveBeenCalled();
          for (const spy of [forwarded, answered, lookUps]) spy.mockRestore();
          const received = async (receiver: Page) => {
            const got: number[] = [];
            while (got.length < 20) {
              const { event } = await receiver.nextEvent(ofType("message"));
              if (event.type === "message") got.push((event.data as { i: number }).i);
            }
            return got;
          };
          const expected = Array.from({ length: 20 }, (_, i) => i);
          expect(await received(bobPage)).toEqual(expected);
          expect(await received(alicePage)).toEqual(expected);
          // a socket's close reaches the home of its rooms
          await bobPage.close();
          expect((await alicePage.nextEvent(ofType("drop"))).event).toMatchObject({ playerId: joined.me });
          // the room's home (the other process) writes the away player's turn notification
          value(await alicePage.call({ type: "setState", roomId, key: "turn", value: joined.me }));
          await other.rooms.settled();
          expect(await turnNotes(bobSid)).toMatchObject([{ kind: "room_turn", actor: { id: alice.id } }]);
          value(await alicePage.call({ type: "setState", roomId, key: "turn", value: "bob" }));

          // a real-time room whose home stops beating is closed for its players elsewhere
          const carol = await page();
          const quick = value<RoomSnapshot>(
            await alicePage.call({ type: "create", maxPlayers: 2, visibility: "private" }),
          );
          value(await carol.call({ type: "join", code: quick.code }));
          await t()
            .database.db.update(processesTable)
            .set({ seenAt: new Date(Date.now() - HOME_GONE_AFTER_MS - 1000) })
            .where(eq(processesTable.id, other.rooms.processId));
          clock.now += 60_000;
          await t().app.rooms.checkHomes();
          expect((await carol.nextEvent(ofType("closed"))).event).toEqual({
            type: "closed",
            roomId: quick.id,
            reason: "home_gone",
          });
          expect(await t().database.db.select().from(openRoomsTable).where(eq(openRoomsTable.id, quick.id))).toEqual(
            [],
          );
          await carol.close();
        }
        await alicePage.close();
      } finally {
        await other.close();
      }
      // its home stopped cleanly and released it: the next process asked about it adopts it
      const [row] = await t().database.db.select().from(openRoomsTable).where(eq(openRoomsTable.id, room.id));
      expect(row).toMatchObject({ homeProcess: null, turnBased: true });
      const back = await page(`sid=${aliceSid}`);
      // D124: her seat in it counts among her rooms wherever the room is
      for (let i = 1; i < ROOM_OPEN_ROOMS_PER_PLAYER; i++)
        value(await back.call({ type: "create", maxPlayers: 2, visibility: "private" }, { frame: `more-${i}` }));
      const oneTooMany = await back.call({ type: "create", maxPlayers: 2, visibility: "private" }, { frame: "more-5" });
      expect(errorCode(oneTooMany)).toBe("too_many_rooms");
      const again = value<RoomSnapshot>(await back.call({ type: "join", code: room.code }));
      expect(again).toMatchObject({ id: room.id, me: `u${alice.id}`, state: { turn: "bob" } });
      expect(again.players.find((p) => p.id === `u${alice.id}`)).toMatchObject({ connected: true, host: true });
      await t().app.rooms.settled();
      const [adopted] = await t().database.db.select().from(openRoomsTable).where(eq(openRoomsTable.id, room.id));
      expect(adopted!.homeProcess).toBe(t().app.rooms.processId);
      await back.close();
    });

    it("closes every room not among friends when school mode is switched on, on every process (D124)", async () => {
      const admin = await createUserWithSession(t(), { role: "admin" });
      const setSchoolMode = (on: boolean) =>
        t().app.inject({
          method: "PATCH",
          url: "/api/admin/settings",
          cookies: admin.cookies,
          payload: { site: { [SCHOOL_MODE_SETTING]: String(on) } },
        });
      const other = t().kind === "postgres" ? await secondApp(t()) : null;
      try {
        const { user: owner, sid: ownerSid } = await createUserWithSession(t());
        const { user: friend, sid: friendSid } = await createUserWithSession(t());
        await insertFriendship(t(), owner.id, friend.id);
        const owners = await page(`sid=${ownerSid}`);
        const friends = await page(`sid=${friendSid}`);
        const guest = await page();
        const publicRoom = value<RoomSnapshot>(
          await owners.call({ type: "create", maxPlayers: 3, visibility: "public" }),
        );
        value(await guest.call({ type: "join", code: publicRoom.code }));
        const privateRoom = value<RoomSnapshot>(
          await owners.call({ type: "create", maxPlayers: 2, visibility: "private", turnBased: true }),
        );
        const friendsRoom = value<RoomSnapshot>(
          await owners.call({ type: "create", maxPlayers: 2, visibility: "friends" }),
        );
        value(await friends.call({ type: "join", code: friendsRoom.code }));
        // a room homed on another process, its player connected here
        let remote: RoomSnapshot | null = null;
        let remotePlayer: Page | null = null;
        if (other) {
          for (const id of [other.rooms.processId, t().app.rooms.processId])
            await recordHeartbeat(
              t().database.db,
              { id, host: "test", pid: 1, version: "test", roles: ["site"], startedAt: new Date() },
              new Date(),
            );
          const elsewhere = await page(`sid=${friendSid}`, await listen(other));
          remote = value<RoomSnapshot>(await elsewhere.call({ type: "create", maxPlayers: 2, visibility: "public" }));
          remotePlayer = await page();
          value(await remotePlayer.call({ type: "join", code: remote.code }));
        }
        await t().app.rooms.settled();

        expect((await setSchoolMode(true)).statusCode).toBe(200);
        const closedFor = async (p: Page, roomId: string) =>
          (await p.nextEvent((e) => e.event.type === "closed" && e.event.roomId === roomId)).event;
        expect(await closedFor(guest, publicRoom.id)).toEqual({
          type: "closed",
          roomId: publicRoom.id,
          reason: "school_mode",
        });
        expect(await closedFor(owners, publicRoom.id)).toMatchObject({ reason: "school_mode" });
        expect(await closedFor(owners, privateRoom.id)).toMatchObject({ reason: "school_mode" });
        if (remote && remotePlayer)
          expect(await closedFor(remotePlayer, remote.id)).toMatchObject({ reason: "school_mode" });
        await t().app.rooms.settled();
        await other?.rooms.settled();
        const left = await t().database.db.select({ id: openRoomsTable.id }).from(openRoomsTable);
        expect(left.map((r) => r.id)).toContain(friendsRoom.id);
        for (const gone of [publicRoom.id, privateRoom.id, remote?.id ?? publicRoom.id])
          expect(left.map((r) => r.id)).not.toContain(gone);
        expect(owners.events.filter((e) => e.event.roomId === friendsRoom.id && e.event.type === "closed")).toEqual([]);
        // and no new one opens
        expect(errorCode(await guest.call({ type: "create", maxPlayers: 2, visibility: "private" }))).toBe(
          "school_mode",
        );
      } finally {
        expect((await setSchoolMode(false)).statusCode).toBe(200);
        await other?.close();
      }
    });
  },
  { settings },
);
