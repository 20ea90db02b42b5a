import { sql, type SQL } from "drizzle-orm";
import { ACHIEVEMENTS, type AchievementId } from "../../contract/achievements";
import type { Db, Tx } from "../db/client";
import { achievementsTable } from "../db/schema";
import { COUNTS_TOWARD_TOTAL_SQL } from "./score-totals";

type Q = Db | Tx;

/** Unlocks (idempotently) the achievements whose rule holds now. Returns the newly unlocked ids. */
export async function unlock(db: Q, userId: number, ids: AchievementId[], at = new Date()): Promise<AchievementId[]> {
  if (!ids.length) return [];
  const rows = await db
    .insert(achievementsTable)
    .values(ids.map((achievement) => ({ userId, achievement, unlockedAt: at })))
    .onConflictDoNothing()
    .returning({ achievement: achievementsTable.achievement });
  return rows.map((r) => r.achievement as AchievementId);
}

/**
 * "Rising Star": the top 10 of the weekly board, which is the open season's: ten entries of its rank index
 * (ADR 014), not a pass over the week's scores. `seasonId` defaults to the open season.
 */
function weeklyTopTen(seasonId?: number) {
  const season = seasonId ?? sql`(select id from seasons where archived_at is null order by id desc limit 1)`;
  // the predicate and order of the season's rank index (migrations 0011/0012): ten index entries, no sort
  return sql`select user_id from season_player_stats where season_id = ${season} and listed and games_played > 0 and total_score > 0
    order by total_score desc nulls last, reached_at asc, user_id asc limit 10`;
}

export type ScoreContext = {
  score: number;
  won: boolean | undefined;
  gameId: number;
  order?: "desc" | "asc";
  counts?: boolean;
  seasonId?: number;
};

/** What the score rules need to know, read after the score is applied. */
export type ScoreAchievementFacts = {
  games_played: number;
  distinct_games: number;
  categories: number;
  all_categories: number;
  last_three: boolean[] | null;
  champion: number | null;
  rising: boolean;
  unlocked: string[] | null;
};

/**
 * The facts as columns of a select list, so that the score's transaction reads them in the same statement as its
 * rank (a score's transaction costs what its round trips cost).
 */
export function scoreAchievementFacts(userId: number, ctx: ScoreContext): SQL {
  return sql`(select games_played from player_stats where user_id = ${userId}) as games_played,
      (select count(*)::int from best_scores where user_id = ${userId}) as distinct_games,
      (select count(distinct g.category_id)::int from best_scores b join games g on g.id = b.game_id where b.user_id = ${userId}) as categories,
      (select count(*)::int from categories) as all_categories,
      (select array_agg(won) from (select won from scores where user_id = ${userId} and won is not null order by created_at desc, id desc limit 3) w) as last_three,
      -- the game's board's first row (D93: a hidden or banned player is on no board, so is nobody's champion), read from
      -- its rank index in that index's order (desc nulls last)
      (select user_id from best_scores where game_id = ${ctx.gameId} and listed
        order by ${ctx.order === "asc" ? sql`score asc` : sql`score desc nulls last`}, achieved_at asc, user_id asc limit 1) as champion,
      exists (select 1 from (${weeklyTopTen(ctx.seasonId)}) t where t.user_id = ${userId}) as rising,
      (select array_agg(achievement::text) from user_achievements where user_id = ${userId}) as unlocked`;
}

/** D25: the score-driven rules, evaluated in the score's transaction (services/scores.ts): unlocks what the facts earn that the player does not have yet (nothing is written when nothing is new); returns the newly unlocked ids. */
export async function unlockScoreAchievements(
  db: Q,
  userId: number,
  ctx: ScoreContext,
  facts: ScoreAchievementFacts,
  at = new Date(),
): Promise<AchievementId[]> {
  const earned: AchievementId[] = ["first_score"];
  if (ctx.won) earned.push("first_victory");
  // D90: a score of 10,000 means something only where more points is better
  if ((ctx.counts ?? true) && ctx.score >= 10_000) earned.push("high_roller");
  if (Number(facts.games_played) >= 50) earned.push("dedicated_player");
  if (Number(facts.distinct_games) >= 5) earned.push("game_explorer");
  if (Number(facts.all_categories) > 0 && Number(facts.categories) >= Number(facts.all_categories))
    earned.push("all_rounder");
  const lastThree = facts.last_three ?? [];
  if (ctx.won && lastThree.length === 3 && lastThree.every((w) => w === true)) earned.push("hat_trick");
  if (facts.champion !== null && Number(facts.champion) === userId) earned.push("champion");
  if (facts.rising) earned.push("rising_star");
  const had = new Set(facts.unlocked ?? []);
  return unlock(
    db,
    userId,
    earned.filter((id) => !had.has(id)),
    at,
  );
}

export async function listAchievements(db: Db, userId: number) {
  const rows = await db.execute(sql`select achievement, unlocked_at from user_achievements where user_id = ${userId}`);
  const unlocked = new Map(
    rows.rows.map((r) => [
      (r as { achievement: string }).achievement,
      new Date((r as { unlocked_at: string }).unlocked_at),
    ]),
  );
  const achievements = ACHIEVEMENTS.map((a) => ({ ...a, unlockedAt: unlocked.get(a.id)?.toISOString() ?? null }));
  return {
    achievements,
    unlockedCount: achievements.filter((a) => a.unlockedAt).length,
    totalAchievements: ACHIEVEMENTS.length,
  };
}

/**
 * Evaluates every rule over the data as it stands (e.g. after seeding demo scores, which bypass the
 * score transaction), with the time of the event that met each rule. Idempotent.
 * D93: `only` limits the pass to what a moderation action can change: the players' own achievements, the champion of
 * one game (who may be someone else now) and the weekly top ten; a full pass at a million scores takes seconds.
 */
export async function rebuildAchievements(db: Db, only?: { userIds: number[]; gameId: number }): Promise<void> {
  const ids = only?.userIds.length
    ? sql.join(
        only.userIds.map((u) => sql`${u}`),
        sql`, `,
      )
    : null;
  const of = (col: string) => (only === undefined ? sql`true` : ids ? sql`${sql.raw(col)} in (${ids})` : sql`false`);
  const game = only === undefined ? sql`true` : sql`b.game_id = ${only.gameId}`; // whose champion may have changed
  await db.execute(sql`
    insert into user_achievements (user_id, achievement, unlocked_at)
    select user_id, 'first_score', min(created_at) from scores where ${of("user_id")} group by user_id
    union all
    select user_id, 'first_victory', min(created_at) from scores where won and ${of("user_id")} group by user_id
    union all
    select s.user_id, 'high_roller', min(s.created_at) from scores s
    join games g on g.id = s.game_id and ${COUNTS_TOWARD_TOTAL_SQL}
    where s.score >= 10000 and ${of("s.user_id")} group by s.user_id
    union all
    select user_id, 'dedicated_player', created_at from (
      select user_id, created_at, row_number() over (partition by user_id order by created_at, id) as n from scores where ${of("user_id")}) s
    where n = 50
    union all
    select user_id, 'hat_trick', min(created_at) from (
      select user_id, created_at, won, lag(won, 1) over w as w1, lag(won, 2) over w as w2
      from scores where won is not null and ${of("user_id")} window w as (partition by user_id order by created_at, id)) s
    where won and w1 and w2 group by user_id
    union all
    select user_id, 'game_explorer', max(achieved_at) from best_scores where ${of("user_id")} group by user_id having count(*) >= 5
    union all
    select b.user_id, 'all_rounder', max(b.achieved_at) from best_scores b join games g on g.id = b.game_id
    where ${of("b.user_id")} group by b.user_id having count(distinct g.category_id) >= (select count(*) from categories)
    union all
    select user_id, 'champion', min(achieved_at) from (
      select distinct on (b.game_id) b.game_id, b.user_id, b.achieved_at from best_scores b join games g on g.id = b.game_id
      where ${game} or b.game_id in (select game_id from best_scores where ${of("user_id")})
      order by b.game_id, case when g.score_order = 'asc' then b.score else -b.score end asc, b.achieved_at asc, b.user_id asc) t
    where ${only === undefined ? sql`true` : sql`t.game_id = ${only.gameId}`} or ${of("t.user_id")}
    group by user_id
    union all
    select user_id, 'critic', min(created_at) from reviews where ${of("user_id")} group by user_id
    on conflict do nothing`);
  const weekly = await db.execute(weeklyTopTen());
  for (const r of weekly.rows as Array<{ user_id: number }>) await unlock(db, Number(r.user_id), ["rising_star"]);
}
