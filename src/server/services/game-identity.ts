import { randomInt } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/pg-errors";
import { gamePlayerAliasesTable, gamesTable, usersTable } from "../db/schema";
import { NotFound } from "../errors";
import { gameIsShown, gameVisibility } from "./game-catalogue";

/**
 * D75: the player as a game sees them through the SDK. A public profile: the account's id, name and
 * picture (as on the boards). A private or friends-only one: "Player", no picture, and an id of its own in each game,
 * so that a game can neither look the player up on the boards nor tell that two games have the same player. The id is
 * random, kept (game_player_aliases) so that a game sees the same one every time, and above every account's id.
 * A profile made public later shows its account's id from then on. Scores and saves never use the id a game sees:
 * they follow the session. No HTTP types.
 */
export type GameFacingUser = { id: number; username: string; avatarUrl: string | null };

/** The name a game shows for a player whose profile is not public. */
export const ANONYMOUS_PLAYER_NAME = "Player";
/** Aliases lie in [2^32, 2^32 + 2^48): above any account's id (32-bit serial), below 2^53 (a safe JavaScript integer). */
const ALIAS_FLOOR = 2 ** 32;
const ALIAS_SPAN = 2 ** 48 - 1;

export async function gameFacingUser(db: Db, userId: number, gameId: number): Promise<GameFacingUser> {
  const [row] = await db
    .select({
      username: usersTable.username,
      avatarUrl: usersTable.avatarUrl,
      visibility: usersTable.profileVisibility,
      game: gamesTable.id,
    })
    .from(usersTable)
    .leftJoin(gamesTable, and(eq(gamesTable.id, gameId), gameIsShown(await gameVisibility(db))))
    .where(eq(usersTable.id, userId));
  if (!row?.game) throw new NotFound("Game not found");
  if (row.visibility === "public") return { id: userId, username: row.username, avatarUrl: row.avatarUrl };
  return { id: await aliasOf(db, userId, gameId), username: ANONYMOUS_PLAYER_NAME, avatarUrl: null };
}

async function aliasOf(db: Db, userId: number, gameId: number): Promise<number> {
  const mine = and(eq(gamePlayerAliasesTable.userId, userId), eq(gamePlayerAliasesTable.gameId, gameId));
  // a fresh alias may, once in ~10^14, be another's: then another draw
  for (let attempt = 0; attempt < 3; attempt++) {
    const [kept] = await db.select({ alias: gamePlayerAliasesTable.alias }).from(gamePlayerAliasesTable).where(mine);
    if (kept) return Number(kept.alias);
    try {
      await db
        .insert(gamePlayerAliasesTable)
        .values({ userId, gameId, alias: ALIAS_FLOOR + randomInt(ALIAS_SPAN) })
        .onConflictDoNothing({ target: [gamePlayerAliasesTable.userId, gamePlayerAliasesTable.gameId] });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new Error("Could not give the player an alias in this game");
}
