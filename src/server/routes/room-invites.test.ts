import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { insertFriendship, insertGame, insertOpenRoom } from "../../test/factories";
import { createUserWithSession, describeEachDatabase } from "../../test/test-app";
import { openRoomsTable, usersTable } from "../db/schema";

type Player = Awaited<ReturnType<typeof createUserWithSession>>;

/** D122: "Invite friends" (POST /api/room-invites) and "Playing {game}" with Join on the friends list. */
describeEachDatabase(
  "room invites through friends (D122)",
  (t) => {
    const call = (player: Player | undefined, method: "GET" | "POST", url: string, payload?: object) =>
      t().app.inject({ method, url, cookies: player?.cookies, ...(payload ? { payload } : {}) });
    const invite = (player: Player | undefined, code: string, friendIds: number[], extra: object = {}) =>
      call(player, "POST", "/api/room-invites", { code, friendIds, ...extra });
    const invitesOf = async (p: Player) =>
      ((await call(p, "GET", "/api/notifications")).json().items as Array<{ kind: string }>).filter(
        (n) => n.kind === "room_invite",
      );
    const friendsOf = async (a: Player, b: Player) => insertFriendship(t(), a.user.id, b.user.id);
    const sharePresence = async (p: Player, gameId: number | null) => {
      await t().database.db.update(usersTable).set({ presenceEnabled: true }).where(eq(usersTable.id, p.user.id));
      expect((await call(p, "POST", "/api/presence", { gameId })).statusCode).toBe(204);
    };
    const players = (n: number) => Promise.all(Array.from({ length: n }, () => createUserWithSession(t())));

    it("notifies the chosen friends with the game and the room's link", async () => {
      const [sender, friend, other] = await players(3);
      await friendsOf(sender, friend);
      await friendsOf(sender, other);
      const game = await insertGame(t(), { title: "Invite Game" });
      const room = await insertOpenRoom(t(), { gameId: game.id, userIds: [sender.user.id] });
      const res = await invite(sender, room.code.toLowerCase(), [friend.user.id]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ sent: 1 });
      const [note] = await invitesOf(friend);
      expect(note).toMatchObject({
        kind: "room_invite",
        actor: { id: sender.user.id, username: sender.user.username },
        game: { id: game.id, title: "Invite Game" },
        link: `/game/${game.id}?room=${room.code}`,
      });
      expect(await invitesOf(other)).toEqual([]);
    });

    it("is refused unless the session's player sits in that room, whatever the body says", async () => {
      const [sender, seated, friend] = await players(3);
      await friendsOf(sender, friend);
      await friendsOf(seated, friend);
      const game = await insertGame(t());
      const room = await insertOpenRoom(t(), { gameId: game.id, userIds: [seated.user.id] });
      expect((await invite(undefined, room.code, [friend.user.id])).statusCode).toBe(401);
      const notSeated = await invite(sender, room.code, [friend.user.id]);
      expect(notSeated.statusCode).toBe(403);
      expect(notSeated.json().message).toBe("You are not in that room");
      // naming someone else as the sender is not part of the request
      expect((await invite(sender, room.code, [friend.user.id], { senderId: seated.user.id })).statusCode).toBe(400);
      expect((await invite(sender, "ZZZZ22", [friend.user.id])).statusCode).toBe(403);
      expect(await invitesOf(friend)).toEqual([]);
    });

    it("invites friends only: one stranger among them and nobody is notified", async () => {
      const [sender, friend, stranger] = await players(3);
      await friendsOf(sender, friend);
      const game = await insertGame(t());
      const room = await insertOpenRoom(t(), { gameId: game.id, userIds: [sender.user.id] });
      const res = await invite(sender, room.code, [friend.user.id, stranger.user.id]);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe("You can only invite your friends");
      expect(await invitesOf(friend)).toEqual([]);
      expect(await invitesOf(stranger)).toEqual([]);
      expect((await invite(sender, room.code, [sender.user.id])).statusCode).toBe(403);
    });

    it("is refused for a room that is not joinable or is full", async () => {
      const [sender, friend, third] = await players(3);
      await friendsOf(sender, friend);
      const game = await insertGame(t());
      const closed = await insertOpenRoom(t(), { gameId: game.id, userIds: [sender.user.id], joinable: false });
      expect((await invite(sender, closed.code, [friend.user.id])).statusCode).toBe(400);
      const full = await insertOpenRoom(t(), { gameId: game.id, userIds: [sender.user.id, third.user.id] });
      expect((await invite(sender, full.code, [friend.user.id])).statusCode).toBe(400);
      expect(await invitesOf(friend)).toEqual([]);
    });

    it("is rate limited per sender (429 after the limit)", async () => {
      const [sender, friend] = await players(2);
      await friendsOf(sender, friend);
      const game = await insertGame(t());
      const room = await insertOpenRoom(t(), { gameId: game.id, userIds: [sender.user.id], maxPlayers: 4 });
      for (let i = 0; i < 3; i++) expect((await invite(sender, room.code, [friend.user.id])).statusCode).toBe(200);
      const refused = await invite(sender, room.code, [friend.user.id]);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/invites/i);
    });

    it("the friends list shows a friend's joinable room as Playing {game} with its code", async () => {
      const [viewer, friend, friend2, stranger] = await players(4);
      await friendsOf(viewer, friend);
      await friendsOf(viewer, friend2);
      const game = await insertGame(t(), { title: "Room Game" });
      const room = await insertOpenRoom(t(), { gameId: game.id, userIds: [friend.user.id] });
      const seen = async () => {
        const { friends } = (await call(viewer, "GET", "/api/friends")).json() as {
          friends: Array<{ id: number; presence: unknown; room: unknown }>;
        };
        return friends.find((f) => f.id === friend.user.id)!;
      };
      // not sharing presence: nothing shown
      expect((await seen()).room).toBeNull();
      await sharePresence(friend, null);
      expect(await seen()).toMatchObject({
        presence: { status: "playing", game: { id: game.id, title: "Room Game" } },
        room: { code: room.code, inviteParams: null, game: { id: game.id, title: "Room Game" } },
      });

      const remove = (id: string) => t().database.db.delete(openRoomsTable).where(eq(openRoomsTable.id, id));
      await remove(room.id);
      const cases: Array<[string, Parameters<typeof insertOpenRoom>[1], boolean]> = [
        ["private", { gameId: game.id, userIds: [friend.user.id], visibility: "private" }, false],
        ["not joinable", { gameId: game.id, userIds: [friend.user.id], joinable: false }, false],
        ["full", { gameId: game.id, userIds: [friend.user.id, stranger.user.id] }, false],
        ["viewer seated", { gameId: game.id, userIds: [friend.user.id, viewer.user.id], maxPlayers: 3 }, false],
        [
          "friends room with a stranger",
          { gameId: game.id, userIds: [friend.user.id, stranger.user.id], visibility: "friends", maxPlayers: 3 },
          false,
        ],
        [
          "friends room of friends",
          { gameId: game.id, userIds: [friend.user.id, friend2.user.id], visibility: "friends", maxPlayers: 3 },
          true,
        ],
      ];
      for (const [name, columns, shown] of cases) {
        const row = await insertOpenRoom(t(), columns);
        expect({ name, room: (await seen()).room }).toEqual({
          name,
          room: shown ? { code: row.code, inviteParams: null, game: { id: game.id, title: "Room Game" } } : null,
        });
        await remove(row.id);
      }
      // no room: the presence as the friend reported it
      expect(await seen()).toMatchObject({ presence: { status: "online" }, room: null });
    });
  },
  { demo: false, settings: { rateLimits: { roomInvite: { limit: 3 } } } },
);
