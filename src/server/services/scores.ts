import { sql } from "drizzle-orm";
import {
  countsTowardTotal,
  SCORE_RULE_MESSAGES,
  type ScoreFormat,
  type ScoreOrder,
} from "../../contract/games-constants";
import type { Db, Tx } from "../db/client";
import { Invalid, Forbidden, Conflict, NotFound } from "../errors";
import { bestScoreRankSql } from "./boards";
import { gameIsShown, gameVisibility, type GameVisibility } from "./game-catalogue";
import { COUNTS_TOWARD_TOTAL_SQL } from "./score-totals";
import { currentSeason, rebuildSeasonBoards } from "./seasons";
import { type ScoreAchievementFacts, scoreAchievementFacts, unlockScoreAchievements } from "./site-achievements";

/** D23: a score must arrive within 6 hours of its play. */
export const PLAY_SESSION_TTL_MS = 6 * 60 * 60 * 1000;
/** D90: a reported time may exceed the round's length on the server's clock by this much, and a round fall short of
 * minRoundMs by as much (the page's own delays, the start report's trip). */
export const TIME_SLACK_MS = 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type SubmitScoreResult = {
  /** D108: false when the score waits in the moderators' queue (nothing else below then changed) */
  recorded: boolean;
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
 * The game's score rules are checked against the play's gameplay start as the server recorded it (400 naming the
 * rule): a score above `maxScore`, one sent sooner than `minRoundMs`, a time longer than the round has lasted, a
 * lower-is-better score of 0, a time under `minRoundMs`. A play that never reported a gameplay start has lasted 0 ms
 * (a held-open play proves nothing), so a game with a shortest round or a time refuses its score.
 * A personal best far above the game's board (heldReason) waits in held_scores for a moderator, off every board.
 * A personal best is "more" or "less" by the game's order; only "more points" games with a maximum add to the totals.
 * The score also goes to the open season's boards (season_best_scores, season_player_stats), rolling over first
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
  const visibility = await gameVisibility(db);
  return inOpenSeason(db, now, (tx, seasonId) => checkAndRecord(tx, seasonId, userId, input, now, visibility));
}

/**
 * `fn` in a transaction that holds the open season share-locked (a rollover waits for it). The open season being over
 * (or there being none yet) rolls over, outside, and runs `fn` once more; the season a score waited for may also have
 * been closed by another process in between (ADR 014).
 */
export async function inOpenSeason<T>(db: Db, now: Date, fn: (tx: Tx, seasonId: number) => Promise<T>): Promise<T> {
  const run = () =>
    db.transaction(async (tx) => {
      const season = (
        await tx.execute(
          sql`select id, ends_at from seasons where archived_at is null order by id desc limit 1 for share`,
        )
      ).rows[0] as { id: number; ends_at: string | null } | undefined;
      if (!season || (season.ends_at !== null && new Date(season.ends_at).getTime() <= now.getTime()))
        throw new SeasonClosed();
      return fn(tx, Number(season.id));
    });
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof SeasonClosed)) throw err;
    await currentSeason(db, now);
    return run();
  }
}

class SeasonClosed extends Error {}

const EMPTY = sql``;
/** D108: a score this many times the board's top (a tenth of it, lower-is-better) waits for a moderator. */
export const HOLD_FACTOR = 10;
/** D108: on a board of this many players or more, a new top-3 score waits for a moderator. */
export const HOLD_TOP_THREE_PLAYERS = 20;
export type HeldReason = "ten_times_top" | "top_three";
const better = (asc: boolean, score: number, than: number | null) =>
  than === null || (asc ? score < than : score > than);
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

type Rules = { order: ScoreOrder; format: ScoreFormat; maxScore: number | null; minRoundMs: number | null };

/** D90: the play's checks (see submitScore), then the score held or recorded. */
async function checkAndRecord(
  tx: Tx,
  seasonId: number,
  userId: number,
  input: { playId: string; score: number; won?: boolean },
  now: Date,
  visibility: GameVisibility,
) {
  const play = (
    await tx.execute(sql`
      select p.game_id, p.user_id, p.created_at, p.gameplay_started_at, g.score_order as "order", g.score_format as format,
             g.max_score as "maxScore", g.min_round_ms as "minRoundMs", ${gameIsShown(visibility, sql.raw("g"))} as shown
      from plays p join games g on g.id = p.game_id where p.id = ${input.playId}::uuid`)
  ).rows[0] as
    | {
        game_id: number;
        user_id: number | null;
        created_at: string;
        gameplay_started_at: string | null;
        order: ScoreOrder;
        format: ScoreFormat;
        maxScore: string | number | null;
        minRoundMs: number | null;
        shown: boolean;
      }
    | undefined;
  if (!play) throw new Invalid("Unknown play session");
  // D113–D115: a play opened before its game was hidden records nothing
  if (!play.shown) throw new NotFound("Game not found");
  if (play.user_id === null || Number(play.user_id) !== userId)
    throw new Forbidden("This play session belongs to someone else");
  if (now.getTime() - new Date(play.created_at).getTime() > PLAY_SESSION_TTL_MS)
    throw new Invalid("This play session has expired");
  const gameId = Number(play.game_id);
  const rules: Rules = {
    order: play.order,
    format: play.format,
    maxScore: num(play.maxScore),
    minRoundMs: play.minRoundMs,
  };
  const round = play.gameplay_started_at === null ? 0 : now.getTime() - new Date(play.gameplay_started_at).getTime();
  checkRules(rules, input.score, round);

  const reason = await heldReason(tx, userId, gameId, rules.order, input.score);
  if (reason)
    return holdScore(tx, {
      userId,
      gameId,
      playId: input.playId,
      score: input.score,
      won: input.won,
      rules,
      reason,
      now,
    });
  return recordOnBoards(tx, seasonId, {
    userId,
    gameId,
    playId: input.playId,
    score: input.score,
    won: input.won,
    rules,
    now,
  });
}

/** D90: the rules a score must meet; `roundMs` is how long the play's gameplay has run on the server's clock. */
function checkRules(rules: Rules, score: number, roundMs: number) {
  if (rules.maxScore !== null && score > rules.maxScore)
    throw new Invalid(SCORE_RULE_MESSAGES.tooHigh(rules.maxScore, rules.format));
  if (rules.order === "asc" && score === 0) throw new Invalid(SCORE_RULE_MESSAGES.zeroTime);
  // the start reaches the server a request's trip after the game's own start: the same slack as for a time
  if (rules.minRoundMs !== null && roundMs + TIME_SLACK_MS < rules.minRoundMs)
    throw new Invalid(SCORE_RULE_MESSAGES.tooSoon(rules.minRoundMs));
  if (rules.format === "time_ms" && rules.minRoundMs !== null && score < rules.minRoundMs)
    throw new Invalid(SCORE_RULE_MESSAGES.tooShort(rules.minRoundMs));
  if (rules.format === "time_ms" && score > roundMs + TIME_SLACK_MS)
    throw new Invalid(SCORE_RULE_MESSAGES.longerThanPlay);
}

/**
 * D108: why a score waits for a moderator, or null: it is the player's best and 10x the board's top (a tenth of it,
 * for lower-is-better), or it would be in the top 3 of a board of 20+ players. The top is everyone else's: a player's
 * own best would let steps of 10x climb to the maximum unchecked. Reads at most 20 board rows (the ranking indexes).
 */
async function heldReason(
  tx: Tx,
  userId: number,
  gameId: number,
  order: ScoreOrder,
  score: number,
): Promise<HeldReason | null> {
  const best = order === "asc" ? sql`score asc, achieved_at asc` : sql`score desc, achieved_at asc`;
  const row = (
    await tx.execute(sql`
      select
        (select score from best_scores where game_id = ${gameId} and listed and user_id <> ${userId} order by ${best} limit 1) as top,
        (select score from best_scores where game_id = ${gameId} and listed and user_id <> ${userId} order by ${best} limit 1 offset 2) as third,
        (select count(*) from (select 1 from best_scores where game_id = ${gameId} and listed limit ${HOLD_TOP_THREE_PLAYERS}) b)::int as players,
        (select score from best_scores where game_id = ${gameId} and user_id = ${userId}) as mine`)
  ).rows[0] as { top: unknown; third: unknown; players: number; mine: unknown };
  const asc = order === "asc";
  if (!better(asc, score, num(row.mine))) return null;
  const top = num(row.top);
  if (top !== null && top > 0 && (asc ? score * HOLD_FACTOR < top : score > top * HOLD_FACTOR)) return "ten_times_top";
  if (Number(row.players) >= HOLD_TOP_THREE_PLAYERS && better(asc, score, num(row.third))) return "top_three";
  return null;
}

/** D108: the score waits in the moderators' queue; its play is used (409 on a second score). */
async function holdScore(
  tx: Tx,
  h: {
    userId: number;
    gameId: number;
    playId: string;
    score: number;
    won?: boolean;
    rules: Rules;
    reason: HeldReason;
    now: Date;
  },
): Promise<SubmitScoreResult> {
  const inserted = await tx.execute(sql`
    insert into held_scores (user_id, game_id, play_id, score, won, reason, board_top, created_at)
    select ${h.userId}, ${h.gameId}, ${h.playId}::uuid, ${h.score}, ${h.won ?? null}, ${h.reason},
      (select score from best_scores where game_id = ${h.gameId} and listed order by ${h.rules.order === "asc" ? sql`score asc` : sql`score desc`} limit 1),
      ${h.now.toISOString()}::timestamptz
    where not exists (select 1 from scores where play_id = ${h.playId}::uuid)
    on conflict (play_id) do nothing
    returning id`);
  if (!inserted.rows.length) throw new Conflict("A score was already submitted for this play");
  return {
    recorded: false,
    score: h.score,
    personalBest: false,
    rank: 0,
    unlocked: [],
    gameId: h.gameId,
    previousBest: null,
    order: h.rules.order,
    format: h.rules.format,
  };
}

/**
 * One transaction of eight or nine statements (each is a round trip, so what can be one statement is
 * one): the player's lock, the score (answering with the bests before it), the four boards' writes, the rank and the
 * achievements' facts, and the new achievements if any. Also records a held score a moderator approved.
 */
export async function recordOnBoards(
  tx: Tx,
  seasonId: number,
  input: {
    userId: number;
    gameId: number;
    playId: string | null;
    score: number;
    won?: boolean | null;
    rules: Rules;
    now: Date;
  },
): Promise<SubmitScoreResult & { scoreId: number }> {
  const { userId, gameId, rules, now } = input;
  const won_ = input.won ?? undefined;
  const at = now.toISOString();
  const asc = rules.order === "asc";
  const counts = countsTowardTotal(rules);

  // the player's stats row first, locked: two scores of one player are applied one after the other
  const locked = await tx.execute(sql`select user_id from player_stats where user_id = ${userId} for update`);
  if (!locked.rows.length) {
    await tx.execute(
      sql`insert into player_stats (user_id, reached_at) values (${userId}, ${at}::timestamptz) on conflict (user_id) do nothing`,
    );
    await tx.execute(sql`select user_id from player_stats where user_id = ${userId} for update`);
  }

  // the score, answering with the player's bests before it (all time and this season); a play whose score is held
  // sends no other
  const playId = input.playId === null ? sql`null::uuid` : sql`${input.playId}::uuid`;
  const inserted = await tx.execute(sql`
    insert into scores (user_id, game_id, play_id, score, won, created_at)
    select ${userId}, ${gameId}, ${playId}, ${input.score}, ${won_ ?? null}, ${at}::timestamptz
    where ${input.playId === null ? sql`true` : sql`not exists (select 1 from held_scores where play_id = ${playId} and status <> 'approved')`}
    on conflict (play_id) do nothing
    returning id,
      (select score from best_scores where user_id = ${userId} and game_id = ${gameId}) as best,
      (select score from season_best_scores where season_id = ${seasonId} and user_id = ${userId} and game_id = ${gameId}) as season_best`);
  const scoreRow = inserted.rows[0] as { id: number; best: unknown; season_best: unknown } | undefined;
  if (!scoreRow) throw new Conflict("A score was already submitted for this play");
  const [prev, prevSeason] = [num(scoreRow.best), num(scoreRow.season_best)];
  // the boards, all time and the open season's, in one statement
  const personalBest = better(asc, input.score, prev);
  const seasonBest = better(asc, input.score, prevSeason);
  const won = won_ === true ? 1 : 0;
  const reported = won_ === undefined ? 0 : 1;
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

  // the rank on the game's all-time board as the board ranks it (listed players, from its histogram: ADR 015) and
  // what the achievement rules need, in one read
  const ctx = { score: input.score, won: won_, gameId, order: rules.order, counts, seasonId };
  const after = (
    await tx.execute(
      sql`select ${bestScoreRankSql(userId, gameId, rules.order)} as rank, ${scoreAchievementFacts(userId, ctx)}`,
    )
  ).rows[0] as ScoreAchievementFacts & { rank: number };
  const rank = Number(after.rank);
  const unlocked = await unlockScoreAchievements(tx, userId, ctx, after, now);
  return {
    recorded: true,
    score: input.score,
    personalBest,
    rank,
    unlocked,
    gameId,
    previousBest: prev,
    order: rules.order,
    format: rules.format,
    scoreId: Number(scoreRow.id),
  };
}

/** Rebuilds player_stats from scores and best_scores, and the seasons' boards, e.g. after a game and its scores were deleted, or after seeding. */
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
        join games g on g.id = b.game_id and ${COUNTS_TOWARD_TOTAL_SQL}
        group by b.user_id) b on b.user_id = s.user_id`);
    await rebuildSeasonBoards(tx);
  });
}
