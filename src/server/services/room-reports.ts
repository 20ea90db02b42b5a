import { and, arrayContains, eq, isNull } from "drizzle-orm";
import { REPORT_REFUSALS, type CreateRoomReport } from "../../contract/reports";
import type { Db } from "../db/client";
import { gamesTable, openRoomsTable, usersTable } from "../db/schema";
import { Forbidden, NotFound } from "../errors";
import type { RateLimits } from "../rate-limit-table";
import { fileRoomPlayerReport } from "./reports";

/**
 * D124: a player reports another player of a room they sit in. The room is the one the server holds (its
 * open_rooms row, written by the room's home process): the reporter must be seated in the open room with that code
 * (Forbidden), the reported player id must be a signed-in player (`u{userId}`) seated in it and still an account
 * (NotFound); then it is an ordinary report (kind `room_player`, rate-limited as every report) whose content names
 * the game and the room. No HTTP types (routes/reports.ts).
 */
export async function reportRoomPlayer(
  deps: { db: Db; rateLimits: RateLimits },
  reporterId: number,
  input: CreateRoomReport,
  now = new Date(),
): Promise<{ id: number }> {
  const { db } = deps;
  const [room] = await db
    .select({ code: openRoomsTable.code, playerIds: openRoomsTable.playerIds, title: gamesTable.title })
    .from(openRoomsTable)
    .innerJoin(gamesTable, eq(gamesTable.id, openRoomsTable.gameId))
    .where(and(eq(openRoomsTable.code, input.code), arrayContains(openRoomsTable.playerIds, [`u${reporterId}`])));
  if (!room) throw new Forbidden("You are not in that room");
  const seated = /^u([1-9][0-9]{0,9})$/.exec(input.playerId);
  if (!seated || !room.playerIds.includes(input.playerId)) throw new NotFound(REPORT_REFUSALS.notFound);
  const reportedId = Number(seated[1]);
  const [reported] = await db
    .select({ username: usersTable.username })
    .from(usersTable)
    .where(and(eq(usersTable.id, reportedId), isNull(usersTable.deletedAt)));
  if (!reported) throw new NotFound(REPORT_REFUSALS.notFound);
  return fileRoomPlayerReport(
    deps,
    reporterId,
    {
      reportedId,
      content: `${room.title}, room ${room.code}: ${reported.username}`,
      reason: input.reason,
      ...(input.text ? { text: input.text } : {}),
    },
    now,
  );
}
