import { and, asc, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { LeaderboardEntry } from "../../contract/leaderboard";
import type { Db } from "../db/client";
import { bestScoresTable, usersTable } from "../db/schema";
import { assertGameExists } from "./games";
import { getScoreRules } from "./score-rules";

export type LeaderboardOptions = {
  period: "all" | "week";
  search?: string;
  limit: number;
  userId?: number;
  now?: Date;
  /** D84: only this player and their friends, ranked among themselves (never cached in a shared cache). */
  friendsOf?: number;
};

export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

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
  return sql`(${column} = ${me} or ${column} in (
    select f.friend_id from friendships f
    where f.user_id = ${me}
      and not exists (
        select 1 from user_blocks b
        where (b.blocker_id = ${me} and b.blocked_id = f.friend_id) or (b.blocker_id = f.friend_id and b.blocked_id = ${me})
      )
  ))`;
}

function likeOrNull(search: string | undefined): string | null {
  return search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
}

/**
 * D24: totalScore = sum over games of the player's best score in the period; gamesPlayed = scores
 * submitted; winRate = round(100 × wins / scores that reported won), 0 when none. Ties: who reached
 * the total first. Ranks are global: a search filters the ranked list, it does not re-rank it.
 * All-time reads player_stats (kept in each score's transaction); the week is computed from the
 * week's scores (docs/decisions/004).
 */
export async function leaderboard(db: Db, opts: LeaderboardOptions): Promise<LeaderboardEntry[]> {
  const search = likeOrNull(opts.search);
  const userId = opts.userId ?? null;
  if (opts.period === "all") {
    const winRate = sql`case when ps.reported = 0 then 0 else round(100.0 * ps.wins / ps.reported)::int end`;
    const members = opts.friendsOf === undefined ? sql`true` : inFriendsBoard(sql`ps.user_id`, opts.friendsOf);
    // D93: a banned (disabled) player or one an admin hid from the boards is left out
    const eligible = sql`u.disabled_at is null and u.boards_hidden_at is null and ps.games_played > 0 and ${members}`;
    if (!search && userId === null) {
      // The common case: one index-ordered read of the top N.
      const res = await db.execute(sql`
        select ps.total_score, ps.games_played, ${winRate} as win_rate, u.id, u.username, u.avatar_url, u.created_at
        from player_stats ps join users u on u.id = ps.user_id
        where ${eligible}
        order by ps.total_score desc, ps.reached_at asc, ps.user_id asc
        limit ${opts.limit}`);
      return (res.rows as Row[]).map((r, i) => toEntry({ ...r, rank: i + 1 }));
    }
    const res = await db.execute(sql`
      with ranked as (
        select ps.user_id, ps.total_score, ps.games_played, ${winRate} as win_rate,
               row_number() over (order by ps.total_score desc, ps.reached_at asc, ps.user_id asc)::int as rank
        from player_stats ps join users u on u.id = ps.user_id
        where ${eligible}
      )
      select r.rank, r.total_score, r.games_played, r.win_rate, u.id, u.username, u.avatar_url, u.created_at
      from ranked r join users u on u.id = r.user_id
      where (${search}::text is null or u.username ilike ${search}) and (${userId}::int is null or u.id = ${userId})
      order by r.rank limit ${opts.limit}`);
    return (res.rows as Row[]).map(toEntry);
  }
  const since = new Date((opts.now ?? new Date()).getTime() - WEEK_MS).toISOString();
  const res = await db.execute(weekQuery(since, search, userId, opts.limit, opts.friendsOf));
  return (res.rows as Row[]).map(toEntry);
}

function weekQuery(since: string, search: string | null, userId: number | null, limit: number, friendsOf?: number): SQL {
  const members = friendsOf === undefined ? sql`true` : inFriendsBoard(sql`s.user_id`, friendsOf);
  return sql`
    with period_scores as (
      select s.user_id, s.game_id, s.score, s.won, s.created_at, g.score_order = 'desc' and g.score_format = 'points' as counts
      from scores s join users u on u.id = s.user_id join games g on g.id = s.game_id
      where s.created_at >= ${since}::timestamptz and u.disabled_at is null and u.boards_hidden_at is null and ${members}
    ),
    bests as (
      -- D90: only games where more points is better add to a total, so only their bests are needed
      select distinct on (user_id, game_id) user_id, game_id, score, created_at
      from period_scores where counts order by user_id, game_id, score desc, created_at asc
    ),
    players as (select user_id, min(created_at) as first_at from period_scores group by user_id),
    totals as (
      select p.user_id, coalesce(sum(b.score), 0)::bigint as total_score, coalesce(max(b.created_at), p.first_at) as reached_at
      from players p left join bests b on b.user_id = p.user_id
      group by p.user_id, p.first_at
    ),
    stats as (
      select user_id, count(*)::int as games_played, count(*) filter (where won)::int as wins, count(won)::int as reported
      from period_scores group by user_id
    ),
    ranked as (
      select t.user_id, t.total_score, st.games_played,
             case when st.reported = 0 then 0 else round(100.0 * st.wins / st.reported)::int end as win_rate,
             row_number() over (order by t.total_score desc, t.reached_at asc, t.user_id asc)::int as rank
      from totals t join stats st on st.user_id = t.user_id
    )
    select r.rank, r.total_score, r.games_played, r.win_rate, u.id, u.username, u.avatar_url, u.created_at
    from ranked r join users u on u.id = r.user_id
    where (${search}::text is null or u.username ilike ${search}) and (${userId}::int is null or u.id = ${userId})
    order by r.rank limit ${limit}`;
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
 * earlier first; disabled players and those hidden from the boards (D93) are left out.
 * D84: with `friendsOf`, only that player and their friends.
 */
export async function listBestScores(db: Db, gameId: number, limit: number, friendsOf?: number) {
  await assertGameExists(db, gameId);
  const { order } = await getScoreRules(db, gameId);
  const rows = await db
    .select({
      id: bestScoresTable.scoreId,
      score: bestScoresTable.score,
      createdAt: bestScoresTable.achievedAt,
      userId: usersTable.id,
      username: usersTable.username,
      avatarUrl: usersTable.avatarUrl,
    })
    .from(bestScoresTable)
    .innerJoin(usersTable, eq(usersTable.id, bestScoresTable.userId))
    .where(
      and(
        eq(bestScoresTable.gameId, gameId),
        isNull(usersTable.disabledAt),
        isNull(usersTable.boardsHiddenAt),
        friendsOf === undefined ? undefined : inFriendsBoard(sql`${bestScoresTable.userId}`, friendsOf),
      ),
    )
    .orderBy(order === "asc" ? asc(bestScoresTable.score) : desc(bestScoresTable.score), asc(bestScoresTable.achievedAt), asc(bestScoresTable.userId))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    score: r.score,
    createdAt: r.createdAt.toISOString(),
    user: { id: r.userId, username: r.username, avatarUrl: r.avatarUrl },
  }));
}
