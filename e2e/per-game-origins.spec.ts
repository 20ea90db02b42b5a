import type { Frame, Page } from "@playwright/test";
import { gamesOrigin } from "../src/server/games-hosts";
import { acceptCookies, expect, servedByGamesOrigin, test, type ApiGame } from "./fixtures";
import { startServer, type RunningServer } from "./server";

/**
 * D79: with GAMES_URL=http://g{id}.localhost:{port} every game runs on an origin of its own (Chromium resolves
 * every *.localhost name to the loopback address). A server of its own, started with that GAMES_URL: a built-in
 * game is framed from its own origin and plays (SDK v2's init() is answered by the page, which trusts only the
 * frame's origin), and two games cannot read each other's storage or files.
 */
test.describe("an origin per game (D79)", () => {
  test.describe.configure({ mode: "serial" });
  let server: RunningServer;
  let games: ApiGame[];

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startServer({}, undefined, { gamesHost: "g{id}.localhost" });
    const res = await fetch(`${server.url}/api/games?sort=newest&limit=50`);
    games = ((await res.json()) as ApiGame[]).filter(servedByGamesOrigin(server.gamesUrl));
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  /** Opens game `game`'s page, presses Play Now and answers its frame once the built-in runtime has shown a state. */
  async function play(page: Page, game: ApiGame): Promise<Frame> {
    await page.goto(`${server.url}/game/${game.id}`);
    await page.getByRole("button", { name: "Play Now" }).first().click();
    const iframe = page.locator(`iframe[title="${game.title}"]`);
    await expect(iframe).toHaveAttribute("src", `${gamesOrigin(server.gamesUrl, game.id)}/game-frame/${game.id}/`);
    await expect(page.frameLocator(`iframe[title="${game.title}"]`).locator("body")).toHaveAttribute(
      "data-state",
      /title|playing/,
      { timeout: 10_000 },
    );
    const frame = await (await iframe.elementHandle())!.contentFrame();
    expect(frame).not.toBeNull();
    return frame!;
  }

  const probe = (frame: Frame) => frame.evaluate(() => window.localStorage.getItem("d79-probe"));

  test("a built-in game is framed from its own origin and plays: SDK v2's init() is answered", async ({
    page,
    consoleErrors,
  }) => {
    expect(server.gamesUrl).toMatch(/^http:\/\/g\{id\}\.localhost:\d+$/);
    expect(games.length).toBeGreaterThanOrEqual(2);
    const [game] = games;
    await acceptCookies(page);
    const response = await page.goto(`${server.url}/game/${game.id}`);
    const frameSrc = String(response!.headers()["content-security-policy"])
      .split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith("frame-src "));
    // D115: the games' wildcard origin and no other (the demo's games are all served here)
    expect(frameSrc).toBe(`frame-src ${server.gamesUrl.replace("g{id}", "*")}`);

    const frame = await play(page, game);
    expect(await frame.evaluate(() => window.location.origin)).toBe(
      `http://g${game.id}.localhost:${new URL(server.gamesUrl).port}`,
    );
    const init = await frame.evaluate(() =>
      (
        window as unknown as { Arcadium: { init(): Promise<{ user: unknown; settings: unknown }> } }
      ).Arcadium.init().then(
        (result) => ({
          ok: true,
          user: result.user,
          hasSettings: typeof result.settings === "object" && result.settings !== null,
        }),
        (err: { code?: string; message?: string }) => ({ ok: false, error: `${err.code}: ${err.message}` }),
      ),
    );
    expect(init).toEqual({ ok: true, user: null, hasSettings: true });
    expect(consoleErrors.filter((e) => !/fullscreen/i.test(e))).toEqual([]);
  });

  test("two games on two origins cannot read each other's localStorage or files", async ({ page }) => {
    const [a, b] = games;
    await acceptCookies(page);
    const value = `from game ${a.id} ${Date.now()}`;

    const frameA = await play(page, a);
    await frameA.evaluate((v) => window.localStorage.setItem("d79-probe", v), value);
    expect(await probe(frameA)).toBe(value);
    // Game A's host serves game A's files, never game B's; B's origin does not let A read its answers (no CORS).
    const fetched = await frameA.evaluate(
      async ([own, other, otherOrigin]) => {
        const status = async (url: string) => {
          try {
            return (await fetch(url)).status;
          } catch {
            return "blocked";
          }
        };
        return { own: await status(own), other: await status(other), otherOrigin: await status(otherOrigin) };
      },
      [`/game-frame/${a.id}/`, `/game-frame/${b.id}/`, `${gamesOrigin(server.gamesUrl, b.id)}/game-frame/${b.id}/`],
    );
    expect(fetched).toEqual({ own: 200, other: 404, otherOrigin: "blocked" });

    const frameB = await play(page, b);
    expect(await frameB.evaluate(() => window.location.origin)).toBe(gamesOrigin(server.gamesUrl, b.id));
    expect(await probe(frameB)).toBeNull();

    // The value was kept: game A reads it again on its own origin.
    const frameAgain = await play(page, a);
    expect(await probe(frameAgain)).toBe(value);
  });
});
