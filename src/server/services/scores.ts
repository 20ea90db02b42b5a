import { sql } from "drizzle-orm";
import { countsTowardTotal, SCORE_RULE_MESSAGES, type ScoreFormat, type ScoreOrder } from "../../contract/games-constants";
import type { Db } from "../db/client";
import { Invalid, Forbidden, Conflict } from "../errors";
import { evaluateScoreAchievements } from "./achievements";
import { bestScoreRank } from "./boards";
import { currentSeason, rebuildSeasonBoards } from "./seasons";

/** D23: a score must arrive within 6 hours of its play. */
export const PLAY_SESSION_TTL_MS = 6 * 60 * 60 * 1000;
/** D90: a reported time may exceed the play's length on the server's clock by this much (the page's own delays). */
export const TIME_SLACK_MS = 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type SubmitScoreResult = {
  score: number;
  personalBest: boolean;
  rank: number;
  unlocked: string[];
  gameId: number;
  /** the player's best on the game before this score (null: none): who was just overtaken (D85) */
  previousBest: number | null;
  /** D90: the game's order and format (what "better" means, how to show the score) */
  order: ScoreOrder;
  format: ScoreFormat;
};

/**
 * D23: `playId` must be this user's open play session, at most one score per play, within 6 hours.
 * D90: the game's rules are checked against the play's start on the server's clock (400 naming the rule): a
 * score above `maxScore`, one sent sooner than `minRoundMs`, a time longer than the play has lasted. A personal
 * best is "more" or "less" by the game's order; only "more points" games add to the player's total.
 * D91: the score also goes to the open season's boards (season_best_scores, season_player_stats), rolling over first
 * when the season is over. One transaction keeps scores, the boards, player_stats and achievements consistent; the player's
 * stats row is locked first, so that two scores of one player are applied one after the other.
 */
export async function submitScore(
  db: Db,
  userId: number,
  input: { playId: string; score: number; won?: boolean },
  now = new Date(),
): Promise<SubmitScoreResult> {
  if (!UUID.test(input.playId)) throw new Invalid("Unknown play session");
  try {
    return await recordScore(db, await currentSeason(db, now), userId, input, now);
  } catch (err) {
    // the season closed between finding it and recording the score (another process rolled over): once more
    if (!(err instanceof SeasonClosed)) throw err;
    return recordScore(db, await currentSeason(db, now), userId, input, now);
  }
}

class SeasonClosed extends Error {}

async function recordScore(
  db: Db,
  season: { id: number },
  userId: number,
  input: { playId: string; score: number; won?: boolean },
  now: Date,
): Promise<SubmitScoreResult> {
  return db.transaction(async (tx) => {
    const playRes = await tx.execute(sql`select id, game_id, user_id, created_at from plays where id = ${input.playId}::uuid`);
    const play = playRes.rows[0] as { id: string; game_id: number; user_id: number | null; created_at: string } | undefined;
    if (!play) throw new Invalid("Unknown play session");
    if (play.user_id === null || Number(play.user_id) !== userId) throw new Forbidden("This play session belongs to someone else");
    if (now.getTime() - new Date(play.created_at).getTime() > PLAY_SESSION_TTL_MS) throw new Invalid("This play session has expired");
    const gameId = Number(play.game_id);
    const rules = (
      await tx.execute(
        sql`select score_order as "order", score_format as format, max_score as "maxScore", min_round_ms as "minRoundMs" from games where id = ${gameId}`,
      )
    ).rows[0] as { order: ScoreOrder; format: ScoreFormat; maxScore: string | number | null; minRoundMs: number | null };
    const elapsed = now.getTime() - new Date(play.created_at).getTime();
    if (rules.maxScore !== null && input.score > Number(rules.maxScore)) throw new Invalid(SCORE_RULE_MESSAGES.tooHigh(Number(rules.maxScore), rules.format));
    if (rules.minRoundMs !== null && elapsed < rules.minRoundMs) throw new Invalid(SCORE_RULE_MESSAGES.tooSoon(rules.minRoundMs));
    if (rules.format === "time_ms" && input.score > elapsed + TIME_SLACK_MS) throw new Invalid(SCORE_RULE_MESSAGES.longerThanPlay);
    const asc = rules.order === "asc";
    const counts = countsTowardTotal(rules);

    await tx.execute(
      sql`insert into player_stats (user_id, reached_at) values (${userId}, ${now.toISOString()}::timestamptz) on conflict (user_id) do nothing`,
    );
    await tx.execute(sql`select user_id from player_stats where user_id = ${userId} for update`);

    const inserted = await tx.execute(sql`
      insert into scores (user_id, game_id, play_id, score, won, created_at)
      values (${userId}, ${gameId}, ${input.playId}::uuid, ${input.score}, ${input.won ?? null}, ${now.toISOString()}::timestamptz)
      on conflict (play_id) do nothing
      returning id`);
    const scoreRow = inserted.rows[0] as { id: number } | undefined;
    if (!scoreRow) throw new Conflict("A score was already submitted for this play");

    const prev = (await tx.execute(sql`select score from best_scores where user_id = ${userId} and game_id = ${gameId}`)).rows[0] as
      { score: number } | undefined;
    const personalBest = !prev || (asc ? input.score < Number(prev.score) : input.score > Number(prev.score));
    if (personalBest) {
      await tx.execute(sql`
        insert into best_scores (user_id, game_id, score, score_id, achieved_at)
        values (${userId}, ${gameId}, ${input.score}, ${scoreRow.id}, ${now.toISOString()}::timestamptz)
        on conflict (user_id, game_id) do update set score = excluded.score, score_id = excluded.score_id, achieved_at = excluded.achieved_at`);
    }
    const delta = personalBest && counts ? input.score - (prev ? Number(prev.score) : 0) : 0;
    await tx.execute(sql`
      update player_stats set
        games_played = games_played + 1,
        wins = wins + ${input.won === true ? 1 : 0},
        reported = reported + ${input.won === undefined ? 0 : 1},
        total_score = total_score + ${delta},
        reached_at = case when ${delta} > 0 then ${now.toISOString()}::timestamptz else reached_at end
      where user_id = ${userId}`);

    // D91: the same for the open season's boards (its row is share-locked: a rollover waits for this score, and a
    // score that waited for a rollover goes to the new season)
    const seasonRow = (await tx.execute(sql`select id from seasons where id = ${season.id} and archived_at is null for share`)).rows[0] as
      { id: number } | undefined;
    if (!seasonRow) throw new SeasonClosed();
    await tx.execute(sql`
      insert into season_player_stats (season_id, user_id, reached_at) values (${season.id}, ${userId}, ${now.toISOString()}::timestamptz)
      on conflict (season_id, user_id) do nothing`);
    const prevSeason = (
      await tx.execute(sql`select score from season_best_scores where season_id = ${season.id} and user_id = ${userId} and game_id = ${gameId}`)
    ).rows[0] as { score: number } | undefined;
    const seasonBest = !prevSeason || (asc ? input.score < Number(prevSeason.score) : input.score > Number(prevSeason.score));
    if (seasonBest) {
      await tx.execute(sql`
        insert into season_best_scores (season_id, user_id, game_id, score, score_id, achieved_at)
        values (${season.id}, ${userId}, ${gameId}, ${input.score}, ${scoreRow.id}, ${now.toISOString()}::timestamptz)
        on conflict (season_id, user_id, game_id) do update set score = excluded.score, score_id = excluded.score_id, achieved_at = excluded.achieved_at`);
    }
    const seasonDelta = seasonBest && counts ? input.score - (prevSeason ? Number(prevSeason.score) : 0) : 0;
    await tx.execute(sql`
      update season_player_stats set
        games_played = games_played + 1,
        wins = wins + ${input.won === true ? 1 : 0},
        reported = reported + ${input.won === undefined ? 0 : 1},
        total_score = total_score + ${seasonDelta},
        reached_at = case when ${seasonDelta} > 0 then ${now.toISOString()}::timestamptz else reached_at end
      where season_id = ${season.id} and user_id = ${userId}`);

    // the rank on the game's all-time board as the board ranks it (listed players, D93), from its histogram (ADR 015)
    const rank = await bestScoreRank(tx, userId, gameId, rules.order);
    const unlocked = await evaluateScoreAchievements(tx, userId, {
      score: input.score,
      won: input.won,
      gameId,
      order: rules.order,
      counts,
      seasonId: season.id,
    });
    return {
      score: input.score,
      personalBest,
      rank,
      unlocked,
      gameId,
      previousBest: prev ? Number(prev.score) : null,
      order: rules.order,
      format: rules.format,
    };
  });
}

/** Rebuilds player_stats from scores and best_scores, and the seasons' boards (D91), e.g. after a game and its scores were deleted, or after seeding. */
export async function rebuildPlayerStats(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from player_stats`);
    await tx.execute(sql`
      insert into player_stats (user_id, total_score, games_played, wins, reported, reached_at)
      select s.user_id, coalesce(b.total, 0), s.n, s.wins, s.reported, coalesce(b.reached, now())
      from (select user_id, count(*)::int as n, count(*) filter (where won)::int as wins, count(won)::int as reported from scores group by user_id) s
      left join (
        -- D90: only games where more points is better add to a total
        select b.user_id, sum(b.score)::bigint as total, max(b.achieved_at) as reached from best_scores b
        join games g on g.id = b.game_id and g.score_order = 'desc' and g.score_format = 'points'
        group by b.user_id) b on b.user_id = s.user_id`);
    await rebuildSeasonBoards(tx);
  });
}
