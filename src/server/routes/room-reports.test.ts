import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { insertGame, insertOpenRoom } from "../../test/factories";
import { createUserWithSession, describeEachDatabase } from "../../test/test-app";
import { openRoomsTable } from "../db/schema";

type Player = Awaited<ReturnType<typeof createUserWithSession>>;

/** D124: a player in a room reports another player of that room (POST /api/room-reports). */
describeEachDatabase("reporting a player from a room (D124)", (t) => {
  const report = (player: Player | undefined, body: object) =>
    t().app.inject({ method: "POST", url: "/api/room-reports", cookies: player?.cookies, payload: body });
  const players = (n: number) => Promise.all(Array.from({ length: n }, () => createUserWithSession(t())));

  it("files a report on a signed-in player of the reporter's room, shown in the queue with the game and room", async () => {
    const [reporter, reported, admin] = [...(await players(2)), await createUserWithSession(t(), { role: "admin" })];
    const game = await insertGame(t(), { title: "Room Report Game" });
    const room = await insertOpenRoom(t(), { gameId: game.id, userIds: [reporter.user.id, reported.user.id] });
    const res = await report(reporter, {
      code: room.code.toLowerCase(),
      playerId: `u${reported.user.id}`,
      reason: "harassment",
      text: "rude in the game",
    });
    expect(res.statusCode, res.body).toBe(201);
    const queue = await t().app.inject({
      method: "GET",
      url: "/api/admin/reports?status=open",
      cookies: admin.cookies,
    });
    const group = (queue.json().items as Array<Record<string, unknown>>).find(
      (g) => g.kind === "room_player" && g.targetId === reported.user.id,
    );
    expect(group).toMatchObject({
      kind: "room_player",
      content: `Room Report Game, room ${room.code}: ${reported.user.username}`,
      link: `/profile/${reported.user.id}`,
    });
  });

  it("refuses unless both sit in the room the server holds, the reported is signed in and not the reporter", async () => {
    const [reporter, reported, outsider] = await players(3);
    const game = await insertGame(t());
    const room = await insertOpenRoom(t(), { gameId: game.id, userIds: [reporter.user.id, reported.user.id] });
    await t()
      .database.db.update(openRoomsTable)
      .set({ playerIds: [...room.playerIds, "gGuestXYZ"] })
      .where(eq(openRoomsTable.id, room.id));
    const body = (over: object = {}) => ({
      code: room.code,
      playerId: `u${reported.user.id}`,
      reason: "spam",
      ...over,
    });
    expect((await report(undefined, body())).statusCode).toBe(401);
    expect((await report(outsider, body())).statusCode).toBe(403);
    expect((await report(reporter, body({ playerId: `u${outsider.user.id}` }))).statusCode).toBe(404);
    expect((await report(reporter, body({ playerId: "gGuestXYZ" }))).statusCode).toBe(404);
    expect((await report(reporter, body({ playerId: `u${reporter.user.id}` }))).statusCode).toBe(403);
    expect((await report(reporter, body({ reporterId: outsider.user.id }))).statusCode).toBe(400);
    expect((await report(reporter, body({ reason: "doesnt_load" }))).statusCode).toBe(400);
    expect((await report(reporter, body({ code: "ZZZZ22" }))).statusCode).toBe(403);
  });
});
