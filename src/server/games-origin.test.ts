import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../test/paths";
import { describeEachDatabase } from "../test/test-app";
import { withBootProbe } from "./games-origin";

const PROBE = '<script src="/sdk/boot-probe.js"></script>';

describe("withBootProbe (D132)", () => {
  it("puts the probe first in the head, else after html or the doctype, else at the start", () => {
    expect(withBootProbe('<!doctype html><html lang="en"><head><title>x</title><script src="a.js"></script>')).toBe(
      `<!doctype html><html lang="en"><head>${PROBE}<title>x</title><script src="a.js"></script>`,
    );
    expect(withBootProbe("<HTML><body>hi")).toBe(`<HTML>${PROBE}<body>hi`);
    expect(withBootProbe("<!DOCTYPE html><canvas>")).toBe(`<!DOCTYPE html>${PROBE}<canvas>`);
    expect(withBootProbe("<canvas></canvas>")).toBe(`${PROBE}<canvas></canvas>`);
    // <header> is not <head>
    expect(withBootProbe("<header>top</header>")).toBe(`${PROBE}<header>top</header>`);
  });
});

describeEachDatabase(
  "the games origin's boot probe (D132)",
  (t) => {
    it("adds the probe to index.html only when the boot test asks, and never lets it be cached", async () => {
      const game = (await t().app.inject({ method: "GET", url: "/api/games?sort=popular&limit=1" })).json()[0];
      const plain = await t().gamesApp.inject({ method: "GET", url: `/game-frame/${game.id}/` });
      expect(plain.body).not.toContain("boot-probe");
      const probed = await t().gamesApp.inject({ method: "GET", url: `/game-frame/${game.id}/?arcadium-boot-test=1` });
      expect(probed.statusCode).toBe(200);
      expect(probed.headers["content-type"]).toContain("text/html");
      expect(probed.headers["cache-control"]).toBe("no-store");
      expect(probed.headers["content-security-policy"]).toBe(`frame-ancestors ${t().config.publicUrl}`);
      expect(probed.body.indexOf(PROBE)).toBeGreaterThan(-1);
      expect(probed.body.indexOf(PROBE)).toBeLessThan(probed.body.indexOf("<script", probed.body.indexOf(PROBE) + 1));
      expect(probed.body.replace(PROBE, "")).toBe(plain.body);
      const other = await t().gamesApp.inject({ method: "GET", url: "/game-frame/999999/?arcadium-boot-test=1" });
      expect(other.statusCode).toBe(404);
    });

    it("serves the probe script from sdk/", async () => {
      const res = await t().gamesApp.inject({ method: "GET", url: "/sdk/boot-probe.js" });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("javascript");
      expect(res.body).toBe(await fs.readFile(path.join(repoRoot, "sdk", "boot-probe.js"), "utf8"));
    });
  },
  { demo: false },
);
