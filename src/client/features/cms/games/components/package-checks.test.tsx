import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PackageCheck } from "@contract/admin/build-checks";
import { jsonResponse, mockApi, renderWithProviders, setUpScreenTests } from "@test/render-app";
import { formatMs, PackageChecks } from "./package-checks";

setUpScreenTests();

const CHECK: PackageCheck = {
  gameId: 7,
  packageHash: "a".repeat(64),
  checkedAt: "2026-12-07T10:00:00.000Z",
  report: {
    status: "fail",
    findings: [
      { id: "index-html", status: "pass", message: "index.html is at the package's root." },
      { id: "file-count", status: "fail", message: "The package has more than 1,500 files (the most allowed)." },
      { id: "outside-hosts", status: "warning", message: "index.html loads scripts from cdn.example.com." },
    ],
    fileCount: 1501,
    unpackedBytes: 3 * 1024 * 1024 + 300 * 1024,
    initialDownload: { bytes: 1536, files: [{ path: "index.html", bytes: 1536 }], missing: [] },
    outsideHosts: [{ host: "cdn.example.com", scripts: ["https://cdn.example.com/engine.js"], files: ["js/a.js"] }],
    sdks: ["poki"],
  },
  boot: {
    started: false,
    firstFrameMs: 1450,
    firstFrameBy: "dom",
    gameplayStartMs: null,
    errors: ["Uncaught TypeError: engine is undefined"],
    picture: null,
    pictureNote: "The game draws no canvas, so there is no picture.",
    userAgent: "Test browser",
    ranAt: "2026-12-07T10:05:00.000Z",
    ranBy: "admin",
  },
};

describe("the check report in the game editor (D132)", () => {
  it("shows each finding, the sizes in KB and MB, the outside hosts, the SDK and the last boot test", async () => {
    mockApi([["GET", "/api/admin/games/7/checks", () => jsonResponse({ check: CHECK })]]);
    renderWithProviders(<PackageChecks gameId={7} frameUrl="http://127.0.0.1:5001/game-frame/7/" />);
    const region = await screen.findByRole("region", { name: "Checks" });
    await within(region).findByText("Fail", { exact: true });
    const findings = within(region).getByRole("list", { name: "Findings" });
    expect(
      within(findings)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "Pass: index.html is at the package's root.",
      "Fail: The package has more than 1,500 files (the most allowed).",
      "Warning: index.html loads scripts from cdn.example.com.",
    ]);
    expect(region).toHaveTextContent("Initial download1.5 KB in 1 file");
    expect(region).toHaveTextContent("Unpacked3.3 MB, 1,501 files");
    expect(region).toHaveTextContent("SDKPoki SDK");
    const hosts = within(region).getByRole("list", { name: "Outside hosts" });
    expect(hosts).toHaveTextContent("cdn.example.comscripts: https://cdn.example.com/engine.jsnamed in js/a.js");
    const boot = within(region).getByTestId("boot-result");
    expect(boot).toHaveTextContent("Did not start within 20 s");
    expect(boot).toHaveTextContent("First frame1.5 s (page ready and painted)");
    expect(boot).toHaveTextContent("gameplayStartnot called");
    expect(within(boot).getByRole("list", { name: "Errors" })).toHaveTextContent(
      "Uncaught TypeError: engine is undefined",
    );
    expect(boot).toHaveTextContent("The game draws no canvas, so there is no picture.");
    expect(within(region).getByRole("button", { name: "Run boot test" })).toBeEnabled();
  });

  it("says when a game has no report yet", async () => {
    mockApi([["GET", "/api/admin/games/8/checks", () => jsonResponse({ check: null })]]);
    renderWithProviders(<PackageChecks gameId={8} frameUrl="http://127.0.0.1:5001/game-frame/8/" />);
    expect(await screen.findByText("No check report yet: packages are checked when they are uploaded.")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Run boot test" })).toBeNull();
  });

  it("formats times in ms below a second and in seconds above", () => {
    expect(formatMs(320)).toBe("320 ms");
    expect(formatMs(1449)).toBe("1.4 s");
    expect(formatMs(20_000)).toBe("20.0 s");
  });
});
