import { screen, within } from "@testing-library/react";
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AdminGame } from "@contract/admin/games";
import { makeGame } from "@test/client-fixtures";
import { GamesTable } from "./games-table";
import { formatBytes, packageSummary, SLOW_START_MS, startSummary } from "./package-info";

const admin = (id: number, extra: Partial<AdminGame>): AdminGame => ({
  ...makeGame(id, { title: `Game ${id}` }),
  collectionIds: [],
  sdkAdapter: null,
  packageBytes: null,
  packageFiles: null,
  medianStartMs: null,
  hiddenReason: null,
  ...extra,
});

describe("package info in the CMS (D77, issue 14 item 7)", () => {
  it("formats sizes and file counts", () => {
    expect(formatBytes(900)).toBe("900 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(5 * 1024 * 1024 + 200 * 1024)).toBe("5.2 MB");
    expect(packageSummary({ packageBytes: 2048, packageFiles: 1 })).toBe("2 KB, 1 file");
    expect(packageSummary({ packageBytes: 2048, packageFiles: 1200 })).toBe("2 KB, 1,200 files");
    expect(packageSummary({ packageBytes: null, packageFiles: null })).toBeNull();
  });

  it("the games table shows each game's adapter, package size and file count", () => {
    const games = [
      admin(1, { sdkAdapter: "poki", packageBytes: 3 * 1024 * 1024, packageFiles: 40 }),
      admin(2, { sdkAdapter: "crazygames", packageBytes: 2048, packageFiles: 2 }),
      admin(3, { sdkAdapter: "gamedistribution", packageBytes: 100, packageFiles: 1 }),
      admin(4, { packageBytes: 100, packageFiles: 1 }),
      admin(5, {}),
    ];
    render(<GamesTable games={games} categories={[]} loading={false} onEdit={() => {}} onDelete={() => {}} />);
    const row = (title: string) => screen.getByText(title).closest("tr")!;
    expect(screen.getByRole("columnheader", { name: "Package" })).toBeInTheDocument();
    expect(within(row("Game 1")).getByText("Poki SDK")).toBeInTheDocument();
    expect(within(row("Game 1")).getByText("3 MB, 40 files")).toBeInTheDocument();
    expect(within(row("Game 2")).getByText("CrazyGames SDK")).toBeInTheDocument();
    expect(within(row("Game 3")).getByText("GameDistribution SDK")).toBeInTheDocument();
    expect(within(row("Game 4")).queryByText(/SDK$/)).toBeNull();
    expect(within(row("Game 4")).getByText("100 B, 1 file")).toBeInTheDocument();
  });

  it("shows how long each game takes to start, and marks a slow one (issue 14 item 7)", () => {
    expect(startSummary(null)).toBeNull();
    expect(startSummary(850)).toBe("starts in 850 ms");
    expect(startSummary(1449)).toBe("starts in 1.4 s");
    expect(startSummary(12_000)).toBe("starts in 12.0 s");
    const games = [
      admin(1, { packageBytes: 100, packageFiles: 1, medianStartMs: 1200 }),
      admin(2, { medianStartMs: SLOW_START_MS }),
      admin(3, {}),
    ];
    render(<GamesTable games={games} categories={[]} loading={false} onEdit={() => {}} onDelete={() => {}} />);
    const row = (title: string) => screen.getByText(title).closest("tr")!;
    expect(within(row("Game 1")).getByText("starts in 1.2 s")).toBeInTheDocument();
    expect(within(row("Game 2")).getByText("starts in 5.0 s (slow)")).toBeInTheDocument();
    expect(within(row("Game 3")).queryByText(/starts in/)).toBeNull();
  });
});
