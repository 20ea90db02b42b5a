import fs from "node:fs/promises";
import path from "node:path";
import vm from "node:vm";
import { describe, expect, it, vi } from "vitest";
import { repoRoot } from "@test/test-app";

/** D78: ArcadiumRuntime.achievement(key) calls SDK v2's Arcadium.achievements.unlock, and nothing else. */
async function loadRuntime(arcadium: unknown) {
  const source = await fs.readFile(path.join(repoRoot, "sdk", "runtime", "runtime.js"), "utf8");
  const window: Record<string, unknown> = { Arcadium: arcadium };
  vm.runInNewContext(source, { window, document: {} });
  return window.ArcadiumRuntime as { achievement(key: string): void };
}

describe("ArcadiumRuntime.achievement (D78)", () => {
  it("unlocks through SDK v2 and swallows a refusal", async () => {
    const unlock = vi.fn(() => Promise.reject(new Error("No open play")));
    const rt = await loadRuntime({ version: 2, achievements: { unlock } });
    expect(() => rt.achievement("first_win")).not.toThrow();
    expect(unlock).toHaveBeenCalledWith("first_win");
    await new Promise((r) => setTimeout(r, 0)); // an unhandled rejection would fail the run
  });

  it("does nothing with SDK v1, without an SDK, or when the host throws", async () => {
    const v1 = { version: 1, achievements: { unlock: vi.fn() } };
    (await loadRuntime(v1)).achievement("x");
    expect(v1.achievements.unlock).not.toHaveBeenCalled();
    expect(() => (async () => (await loadRuntime(undefined)).achievement("x"))()).not.toThrow();
    const throwing = await loadRuntime({
      version: 2,
      achievements: {
        unlock: () => {
          throw new Error("host");
        },
      },
    });
    expect(() => throwing.achievement("x")).not.toThrow();
  });
});
