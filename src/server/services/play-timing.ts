/**
 * Time to first gameplay: how long a game takes from its frame's load to the first
 * `gameplay.start` of a play, recorded once per play, and the median per game for the admin area, so that an
 * administrator sees which games load slowly.
 *
 * Contract: `recordFirstGameplay` stores the time on a play of that game and of that caller (the signed-in player
 * who opened it, or for a guest's play a caller signed out) that was opened in the last PLAY_TIMING_WINDOW_HOURS and
 * has none yet, and answers whether it did; a later report for the same play, someone else's play, a play of another
 * game, an unknown or old play change nothing. Guests have no identity of their own: a guest's play id, an
 * unguessable UUID handed only to the page that opened the play, is what proves it theirs. The time never
 * touches the round's start (gameplay_started_at, D108, services/my-games.ts). `medianFirstGameplay` answers the median over a
 * game's last MEDIAN_SAMPLE timed plays, or null without any. No HTTP types.
 */
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { gamesTable, playsTable } from "../db/schema";

// medianFirstGameplayColumn names the tables itself (plays as p, the outer "games" row): drizzle does not
// qualify columns inside a raw subquery, and "id" alone would be the play's.

export const PLAY_TIMING_WINDOW_HOURS = 6;
export const MEDIAN_SAMPLE = 200;

export async function recordFirstGameplay(
  db: Db,
  report: { gameId: number; playId: string; userId: number | null; ms: number },
): Promise<boolean> {
  const updated = await db
    .update(playsTable)
    .set({ firstGameplayMs: Math.round(report.ms) })
    .where(
      and(
        eq(playsTable.id, report.playId),
        eq(playsTable.gameId, report.gameId),
        report.userId === null ? isNull(playsTable.userId) : eq(playsTable.userId, report.userId),
        isNull(playsTable.firstGameplayMs),
        gt(playsTable.createdAt, sql`now() - make_interval(hours => ${PLAY_TIMING_WINDOW_HOURS})`),
      ),
    )
    .returning({ id: playsTable.id });
  return updated.length > 0;
}

/**
 * The median time to first gameplay of the game in the surrounding query's `games` row (ms, whole, or null
 * without any timed play), over its last MEDIAN_SAMPLE timed plays: a column for the admin games list.
 */
export const medianFirstGameplayColumn = sql<number | null>`(
  select round(percentile_cont(0.5) within group (order by recent.ms))::integer
  from (
    select p.first_gameplay_ms as ms from plays as p
    where p.game_id = "games"."id" and p.first_gameplay_ms is not null
    order by p.created_at desc
    limit ${sql.raw(String(MEDIAN_SAMPLE))}
  ) as recent
)`;

/** The median time to first gameplay of each of these games (ms, whole), over each game's last MEDIAN_SAMPLE timed plays. */
export async function medianFirstGameplay(db: Db, gameIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (gameIds.length === 0) return out;
  const rows = await db
    .select({ id: gamesTable.id, median: medianFirstGameplayColumn })
    .from(gamesTable)
    .where(inArray(gamesTable.id, [...gameIds]));
  for (const r of rows) if (r.median !== null) out.set(r.id, Number(r.median));
  return out;
}
