/**
 * D134: numbers that show how a game (and the whole site) is doing, per UTC day for NUMBERS_DAYS days.
 *
 * What is counted, without cookies or any identity beyond the plays the site already keeps: card impressions and game
 * page views (the pages' beacon, upserted into game_counters_daily), play starts, time to first gameplay, playtime,
 * sessions per player and D1/D7 retention (from `plays`; retention and sessions per player from signed-in plays only,
 * since a guest's play has no identity that outlives it), and the game frame's uncaught errors (game_errors_daily).
 *
 * Contract: `countBeacon` adds one to each named game's impressions (each id once per call) and to the viewed game's
 * page views; ids of no game are ignored. `recordGameError` counts one error of a game under its trimmed message, at
 * most GAME_ERROR_MESSAGES_PER_DAY distinct messages per game and day (the rest under OTHER_MESSAGES). `rollUpDay`
 * writes one game_numbers_daily row per game with anything that day and one for the site (game 0), replacing what
 * was there, and the day's SITE_ERROR_MESSAGES_PER_DAY commonest messages of all games as game 0's error rows:
 * running it again changes nothing. `runNumbersRollup` rolls up every finished day of the last NUMBERS_DAYS
 * that has no row yet, and again the last RETENTION_DAYS finished days (their D1/D7 become known later), and deletes
 * rows older than NUMBERS_DAYS. `readNumbers` answers the finished days from the rolled-up rows and today computed
 * live from today's rows only. No HTTP types.
 */
import { eq, sql, type SQL } from "drizzle-orm";
import {
  GAME_ERROR_MESSAGE_MAX,
  NUMBERS_DAYS,
  type NumbersDay,
  type NumbersResponse,
} from "../../contract/numbers-constants";
import type { Db } from "../db/client";
import { gamesTable } from "../db/schema";

export const GAME_ERROR_MESSAGES_PER_DAY = 50;
export const OTHER_MESSAGES = "(other messages)";
/** The site's messages kept per finished day (game 0's rows of game_errors_daily, written by the roll-up). */
export const SITE_ERROR_MESSAGES_PER_DAY = 50;
/** Finished days rolled up again on every run: a cohort's D7 is known on the eighth day. */
export const RETENTION_DAYS = 8;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day (YYYY-MM-DD) of a time. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);
const addDays = (day: string, n: number): string => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));

type Rows = { rows: unknown[] };
const rowsOf = <T>(result: Rows) => result.rows as T[];

/** Adds one impression per distinct game id and one page view for `view`; unknown ids are ignored. */
export async function countBeacon(
  db: Db,
  beacon: { impressions: readonly number[]; view: number | null },
  now = new Date(),
): Promise<void> {
  const ids = [...new Set(beacon.impressions)];
  if (ids.length === 0 && beacon.view === null) return;
  const all = [...new Set([...ids, ...(beacon.view === null ? [] : [beacon.view])])];
  const viewed = beacon.view ?? 0;
  // one statement: the games that exist among the ids, each with its impression (0/1) and view (0/1)
  await db.execute(sql`
    insert into game_counters_daily (game_id, day, impressions, page_views)
    select g.id, ${utcDay(now)}::date,
           case when g.id = any(${sql.raw(pgIntArray(ids))}) then 1 else 0 end,
           case when g.id = ${viewed} then 1 else 0 end
    from games g where g.id = any(${sql.raw(pgIntArray(all))})
    on conflict (game_id, day) do update set
      impressions = game_counters_daily.impressions + excluded.impressions,
      page_views = game_counters_daily.page_views + excluded.page_views`);
}

/** A literal int[] of validated integers (never text from a request: the callers' ids passed zod's int check). */
function pgIntArray(ids: readonly number[]): string {
  if (!ids.every((id) => Number.isSafeInteger(id))) throw new Error("not integers");
  return `array[${ids.join(",")}]::int[]`;
}

/** The message as it is kept: one line, trimmed, cut to GAME_ERROR_MESSAGE_MAX characters. */
export function errorMessageKey(message: string): string {
  const line = message.replace(/\s+/g, " ").trim();
  return (line || "(no message)").slice(0, GAME_ERROR_MESSAGE_MAX);
}

/** Counts one uncaught error of a game; false when there is no such game. */
export async function recordGameError(db: Db, gameId: number, message: string, now = new Date()): Promise<boolean> {
  const day = utcDay(now);
  const key = errorMessageKey(message);
  // a new message beyond the day's cap is counted under OTHER_MESSAGES, so one broken game cannot grow the table
  const result = await db.execute(sql`
    insert into game_errors_daily (game_id, day, message, n)
    select g.id, ${day}::date,
      case when exists (select 1 from game_errors_daily e where e.game_id = g.id and e.day = ${day}::date and e.message = ${key})
             or (select count(*) from game_errors_daily e where e.game_id = g.id and e.day = ${day}::date) < ${GAME_ERROR_MESSAGES_PER_DAY}
           then ${key} else ${OTHER_MESSAGES} end,
      1
    from games g where g.id = ${gameId}
    on conflict (game_id, day, message) do update set n = game_errors_daily.n + 1
    returning 1`);
  return result.rows.length > 0;
}

/** The columns of a game_numbers_daily row, in the order the roll-up selects them. */
const ROW_COLUMNS = sql.raw(
  "game_id, day, build_id, impressions, page_views, play_starts, first_gameplay_p50, first_gameplay_p90, playtime_ms, player_sessions, players, new_players, returned_d1, returned_d7, errors",
);

/**
 * One day of every game (or of one game): a row per game with plays, counters, anonymous counts or errors that day.
 * `knownUntil` is the start of the first unfinished day: a return on a day not finished yet is not known (null).
 */
function gameDaySql(day: string, knownUntil: string, gameId: number | null): SQL {
  const from = sql`${day}::date::timestamp at time zone 'UTC'`;
  const dayAt = (n: number) => sql`(${day}::date + ${sql.raw(String(Math.trunc(n)))})::timestamp at time zone 'UTC'`;
  const onlyGame = (column: SQL) => (gameId === null ? sql`true` : sql`${column} = ${gameId}`);
  const returned = (n: number) =>
    addDays(day, n + 1) <= knownUntil
      ? sql`count(*) filter (where exists (select 1 from plays q where q.user_id = n.user_id and q.game_id = n.game_id
              and q.created_at >= ${dayAt(n)} and q.created_at < ${dayAt(n + 1)}))::int`
      : sql`null::int`;
  return sql`
    with p as materialized (
      select game_id, user_id, first_gameplay_ms, playtime_ms from plays
      where created_at >= ${from} and created_at < ${dayAt(1)} and ${onlyGame(sql`game_id`)}
    ),
    per_game as (
      select game_id, count(*)::int as plays,
        percentile_cont(0.5) within group (order by first_gameplay_ms) as p50,
        percentile_cont(0.9) within group (order by first_gameplay_ms) as p90,
        coalesce(sum(playtime_ms), 0)::bigint as playtime_ms,
        count(user_id)::int as player_sessions,
        count(distinct user_id)::int as players
      from p group by game_id
    ),
    new_players as (
      select distinct p.game_id, p.user_id from p
      where p.user_id is not null
        and not exists (select 1 from plays q where q.user_id = p.user_id and q.game_id = p.game_id and q.created_at < ${from})
    ),
    cohorts as (
      select n.game_id, count(*)::int as new_players, ${returned(1)} as d1, ${returned(7)} as d7
      from new_players n group by n.game_id
    ),
    counters as (select game_id, impressions, page_views from game_counters_daily where day = ${day}::date and ${onlyGame(sql`game_id`)}),
    anonymous as (select game_id, anonymous_plays from play_counts_daily where day = ${day}::date and ${onlyGame(sql`game_id`)}),
    errors as (select game_id, sum(n)::int as n from game_errors_daily where day = ${day}::date and game_id > 0 and ${onlyGame(sql`game_id`)} group by game_id),
    ids as (
      select game_id from per_game union select game_id from counters union select game_id from anonymous
      union select game_id from errors
    )
    select ids.game_id, ${day}::date as day, 0 as build_id,
      coalesce(c.impressions, 0) as impressions, coalesce(c.page_views, 0) as page_views,
      coalesce(pg.plays, 0) + coalesce(a.anonymous_plays, 0) as play_starts,
      pg.p50 as first_gameplay_p50, pg.p90 as first_gameplay_p90,
      coalesce(pg.playtime_ms, 0) as playtime_ms, coalesce(pg.player_sessions, 0) as player_sessions,
      coalesce(pg.players, 0) as players, coalesce(co.new_players, 0) as new_players,
      case when co.game_id is null then ${addDays(day, 2) <= knownUntil ? sql`0` : sql`null::int`} else co.d1 end as returned_d1,
      case when co.game_id is null then ${addDays(day, 8) <= knownUntil ? sql`0` : sql`null::int`} else co.d7 end as returned_d7,
      coalesce(e.n, 0) as errors
    from ids
    left join per_game pg on pg.game_id = ids.game_id
    left join cohorts co on co.game_id = ids.game_id
    left join counters c on c.game_id = ids.game_id
    left join anonymous a on a.game_id = ids.game_id
    left join errors e on e.game_id = ids.game_id`;
}

/** One day of the whole site (game 0): players and retention across games, the rest summed. */
function siteDaySql(day: string, knownUntil: string): SQL {
  const from = sql`${day}::date::timestamp at time zone 'UTC'`;
  const dayAt = (n: number) => sql`(${day}::date + ${sql.raw(String(Math.trunc(n)))})::timestamp at time zone 'UTC'`;
  const returned = (n: number) =>
    addDays(day, n + 1) <= knownUntil
      ? sql`(select count(*)::int from new_players n where exists (select 1 from plays q where q.user_id = n.user_id
              and q.created_at >= ${dayAt(n)} and q.created_at < ${dayAt(n + 1)}))`
      : sql`null::int`;
  return sql`
    with p as materialized (
      select user_id, first_gameplay_ms, playtime_ms from plays where created_at >= ${from} and created_at < ${dayAt(1)}
    ),
    new_players as materialized (
      select distinct p.user_id from p
      where p.user_id is not null
        and not exists (select 1 from plays q where q.user_id = p.user_id and q.created_at < ${from})
    )
    select 0 as game_id, ${day}::date as day, 0 as build_id,
      (select coalesce(sum(impressions), 0)::int from game_counters_daily where day = ${day}::date) as impressions,
      (select coalesce(sum(page_views), 0)::int from game_counters_daily where day = ${day}::date) as page_views,
      (select count(*)::int from p) + (select coalesce(sum(anonymous_plays), 0)::int from play_counts_daily where day = ${day}::date) as play_starts,
      (select percentile_cont(0.5) within group (order by first_gameplay_ms) from p) as first_gameplay_p50,
      (select percentile_cont(0.9) within group (order by first_gameplay_ms) from p) as first_gameplay_p90,
      (select coalesce(sum(playtime_ms), 0)::bigint from p) as playtime_ms,
      (select count(user_id)::int from p) as player_sessions,
      (select count(distinct user_id)::int from p) as players,
      (select count(*)::int from new_players) as new_players,
      ${returned(1)} as returned_d1,
      ${returned(7)} as returned_d7,
      (select coalesce(sum(n), 0)::int from game_errors_daily where day = ${day}::date and game_id > 0) as errors`;
}

/** Rolls up one finished UTC day (YYYY-MM-DD) of every game and of the site; answers the rows written. */
export async function rollUpDay(db: Db, day: string, now = new Date()): Promise<number> {
  const knownUntil = utcDay(now);
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from game_numbers_daily where day = ${day}::date and build_id = 0`);
    const games = await tx.execute(
      sql`insert into game_numbers_daily (${ROW_COLUMNS}) ${gameDaySql(day, knownUntil, null)} returning 1`,
    );
    const site = await tx.execute(
      sql`insert into game_numbers_daily (${ROW_COLUMNS}) ${siteDaySql(day, knownUntil)} returning 1`,
    );
    // the site's commonest messages of the day as game 0's rows, so that the site's screen reads 90 short lists
    await tx.execute(sql`delete from game_errors_daily where game_id = 0 and day = ${day}::date`);
    await tx.execute(sql`
      insert into game_errors_daily (game_id, day, message, n)
      select 0, ${day}::date, message, sum(n)::int from game_errors_daily
      where day = ${day}::date and game_id > 0 group by message order by sum(n) desc, message limit ${SITE_ERROR_MESSAGES_PER_DAY}`);
    return games.rows.length + site.rows.length;
  });
}

/**
 * The daily job (D134): rolls up the finished days of the last NUMBERS_DAYS without a site row, and again the last
 * RETENTION_DAYS; deletes what is older than NUMBERS_DAYS. Answers the days rolled up.
 */
export async function runNumbersRollup(db: Db, now = new Date()): Promise<string[]> {
  const today = utcDay(now);
  const first = addDays(today, -NUMBERS_DAYS);
  const done = new Set(
    rowsOf<{ day: string }>(
      await db.execute(
        sql`select to_char(day, 'YYYY-MM-DD') as day from game_numbers_daily where game_id = 0 and build_id = 0 and day >= ${first}::date`,
      ),
    ).map((r) => r.day),
  );
  const days: string[] = [];
  for (let day = first; day < today; day = addDays(day, 1)) {
    if (!done.has(day) || day >= addDays(today, -RETENTION_DAYS)) days.push(day);
  }
  for (const day of days) await rollUpDay(db, day, now);
  await db.execute(sql`delete from game_numbers_daily where day < ${first}::date`);
  await db.execute(sql`delete from game_counters_daily where day < ${first}::date`);
  await db.execute(sql`delete from game_errors_daily where day < ${first}::date`);
  return days;
}

type DayRow = {
  day: string;
  impressions: number;
  page_views: number;
  play_starts: number;
  first_gameplay_p50: number | null;
  first_gameplay_p90: number | null;
  playtime_ms: number | string;
  player_sessions: number;
  players: number;
  new_players: number;
  returned_d1: number | null;
  returned_d7: number | null;
  errors: number;
};

const ratio = (a: number, b: number): number | null => (b > 0 ? a / b : null);
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function toDay(row: DayRow, live: boolean): NumbersDay {
  const playStarts = Number(row.play_starts);
  const newPlayers = Number(row.new_players);
  const d1 = num(row.returned_d1);
  const d7 = num(row.returned_d7);
  const errors = Number(row.errors);
  return {
    day: row.day,
    live,
    impressions: Number(row.impressions),
    pageViews: Number(row.page_views),
    playStarts,
    conversion: ratio(playStarts, Number(row.page_views)),
    firstGameplayP50: num(row.first_gameplay_p50) === null ? null : Math.round(Number(row.first_gameplay_p50)),
    firstGameplayP90: num(row.first_gameplay_p90) === null ? null : Math.round(Number(row.first_gameplay_p90)),
    playtimePerSessionMs:
      Number(row.player_sessions) > 0 ? Math.round(Number(row.playtime_ms) / Number(row.player_sessions)) : null,
    sessionsPerPlayer: ratio(Number(row.player_sessions), Number(row.players)),
    players: Number(row.players),
    newPlayers,
    d1: d1 === null ? null : ratio(d1, newPlayers),
    d7: d7 === null ? null : ratio(d7, newPlayers),
    errors,
    errorsPer1000: playStarts > 0 ? (errors * 1000) / playStarts : null,
  };
}

const emptyRow = (day: string): DayRow => ({
  day,
  impressions: 0,
  page_views: 0,
  play_starts: 0,
  first_gameplay_p50: null,
  first_gameplay_p90: null,
  playtime_ms: 0,
  player_sessions: 0,
  players: 0,
  new_players: 0,
  returned_d1: null,
  returned_d7: null,
  errors: 0,
});

const DAY_COLUMNS = sql.raw(
  "to_char(day, 'YYYY-MM-DD') as day, impressions, page_views, play_starts, first_gameplay_p50, first_gameplay_p90, playtime_ms, player_sessions, players, new_players, returned_d1, returned_d7, errors",
);

/** The last NUMBERS_DAYS finished days and today (live) of one game, or of the site with `gameId` 0. */
export async function readNumbers(
  db: Db,
  gameId: number,
  now = new Date(),
): Promise<Pick<NumbersResponse, "days" | "topErrors">> {
  const today = utcDay(now);
  const first = addDays(today, -NUMBERS_DAYS);
  const [finished, live, topErrors] = await Promise.all([
    db.execute(sql`select ${DAY_COLUMNS} from game_numbers_daily
      where game_id = ${gameId} and build_id = 0 and day >= ${first}::date and day < ${today}::date`),
    db.execute(
      sql`select ${DAY_COLUMNS} from (${gameId === 0 ? siteDaySql(today, today) : gameDaySql(today, today, gameId)}) as d`,
    ),
    // the site: its rolled-up finished days (game 0) and today's rows of every game
    db.execute(sql`select message, sum(n)::int as n from game_errors_daily
      where ${
        gameId === 0
          ? sql`(game_id = 0 and day >= ${first}::date and day < ${today}::date) or (day = ${today}::date and game_id > 0)`
          : sql`game_id = ${gameId} and day >= ${first}::date`
      }
      group by message order by n desc, message limit 10`),
  ]);
  const byDay = new Map(rowsOf<DayRow>(finished).map((r) => [r.day, r]));
  const days: NumbersDay[] = [];
  for (let day = first; day < today; day = addDays(day, 1)) days.push(toDay(byDay.get(day) ?? emptyRow(day), false));
  days.push(toDay(rowsOf<DayRow>(live)[0] ?? emptyRow(today), true));
  return {
    days,
    topErrors: rowsOf<{ message: string; n: number }>(topErrors).map((r) => ({ message: r.message, n: Number(r.n) })),
  };
}

/** The game's id and title, or undefined when there is none. */
export async function gameTitle(db: Db, gameId: number): Promise<{ id: number; title: string } | undefined> {
  const [game] = await db
    .select({ id: gamesTable.id, title: gamesTable.title })
    .from(gamesTable)
    .where(eq(gamesTable.id, gameId));
  return game;
}

/** Signed-in players with a live socket seen within the presence window (services/presence.ts). */
export async function playersOnlineNow(db: Db, windowMs: number, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - windowMs).toISOString();
  const result = await db.execute(
    sql`select count(*)::int as n from presence where last_seen_at > ${since}::timestamptz`,
  );
  return Number((result.rows[0] as { n: number }).n);
}
