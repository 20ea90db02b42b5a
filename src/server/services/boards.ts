import { sql, type SQL } from "drizzle-orm";
import type { ScoreOrder } from "../../contract/games-constants";

/**
 * The boards (a game's bests and the players' totals; all time or one season) as SQL: which rows, in which
 * order, and a row's rank (ADR 015). No reads of their own: the services run them (the leaderboard
 * reads, and the rank a score's transaction answers with, services/scores.ts).
 */

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

/**
 * A board (players' totals or a game's bests; all time or one season) as the generic reads below see it:
 * the rows of one table under alias `r`, those that may be shown (`listed`: D93, kept by the database), best first
 * by `value` in `order`, ties: who got there first, then the lower user id.
 */
export type Board = {
  table: SQL;
  /** which rows of the table are this board's (the alias is passed in) */
  base: (alias: SQL) => SQL;
  value: SQL;
  at: SQL;
  order: ScoreOrder;
  /** the columns a row is shown with (alias r, users u) */
  cols: SQL;
  /**
   * The board's key in `board_counts` (ADR 015): season 0 is all time, game 0 the players' board. Null for a
   * friends board, whose few rows are counted directly.
   */
  counts: { seasonId: number; gameId: number | SQL } | null;
};

export const R = sql.raw("r");
const col = (alias: SQL, name: SQL) => sql`${alias}.${name}`;

/**
 * The board's order (or its reverse), spelt exactly as its partial index is built so that the planner reads the index
 * in order and stops after `limit` rows: the "more is better" indexes are `value DESC NULLS LAST` (migration 0011), and
 * a plain `desc` means NULLS FIRST, which no index provides (the values are never null, but the planner does not use
 * that): the top 50 of 100,000 players would be a sort of every row (bench/RESULTS.md).
 */
export function bestFirst(b: Board, reverse = false): SQL {
  const desc = (b.order === "desc") !== reverse;
  // a desc board's index read forward is "desc nulls last", backward "asc nulls first"; an asc board's: the defaults
  const nulls = b.order === "desc" ? (desc ? " nulls last" : " nulls first") : "";
  const dir = sql.raw(reverse ? "desc" : "asc");
  return sql`${col(R, b.value)} ${sql.raw((desc ? "desc" : "asc") + nulls)}, ${col(R, b.at)} ${dir}, r.user_id ${dir}`;
}

/** The rows of `x` strictly ahead of row `m` (both aliases of the board's table): one range of the board's index. */
export function ahead(b: Board, x: SQL, m: SQL): SQL {
  const [xv, mv, xa, ma] = [col(x, b.value), col(m, b.value), col(x, b.at), col(m, b.at)];
  const outer = b.order === "desc" ? sql`${xv} >= ${mv}` : sql`${xv} <= ${mv}`;
  return sql`${outer} and not (${xv} = ${mv} and (${xa}, ${x}.user_id) >= (${ma}, ${m}.user_id))`;
}
export function behind(b: Board, x: SQL, m: SQL): SQL {
  const [xv, mv, xa, ma] = [col(x, b.value), col(m, b.value), col(x, b.at), col(m, b.at)];
  const outer = b.order === "desc" ? sql`${xv} <= ${mv}` : sql`${xv} >= ${mv}`;
  return sql`${outer} and not (${xv} = ${mv} and (${xa}, ${x}.user_id) <= (${ma}, ${m}.user_id))`;
}

/**
 * The rank of row `m` (an alias of the board's table): one plus the listed rows strictly ahead of it.
 * With the board's histogram that is the sum of the buckets ahead of m's bucket plus a count of the
 * rows ahead inside m's own bucket, one short range of the board's index whatever m's place; without (a friends
 * board), a count of every row ahead.
 */
export function rankOfRow(b: Board, m: SQL): SQL {
  const Q = sql.raw("q");
  const mv = col(m, b.value);
  if (!b.counts) return sql`((select count(*) from ${b.table} q where ${b.base(Q)} and ${ahead(b, Q, m)})::int + 1)`;
  const desc = b.order === "desc";
  const mine = sql`arcadium_board_bucket(${mv})`;
  // the part of m's bucket ahead of m: up to the bucket's end (desc) or down to its start (asc)
  const inBucket = desc
    ? sql`${col(Q, b.value)} < arcadium_board_bucket_floor(${mine} + 1)`
    : sql`${col(Q, b.value)} >= arcadium_board_bucket_floor(${mine})`;
  return sql`((select coalesce(sum(c.n), 0) from board_counts c
      where c.season_id = ${b.counts.seasonId} and c.game_id = ${b.counts.gameId} and c.bucket ${sql.raw(desc ? ">" : "<")} ${mine})::int
    + (select count(*) from ${b.table} q where ${b.base(Q)} and ${ahead(b, Q, m)} and ${inBucket})::int + 1)`;
}

const PLAYER_COLS = sql`r.total_score, r.games_played,
  case when r.reported = 0 then 0 else round(100.0 * r.wins / r.reported)::int end as win_rate,
  u.id, u.username, u.avatar_url, u.created_at`;

/** D24: the players' board of all time (player_stats) or of a season (season_player_stats). */
export function playersBoard(seasonId: number | null, friendsOf?: number): Board {
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
    counts: friendsOf === undefined ? { seasonId: seasonId ?? 0, gameId: 0 } : null,
  };
}

const GAME_COLS = sql`r.score_id, r.score, r.achieved_at, u.id, u.username, u.avatar_url`;

/** D23: a game's board of each player's best, all time (best_scores) or of a season (season_best_scores). */
export function gameBoard(gameId: number | SQL, order: ScoreOrder, seasonId: number | null, friendsOf?: number): Board {
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
    counts: friendsOf === undefined ? { seasonId: seasonId ?? 0, gameId } : null,
  };
}

/**
 * The place the player's best holds on the game's all-time board (a score's answer, D23): among the listed rows, so
 * that a hidden player still learns where their best would be.
 */
export function bestScoreRankSql(userId: number, gameId: number, order: ScoreOrder): SQL {
  return sql`coalesce((select ${rankOfRow(gameBoard(gameId, order, null), sql.raw("me"))}
    from best_scores me where me.user_id = ${userId} and me.game_id = ${gameId}), 1)`;
}
