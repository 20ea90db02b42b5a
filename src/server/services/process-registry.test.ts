import os from "node:os";
import { sql } from "drizzle-orm";
import { beforeEach, expect, it, vi } from "vitest";
import { describeEachDatabase } from "../../test/test-app";
import { processesTable } from "../db/schema";
import { runHousekeeping } from "../jobs/housekeeping";
import {
  HEARTBEAT_MS,
  listProcessesSeenSince,
  newProcessIdentity,
  purgeStaleProcesses,
  recordHeartbeat,
  startProcessHeartbeat,
  STALE_PROCESS_MS,
} from "./process-registry";

const quiet = { warn: () => undefined };

describeEachDatabase(
  "the processes seen (D164)",
  (t) => {
    const db = () => t().database.db;
    const rows = () => db().select().from(processesTable).orderBy(processesTable.startedAt);

    beforeEach(async () => {
      await db().execute(sql`delete from processes`);
    });

    it("gives each process start a random id of its own, with this host, pid, version and roles", () => {
      const startedAt = new Date("2026-12-06T16:00:00Z");
      const a = newProcessIdentity({ version: "1.4.2+3f2a9c1", roles: ["site", "games", "jobs"], startedAt });
      const b = newProcessIdentity({ version: "1.4.2+3f2a9c1", roles: ["site"], startedAt });
      expect(a).toMatchObject({
        host: os.hostname(),
        pid: process.pid,
        version: "1.4.2+3f2a9c1",
        roles: ["site", "games", "jobs"],
        startedAt,
      });
      expect(a.id).toMatch(/^[0-9a-f]{16}$/);
      expect(b.id).not.toBe(a.id);
    });

    it("records a heartbeat once per process, moving its seen time, and lists those seen since a time", async () => {
      const start = new Date("2026-12-06T16:00:00Z");
      const one = newProcessIdentity({ version: "1.4.2", roles: ["site", "games", "jobs"], startedAt: start });
      const two = {
        ...newProcessIdentity({ version: "1.4.3", roles: ["jobs"], startedAt: new Date(start.getTime() + 1000) }),
        host: "box-2",
        pid: 7,
      };
      await recordHeartbeat(db(), one, start);
      await recordHeartbeat(db(), two, new Date(start.getTime() + 5_000));
      await recordHeartbeat(db(), one, new Date(start.getTime() + 15_000));
      expect(await rows()).toEqual([
        { ...one, seenAt: new Date(start.getTime() + 15_000) },
        { ...two, seenAt: new Date(start.getTime() + 5_000) },
      ]);
      const since = (ms: number) =>
        listProcessesSeenSince(db(), new Date(start.getTime() + ms)).then((list) => list.map((p) => p.id));
      expect(await since(0)).toEqual([one.id, two.id]);
      expect(await since(10_000)).toEqual([one.id]);
      expect(await since(20_000)).toEqual([]);
    });

    it("removes the processes not seen for a day", async () => {
      const now = new Date("2026-12-06T16:00:00Z");
      const fresh = newProcessIdentity({ version: "1", roles: ["site"], startedAt: now });
      const stale = newProcessIdentity({ version: "1", roles: ["site"], startedAt: now });
      await recordHeartbeat(db(), fresh, new Date(now.getTime() - STALE_PROCESS_MS + 1000));
      await recordHeartbeat(db(), stale, new Date(now.getTime() - STALE_PROCESS_MS - 1000));
      expect(await purgeStaleProcesses(db(), now)).toBe(1);
      expect((await rows()).map((p) => p.id)).toEqual([fresh.id]);
      // and the housekeeping job does it
      await recordHeartbeat(db(), stale, new Date(now.getTime() - STALE_PROCESS_MS - 1000));
      await runHousekeeping(db(), now);
      expect((await rows()).map((p) => p.id)).toEqual([fresh.id]);
    });

    it("beats at once and every interval, and on stop waits for its write and forgets the process", async () => {
      let clock = new Date("2026-12-06T16:00:00Z");
      const identity = newProcessIdentity({ version: "1", roles: ["site"], startedAt: clock });
      const heartbeat = startProcessHeartbeat(db(), identity, { now: () => clock, intervalMs: 30, log: quiet });
      await vi.waitFor(async () => expect((await rows()).map((p) => p.seenAt)).toEqual([clock]));
      clock = new Date(clock.getTime() + HEARTBEAT_MS);
      await vi.waitFor(async () => expect((await rows()).map((p) => p.seenAt)).toEqual([clock]));
      await heartbeat.stop();
      expect(await rows()).toEqual([]);
    });

    it("logs a failed heartbeat and tries again at the next one", async () => {
      const warned: unknown[] = [];
      const clock = new Date("2026-12-06T16:00:00Z");
      // a process whose row the database refuses (pid 0 breaks the table's check) stands in for a lost connection
      const identity = { ...newProcessIdentity({ version: "1", roles: ["site"], startedAt: clock }), pid: 0 };
      const heartbeat = startProcessHeartbeat(db(), identity, {
        now: () => clock,
        intervalMs: 20,
        log: { warn: (details) => void warned.push(details) },
      });
      await vi.waitFor(() => expect(warned.length).toBeGreaterThanOrEqual(2));
      await heartbeat.stop();
      expect(await rows()).toEqual([]);
    });
  },
  { seed: false },
);
