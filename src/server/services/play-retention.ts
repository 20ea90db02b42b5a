/**
 * The retention of anonymous plays, so that they do not add rows forever. A play of a
 * signed-out visitor (user_id null, also a deleted account's plays) is a row of `plays` with no one to serve:
 * no score, save, achievement or My Games row refers to it. After ANONYMOUS_PLAY_RETENTION_DAYS it is counted in
 * `play_counts_daily` (per game and UTC day) and deleted, in one statement, so a row is counted exactly once however
 * many processes purge at the same time.
 *
 * What the site shows stays the same after a purge:
 * - a game's play count (and "most played") is games.plays, counted at each play (services/plays.ts recordPlay);
 * - Total Players and My Games are player_games rows, the profile's category shares signed-in plays;
 * - the admin games list's median time to first gameplay (services/play-timing.ts) reads a game's last MEDIAN_SAMPLE
 *   timed plays: those are kept whatever their age (at most MEDIAN_SAMPLE rows per game).
 * Signed-in players' plays are never purged (scores, achievements and the account export refer to them).
 *
 * Contract: `purgeOldAnonymousPlays` deletes at most PLAY_PURGE_BATCH rows per statement, one transaction per batch,
 * until none is left or maxBatches ran; it answers how many it deleted. A batch runs only under a transaction-level
 * advisory lock taken without waiting: while another process purges, this one leaves it the work. Running it again
 * changes nothing. No HTTP types.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { MEDIAN_SAMPLE } from "./play-timing";

/** Days an anonymous play is kept as a row before it is only a number in play_counts_daily (README "Security"). */
export const ANONYMOUS_PLAY_RETENTION_DAYS = 30;
/** Rows deleted per statement (a short transaction: the plays being written meanwhile never wait long). */
export const PLAY_PURGE_BATCH = 5_000;
/** Batches per run (main.ts housekeeping runs every 10 minutes; a backlog is worked off over several runs). */
export const PLAY_PURGE_MAX_BATCHES = 40;
/** The advisory lock key of the purge (a constant the application uses for nothing else; seasons use 7_162_091). */
const PLAY_PURGE_LOCK = 7_162_117;
const DAY_MS = 24 * 60 * 60 * 1000;

/** One batch in its transaction: the number of plays deleted (and counted), or null when another process holds the lock. */
async function purgeBatch(db: Db, cutoff: Date, batch: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    const lock = (await tx.execute(sql`select pg_try_advisory_xact_lock(${PLAY_PURGE_LOCK}) as locked`)).rows[0] as {
      locked: boolean;
    };
    if (!lock.locked) return null;
    // keep_from: the creation time of the game's MEDIAN_SAMPLE-th latest timed play (plays_timed_idx); a timed
    // play from then on is in the median's sample and stays. Ties with it stay too, so the sample is unchanged.
    const result = await tx.execute(sql`
      with bounds as materialized (
        select g.id as game_id,
               coalesce(
                 (select q.created_at from plays q
                  where q.game_id = g.id and q.first_gameplay_ms is not null
                  order by q.created_at desc offset ${MEDIAN_SAMPLE - 1} limit 1),
                 '-infinity'::timestamptz) as keep_from
        from games g
      ),
      doomed as (
        select p.id from plays p join bounds b on b.game_id = p.game_id
        where p.user_id is null and p.created_at < ${cutoff.toISOString()}::timestamptz
          and (p.first_gameplay_ms is null or p.created_at < b.keep_from)
        limit ${batch}
        for update of p skip locked
      ),
      gone as (
        delete from plays p where p.id = any(array(select id from doomed))
        returning p.game_id, p.created_at
      ),
      counted as (
        insert into play_counts_daily (game_id, day, anonymous_plays)
        select game_id, (created_at at time zone 'UTC')::date, count(*)::int from gone group by 1, 2
        on conflict (game_id, day) do update set anonymous_plays = play_counts_daily.anonymous_plays + excluded.anonymous_plays
        returning 1
      )
      select (select count(*)::int from gone) as deleted, (select count(*)::int from counted) as days`);
    return Number((result.rows[0] as { deleted: number }).deleted);
  });
}

/**
 * Counts anonymous plays older than ANONYMOUS_PLAY_RETENTION_DAYS (before `now`) into play_counts_daily and
 * deletes them, in batches (see the contract above). Answers the number of plays deleted by this call.
 */
export async function purgeOldAnonymousPlays(
  db: Db,
  now = new Date(),
  opts: { batch?: number; maxBatches?: number } = {},
): Promise<number> {
  const batch = opts.batch ?? PLAY_PURGE_BATCH;
  const maxBatches = opts.maxBatches ?? PLAY_PURGE_MAX_BATCHES;
  const cutoff = new Date(now.getTime() - ANONYMOUS_PLAY_RETENTION_DAYS * DAY_MS);
  let total = 0;
  for (let i = 0; i < maxBatches; i++) {
    const deleted = await purgeBatch(db, cutoff, batch);
    if (deleted === null) break;
    total += deleted;
    if (deleted < batch) break;
  }
  return total;
}
