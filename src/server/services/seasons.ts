import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Season } from "../../contract/leaderboard";
import {
  DEFAULT_SEASON_LENGTH,
  parseSeasonLength,
  SEASON_LENGTH_SETTING,
  type SeasonLength,
} from "../../contract/leaderboard-constants";
import type { Db, Tx } from "../db/client";
import { seasonsTable, websiteContentTable } from "../db/schema";
import { Conflict, NotFound } from "../errors";
import { COUNTS_TOWARD_TOTAL_SQL } from "./score-totals";

/**
 * D91: seasons of the boards. The site's season length (Settings: "week", the default, "month" or "none") cuts time
 * at 00:00 UTC on Mondays (or on the 1st). Exactly one season is open (`archived_at` null): scores go to it, "This
 * Week" is its board. When its end has passed, the first process to notice (a board read or a score, any process)
 * rolls over inside one transaction that holds a PostgreSQL advisory lock: it archives the open season and opens the
 * one containing now; a process that waited for the lock finds the work done. An archived season's rows are final
 * (no score goes to a closed season) and stay browsable; score moderation may still correct them.
 * A change of length reschedules the open season's end to the next boundary of the new length.
 * No HTTP types here.
 */

type Q = Db | Tx;

/** The advisory lock key of the rollover (any constant the application uses for nothing else). */
const ROLLOVER_LOCK = 7_162_091;
const DAY_MS = 24 * 60 * 60 * 1000;

export type SeasonRow = { id: number; startsAt: Date; endsAt: Date | null; archivedAt: Date | null };

/** The start of the period containing `now` (Monday or the 1st, 00:00 UTC); for "none", now's Monday. */
export function periodStart(now: Date, length: SeasonLength): Date {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (length === "month") return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - sinceMonday * DAY_MS);
}

/** The first boundary of this length strictly after `t` (null: "none" never ends). */
export function nextBoundary(t: Date, length: SeasonLength): Date | null {
  if (length === "none") return null;
  const start = periodStart(t, length);
  if (length === "month") return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  return new Date(start.getTime() + 7 * DAY_MS);
}

export async function getSeasonLength(db: Q): Promise<SeasonLength> {
  const [row] = await db
    .select({ value: websiteContentTable.value })
    .from(websiteContentTable)
    .where(and(eq(websiteContentTable.section, "site"), eq(websiteContentTable.key, SEASON_LENGTH_SETTING)));
  return parseSeasonLength(row?.value ?? "") ?? DEFAULT_SEASON_LENGTH;
}

const seasonColumns = {
  id: seasonsTable.id,
  startsAt: seasonsTable.startsAt,
  endsAt: seasonsTable.endsAt,
  archivedAt: seasonsTable.archivedAt,
};

async function openSeason(db: Q): Promise<SeasonRow | undefined> {
  const [row] = await db
    .select(seasonColumns)
    .from(seasonsTable)
    .where(sql`${seasonsTable.archivedAt} is null`)
    .orderBy(desc(seasonsTable.id))
    .limit(1);
  return row;
}

const isOver = (s: SeasonRow, now: Date) => s.endsAt !== null && s.endsAt.getTime() <= now.getTime();

/**
 * D91: the open season at `now`, rolling over first when its end has passed (or opening the first season of an
 * install, filled from the scores already made in it). One cheap read when nothing is due.
 */
export async function currentSeason(db: Db, now = new Date()): Promise<SeasonRow> {
  const open = await openSeason(db);
  if (open && !isOver(open, now)) return open;
  return rollOver(db, now);
}

/** D91: archive the open season if it is over and open the next, under the rollover lock (one process does it). */
export async function rollOver(db: Db, now = new Date()): Promise<SeasonRow> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLOVER_LOCK})`);
    const open = await openSeason(tx);
    if (open && !isOver(open, now)) return open; // another process rolled over while this one waited
    const length = await getSeasonLength(tx);
    let startsAt = periodStart(now, length);
    if (open) {
      await tx.update(seasonsTable).set({ archivedAt: now }).where(eq(seasonsTable.id, open.id));
      // seasons never overlap: the next one starts where the closed one ended (or later, when nothing was played between)
      if (open.endsAt && startsAt < open.endsAt) startsAt = open.endsAt;
    }
    const [created] = await tx
      .insert(seasonsTable)
      .values({ startsAt, endsAt: nextBoundary(now, length) })
      .returning(seasonColumns);
    if (!open) await rebuildSeasonBoards(tx, { seasonId: created!.id });
    return created!;
  });
}

/**
 * D91: an administrator ends the open season now (a competition's start, a school's term): it is archived with the
 * standings it has, and the next season starts now and ends at the next boundary of the site's length.
 */
export async function startNewSeason(
  db: Db,
  now = new Date(),
): Promise<{ closed: SeasonRow | null; opened: SeasonRow }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLOVER_LOCK})`);
    const open = await openSeason(tx);
    if (open && open.startsAt.getTime() >= now.getTime()) throw new Conflict("The season has only just started");
    if (open) await tx.update(seasonsTable).set({ archivedAt: now, endsAt: now }).where(eq(seasonsTable.id, open.id));
    const [opened] = await tx
      .insert(seasonsTable)
      .values({ startsAt: now, endsAt: nextBoundary(now, await getSeasonLength(tx)) })
      .returning(seasonColumns);
    return { closed: open ? { ...open, endsAt: now, archivedAt: now } : null, opened: opened! };
  });
}

/** D91: after the length changed in Settings, the open season ends at the next boundary of the new length. */
export async function rescheduleOpenSeason(db: Db, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLOVER_LOCK})`);
    const open = await openSeason(tx);
    if (!open) return;
    await tx
      .update(seasonsTable)
      .set({ endsAt: nextBoundary(now, await getSeasonLength(tx)) })
      .where(eq(seasonsTable.id, open.id));
  });
}

export function toSeason(s: SeasonRow, openId: number | undefined): Season {
  return {
    id: s.id,
    number: s.id,
    startsAt: s.startsAt.toISOString(),
    endsAt: s.endsAt?.toISOString() ?? null,
    current: s.id === openId,
  };
}

/** D101 `GET /api/seasons`: every season, newest first (the open one first). */
export async function listSeasons(db: Db, now = new Date()): Promise<Season[]> {
  const open = await currentSeason(db, now);
  const rows = await db.select(seasonColumns).from(seasonsTable).orderBy(desc(seasonsTable.id));
  return rows.map((s) => toSeason(s, open.id));
}

/** The season a board asks for: `id` (404 when there is none) or the open one. */
export async function resolveSeason(db: Db, id: number | undefined, now = new Date()): Promise<SeasonRow> {
  if (id === undefined) return currentSeason(db, now);
  const [row] = await db.select(seasonColumns).from(seasonsTable).where(eq(seasonsTable.id, id));
  if (!row) throw new NotFound("Season not found");
  return row;
}

/**
 * D91: the season boards (season_best_scores, season_player_stats) made again from the scores kept, for one
 * season or all, one game or all, some players or all: after a score was removed, a player reset, a game's order
 * changed or a game deleted, and for the first season of an existing install. A score belongs to the season whose
 * time span contains it. Only "more points is better" games add to a total.
 */
export async function rebuildSeasonBoards(
  tx: Q,
  only: { seasonId?: number; gameId?: number; userIds?: number[] } = {},
): Promise<void> {
  const ids = only.userIds?.length
    ? sql.join(
        only.userIds.map((u) => sql`${u}`),
        sql`, `,
      )
    : null;
  // which players' rows are made again (for one game: the players who have scores on it)
  const players = (col: SQL): SQL =>
    only.userIds !== undefined
      ? ids
        ? sql`${col} in (${ids})`
        : sql`false`
      : only.gameId !== undefined
        ? sql`${col} in (select user_id from scores where game_id = ${only.gameId})`
        : sql`true`;
  const season = (col: SQL): SQL => (only.seasonId === undefined ? sql`true` : sql`${col} = ${only.seasonId}`);
  const game = (col: SQL): SQL => (only.gameId === undefined ? sql`true` : sql`${col} = ${only.gameId}`);
  const inSeason = sql`s.created_at >= se.starts_at and (se.ends_at is null or s.created_at < se.ends_at)`;

  await tx.execute(
    sql`delete from season_best_scores where ${season(sql`season_id`)} and ${game(sql`game_id`)} and ${players(sql`user_id`)}`,
  );
  await tx.execute(sql`
    insert into season_best_scores (season_id, user_id, game_id, score, score_id, achieved_at)
    select distinct on (se.id, s.user_id, s.game_id) se.id, s.user_id, s.game_id, s.score, s.id, s.created_at
    from scores s join seasons se on ${inSeason} join games g on g.id = s.game_id
    where ${season(sql`se.id`)} and ${game(sql`s.game_id`)} and ${players(sql`s.user_id`)}
    order by se.id, s.user_id, s.game_id, case when g.score_order = 'asc' then s.score else -s.score end, s.created_at, s.id`);

  await tx.execute(sql`delete from season_player_stats where ${season(sql`season_id`)} and ${players(sql`user_id`)}`);
  await tx.execute(sql`
    insert into season_player_stats (season_id, user_id, total_score, games_played, wins, reported, reached_at)
    select c.season_id, c.user_id, coalesce(t.total, 0), c.played, c.wins, c.reported, coalesce(t.reached, c.first_at)
    from (
      select se.id as season_id, s.user_id, count(*)::int as played, count(*) filter (where s.won)::int as wins,
             count(s.won)::int as reported, min(s.created_at) as first_at
      from scores s join seasons se on ${inSeason}
      where ${season(sql`se.id`)} and ${players(sql`s.user_id`)}
      group by se.id, s.user_id
    ) c
    left join (
      select b.season_id, b.user_id, sum(b.score)::bigint as total, max(b.achieved_at) as reached
      from season_best_scores b join games g on g.id = b.game_id and ${COUNTS_TOWARD_TOTAL_SQL}
      where ${season(sql`b.season_id`)} and ${players(sql`b.user_id`)}
      group by b.season_id, b.user_id
    ) t on t.season_id = c.season_id and t.user_id = c.user_id`);
}
