import { eq, sql } from "drizzle-orm";
import { scoreRulesPatchSchema, type ScoreRulesPatch } from "../../contract/admin/games";
import { countsTowardTotal, type ScoreRules } from "../../contract/games-constants";
import type { Db, Tx } from "../db/client";
import { gamesTable } from "../db/schema";
import { Invalid, NotFound } from "../errors";
import { readManifestKey } from "./packages";
import { COUNTS_TOWARD_TOTAL_SQL } from "./score-totals";
import { rebuildSeasonBoards } from "./seasons";

/**
 * D90: a game's score rules, read from game.json or set in the CMS, and what follows a change: the game's best
 * scores are chosen again by the new order and the players' totals recomputed (only "more points is better"
 * games with a maximum add to a total). The recomputation helpers also serve score moderation. No HTTP types here.
 */

type Q = Db | Tx;

/** D90: the `"scores"` object of a game.json (undefined when absent); a present but wrong one is refused. */
export function parseManifestScoreRules(value: unknown): ScoreRulesPatch | undefined {
  if (value === undefined || value === null) return undefined;
  const parsed = scoreRulesPatchSchema.safeParse(value);
  if (!parsed.success) throw new Invalid(`game.json scores: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  return parsed.data;
}

/** D90: the score rules a package's game.json declares (a package without a readable game.json declares none). */
export async function readPackageScoreRules(packageDir: string): Promise<ScoreRulesPatch | undefined> {
  return parseManifestScoreRules(await readManifestKey(packageDir, "scores"));
}

/** The games columns of a rules patch (only the keys present). */
export function scoreRuleColumns(patch: ScoreRulesPatch | undefined): Partial<typeof gamesTable.$inferInsert> {
  if (!patch) return {};
  const set: Partial<typeof gamesTable.$inferInsert> = {};
  if (patch.order !== undefined) set.scoreOrder = patch.order;
  if (patch.format !== undefined) set.scoreFormat = patch.format;
  if (patch.maxScore !== undefined) set.maxScore = patch.maxScore;
  if (patch.minRoundMs !== undefined) set.minRoundMs = patch.minRoundMs;
  return set;
}

export async function getScoreRules(db: Q, gameId: number): Promise<ScoreRules> {
  const [row] = await db
    .select({
      order: gamesTable.scoreOrder,
      format: gamesTable.scoreFormat,
      maxScore: gamesTable.maxScore,
      minRoundMs: gamesTable.minRoundMs,
    })
    .from(gamesTable)
    .where(eq(gamesTable.id, gameId));
  if (!row) throw new NotFound("Game not found");
  return row;
}

/**
 * D90: applies a rules patch to a game (inside the caller's transaction). When the order or the format changes,
 * the game's best scores are chosen again and the totals of its players recomputed. Returns the rules before.
 */
export async function applyScoreRules(
  tx: Tx,
  gameId: number,
  patch: ScoreRulesPatch | undefined,
): Promise<ScoreRules | null> {
  const set = scoreRuleColumns(patch);
  if (Object.keys(set).length === 0) return null;
  const before = await getScoreRules(tx, gameId);
  await tx.update(gamesTable).set(set).where(eq(gamesTable.id, gameId));
  const after = await getScoreRules(tx, gameId);
  if (before.order !== after.order || countsTowardTotal(before) !== countsTowardTotal(after)) {
    if (before.order !== after.order) await rebuildBestScores(tx, gameId);
    await recomputeTotals(tx, sql`(select user_id from best_scores where game_id = ${gameId})`);
    await rebuildSeasonBoards(tx, { gameId }); // D91: the seasons' boards of the game and its players' season totals
  }
  return before;
}

/** The SQL order of a game's scores, best first (`order` is the games column, trusted: a check constraint). */
export function bestFirst(order: ScoreRules["order"]) {
  return order === "asc" ? sql`score asc, created_at asc, id asc` : sql`score desc, created_at asc, id asc`;
}

/**
 * D90: the best score of each player on a game, chosen again from the scores kept (after a change of order,
 * a removed score or a reset). `userId` limits it to one player.
 */
export async function rebuildBestScores(tx: Q, gameId: number, userId?: number): Promise<void> {
  const { order } = await getScoreRules(tx, gameId);
  const onePlayer = userId === undefined ? sql`true` : sql`user_id = ${userId}`;
  await tx.execute(sql`delete from best_scores where game_id = ${gameId} and ${onePlayer}`);
  await tx.execute(sql`
    insert into best_scores (user_id, game_id, score, score_id, achieved_at)
    select distinct on (user_id) user_id, game_id, score, id, created_at
    from scores where game_id = ${gameId} and ${onePlayer}
    order by user_id, ${bestFirst(order)}`);
}

/**
 * D24: the all-time stats of these players recomputed from what is stored: the total of their best scores
 * on games that count toward it, scores submitted, wins and scores that reported a result. `users` is a subquery
 * (or a list) of user ids.
 */
export async function recomputeTotals(tx: Q, users: ReturnType<typeof sql> | number[]): Promise<void> {
  const ids = Array.isArray(users)
    ? users.length
      ? sql`(${sql.join(
          users.map((u) => sql`${u}`),
          sql`, `,
        )})`
      : null
    : users;
  if (ids === null) return;
  await tx.execute(sql`
    update player_stats ps set
      total_score = coalesce(t.total, 0),
      reached_at = coalesce(t.reached, ps.reached_at),
      games_played = c.played,
      wins = c.wins,
      reported = c.reported
    from (select ps2.user_id,
                 (select sum(b.score) from best_scores b join games g on g.id = b.game_id
                   where b.user_id = ps2.user_id and ${COUNTS_TOWARD_TOTAL_SQL})::bigint as total,
                 (select max(b.achieved_at) from best_scores b join games g on g.id = b.game_id
                   where b.user_id = ps2.user_id and ${COUNTS_TOWARD_TOTAL_SQL}) as reached
          from player_stats ps2 where ps2.user_id in ${ids}) t,
         (select ps3.user_id,
                 (select count(*) from scores s where s.user_id = ps3.user_id)::int as played,
                 (select count(*) from scores s where s.user_id = ps3.user_id and s.won)::int as wins,
                 (select count(s.won) from scores s where s.user_id = ps3.user_id)::int as reported
          from player_stats ps3 where ps3.user_id in ${ids}) c
    where ps.user_id = t.user_id and ps.user_id = c.user_id`);
}
