import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { insertGame } from "../../test/factories";
import { createUserWithSession, describeEachDatabase, type TestApp } from "../../test/test-app";
import { playsTable } from "../db/schema";
import { medianFirstGameplay, recordFirstGameplay } from "../services/play-timing";

const firstGameplayMs = async (t: TestApp, playId: string) =>
  (await t.database.db.select({ ms: playsTable.firstGameplayMs }).from(playsTable).where(eq(playsTable.id, playId)))[0]
    ?.ms;

describeEachDatabase(
  "time to first gameplay (issue 14 item 7)",
  (t) => {
    const openPlay = async (gameId: number, cookies?: { sid: string }) =>
      (await t().app.inject({ method: "POST", url: `/api/games/${gameId}/play`, cookies })).json().playId as string;
    const started = (gameId: number, playId: string, payload: Record<string, unknown>, cookies?: { sid: string }) =>
      t().app.inject({ method: "POST", url: `/api/games/${gameId}/plays/${playId}/started`, payload, cookies });

    it("records the first report of a play, for a guest or a player, and ignores later ones", async () => {
      const g = await insertGame(t(), { title: "Timed Game" });
      const guestPlay = await openPlay(g.id);
      expect((await started(g.id, guestPlay, { ms: 1234 })).statusCode).toBe(204);
      expect(await firstGameplayMs(t(), guestPlay)).toBe(1234);
      expect((await started(g.id, guestPlay, { ms: 99 })).statusCode).toBe(204);
      expect(await firstGameplayMs(t(), guestPlay)).toBe(1234);

      const { cookies } = await createUserWithSession(t());
      const playerPlay = await openPlay(g.id, cookies);
      expect((await started(g.id, playerPlay, { ms: 0 }, cookies)).statusCode).toBe(204);
      expect(await firstGameplayMs(t(), playerPlay)).toBe(0);
    });

    it("changes nothing for a play that is not the caller's, and says the same (204)", async () => {
      const g = await insertGame(t(), { title: "Timed Game Owners" });
      const [alice, bob] = [await createUserWithSession(t()), await createUserWithSession(t())];
      const alicePlay = await openPlay(g.id, alice.cookies);
      // another player, or a guest, reporting for a signed-in player's play
      expect((await started(g.id, alicePlay, { ms: 50 }, bob.cookies)).statusCode).toBe(204);
      expect((await started(g.id, alicePlay, { ms: 60 })).statusCode).toBe(204);
      expect(await firstGameplayMs(t(), alicePlay)).toBeNull();
      // a signed-in player reporting for a guest's play
      const guestPlay = await openPlay(g.id);
      expect((await started(g.id, guestPlay, { ms: 70 }, bob.cookies)).statusCode).toBe(204);
      expect(await firstGameplayMs(t(), guestPlay)).toBeNull();
      // the owner's first report sticks; a later one moves neither it nor the round's start (D108)
      await t()
        .database.db.update(playsTable)
        .set({ gameplayStartedAt: new Date(Date.now() - 60_000) })
        .where(eq(playsTable.id, alicePlay));
      const [before] = await t().database.db.select().from(playsTable).where(eq(playsTable.id, alicePlay));
      expect((await started(g.id, alicePlay, { ms: 80 }, alice.cookies)).statusCode).toBe(204);
      expect((await started(g.id, alicePlay, { ms: 90 }, alice.cookies)).statusCode).toBe(204);
      const [after] = await t().database.db.select().from(playsTable).where(eq(playsTable.id, alicePlay));
      expect(after.firstGameplayMs).toBe(80);
      expect(after.gameplayStartedAt).toEqual(before.gameplayStartedAt);
    });

    it("changes nothing for a play of another game, an unknown play or an old one, and says the same (204)", async () => {
      const g = await insertGame(t(), { title: "Timed Game A" });
      const other = await insertGame(t(), { title: "Timed Game B" });
      const play = await openPlay(g.id);
      expect((await started(other.id, play, { ms: 500 })).statusCode).toBe(204);
      expect(await firstGameplayMs(t(), play)).toBeNull();
      expect((await started(g.id, "00000000-0000-4000-8000-000000000000", { ms: 500 })).statusCode).toBe(204);
      const old = await openPlay(g.id);
      await t()
        .database.db.update(playsTable)
        .set({ createdAt: sql`now() - interval '7 hours'` })
        .where(eq(playsTable.id, old));
      expect(await recordFirstGameplay(t().database.db, { gameId: g.id, playId: old, userId: null, ms: 500 })).toBe(
        false,
      );
      expect(await firstGameplayMs(t(), old)).toBeNull();
      expect(await recordFirstGameplay(t().database.db, { gameId: g.id, playId: play, userId: null, ms: 500 })).toBe(
        true,
      );
    });

    it.each([
      [{ ms: -1 }, "ms must be at least 0"],
      [{ ms: 3_600_001 }, "ms must be at most 3600000"],
      [{ ms: 1.5 }, "ms must be a whole number"],
      [{ ms: "100" }, "ms must be a number"],
      [{}, "ms must be a number"],
    ])("answers 400 for the body %j", async (payload, message) => {
      const g = await insertGame(t(), { title: `Bad Timing ${JSON.stringify(payload)}` });
      const play = await openPlay(g.id);
      const res = await started(g.id, play, payload);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(message);
      expect(await firstGameplayMs(t(), play)).toBeNull();
    });

    it("answers 400 for a play id that is not a UUID", async () => {
      const g = await insertGame(t(), { title: "Bad Play Id" });
      expect((await started(g.id, "not-a-uuid", { ms: 10 })).statusCode).toBe(400);
    });

    it("the median per game is over its timed plays only, and absent for a game without any", async () => {
      const g = await insertGame(t(), { title: "Median Game" });
      const untimed = await insertGame(t(), { title: "Untimed Game" });
      for (const ms of [100, 400, 300, 200])
        await recordFirstGameplay(t().database.db, { gameId: g.id, playId: await openPlay(g.id), userId: null, ms });
      await openPlay(g.id); // a play without a report does not count
      await openPlay(untimed.id);
      const medians = await medianFirstGameplay(t().database.db, [g.id, untimed.id]);
      expect(medians.get(g.id)).toBe(250);
      expect(medians.has(untimed.id)).toBe(false);
      expect(await medianFirstGameplay(t().database.db, [])).toEqual(new Map());
      // The admin games list shows it (the CMS marks slow games).
      const admin = await createUserWithSession(t(), { role: "admin" });
      const list = (
        await t().app.inject({ method: "GET", url: "/api/admin/games?limit=500", cookies: admin.cookies })
      ).json() as Array<{
        id: number;
        medianStartMs: number | null;
      }>;
      expect(list.find((x) => x.id === g.id)?.medianStartMs).toBe(250);
      expect(list.find((x) => x.id === untimed.id)?.medianStartMs).toBeNull();
    });
  },
  { demo: false },
);
