/**
 * D153: a game's own ads switch (the CMS game editor's "Ads on this game").
 *
 * Contract:
 * - A game's ads are off while its id is in Settings → Ads' `gamesOff` list (ad_settings.games_off), the one list the
 *   policy reads (ad-policy.ts answers "game_off"); the switch adds or removes the one id in a single statement, so
 *   it never overwrites the other settings or another game's switch.
 * - Unknown game: NotFound. No HTTP types.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { adSettingsTable, gamesTable } from "../db/schema";
import { NotFound } from "../errors";

async function checkGame(db: Db, gameId: number): Promise<void> {
  const [game] = await db.select({ id: gamesTable.id }).from(gamesTable).where(eq(gamesTable.id, gameId));
  if (!game) throw new NotFound("Game not found");
}

/** Whether the game may show ads (the rest of the policy still applies). */
export async function gameAdsOn(db: Db, gameId: number): Promise<boolean> {
  await checkGame(db, gameId);
  const [row] = await db
    .select({ off: sql<boolean>`${gameId} = any(${adSettingsTable.gamesOff})` })
    .from(adSettingsTable)
    .where(eq(adSettingsTable.id, 1));
  return !row?.off;
}

export async function setGameAds(db: Db, gameId: number, on: boolean): Promise<boolean> {
  await checkGame(db, gameId);
  const id = sql`${gameId}::integer`;
  const next = on
    ? sql`array_remove(${adSettingsTable.gamesOff}, ${id})`
    : sql`(select array_agg(distinct g order by g) from unnest(array_append(${adSettingsTable.gamesOff}, ${id})) as g)`;
  await db
    .insert(adSettingsTable)
    .values({ id: 1, gamesOff: on ? [] : [gameId] })
    .onConflictDoUpdate({ target: adSettingsTable.id, set: { gamesOff: next, updatedAt: new Date() } });
  return on;
}
