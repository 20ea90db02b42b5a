// @vitest-environment jsdom
/**
 * D77: the portal test games (e2e/fixtures/portal-games/*), played in jsdom against their adapter and a fake
 * Arcadium v2: each reaches "done" with its ad calls answered as no ad (no provider; rewards granted without ads, the
 * default, D153); the CrazyGames one shows its saved best.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { repoRoot } from "@test/paths";
import { fakeArcadium, loadAdapter, resetAdapterGlobals, restoreSpies, settle } from "@test/sdk-compat";

type Name = "poki" | "crazygames" | "gamedistribution";

/** Puts the fixture's markup in the document (scripts inert), then runs its adapter and its inline scripts in page order. */
function play(name: Name, arcadium: ReturnType<typeof fakeArcadium>) {
  const html = fs.readFileSync(path.join(repoRoot, "e2e", "fixtures", "portal-games", name, "index.html"), "utf8");
  const doc = new DOMParser().parseFromString(html, "text/html");
  document.head.innerHTML = doc.head.innerHTML;
  document.body.innerHTML = doc.body.innerHTML;
  const scripts = [...doc.querySelectorAll("script")];
  for (const script of scripts) {
    if (script.src)
      loadAdapter(name, arcadium); // the tag that loads the portal's SDK (an adapter at install)
    else new Function(script.textContent ?? "")();
  }
  // GameDistribution's snippet adds the script element itself: the browser would then run the adapter
  if (name === "gamedistribution") loadAdapter(name, arcadium);
}

async function until(check: () => boolean) {
  for (let i = 0; i < 50 && !check(); i++) await settle();
}

describe("portal test games", () => {
  afterEach(() => {
    resetAdapterGlobals();
    restoreSpies();
    document.head.innerHTML = "";
    document.body.innerHTML = "";
  });

  it.each<[Name, string[]]>([
    ["poki", ["init", "loading.done", "gameplay.start", "gameplay.stop", "happyTime"]],
    ["crazygames", ["init", "loading.done", "gameplay.start", "happyTime", "gameplay.stop", "data.setItem"]],
    ["gamedistribution", ["init", "loading.done"]],
  ])("%s reaches done, its calls reaching Arcadium v2", async (name, expected) => {
    const arcadium = fakeArcadium({ user: { id: 1, username: "ada", avatarUrl: null } });
    play(name, arcadium);
    const status = () => document.getElementById("status")?.textContent;
    await until(() => status() === "done");
    expect(status()).toBe("done");
    for (const call of expected) expect(arcadium.names()).toContain(call);
    const log = document.getElementById("log")!.textContent!;
    if (name === "poki") expect(log).toContain("rewarded break: reward earned");
    if (name === "crazygames") {
      expect(log).toContain("midgame ad not shown (unfilled)");
      expect(log).toContain("rewarded ad finished");
      expect(log).not.toContain("ad started");
      expect(document.getElementById("best")!.textContent).toBe("42");
      expect(document.getElementById("player")!.textContent).toBe("ada");
      expect(arcadium.saves.get("best")).toBe("42");
    }
    if (name === "gamedistribution") {
      expect(log).toContain("rewarded ad: reward earned");
      expect(document.documentElement.getAttribute("data-gd-events")).toMatch(/^SDK_READY SDK_GAME_START/);
    }
  });
});
