import { and, eq, isNull, sql } from "drizzle-orm";
import { notificationsTable } from "../db/schema";
import type { RoomTurnNotice } from "./game-rooms";
import { notify, type NotifyDeps } from "./notifications";

/**
 * D121 "Your turn": tells a signed-in player away from a turn-based room that it is their move (`room_turn`,
 * linking to `/game/{id}?room={code}`), written by the room's home process from GameRooms' `turns`. At most one
 * unread a room: while the last one is unread nothing is added. `notify`'s rules apply (the kind turned off, a
 * block between the two players). Answers whether a notification was sent.
 */
export async function notifyRoomTurn(deps: NotifyDeps, notice: RoomTurnNotice, now = new Date()): Promise<boolean> {
  const link = `/game/${notice.gameId}?room=${notice.code}`;
  const [unread] = await deps.db
    .select({ id: notificationsTable.id })
    .from(notificationsTable)
    .where(
      and(
        eq(notificationsTable.userId, notice.userId),
        eq(notificationsTable.kind, "room_turn"),
        isNull(notificationsTable.readAt),
        sql`${notificationsTable.data} ->> 'link' = ${link}`,
      ),
    )
    .limit(1);
  if (unread) return false;
  const other = notice.with;
  const item = await notify(
    deps,
    notice.userId,
    "room_turn",
    {
      gameId: notice.gameId,
      link,
      ...(other?.userId ? { actorId: other.userId } : other ? { text: other.name } : {}),
    },
    now,
  );
  return item !== null;
}
