import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { gamesTable, playsTable } from "../db/schema";
import { gameIsShown, gameVisibility } from "./game-catalogue";
import { notePlayStarted } from "./player-games";

/**
 * D21: counts a play and opens a play session tied to the visitor's user when signed in (their recently played);
 * undefined when there is no such game or players may not see it (gameIsShown).
 */
export async function recordPlay(
  db: Db,
  gameId: number,
  userId: number | null,
): Promise<{ plays: number; playId: string } | undefined> {
  const visibility = await gameVisibility(db);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(gamesTable)
      .set({ plays: sql`${gamesTable.plays} + 1` })
      .where(and(eq(gamesTable.id, gameId), gameIsShown(visibility)))
      .returning({ plays: gamesTable.plays });
    if (!updated) return undefined;
    const [play] = await tx.insert(playsTable).values({ gameId, userId }).returning({ id: playsTable.id });
    if (userId !== null) await notePlayStarted(tx, userId, gameId);
    return { plays: updated.plays, playId: play.id };
  });
}
