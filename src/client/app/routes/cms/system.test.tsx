import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { formatDateTime } from "@/lib/format";
import type { SystemStatusView } from "@contract/admin/system";
import { makeSystemStatus } from "@test/client-fixtures";
import { jsonResponse, mockApi, renderWithProviders, setUpScreenTests } from "@test/render-app";
import { CmsSystemScreen } from "./system";

const ADMIN = {
  id: 9,
  username: "admin",
  avatarUrl: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  role: "admin",
  email: "admin@example.com",
};

setUpScreenTests();

function show(status: SystemStatusView) {
  mockApi([
    ["GET", "/api/admin/user", () => jsonResponse(ADMIN)],
    ["GET", "/api/admin/system", () => jsonResponse(status)],
  ]);
  renderWithProviders(<CmsSystemScreen />);
}

const card = async (name: string) => within(await screen.findByRole("region", { name }));

describe("CmsSystemScreen (D164)", () => {
  it("shows a healthy install at a glance: sizes in KB/MB/GB, times relative with the exact time on hover", async () => {
    const status = makeSystemStatus();
    show(status);
    expect(await screen.findByRole("status")).toHaveTextContent(/^All is well/);
    expect(screen.queryByRole("heading", { name: "Needs attention" })).toBeNull();

    const version = await card("Version");
    expect(version.getByText("0.1.0")).toBeInTheDocument();
    expect(version.getByText("3f2a9c1")).toHaveAttribute("title", status.version.commit);
    expect(version.getByText("v20.19.2")).toBeInTheDocument();

    const migrations = await card("Migrations");
    expect(migrations.getByText("26 applied")).toBeInTheDocument();
    expect(migrations.getByText("0025_processes")).toBeInTheDocument();
    expect(migrations.getByText("4 hours ago")).toHaveAttribute("title", formatDateTime("2026-12-06T12:00:00.000Z"));

    const database = await card("Database");
    expect(database.getByText("13 MB")).toBeInTheDocument();
    expect(database.getByText("Embedded (PGlite)")).toBeInTheDocument();
    expect(database.getByText("44 MB")).toBeInTheDocument();

    const storage = await card("Storage");
    expect(storage.getByText("1.4 GB")).toBeInTheDocument();
    expect(storage.getByText("12,480")).toBeInTheDocument();
    expect(storage.getByText("2 minutes ago")).toBeInTheDocument();

    const jobs = await card("Jobs");
    expect(jobs.getByText("1 queued, 0 running")).toBeInTheDocument();
    expect(jobs.getByText("Nothing due")).toBeInTheDocument();
    expect(jobs.getByRole("link", { name: "Open Jobs" })).toHaveAttribute("href", "/cms/jobs");

    const backup = await card("Last backup");
    const when = backup.getByText("13 hours ago");
    expect(when.tagName).toBe("TIME");
    expect(when).toHaveAttribute("title", formatDateTime("2026-12-06T03:00:00.000Z"));
    expect(backup.getByText("50 MB")).toBeInTheDocument();
    expect(backup.getByText("arcadium-2026-12-06.tar.gz")).toBeInTheDocument();

    const rows = within(screen.getByRole("table", { name: "Processes" }))
      .getAllByRole("row")
      .slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent("web-1 · pid 4121Answered this pageRuns the site, the games, jobs0.1.0+3f2a9c1");
    const self = await card("This process");
    expect(self.getByText("240 MB memory")).toBeInTheDocument();
    expect(self.getByText("4 h")).toBeInTheDocument();
    expect(self.getByText("90 MB of 120 MB")).toBeInTheDocument();
  });

  it("styles a warning for migrations not applied, a failed job, an old backup and mixed versions", async () => {
    const healthy = makeSystemStatus();
    show(
      makeSystemStatus({
        migrations: {
          ...healthy.migrations,
          applied: 25,
          newest: { name: "0024_jobs", appliedAt: null },
          pending: ["0025_processes"],
        },
        jobs: { ...healthy.jobs, failedLastDay: 3, oldestWaitingSince: "2026-12-06T15:55:00.000Z" },
        lastBackup: { ...healthy.lastBackup!, at: "2026-12-04T16:00:00.000Z" },
        processes: [...healthy.processes, { ...healthy.processes[0], id: "b", host: "web-2", version: "0.2.0" }],
      }),
    );
    const attention = within(await screen.findByRole("region", { name: "Needs attention" }));
    expect(attention.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^1 migration not applied \(0025_processes\)/),
      expect.stringMatching(/^3 jobs failed in the last 24 hours/),
      "No backup in the last 36 hours: the last one is 2 days old.",
      expect.stringMatching(/^Processes run 2 different versions \(0\.1\.0\+3f2a9c1, 0\.2\.0\)/),
    ]);
    expect(screen.queryByText(/^All is well/)).toBeNull();

    const migrations = await card("Migrations");
    expect(migrations.getByText("25 of 26 applied")).toBeInTheDocument();
    expect(migrations.getByText(/^1 migration not applied/)).toBeInTheDocument();
    expect(migrations.getByText("Unknown")).toBeInTheDocument();
    expect((await card("Jobs")).getByText("5 min")).toBeInTheDocument();
    expect((await card("Last backup")).getByText("2 days ago")).toBeInTheDocument();
    expect((await card("Storage")).queryByText(/^No backup/)).toBeNull();

    const versions = within(screen.getByRole("table", { name: "Processes" })).getAllByText(/^0\.[12]\.0/);
    expect(versions).toHaveLength(2);
    for (const cell of versions) expect(cell.className).toMatch(/amber/);
  });

  it("says there is no backup yet, and that the storage is still being counted", async () => {
    const healthy = makeSystemStatus();
    show(
      makeSystemStatus({
        lastBackup: null,
        storage: { ...healthy.storage, bytes: null, objects: null, countedAt: null, counting: true },
        processes: [],
      }),
    );
    const backup = await card("Last backup");
    expect(await backup.findByText("None yet")).toBeInTheDocument();
    expect(backup.getByText(/^No backup yet/)).toBeInTheDocument();
    const storage = await card("Storage");
    expect(storage.getByText("Counting…")).toBeInTheDocument();
    expect(storage.getByText("not yet")).toBeInTheDocument();
    expect(screen.getByText("No process has reported in the last minute.")).toBeInTheDocument();
  });
});
