import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { insertGame, insertPlay, insertUser } from "../../test/factories";
import { describeEachDatabase } from "../../test/test-app";
import {
  gameCountersDailyTable,
  gameErrorsDailyTable,
  gameNumbersDailyTable,
  playCountsDailyTable,
} from "../db/schema";
import { readNumbers, rollUpDay, runNumbersRollup } from "./game-numbers";

// Known answers on plays seeded around one UTC day D, long before anything else in the suite's database.
const D = "2020-03-10";
const at = (day: string, time: string) => new Date(`${day}T${time}Z`);
const plus = (n: number) => new Date(Date.parse(`${D}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describeEachDatabase(
  "game numbers roll-up (D134)",
  (t) => {
    it("rolls up a day's plays, counters and errors into the numbers of each game and of the site", async () => {
      const db = t().database.db;
      const [a, b] = [await insertGame(t(), { title: "Cohort A" }), await insertGame(t(), { title: "Cohort B" })];
      const [alice, bob, carol, dave, erin] = await Promise.all(
        ["alice", "bob", "carol", "dave", "erin"].map((name) => insertUser(t(), { username: `${name}_${a.id}` })),
      );
      const play = (gameId: number, userId: number | null, createdAt: Date, extra: object = {}) =>
        insertPlay(t(), { gameId, userId, createdAt, ...extra });
      // game A on D: Alice twice (new; back on D+1), Bob once (new; back on D+2 and D+7), Carol (played A on D-3),
      // two guests; Dave's play one millisecond before D is D-1's
      await play(a.id, alice.id, at(D, "10:00:00"), { firstGameplayMs: 100, playtimeMs: 60_000 });
      await play(a.id, alice.id, at(D, "23:59:59.999"), { firstGameplayMs: 300 });
      await play(a.id, alice.id, at(plus(1), "00:00:00"));
      await play(a.id, bob.id, at(D, "00:00:00"), { firstGameplayMs: 200, playtimeMs: 30_000 });
      await play(a.id, bob.id, at(plus(2), "12:00:00"));
      await play(a.id, bob.id, at(plus(7), "12:00:00"));
      await play(a.id, carol.id, at(plus(-3), "09:00:00"));
      await play(a.id, carol.id, at(D, "09:00:00"), { playtimeMs: 30_000 });
      await play(a.id, null, at(D, "11:00:00"), { firstGameplayMs: 400 });
      await play(a.id, null, at(D, "12:00:00"), { firstGameplayMs: 500 });
      await play(a.id, dave.id, new Date(Date.parse(`${D}T00:00:00Z`) - 1));
      // game B on D: Erin (new to the site) and Carol (new to B, not to the site)
      await play(b.id, erin.id, at(D, "15:00:00"));
      await play(b.id, carol.id, at(D, "16:00:00"));
      // three guests' plays of A on D already purged into the daily count; counters and errors of the day
      await db.insert(playCountsDailyTable).values({ gameId: a.id, day: D, anonymousPlays: 3 });
      await db.insert(gameCountersDailyTable).values([
        { gameId: a.id, day: D, impressions: 40, pageViews: 12 },
        { gameId: b.id, day: D, impressions: 10, pageViews: 0 },
      ]);
      await db.insert(gameErrorsDailyTable).values([
        { gameId: a.id, day: D, message: "TypeError: boom", n: 2 },
        { gameId: a.id, day: plus(1), message: "TypeError: boom", n: 1 },
        { gameId: a.id, day: plus(1), message: "RangeError", n: 1 },
      ]);

      // rolled up while D+7 is not finished: D1 is known, D7 not yet
      await rollUpDay(db, D, at(plus(3), "00:15:00"));
      let numbers = await readNumbers(db, a.id, at(plus(3), "01:00:00"));
      let day = numbers.days.find((d) => d.day === D)!;
      expect(day).toMatchObject({ d1: 0.5, d7: null, newPlayers: 2 });

      await rollUpDay(db, D, at(plus(8), "00:15:00"));
      numbers = await readNumbers(db, a.id, at(plus(8), "01:00:00"));
      day = numbers.days.find((d) => d.day === D)!;
      expect(day).toEqual({
        day: D,
        live: false,
        impressions: 40,
        pageViews: 12,
        playStarts: 9,
        conversion: 0.75,
        firstGameplayP50: 300,
        firstGameplayP90: 460,
        playtimePerSessionMs: 30_000,
        sessionsPerPlayer: 4 / 3,
        players: 3,
        newPlayers: 2,
        d1: 0.5,
        d7: 0.5,
        errors: 2,
        errorsPer1000: 2000 / 9,
      });
      expect(numbers.days).toHaveLength(91);
      expect(numbers.days.at(-1)).toMatchObject({ day: plus(8), live: true });
      expect(numbers.topErrors).toEqual([
        { message: "TypeError: boom", n: 3 },
        { message: "RangeError", n: 1 },
      ]);
      // D-1: Dave is its only player, new, and back on D? no
      await rollUpDay(db, plus(-1), at(plus(8), "00:15:00"));
      const before = (await readNumbers(db, a.id, at(plus(8), "01:00:00"))).days.find((d) => d.day === plus(-1))!;
      expect(before).toMatchObject({ playStarts: 1, players: 1, newPlayers: 1, d1: 0, d7: 0 });

      const b1 = (await readNumbers(db, b.id, at(plus(8), "01:00:00"))).days.find((d) => d.day === D)!;
      expect(b1).toMatchObject({
        impressions: 10,
        pageViews: 0,
        conversion: null,
        playStarts: 2,
        newPlayers: 2,
        d1: 0,
      });

      const siteNumbers = await readNumbers(db, 0, at(plus(8), "01:00:00"));
      // the site's messages are those of its rolled-up days (D+1 is not rolled up here)
      expect(siteNumbers.topErrors).toEqual([{ message: "TypeError: boom", n: 2 }]);
      const site = siteNumbers.days.find((d) => d.day === D)!;
      expect(site).toMatchObject({
        impressions: 50,
        pageViews: 12,
        playStarts: 11,
        players: 4,
        // Alice, Bob, Erin: Carol played on D-3; Alice came back on D+1, Bob on D+7
        newPlayers: 3,
        d1: 1 / 3,
        d7: 1 / 3,
        errors: 2,
        sessionsPerPlayer: 6 / 4,
      });
    });

    it("rolls up each missing finished day of the last 90 once, the last 8 again, and forgets older rows", async () => {
      const db = t().database.db;
      const now = at("2021-06-01", "00:15:00");
      await db.insert(gameNumbersDailyTable).values({ gameId: 0, day: "2021-01-01", playStarts: 5 });
      const first = await runNumbersRollup(db, now);
      expect(first).toHaveLength(90);
      expect(first[0]).toBe("2021-03-03");
      expect(first.at(-1)).toBe("2021-05-31");
      const again = await runNumbersRollup(db, now);
      expect(again).toEqual(first.slice(-8));
      const old = await db.execute(sql`select count(*)::int as n from game_numbers_daily where day = '2021-01-01'`);
      expect(Number((old.rows[0] as { n: number }).n)).toBe(0);
    });
  },
  { demo: false },
);
