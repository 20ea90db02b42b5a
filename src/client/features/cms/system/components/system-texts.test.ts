import { describe, expect, it } from "vitest";
import type { SystemStatusView } from "@contract/admin/system";
import { makeSystemStatus } from "@test/client-fixtures";
import { formatBytes, formatDuration, systemWarnings } from "./system-texts";

const HEALTHY = makeSystemStatus();

describe("the system page's texts (D164)", () => {
  it("writes sizes in B, KB, MB and GB", () => {
    expect([0, 812, 1024, 7373, 348_160, 13_459_579, 1_503_238_553, 5 * 1024 ** 4].map(formatBytes)).toEqual([
      "0 B",
      "812 B",
      "1 KB",
      "7.2 KB",
      "340 KB",
      "13 MB",
      "1.4 GB",
      "5 TB",
    ]);
  });

  it("writes durations with their two largest parts", () => {
    expect([0, 45, 720, 3600, 11_100, 86_400, 187_200].map(formatDuration)).toEqual([
      "0 s",
      "45 s",
      "12 min",
      "1 h",
      "3 h 5 min",
      "1 day",
      "2 days 4 h",
    ]);
  });

  it("warns of nothing on a healthy install", () => {
    expect(systemWarnings(HEALTHY)).toEqual([]);
  });

  it("warns of pending migrations, a failed job, an old or missing backup, and mixed versions", () => {
    const other = { ...HEALTHY.processes[0], id: "ffffffffffffffff", host: "web-2", version: "0.2.0" };
    const troubled: SystemStatusView = {
      ...HEALTHY,
      migrations: { ...HEALTHY.migrations, applied: 25, pending: ["0026_next"] },
      jobs: { ...HEALTHY.jobs, failedLastDay: 2 },
      lastBackup: { ...HEALTHY.lastBackup!, at: "2026-12-05T03:59:00.000Z" },
      processes: [...HEALTHY.processes, other],
    };
    expect(systemWarnings(troubled)).toEqual([
      { kind: "migrations", text: expect.stringContaining("1 migration not applied (0026_next)") },
      { kind: "jobs", text: expect.stringContaining("2 jobs failed in the last 24 hours") },
      { kind: "backup", text: "No backup in the last 36 hours: the last one is 1 day 12 h old." },
      { kind: "versions", text: expect.stringContaining("2 different versions (0.1.0+3f2a9c1, 0.2.0)") },
    ]);
    // 35 hours is recent enough; none at all is not
    expect(
      systemWarnings({ ...HEALTHY, lastBackup: { ...HEALTHY.lastBackup!, at: "2026-12-05T05:00:00.000Z" } }),
    ).toEqual([]);
    expect(systemWarnings({ ...HEALTHY, lastBackup: null })).toEqual([
      { kind: "backup", text: expect.stringMatching(/^No backup yet/) },
    ]);
  });
});
