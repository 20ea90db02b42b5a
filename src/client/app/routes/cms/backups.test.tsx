import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { formatSize } from "@/features/cms/backups/components/backups-table";
import type { BackupsPage } from "@contract/admin/backups";
import { jsonResponse, mockApi, renderWithProviders, setUpScreenTests } from "@test/render-app";
import { CmsBackupsScreen } from "./backups";

const ADMIN = {
  id: 9,
  username: "admin",
  avatarUrl: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  role: "admin",
  email: "admin@example.com",
};

const PAGE: BackupsPage = {
  backups: [
    { name: "arcadium-20261206-033000Z.tar.gz", size: 52_428_800, createdAt: "2026-12-06T03:30:41.000Z" },
    { name: "arcadium-20261205-033000Z.tar.gz", size: 900, createdAt: "2026-12-05T03:30:40.000Z" },
  ],
  keep: 14,
  nextRunAt: "2026-12-07T03:30:00.000Z",
};

setUpScreenTests();

describe("CmsBackupsScreen (D160)", () => {
  it("lists the kept backups newest first with their size and a download each, and starts one now", async () => {
    const fetch = mockApi([
      ["GET", "/api/admin/user", () => jsonResponse(ADMIN)],
      ["GET", "/api/admin/backups", () => jsonResponse(PAGE)],
      ["POST", "/api/admin/backups", () => jsonResponse({ jobId: 12 }, { status: 201 })],
    ]);
    renderWithProviders(<CmsBackupsScreen />);
    expect(await screen.findByText(/The newest 14 are kept/)).toBeInTheDocument();
    const rows = within(screen.getByRole("table", { name: "Backups" }))
      .getAllByRole("row")
      .slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell")[0].textContent)).toEqual([
      "arcadium-20261206-033000Z.tar.gz",
      "arcadium-20261205-033000Z.tar.gz",
    ]);
    expect(within(rows[0]).getByText("50 MB")).toBeInTheDocument();
    expect(within(rows[1]).getByText("900 B")).toBeInTheDocument();
    expect(within(rows[0]).getByRole("link", { name: "Download: arcadium-20261206-033000Z.tar.gz" })).toHaveAttribute(
      "href",
      "/api/admin/backups/arcadium-20261206-033000Z.tar.gz",
    );

    fireEvent.click(screen.getByRole("button", { name: "Back up now" }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([url, init]) => (init as RequestInit | undefined)?.method === "POST" && String(url) === "/api/admin/backups",
        ),
      ).toBe(true),
    );
  });

  it("says so when there is no backup yet", async () => {
    mockApi([
      ["GET", "/api/admin/user", () => jsonResponse(ADMIN)],
      ["GET", "/api/admin/backups", () => jsonResponse({ ...PAGE, backups: [] })],
    ]);
    renderWithProviders(<CmsBackupsScreen />);
    expect(await screen.findByText(/No backups yet/)).toBeInTheDocument();
  });

  it("writes sizes as a person reads them", () => {
    expect(formatSize(0)).toBe("0 B");
    expect(formatSize(1536)).toBe("1.5 KB");
    expect(formatSize(120 * 1024 * 1024)).toBe("120 MB");
  });
});
