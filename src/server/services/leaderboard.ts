import { sql, type SQL } from "drizzle-orm";
import type { ScoreOrder } from "../../contract/games-constants";
import type { LeaderboardEntry } from "../../contract/leaderboard";
import { AROUND_ME_ROWS } from "../../contract/leaderboard-constants";
import type { ScoreEntry } from "../../contract/scores";
import type { Db } from "../db/client";
import { assertGameExists } from "./games";
import { getScoreRules } from "./score-rules";

type Row = Record<string, unknown>;

function toEntry(r: Row): LeaderboardEntry {
  return {
    rank: Number(r.rank),
    user: {
      id: Number(r.id),
      username: String(r.username),
      avatarUrl: (r.avatar_url as string | null) ?? null,
      createdAt: new Date(r.created_at as string).toISOString(),
    },
    totalScore: Number(r.total_score),
    gamesPlayed: Number(r.games_played),
    winRate: Number(r.win_rate),
  };
}

/**
 * D84: `column` is the player `me` or one of their friends (friendships hold two rows per friendship).
 * A block either way ends the friendship already (services/friends.ts); it is checked here too so that a
 * blocked player can never appear on a friends board.
 */
export function inFriendsBoard(column: SQL, me: number): SQL {
  // one IN over a small set (no OR), so that the planner can start from the friends and look their rows up by key
  return sql`${column} in (
    select ${me}::int
    union all
    select f.friend_id from friendships f
    where f.user_id = ${me}
      and not exists (
        select 1 from user_blocks b
        where (b.blocker_id = ${me} and b.blocked_id = f.friend_id) or (b.blocker_id = f.friend_id and b.blocked_id = ${me})
      )
  )`;
}

function likeOrNull(search: string | undefined): string | null {
  return search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
}

/**
 * A board (D24 players' totals, D23 a game's bests; all time or one season, D91) as the generic reads below see it:
 * the rows of one table under alias `r`, those that may be shown (`listed`: D93, kept by the database), best first
 * by `value` in `order`, ties: who got there first, then the lower user id.
 */
type Board = {
  table: SQL;
  /** which rows of the table are this board's (the alias is passed in) */
  base: (alias: SQL) => SQL;
  value: SQL;
  at: SQL;
  order: ScoreOrder;
  /** the columns a row is shown with (alias r, users u) */
  cols: SQL;
};

const R = sql.raw("r");
const col = (alias: SQL, name: SQL) => sql`${alias}.${name}`;

/**
 * The board's order (or its reverse), spelt exactly as its partial index is built so that the planner reads the index
 * in order and stops after `limit` rows: the "more is better" indexes are `value DESC NULLS LAST` (migration 0011), and
 * a plain `desc` means NULLS FIRST, which no index provides (the values are never null, but the planner does not use
 * that): the top 50 of 100,000 players was a sort of every row (issue 16 benchmark, bench/RESULTS.md).
 */
function bestFirst(b: Board, reverse = false): SQL {
  const desc = (b.order === "desc") !== reverse;
  // a desc board's index read forward is "desc nulls last", backward "asc nulls first"; an asc board's: the defaults
  const nulls = b.order === "desc" ? (desc ? " nulls last" : " nulls first") : "";
  const dir = sql.raw(reverse ? "desc" : "asc");
  return sql`${col(R, b.value)} ${sql.raw((desc ? "desc" : "asc") + nulls)}, ${col(R, b.at)} ${dir}, r.user_id ${dir}`;
}

/** The rows of `x` strictly ahead of row `m` (both aliases of the board's table): one range of the board's index. */
function ahead(b: Board, x: SQL, m: SQL): SQL {
  const [xv, mv, xa, ma] = [col(x, b.value), col(m, b.value), col(x, b.at), col(m, b.at)];
  const outer = b.order === "desc" ? sql`${xv} >= ${mv}` : sql`${xv} <= ${mv}`;
  return sql`${outer} and not (${xv} = ${mv} and (${xa}, ${x}.user_id) >= (${ma}, ${m}.user_id))`;
}
function behind(b: Board, x: SQL, m: SQL): SQL {
  const [xv, mv, xa, ma] = [col(x, b.value), col(m, b.value), col(x, b.at), col(m, b.at)];
  const outer = b.order === "desc" ? sql`${xv} <= ${mv}` : sql`${xv} >= ${mv}`;
  return sql`${outer} and not (${xv} = ${mv} and (${xa}, ${x}.user_id) <= (${ma}, ${m}.user_id))`;
}

/** The best `limit` rows, ranked 1…n. */
async function top(db: Db, b: Board, limit: number): Promise<Row[]> {
  const res = await db.execute(sql`
    select ${b.cols} from ${b.table} r join users u on u.id = r.user_id
    where ${b.base(R)} order by ${bestFirst(b)} limit ${limit}`);
  return (res.rows as Row[]).map((r, i) => ({ ...r, rank: i + 1 }));
}

/** The rows of players whose name matches, best first, each with its rank on the whole board (D24). */
async function search(db: Db, b: Board, pattern: string, limit: number): Promise<Row[]> {
  const Q = sql.raw("q");
  const res = await db.execute(sql`
    select ${b.cols}, (select count(*) from ${b.table} q where ${b.base(Q)} and ${ahead(b, Q, R)})::int + 1 as rank
    from ${b.table} r join users u on u.id = r.user_id
    where ${b.base(R)} and u.username ilike ${pattern} order by ${bestFirst(b)} limit ${limit}`);
  return res.rows as Row[];
}

/**
 * D92: the player's row with up to AROUND_ME_ROWS rows above and below it, each ranked; [] when the player is not on
 * the board. The rank is a count of the rows ahead (one index range, docs/decisions/014); the neighbours are the index's
 * next rows either way: a lateral read from the player's row, so that its value bounds the index range (without it the
 * planner could scan the board from the top and filter, a read as long as the player's rank).
 */
async function around(db: Db, b: Board, userId: number, rows = AROUND_ME_ROWS): Promise<Row[]> {
  const [M, Q] = [sql.raw("me"), sql.raw("q")];
  const res = await db.execute(sql`
    with me as (select * from ${b.table} r where ${b.base(R)} and r.user_id = ${userId})
    select x.*, (select count(*) from ${b.table} q, me where ${b.base(Q)} and ${ahead(b, Q, M)})::int + 1 as my_rank from (
      (select ${b.cols}, -1 as side, row_number() over (order by ${bestFirst(b, true)}) as k
        from me cross join lateral (
          select r.* from ${b.table} r where ${b.base(R)} and ${ahead(b, R, M)} order by ${bestFirst(b, true)} limit ${rows}
        ) r join users u on u.id = r.user_id)
      union all
      (select ${b.cols}, 0, 0 from me r join users u on u.id = r.user_id)
      union all
      (select ${b.cols}, 1, row_number() over (order by ${bestFirst(b)})
        from me cross join lateral (
          select r.* from ${b.table} r where ${b.base(R)} and ${behind(b, R, M)} order by ${bestFirst(b)} limit ${rows}
        ) r join users u on u.id = r.user_id)
    ) x`);
  const all = res.rows as Array<Row & { side: number; k: number | string; my_rank: number }>;
  const mine = all.find((r) => Number(r.side) === 0);
  if (!mine) return [];
  const rank = Number(mine.my_rank);
  return all.map((r) => ({ ...r, rank: rank + Number(r.side) * Number(r.k) })).sort((a, b) => a.rank - b.rank);
}

/** D92: the player's rank on the board (null: not on it). */
async function rankOf(db: Db, b: Board, userId: number): Promise<number | null> {
  const [M, Q] = [sql.raw("me"), sql.raw("q")];
  const res = await db.execute(sql`
    with me as (select * from ${b.table} r where ${b.base(R)} and r.user_id = ${userId})
    select (select count(*) from ${b.table} q where ${b.base(Q)} and ${ahead(b, Q, M)})::int + 1 as rank from me`);
  const row = res.rows[0] as { rank: number } | undefined;
  return row ? Number(row.rank) : null;
}

const PLAYER_COLS = sql`r.total_score, r.games_played,
  case when r.reported = 0 then 0 else round(100.0 * r.wins / r.reported)::int end as win_rate,
  u.id, u.username, u.avatar_url, u.created_at`;

/** D24/D91: the players' board of all time (player_stats) or of a season (season_player_stats). */
function playersBoard(seasonId: number | null, friendsOf?: number): Board {
  return {
    table: sql.raw(seasonId === null ? "player_stats" : "season_player_stats"),
    base: (a) =>
      sql.join(
        [
          sql`${a}.listed and ${a}.games_played > 0`,
          seasonId === null ? undefined : sql`${a}.season_id = ${seasonId}`,
          friendsOf === undefined ? undefined : inFriendsBoard(sql`${a}.user_id`, friendsOf),
        ].filter((x): x is SQL => x !== undefined),
        sql` and `,
      ),
    value: sql.raw("total_score"),
    at: sql.raw("reached_at"),
    order: "desc",
    cols: PLAYER_COLS,
  };
}

const GAME_COLS = sql`r.score_id, r.score, r.achieved_at, u.id, u.username, u.avatar_url`;

/** D23/D90/D91: a game's board of each player's best, all time (best_scores) or of a season (season_best_scores). */
function gameBoard(gameId: number, order: ScoreOrder, seasonId: number | null, friendsOf?: number): Board {
  return {
    table: sql.raw(seasonId === null ? "best_scores" : "season_best_scores"),
    base: (a) =>
      sql.join(
        [
          sql`${a}.listed and ${a}.game_id = ${gameId}`,
          seasonId === null ? undefined : sql`${a}.season_id = ${seasonId}`,
          friendsOf === undefined ? undefined : inFriendsBoard(sql`${a}.user_id`, friendsOf),
        ].filter((x): x is SQL => x !== undefined),
        sql` and `,
      ),
    value: sql.raw("score"),
    at: sql.raw("achieved_at"),
    order,
    cols: GAME_COLS,
  };
}

export type BoardRead = {
  limit: number;
  /** D91: a season's id; null: all time */
  seasonId: number | null;
  search?: string;
  /** D84: only this player and their friends, ranked among themselves (never cached in a shared cache) */
  friendsOf?: number;
  /** D92: this player's row and its neighbours */
  aroundUser?: number;
  /** rows above and below with `aroundUser` (default AROUND_ME_ROWS) */
  aroundRows?: number;
};

async function readBoard(db: Db, b: Board, q: BoardRead): Promise<Row[]> {
  if (q.aroundUser !== undefined) return around(db, b, q.aroundUser, q.aroundRows);
  const pattern = likeOrNull(q.search);
  if (pattern) return search(db, b, pattern, q.limit);
  return top(db, b, q.limit);
}

/**
 * D24: totalScore = sum over games that count (D90) of the player's best score in the period; gamesPlayed = scores
 * submitted; winRate = round(100 × wins / scores that reported won), 0 when none. Ties: who reached the total first.
 * Ranks are the board's: a search filters the ranked list, it does not re-rank it. All time reads player_stats, a
 * season (D91; "week" is the open season) season_player_stats, both kept in each score's transaction.
 */
export async function leaderboard(db: Db, q: BoardRead): Promise<LeaderboardEntry[]> {
  return (await readBoard(db, playersBoard(q.seasonId, q.friendsOf), q)).map(toEntry);
}

/** D92: the player's rank on the players' board (all time or a season); null when not on it. */
export async function playerRank(db: Db, userId: number, seasonId: number | null = null): Promise<number | null> {
  return rankOf(db, playersBoard(seasonId), userId);
}

/**
 * D92: the player's rank on each game's all-time board where they have a best (hidden players have none). One count
 * per order (issue 16 benchmark): a single count whose condition chose the order inside a CASE could not be an index
 * range and read every row of each game's board.
 */
export async function gameRanks(db: Db, userId: number): Promise<Map<number, number>> {
  const res = await db.execute(sql`
    select me.game_id,
      (case when g.score_order = 'asc'
        then (select count(*) from best_scores q where q.listed and q.game_id = me.game_id and q.score <= me.score
                and not (q.score = me.score and (q.achieved_at, q.user_id) >= (me.achieved_at, me.user_id)))
        else (select count(*) from best_scores q where q.listed and q.game_id = me.game_id and q.score >= me.score
                and not (q.score = me.score and (q.achieved_at, q.user_id) >= (me.achieved_at, me.user_id)))
      end)::int + 1 as rank
    from best_scores me join games g on g.id = me.game_id
    where me.user_id = ${userId} and me.listed`);
  return new Map((res.rows as Array<{ game_id: number; rank: number }>).map((r) => [Number(r.game_id), Number(r.rank)]));
}

/**
 * The unsearched boards (home's "Top Players This Week", /leaderboard) are asked for constantly and the
 * weekly one aggregates the week's scores (decision 004), so each app keeps them for a few seconds.
 * A score recorded by this process clears it; other processes are at most `ttlMs` behind.
 */
export function createLeaderboardCache(ttlMs = 10_000) {
  const entries = new Map<string, { at: number; value: Promise<LeaderboardEntry[]> }>();
  return {
    get(key: string, load: () => Promise<LeaderboardEntry[]>): Promise<LeaderboardEntry[]> {
      const hit = entries.get(key);
      if (hit && Date.now() - hit.at < ttlMs) return hit.value;
      const value = load();
      entries.set(key, { at: Date.now(), value });
      value.catch(() => entries.delete(key));
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
export type LeaderboardCache = ReturnType<typeof createLeaderboardCache>;

/**
 * D23: each player's best score on a game, best first (D90: highest, or lowest on a "less is better" game), ties:
 * earlier first; players banned or hidden from the boards (D93) are left out. D91: all time or one season's.
 * D84: with `friendsOf`, only that player and their friends. D92: `aroundUser` is that player's row and its neighbours.
 */
export async function listBestScores(db: Db, gameId: number, q: BoardRead): Promise<ScoreEntry[]> {
  await assertGameExists(db, gameId);
  const { order } = await getScoreRules(db, gameId);
  const rows = await readBoard(db, gameBoard(gameId, order, q.seasonId, q.friendsOf), q);
  return rows.map((r) => ({
    id: Number(r.score_id),
    rank: Number(r.rank),
    score: Number(r.score),
    createdAt: new Date(r.achieved_at as string).toISOString(),
    user: { id: Number(r.id), username: String(r.username), avatarUrl: (r.avatar_url as string | null) ?? null },
  }));
}
