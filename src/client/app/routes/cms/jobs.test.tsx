import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { JobsPage, JobView } from "@contract/jobs-constants";
import { jsonResponse, mockApi, renderWithProviders, setUpScreenTests } from "@test/render-app";
import { CmsJobsScreen } from "./jobs";

const ADMIN = {
  id: 9,
  username: "admin",
  avatarUrl: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  role: "admin",
  email: "admin@example.com",
};

const job = (id: number, over: Partial<JobView> = {}): JobView => ({
  id,
  name: "housekeeping",
  state: "succeeded",
  runAt: "2026-12-06T14:10:00.000Z",
  attempts: 1,
  maxAttempts: 5,
  lastError: null,
  lockedBy: null,
  createdAt: "2026-12-06T14:10:00.000Z",
  startedAt: "2026-12-06T14:10:01.000Z",
  finishedAt: "2026-12-06T14:10:02.000Z",
  ...over,
});

const PAGE: JobsPage = {
  jobs: [
    job(3, {
      name: "account-deletion",
      state: "queued",
      attempts: 0,
      startedAt: null,
      finishedAt: null,
      runAt: "2026-12-06T15:00:00.000Z",
    }),
    job(2, { state: "failed", attempts: 5, lastError: "database unreachable" }),
    job(1),
  ],
  counts: { queued: 1, running: 0, succeeded: 1, failed: 1, cancelled: 0 },
  schedules: [
    { name: "account-deletion", cron: "0 * * * *", nextRunAt: "2026-12-06T15:00:00.000Z" },
    { name: "housekeeping", cron: "*/10 * * * *", nextRunAt: "2026-12-06T14:20:00.000Z" },
  ],
};

setUpScreenTests();

describe("CmsJobsScreen (D116)", () => {
  it("shows the schedules in words and the jobs with their state, tries and last error", async () => {
    mockApi([
      ["GET", "/api/admin/user", () => jsonResponse(ADMIN)],
      ["GET", "/api/admin/jobs", () => jsonResponse(PAGE)],
    ]);
    renderWithProviders(<CmsJobsScreen />);
    const schedules = within(await screen.findByRole("region", { name: "Schedules" }));
    expect(await schedules.findByText("Every hour, on the hour")).toBeInTheDocument();
    expect(schedules.getByText("Every 10 minutes")).toBeInTheDocument();
    const rows = within(screen.getByRole("table", { name: "Jobs" }))
      .getAllByRole("row")
      .slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell")[1].textContent)).toEqual(["Queued", "Failed", "Done"]);
    expect(within(rows[1]).getByText("database unreachable")).toBeInTheDocument();
    expect(within(rows[1]).getByText("5 of 5")).toBeInTheDocument();
    expect(within(rows[0]).getByRole("button", { name: "Cancel: Account deletion #3" })).toBeInTheDocument();
    expect(within(rows[2]).queryByRole("button")).toBeNull();
  });

  it("runs a failed job and a schedule now, cancels a queued job, and filters by state", async () => {
    const fetch = mockApi([
      ["GET", "/api/admin/user", () => jsonResponse(ADMIN)],
      ["GET", "/api/admin/jobs", () => jsonResponse(PAGE)],
      ["POST", "/api/admin/jobs/2/run", () => new Response(null, { status: 204 })],
      ["POST", "/api/admin/jobs/3/cancel", () => new Response(null, { status: 204 })],
      ["POST", "/api/admin/jobs", () => jsonResponse(job(4, { state: "queued" }), { status: 201 })],
    ]);
    renderWithProviders(<CmsJobsScreen />);
    fireEvent.click(await screen.findByRole("button", { name: "Run now: Housekeeping #2" }));
    fireEvent.click(screen.getByRole("button", { name: "Cancel: Account deletion #3" }));
    fireEvent.click(screen.getByRole("button", { name: "Run now: Housekeeping" }));
    fireEvent.click(screen.getByRole("button", { name: /^Failed/ }));
    await waitFor(() => {
      const calls = fetch.mock.calls.map(
        ([url, init]) =>
          `${(init as RequestInit | undefined)?.method ?? "GET"} ${new URL(String(url), "http://x").pathname}${new URL(String(url), "http://x").search}`,
      );
      expect(calls).toEqual(
        expect.arrayContaining([
          "POST /api/admin/jobs/2/run",
          "POST /api/admin/jobs/3/cancel",
          "POST /api/admin/jobs",
          "GET /api/admin/jobs?state=failed",
        ]),
      );
    });
    expect(screen.getByRole("button", { name: /^Failed/ })).toHaveAttribute("aria-pressed", "true");
  });
});
