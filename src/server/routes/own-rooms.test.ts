import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { insertFriendship, insertGame, insertOpenRoom } from "../../test/factories";
import { createUserWithSession, describeEachDatabase } from "../../test/test-app";
import { presenceTable, usersTable } from "../db/schema";
import { PRESENCE_WINDOW_MS } from "../services/presence";

type Player = Awaited<ReturnType<typeof createUserWithSession>>;

/**
 * D122: a game made for CrazyGames tells the page its own joinable room (updateRoom); the page reports it
 * (PUT /api/presence/room) and the player's friends see "Playing {game}" with Join through its invite parameters.
 */
describeEachDatabase(
  "own rooms on the friends list (D122)",
  (t) => {
    const call = (player: Player | undefined, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
      t().app.inject({ method, url, cookies: player?.cookies, ...(payload ? { payload } : {}) });
    const report = (player: Player | undefined, body: object) => call(player, "PUT", "/api/presence/room", body);
    const players = (n: number) => Promise.all(Array.from({ length: n }, () => createUserWithSession(t())));
    const playing = async (p: Player, gameId: number | null) => {
      await t().database.db.update(usersTable).set({ presenceEnabled: true }).where(eq(usersTable.id, p.user.id));
      expect((await call(p, "POST", "/api/presence", { gameId })).statusCode).toBe(204);
    };
    const roomSeenBy = async (viewer: Player, friend: Player) => {
      const res = await call(viewer, "GET", "/api/friends");
      expect(res.statusCode).toBe(200);
      const lists = res.json() as { friends: Array<{ id: number; room: unknown }> };
      return lists.friends.find((f) => f.id === friend.user.id)?.room ?? null;
    };

    it("shows the player's own room to a friend with Join through its parameters, never to a stranger", async () => {
      const [host, friend, stranger] = await players(3);
      await insertFriendship(t(), host.user.id, friend.user.id);
      const game = await insertGame(t(), { title: "Crazy Race" });
      await playing(host, game.id);
      const res = await report(host, {
        gameId: game.id,
        room: { id: "room-42", inviteParams: { roomId: "42", mode: "duel" } },
      });
      expect(res.statusCode).toBe(204);
      expect(await roomSeenBy(friend, host)).toEqual({
        code: null,
        inviteParams: { roomId: "42", mode: "duel" },
        game: { id: game.id, title: "Crazy Race" },
      });
      const lists = (await call(friend, "GET", "/api/friends")).json() as { friends: Array<{ presence: unknown }> };
      expect(lists.friends[0].presence).toEqual({ status: "playing", game: { id: game.id, title: "Crazy Race" } });
      // a stranger has no friends list entry, and no way to the room through the host's relationship either
      expect(await roomSeenBy(stranger, host)).toBeNull();
      expect((await call(stranger, "GET", `/api/friends/${host.user.id}`)).json()).toMatchObject({ presence: null });
    });

    it("an Arcadium room the player sits in comes first", async () => {
      const [host, friend] = await players(2);
      await insertFriendship(t(), host.user.id, friend.user.id);
      const game = await insertGame(t(), { title: "Both Rooms" });
      await playing(host, game.id);
      expect((await report(host, { gameId: game.id, room: { id: "r1", inviteParams: null } })).statusCode).toBe(204);
      expect(await roomSeenBy(friend, host)).toMatchObject({ code: null, inviteParams: null });
      const room = await insertOpenRoom(t(), { gameId: game.id, userIds: [host.user.id] });
      expect(await roomSeenBy(friend, host)).toMatchObject({ code: room.code, inviteParams: null });
    });

    it("is cleared by leftRoom, by leaving the game, by another game and when the player's presence ends", async () => {
      const [host, friend] = await players(2);
      await insertFriendship(t(), host.user.id, friend.user.id);
      const game = await insertGame(t());
      const other = await insertGame(t());
      const room = { id: "r1", inviteParams: { roomId: "7" } };
      const set = async () => {
        await playing(host, game.id);
        expect((await report(host, { gameId: game.id, room })).statusCode).toBe(204);
        expect(await roomSeenBy(friend, host)).not.toBeNull();
      };

      await set();
      expect((await report(host, { gameId: game.id, room: null })).statusCode).toBe(204);
      expect(await roomSeenBy(friend, host)).toBeNull();

      await set();
      // the same game reported again (the page shown again) keeps it
      await playing(host, game.id);
      expect(await roomSeenBy(friend, host)).not.toBeNull();
      await playing(host, null);
      expect(await roomSeenBy(friend, host)).toBeNull();
      await playing(host, game.id);
      expect(await roomSeenBy(friend, host)).toBeNull();

      await set();
      await playing(host, other.id);
      await playing(host, game.id);
      expect(await roomSeenBy(friend, host)).toBeNull();

      await set();
      const stale = new Date(Date.now() - PRESENCE_WINDOW_MS - 1000);
      await t()
        .database.db.update(presenceTable)
        .set({ lastSeenAt: stale })
        .where(eq(presenceTable.userId, host.user.id));
      expect(await roomSeenBy(friend, host)).toBeNull();

      // a player who does not share their presence shows no room either
      await set();
      await t().database.db.update(usersTable).set({ presenceEnabled: false }).where(eq(usersTable.id, host.user.id));
      expect(await roomSeenBy(friend, host)).toBeNull();
    });

    it("is refused signed out, for a game the player is not playing, and with oversize or odd parameters", async () => {
      const [host, friend] = await players(2);
      await insertFriendship(t(), host.user.id, friend.user.id);
      const game = await insertGame(t());
      const other = await insertGame(t());
      const room = { id: "r1", inviteParams: { roomId: "7" } };
      expect((await report(undefined, { gameId: game.id, room })).statusCode).toBe(401);
      // nothing open yet, then another game open: the body's game is not trusted
      expect((await report(host, { gameId: game.id, room })).statusCode).toBe(409);
      await playing(host, other.id);
      const notPlaying = await report(host, { gameId: game.id, room });
      expect(notPlaying.statusCode).toBe(409);
      expect(notPlaying.json().message).toBe("That game is not open for you");

      await playing(host, game.id);
      const nine = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, "v"]));
      const bad: object[] = [
        { gameId: game.id, room: { id: "r1", inviteParams: nine } },
        { gameId: game.id, room: { id: "r1", inviteParams: { roomId: "x".repeat(65) } } },
        { gameId: game.id, room: { id: "r1", inviteParams: { ["k".repeat(33)]: "v" } } },
        { gameId: game.id, room: { id: "r1", inviteParams: { roomId: "<script>" } } },
        { gameId: game.id, room: { id: "r1", inviteParams: { roomId: 7 } } },
        { gameId: game.id, room: { id: "a b", inviteParams: null } },
        { gameId: game.id, room: { id: "r1", inviteParams: null, link: "https://evil.example/" } },
        { gameId: game.id, room: { id: "r1", inviteParams: null }, userId: friend.user.id },
        { gameId: "1; drop", room: null },
      ];
      for (const body of bad)
        expect({ body, status: (await report(host, body)).statusCode }).toEqual({ body, status: 400 });
      expect(await roomSeenBy(friend, host)).toBeNull();

      // clearing a room of a game not open is harmless
      expect((await report(host, { gameId: other.id, room: null })).statusCode).toBe(204);
    });

    it("is rate-limited per player", async () => {
      const [host] = await players(1);
      const game = await insertGame(t());
      await playing(host, game.id);
      const statuses: number[] = [];
      for (let i = 0; i < 9; i++) statuses.push((await report(host, { gameId: game.id, room: null })).statusCode);
      expect(statuses).toEqual([...Array<number>(8).fill(204), 429]);
    });
  },
  { demo: false, settings: { rateLimits: { ownRoom: { limit: 8 } } } },
);
