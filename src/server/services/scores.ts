import { sql } from "drizzle-orm";
import { countsTowardTotal, SCORE_RULE_MESSAGES, type ScoreFormat, type ScoreOrder } from "../../contract/games-constants";
import type { Db } from "../db/client";
import { Invalid, Forbidden, Conflict } from "../errors";
import { type ScoreAchievementFacts, scoreAchievementFacts, unlockScoreAchievements } from "./achievements";
import { bestScoreRankSql } from "./boards";
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
    return await recordScore(db, userId, input, now);
  } catch (err) {
    // the open season is over (or there is none yet): roll over, then once more; the season that a score waited for
    // may also have been closed by another process in between (a rollover waits for scores in flight, ADR 014)
    if (!(err instanceof SeasonClosed)) throw err;
    await currentSeason(db, now);
    return recordScore(db, userId, input, now);
  }
}

class SeasonClosed extends Error {}

const EMPTY = sql``;
const better = (asc: boolean, score: number, than: number | null) => than === null || (asc ? score < than : score > than);
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * One transaction of eight or nine statements (issue 16 benchmark: each is a round trip; what can be one statement is
 * one): the open season, the play and its rules, the player's lock, the score (answering with the bests before it),
 * the four boards' writes, the rank and the achievements' facts, and the new achievements if any.
 */
async function recordScore(db: Db, userId: number, input: { playId: string; score: number; won?: boolean }, now: Date): Promise<SubmitScoreResult> {
  return db.transaction(async (tx) => {
    const at = now.toISOString();
    // D91: the open season, share-locked: a rollover waits for this score; an open season that is over is rolled over
    // first (outside this transaction) and the score recorded again
    const season = (await tx.execute(sql`select id, ends_at from seasons where archived_at is null order by id desc limit 1 for share`)).rows[0] as
      { id: number; ends_at: string | null } | undefined;
    if (!season || (season.ends_at !== null && new Date(season.ends_at).getTime() <= now.getTime())) throw new SeasonClosed();
    const seasonId = Number(season.id);

    const play = (
      await tx.execute(sql`
        select p.game_id, p.user_id, p.created_at, g.score_order as "order", g.score_format as format, g.max_score as "maxScore",
               g.min_round_ms as "minRoundMs"
        from plays p join games g on g.id = p.game_id where p.id = ${input.playId}::uuid`)
    ).rows[0] as
      | {
          game_id: number;
          user_id: number | null;
          created_at: string;
          order: ScoreOrder;
          format: ScoreFormat;
          maxScore: string | number | null;
          minRoundMs: number | null;
        }
      | undefined;
    if (!play) throw new Invalid("Unknown play session");
    if (play.user_id === null || Number(play.user_id) !== userId) throw new Forbidden("This play session belongs to someone else");
    const elapsed = now.getTime() - new Date(play.created_at).getTime();
    if (elapsed > PLAY_SESSION_TTL_MS) throw new Invalid("This play session has expired");
    const gameId = Number(play.game_id);
    const rules = play;
    if (rules.maxScore !== null && input.score > Number(rules.maxScore)) throw new Invalid(SCORE_RULE_MESSAGES.tooHigh(Number(rules.maxScore), rules.format));
    if (rules.minRoundMs !== null && elapsed < rules.minRoundMs) throw new Invalid(SCORE_RULE_MESSAGES.tooSoon(rules.minRoundMs));
    if (rules.format === "time_ms" && input.score > elapsed + TIME_SLACK_MS) throw new Invalid(SCORE_RULE_MESSAGES.longerThanPlay);
    const asc = rules.order === "asc";
    const counts = countsTowardTotal(rules);

    // the player's stats row first, locked: two scores of one player are applied one after the other
    const locked = await tx.execute(sql`select user_id from player_stats where user_id = ${userId} for update`);
    if (!locked.rows.length) {
      await tx.execute(sql`insert into player_stats (user_id, reached_at) values (${userId}, ${at}::timestamptz) on conflict (user_id) do nothing`);
      await tx.execute(sql`select user_id from player_stats where user_id = ${userId} for update`);
    }

    // the score, answering with the player's bests before it (all time and this season)
    const inserted = await tx.execute(sql`
      insert into scores (user_id, game_id, play_id, score, won, created_at)
      values (${userId}, ${gameId}, ${input.playId}::uuid, ${input.score}, ${input.won ?? null}, ${at}::timestamptz)
      on conflict (play_id) do nothing
      returning id,
        (select score from best_scores where user_id = ${userId} and game_id = ${gameId}) as best,
        (select score from season_best_scores where season_id = ${seasonId} and user_id = ${userId} and game_id = ${gameId}) as season_best`);
    const scoreRow = inserted.rows[0] as { id: number; best: unknown; season_best: unknown } | undefined;
    if (!scoreRow) throw new Conflict("A score was already submitted for this play");
    const [prev, prevSeason] = [num(scoreRow.best), num(scoreRow.season_best)];

    // the boards, all time and the open season's (D91), in one statement
    const personalBest = better(asc, input.score, prev);
    const seasonBest = better(asc, input.score, prevSeason);
    const won = input.won === true ? 1 : 0;
    const reported = input.won === undefined ? 0 : 1;
    const delta = personalBest && counts ? input.score - (prev ?? 0) : 0;
    const seasonDelta = seasonBest && counts ? input.score - (prevSeason ?? 0) : 0;
    const newBest = sql`excluded.score, score_id = excluded.score_id, achieved_at = excluded.achieved_at`;
    const best = personalBest
      ? sql`, best as (
          insert into best_scores (user_id, game_id, score, score_id, achieved_at)
          values (${userId}, ${gameId}, ${input.score}, ${scoreRow.id}, ${at}::timestamptz)
          on conflict (user_id, game_id) do update set score = ${newBest})`
      : EMPTY;
    const seasonBestRow = seasonBest
      ? sql`, season_best as (
          insert into season_best_scores (season_id, user_id, game_id, score, score_id, achieved_at)
          values (${seasonId}, ${userId}, ${gameId}, ${input.score}, ${scoreRow.id}, ${at}::timestamptz)
          on conflict (season_id, user_id, game_id) do update set score = ${newBest})`
      : EMPTY;
    await tx.execute(sql`
      with stats as (
        update player_stats set
          games_played = games_played + 1,
          wins = wins + ${won},
          reported = reported + ${reported},
          total_score = total_score + ${delta},
          reached_at = case when ${delta} > 0 then ${at}::timestamptz else reached_at end
        where user_id = ${userId}
      ), season_stats as (
        insert into season_player_stats as s (season_id, user_id, games_played, wins, reported, total_score, reached_at)
        values (${seasonId}, ${userId}, 1, ${won}, ${reported}, ${seasonDelta}, ${at}::timestamptz)
        on conflict (season_id, user_id) do update set
          games_played = s.games_played + 1,
          wins = s.wins + ${won},
          reported = s.reported + ${reported},
          total_score = s.total_score + ${seasonDelta},
          reached_at = case when ${seasonDelta} > 0 then ${at}::timestamptz else s.reached_at end
      )${best}${seasonBestRow}
      select 1`);

    // the rank on the game's all-time board as the board ranks it (listed players, D93; from its histogram, ADR 015) and
    // what the achievement rules need (D25), in one read
    const ctx = { score: input.score, won: input.won, gameId, order: rules.order, counts, seasonId };
    const after = (await tx.execute(sql`select ${bestScoreRankSql(userId, gameId, rules.order)} as rank, ${scoreAchievementFacts(userId, ctx)}`))
      .rows[0] as ScoreAchievementFacts & { rank: number };
    const rank = Number(after.rank);
    const unlocked = await unlockScoreAchievements(tx, userId, ctx, after, now);
    return {
      score: input.score,
      personalBest,
      rank,
      unlocked,
      gameId,
      previousBest: prev,
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
