import { sql } from "drizzle-orm";
import type { LeaderboardEntry } from "../../contract/leaderboard";
import { AROUND_ME_ROWS } from "../../contract/leaderboard-constants";
import type { ScoreEntry } from "../../contract/scores";
import type { Db } from "../db/client";
import { ahead, behind, bestFirst, type Board, gameBoard, playersBoard, R, rankOfRow } from "./boards";
import { assertGameShown, gameVisibility } from "./game-catalogue";
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

function likeOrNull(search: string | undefined): string | null {
  return search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
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
  const res = await db.execute(sql`
    select ${b.cols}, ${rankOfRow(b, R)} as rank
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
  const M = sql.raw("me");
  const res = await db.execute(sql`
    with me as (select * from ${b.table} r where ${b.base(R)} and r.user_id = ${userId})
    select x.*, (select ${rankOfRow(b, M)} from me) as my_rank from (
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
  const M = sql.raw("me");
  const res = await db.execute(sql`
    with me as (select * from ${b.table} r where ${b.base(R)} and r.user_id = ${userId})
    select ${rankOfRow(b, M)} as rank from me`);
  const row = res.rows[0] as { rank: number } | undefined;
  return row ? Number(row.rank) : null;
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
 * D92: the player's rank on each game's all-time board where they have a best (hidden players have none): each game's
 * rank from its histogram (docs/decisions/015), one CASE branch per order so that each count stays an index range.
 */
export async function gameRanks(db: Db, userId: number): Promise<Map<number, number>> {
  const [M, gameId] = [sql.raw("me"), sql.raw("me.game_id")];
  const res = await db.execute(sql`
    select me.game_id,
      case when g.score_order = 'asc' then ${rankOfRow(gameBoard(gameId, "asc", null), M)} else ${rankOfRow(gameBoard(gameId, "desc", null), M)} end as rank
    from best_scores me join games g on g.id = me.game_id
    where me.user_id = ${userId} and me.listed`);
  return new Map(
    (res.rows as Array<{ game_id: number; rank: number }>).map((r) => [Number(r.game_id), Number(r.rank)]),
  );
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
  await assertGameShown(db, gameId, await gameVisibility(db));
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
