import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { newGame, play } from "../../test/scores";
import { createUserWithSession, describeEachDatabase, type TestApp } from "../../test/test-app";
import { getGameDetail } from "./game-catalogue";
import { ANONYMOUS_PLAY_RETENTION_DAYS, purgeOldAnonymousPlays } from "./play-retention";
import { MEDIAN_SAMPLE, medianFirstGameplay } from "./play-timing";
import { getUserStats } from "./users";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Anonymous plays older than the retention period become per-day counts; what the site shows stays the same. */
describeEachDatabase(
  "anonymous plays' retention (issue 17)",
  (t) => {
    const db = () => t().database.db;
    const now = new Date();
    const ago = (days: number, seconds = 0) => new Date(now.getTime() - days * DAY_MS - seconds * 1000);
    const utcDay = (d: Date) => d.toISOString().slice(0, 10);
    const rows = async <T>(q: ReturnType<typeof sql>) => (await db().execute(q)).rows as T[];
    const setCreated = (playId: string, at: Date) =>
      db().execute(sql`update plays set created_at = ${at.toISOString()}::timestamptz where id = ${playId}::uuid`);
    const playsOf = async (gameId: number) =>
      (
        await rows<{ user_id: number | null; at: number; ms: number | null }>(
          sql`select user_id, (extract(epoch from created_at) * 1000)::float8 as at, first_gameplay_ms as ms from plays where game_id = ${gameId} order by created_at, id`,
        )
      ).map((r) => ({
        userId: r.user_id === null ? null : Number(r.user_id),
        at: Number(r.at),
        ms: r.ms === null ? null : Number(r.ms),
      }));
    const dailyOf = async (gameId: number) =>
      Object.fromEntries(
        (
          await rows<{ day: string; n: number }>(
            sql`select day::text as day, anonymous_plays as n from play_counts_daily where game_id = ${gameId} order by day`,
          )
        ).map((r) => [r.day, Number(r.n)]),
      );
    const insertPlays = (gameId: number, plays: Array<{ at: Date; ms?: number | null }>) =>
      db().execute(
        sql`insert into plays (game_id, created_at, first_gameplay_ms) values ${sql.join(
          plays.map((p) => sql`(${gameId}, ${p.at.toISOString()}::timestamptz, ${p.ms ?? null})`),
          sql`, `,
        )}`,
      );
    /** Everything the site shows about these games and this player that plays feed. */
    const shown = async (t: TestApp, gameIds: number[], userId: number) => ({
      games: await Promise.all(gameIds.map((id) => getGameDetail(t.database.db, t.config.gamesUrl, id))),
      medians: [...(await medianFirstGameplay(t.database.db, gameIds))],
      stats: await getUserStats(t.database.db, userId, userId),
      popular: (await rows<{ id: number }>(sql`select id from games order by plays desc, id`)).map((r) => Number(r.id)),
    });

    it("deletes anonymous plays older than the period into per-day counts; recent, signed-in and sampled timed plays stay; what is shown is unchanged", async () => {
      const player = await createUserWithSession(t());
      const g = await newGame(t(), "Retention Game");
      // two signed-in plays, 60 days old; three anonymous: 40 and 45 days old, and one 10 days old
      for (const at of [ago(60), ago(60, 5)]) await setCreated(await play(t(), g.id, player), at);
      const anonymous = [ago(40), ago(45), ago(10)];
      for (const at of anonymous) await setCreated(await play(t(), g.id), at);

      // The median time to first gameplay reads a game's last MEDIAN_SAMPLE timed plays: 198 recent ones (half 100 ms,
      // half 300 ms) and two old ones (1000 ms) make 300 ms; without the two old ones it would be 200 ms.
      const h = await newGame(t(), "Timed Game", "action");
      const recent = Array.from({ length: MEDIAN_SAMPLE - 2 }, (_, i) => ({
        at: ago(1, i),
        ms: i < (MEDIAN_SAMPLE - 2) / 2 ? 100 : 300,
      }));
      const oldOutsideSample = ago(42);
      await insertPlays(h.id, [
        ...recent,
        { at: ago(40), ms: 1000 },
        { at: ago(40, 1), ms: 1000 },
        { at: oldOutsideSample, ms: 7000 },
        { at: ago(41), ms: null },
      ]);
      await db().execute(sql`update games set plays = ${MEDIAN_SAMPLE + 2} where id = ${h.id}`);

      const before = await shown(t(), [g.id, h.id], player.user.id);
      expect(before.games[0]?.plays).toBe(5);
      expect(before.games[0]?.totalPlayers).toBe(1);
      expect(before.medians).toEqual([[h.id, 300]]);
      expect(before.stats.categories).toEqual([{ slug: "puzzle", name: expect.any(String), plays: 2, share: 100 }]);
      const gBefore = await playsOf(g.id);

      const deleted = await purgeOldAnonymousPlays(db(), now);
      expect(deleted).toBeGreaterThanOrEqual(4); // other suites' games have no old plays; ours: 2 + 2

      // g: the two old anonymous plays are gone, counted on their UTC days; the recent one and the signed-in ones stay
      const gAfter = await playsOf(g.id);
      expect(gAfter).toEqual(
        gBefore.filter((p) => !(p.userId === null && p.at < ago(ANONYMOUS_PLAY_RETENTION_DAYS).getTime())),
      );
      expect(gAfter).toHaveLength(3);
      expect(gAfter.filter((p) => p.userId === player.user.id)).toHaveLength(2);
      expect(await dailyOf(g.id)).toEqual({ [utcDay(ago(45))]: 1, [utcDay(ago(40))]: 1 });
      // h: the untimed old play and the timed one outside the median's sample are gone; the sample is whole
      const hAfter = await playsOf(h.id);
      expect(hAfter).toHaveLength(MEDIAN_SAMPLE);
      expect(hAfter.filter((p) => p.ms === 1000)).toHaveLength(2);
      expect(hAfter.some((p) => p.ms === 7000 || p.ms === null)).toBe(false);
      expect(await dailyOf(h.id)).toEqual({ [utcDay(oldOutsideSample)]: 1, [utcDay(ago(41))]: 1 });

      // every figure shown is the same
      expect(await shown(t(), [g.id, h.id], player.user.id)).toEqual(before);

      // A second run changes nothing.
      expect(await purgeOldAnonymousPlays(db(), now)).toBe(0);
      expect(await playsOf(g.id)).toEqual(gAfter);
      expect(await playsOf(h.id)).toEqual(hAfter);
      expect(await dailyOf(g.id)).toEqual({ [utcDay(ago(45))]: 1, [utcDay(ago(40))]: 1 });
      expect(await shown(t(), [g.id, h.id], player.user.id)).toEqual(before);

      // The clock decides: 25 days later the anonymous play of 10 days ago is past the period too; signed-in plays stay.
      const later = new Date(now.getTime() + 25 * DAY_MS);
      await purgeOldAnonymousPlays(db(), later);
      expect((await playsOf(g.id)).map((p) => p.userId)).toEqual([player.user.id, player.user.id]);
      expect(await dailyOf(g.id)).toEqual({ [utcDay(ago(45))]: 1, [utcDay(ago(40))]: 1, [utcDay(ago(10))]: 1 });
      expect((await getGameDetail(db(), t().config.gamesUrl, g.id))?.plays).toBe(5);
    });

    it("works in bounded batches, and two purges at once count each play once", async () => {
      const k = await newGame(t(), "Batch Game", "racing");
      const day = ago(50);
      await insertPlays(
        k.id,
        Array.from({ length: 7 }, (_, i) => ({ at: new Date(day.getTime() + i) })),
      );
      // batches of 2, at most 2 batches: 4 plays this run, the other 3 in the next
      expect(await purgeOldAnonymousPlays(db(), now, { batch: 2, maxBatches: 2 })).toBe(4);
      expect(await dailyOf(k.id)).toEqual({ [utcDay(day)]: 4 });
      expect(await purgeOldAnonymousPlays(db(), now, { batch: 2 })).toBe(3);
      expect(await dailyOf(k.id)).toEqual({ [utcDay(day)]: 7 });

      await insertPlays(
        k.id,
        Array.from({ length: 9 }, (_, i) => ({ at: new Date(day.getTime() + 100 + i) })),
      );
      const done = await Promise.all([
        purgeOldAnonymousPlays(db(), now, { batch: 2 }),
        purgeOldAnonymousPlays(db(), now, { batch: 3 }),
      ]);
      // a process that finds the purge's lock taken leaves the work to the one holding it: all gone, each counted once
      expect(await playsOf(k.id)).toEqual([]);
      expect(await dailyOf(k.id)).toEqual({ [utcDay(day)]: 16 });
      expect(done[0] + done[1]).toBe(9);
      expect(await purgeOldAnonymousPlays(db(), now)).toBe(0);
    });
  },
  { demo: false },
);
