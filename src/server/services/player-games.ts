/**
 * D86: a player's figures per game (player_games): plays and when last played here, playtime in
 * services/my-games.ts. Apart from my-games.ts so that recordPlay (services/plays.ts) can use it without an
 * import cycle. No HTTP types.
 */
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { playerGamesTable } from "../db/schema";

/** D86: the player started a play of the game: one more play, last played now. Called in recordPlay's transaction. */
export async function notePlayStarted(
  db: Db | Tx,
  userId: number,
  gameId: number,
  now: Date = new Date(),
): Promise<void> {
  await db
    .insert(playerGamesTable)
    .values({ userId, gameId, lastPlayedAt: now, plays: 1 })
    .onConflictDoUpdate({
      target: [playerGamesTable.userId, playerGamesTable.gameId],
      set: { plays: sql`${playerGamesTable.plays} + 1`, lastPlayedAt: now },
    });
}
