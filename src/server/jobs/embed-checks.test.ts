import { eq, sql } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { insertGame } from "../../test/factories";
import { describeEachDatabase } from "../../test/test-app";
import { gamesTable, jobsTable } from "../db/schema";
import type { FetchEmbed } from "../services/embed-checks";
import type { Job } from "../services/job-queue";
import { EMBED_CHECK_SCHEDULE, embedCheckJobHandlers } from "./embed-checks";
import { JOB_SCHEDULES } from "./schedules";

describeEachDatabase(
  "the daily embed check (D114, D116)",
  (t) => {
    const db = () => t().database.db;
    let clock: Date;
    let changes = 0;
    let asked: string[] = [];
    beforeEach(async () => {
      clock = new Date("2026-12-07T04:20:00Z");
      changes = 0;
      asked = [];
      await db().execute(sql`delete from games where external_url is not null`);
      await db().execute(sql`delete from jobs`);
    });

    /** A host that answers 404 for addresses containing "gone" and a page otherwise, each after `delayMs`. */
    const fetchEmbed =
      (delayMs = 0): FetchEmbed =>
      async (url) => {
        asked.push(url);
        if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
        return url.includes("gone") ? { outcome: "failed", error: "HTTP 404" } : { outcome: "reachable" };
      };
    const run = (payload: Record<string, unknown> = {}, options: { delayMs?: number; sliceMs?: number } = {}) =>
      embedCheckJobHandlers({
        db: db(),
        now: () => clock,
        gamesUrl: "http://127.0.0.1:5001",
        allowPrivate: false,
        fetchEmbed: fetchEmbed(options.delayMs),
        sliceMs: options.sliceMs,
        catalogueChanged: async () => {
          changes += 1;
        },
      })[EMBED_CHECK_SCHEDULE.name]({
        job: { id: 1, name: EMBED_CHECK_SCHEDULE.name, payload } as Job,
        signal: new AbortController().signal,
      });
    const queued = async () =>
      (await db().select().from(jobsTable).where(eq(jobsTable.state, "queued"))).map((job) => [job.name, job.payload]);

    it("runs daily, checks every embedded game and drops the cached reads only when it hid one", async () => {
      expect(JOB_SCHEDULES).toContainEqual({ name: "games.embed-check", cron: "20 4 * * *" });
      const games = await Promise.all(
        Array.from({ length: 30 }, (_, i) => insertGame(t(), { externalUrl: `https://games.example/ok-${i}/` })),
      );
      await run();
      expect(asked).toHaveLength(30);
      expect(changes).toBe(0);
      expect(await queued()).toEqual([]);

      const gone = await insertGame(t(), { externalUrl: "https://games.example/gone/", embedFailures: 2 });
      clock = new Date(clock.getTime() + 24 * 60 * 60 * 1000);
      asked = [];
      await run();
      expect(asked).toHaveLength(31);
      expect(changes).toBe(1);
      const [row] = await db().select().from(gamesTable).where(eq(gamesTable.id, gone.id));
      expect(row).toMatchObject({ hiddenReason: "unreachable", embedFailures: 3, embedError: "HTTP 404" });
      expect(games).toHaveLength(30);
    });

    it("continues in a new job when it runs out of time, and the continuation skips what this run checked", async () => {
      for (let i = 0; i < 30; i++) await insertGame(t(), { externalUrl: `https://games.example/slow-${i}/` });
      await run({}, { delayMs: 20, sliceMs: 50 });
      const first = asked.length;
      expect(first).toBeGreaterThan(0);
      expect(first).toBeLessThan(30);
      expect(await queued()).toEqual([[EMBED_CHECK_SCHEDULE.name, { since: clock.toISOString() }]]);

      const since = clock.toISOString();
      clock = new Date(clock.getTime() + 5 * 60 * 1000);
      await run({ since });
      expect(new Set(asked).size).toBe(30);
      expect(asked).toHaveLength(30);
    });
  },
  { demo: false },
);
