import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { newGame, scoreApproved, type Player } from "../../test/scores";
import { createUserWithSession, describeEachDatabase, type TestApp } from "../../test/test-app";
import { gameRanks, leaderboard, listBestScores, playerRank } from "./leaderboard";
import { rebuildPlayerStats } from "./scores";
import { currentSeason } from "./seasons";

/**
 * ADR 015: every board's histogram (`board_counts`, kept by statement triggers) must equal its rows, whatever
 * wrote them, and a rank read through it must equal the rank counted the plain way, on both sides of each bucket's edges.
 */

type Rows = Array<Record<string, unknown>>;

async function rows(t: TestApp, query: ReturnType<typeof sql>): Promise<Rows> {
  return (await t.database.db.execute(query)).rows as Rows;
}

/** The histogram as the triggers keep it, and as the board tables say it should be. */
async function histograms(t: TestApp) {
  const kept = await rows(t, sql`select season_id, game_id, bucket, n from board_counts where n <> 0 order by 1, 2, 3`);
  const recomputed = await rows(
    t,
    sql`select season_id, game_id, bucket, count(*)::int as n from (
      select 0 as season_id, 0 as game_id, arcadium_board_bucket(total_score) as bucket from player_stats where listed and games_played > 0
      union all select season_id, 0, arcadium_board_bucket(total_score) from season_player_stats where listed and games_played > 0
      union all select 0, game_id, arcadium_board_bucket(score) from best_scores where listed
      union all select season_id, game_id, arcadium_board_bucket(score) from season_best_scores where listed
    ) x group by 1, 2, 3 order by 1, 2, 3`,
  );
  const norm = (r: Rows) => r.map((x) => [Number(x.season_id), Number(x.game_id), Number(x.bucket), Number(x.n)]);
  return { kept: norm(kept), recomputed: norm(recomputed) };
}

/** Each listed row's rank counted with a window over the whole board (the plain way, no histogram). */
async function plainRanks(t: TestApp, seasonId: number | null, gameId: number | null, asc = false) {
  const order = asc ? sql`score asc` : gameId === null ? sql`total_score desc` : sql`score desc`;
  const at = gameId === null ? sql`reached_at` : sql`achieved_at`;
  const table = sql.raw(`${seasonId === null ? "" : "season_"}${gameId === null ? "player_stats" : "best_scores"}`);
  const where = sql.join(
    [
      sql`listed`,
      gameId === null ? sql`games_played > 0` : sql`game_id = ${gameId}`,
      seasonId === null ? sql`true` : sql`season_id = ${seasonId}`,
    ],
    sql` and `,
  );
  const r = await rows(
    t,
    sql`select user_id, row_number() over (order by ${order}, ${at}, user_id) as rank from ${table} where ${where}`,
  );
  return new Map(r.map((x) => [Number(x.user_id), Number(x.rank)]));
}

describeEachDatabase("board histograms (ADR 015)", (t) => {
  it("the bucket of a value: exact below 64, 32 per doubling above, monotonic, and each bucket's floor bounds its values", async () => {
    const values = [
      ...Array.from({ length: 300 }, (_, i) => i),
      1000,
      1007,
      1008,
      1023,
      1024,
      1025,
      65535,
      65536,
      999_999_999,
      1_000_000_000,
      50_000_000_000,
    ];
    for (let e = 6; e < 36; e++) values.push(2 ** e - 1, 2 ** e, 2 ** e + 1);
    values.sort((a, b) => a - b);
    const got = await rows(
      t(),
      sql`select v, arcadium_board_bucket(v) as b, arcadium_board_bucket_floor(arcadium_board_bucket(v)) as lo,
        arcadium_board_bucket_floor(arcadium_board_bucket(v) + 1) as hi
      from unnest(${`{${values.join(",")}}`}::bigint[]) as v order by v`,
    );
    let last = -1;
    for (const r of got) {
      const [v, b, lo, hi] = [Number(r.v), Number(r.b), Number(r.lo), Number(r.hi)];
      if (v < 64) expect(b).toBe(v);
      expect(b).toBeGreaterThanOrEqual(last);
      expect(lo).toBeLessThanOrEqual(v);
      expect(hi).toBeGreaterThan(v);
      // about 1.5–3 % wide above 64
      if (v >= 64) expect((hi - lo) / lo).toBeLessThanOrEqual(1 / 32);
      last = b;
    }
    expect(Number(got.find((r) => Number(r.v) === 1024)?.b)).toBe(Number(got.find((r) => Number(r.v) === 1023)?.b) + 1);
  });

  it("stays equal to the boards through scores, hiding, bans, rebuilds and deletions, and ranks read through it equal plain counts", async () => {
    const more = await newGame(t(), "Hist more");
    const less = await newGame(t(), "Hist less");
    await t().database.db.execute(sql`update games set score_order = 'asc' where id = ${less.id}`);
    const players: Player[] = [];
    for (let i = 0; i < 14; i++) players.push(await createUserWithSession(t(), { username: `hist_${i}` }));
    // values that share buckets (1,000–1,100: 16 wide there), tie exactly, sit on both sides of a bucket's edge
    // (1,023 | 1,024), are exact (< 64) or large
    const pointValues = [5, 63, 64, 1000, 1007, 1008, 1015, 1023, 1024, 1024, 1100, 123_456, 999_999_999, 1008];
    const timeValues = [900, 1000, 1001, 1015, 1016, 1016, 30, 63, 2000, 64, 1023, 1024, 950, 1017];
    for (const [i, p] of players.entries()) {
      // D108 holds scores far above the board: approved at once, as these values are chosen for the histogram's buckets
      await scoreApproved(t(), p, more.id, pointValues[i]);
      if (i % 3 !== 0) await scoreApproved(t(), p, more.id, pointValues[(i * 5) % 14]); // a second score: a better one sometimes
      if (i % 4 !== 1) await scoreApproved(t(), p, less.id, timeValues[i]);
    }
    const db = t().database.db;
    const season = (await currentSeason(db)).id;

    const games: Array<[number, boolean]> = [
      [more.id, false],
      [less.id, true],
    ];
    const check = async (label: string) => {
      const h = await histograms(t());
      expect(h.kept, label).toEqual(h.recomputed);
      for (const seasonId of [null, season]) {
        const plain = await plainRanks(t(), seasonId, null);
        for (const p of players) {
          const uid = p.user.id;
          if (seasonId === null)
            expect(await playerRank(db, uid), `${label} player ${uid}`).toBe(plain.get(uid) ?? null);
          const around = await leaderboard(db, { seasonId, limit: 1, aroundUser: uid, aroundRows: 0 });
          expect(
            around.map((e) => e.rank),
            `${label} around ${uid} season ${seasonId}`,
          ).toEqual(plain.has(uid) ? [plain.get(uid)] : []);
        }
        for (const [game, asc] of games) {
          const plainGame = await plainRanks(t(), seasonId, game, asc);
          for (const p of players) {
            const uid = p.user.id;
            const around = await listBestScores(db, game, { seasonId, limit: 1, aroundUser: uid, aroundRows: 0 });
            expect(
              around.map((e) => e.rank),
              `${label} game ${game} around ${uid} season ${seasonId}`,
            ).toEqual(plainGame.has(uid) ? [plainGame.get(uid)] : []);
            if (seasonId === null)
              expect((await gameRanks(db, uid)).get(game), `${label} gameRanks ${uid}`).toBe(plainGame.get(uid));
          }
        }
      }
      // a search ranks each match on the whole board
      const found = await leaderboard(db, { seasonId: null, limit: 50, search: "hist_" });
      const plain = await plainRanks(t(), null, null);
      expect(found.map((e) => e.rank)).toEqual(found.map((e) => plain.get(e.user.id)));
    };

    await check("after scores");
    await db.execute(
      sql`update users set boards_hidden_at = now() where id in (${players[3].user.id}, ${players[8].user.id})`,
    );
    await check("after hiding two players");
    await db.execute(sql`update users set disabled_at = now() where id = ${players[5].user.id}`);
    await db.execute(sql`update users set boards_hidden_at = null where id = ${players[3].user.id}`);
    await check("after a ban and showing a player again");
    await rebuildPlayerStats(db);
    await check("after rebuilding the boards from the scores");
    await db.execute(sql`delete from users where id = ${players[10].user.id}`);
    await db.execute(sql`delete from games where id = ${less.id}`);
    games.pop();
    await check("after deleting a player and a game");
    await db.execute(sql`truncate season_best_scores`);
    const h = await histograms(t());
    expect(h.kept).toEqual(h.recomputed);
  });
});
