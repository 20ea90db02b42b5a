import { acceptCookies, expect, test, type ApiGame } from "./fixtures";

/**
 * Issue 5: every built-in game loads in the frame on the games origin without console errors and
 * reaches its game-over screen when driven (the `__arcadiumTest.finish()` hook of sdk/README.md),
 * sending one SDK score envelope (D22) to the host page.
 */
test.describe("built-in games smoke", () => {
  let builtins: ApiGame[] = [];
  test.beforeAll(async ({ request }) => {
    const res = await request.get("/api/games?sort=newest");
    builtins = ((await res.json()) as ApiGame[]).filter((g) => g.frameUrl.startsWith(process.env.E2E_GAMES_URL!));
    expect(builtins.length).toBeGreaterThanOrEqual(12);
  });

  test("each game starts, ends and reports a score", async ({ page, consoleErrors }) => {
    test.setTimeout(180_000);
    await acceptCookies(page);
    const frameErrors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error" && msg.location().url.startsWith(process.env.E2E_GAMES_URL!)) frameErrors.push(msg.text());
    });
    for (const game of builtins) {
      await test.step(game.title, async () => {
        await page.goto(`/game/${game.id}`);
        await page.evaluate(() => {
          (window as unknown as { __sdkMessages: unknown[] }).__sdkMessages = [];
          window.addEventListener("message", (e) => (window as unknown as { __sdkMessages: unknown[] }).__sdkMessages.push({ origin: e.origin, data: e.data }));
        });
        await page.getByRole("button", { name: "Play Now" }).first().click();
        const frame = page.frameLocator(`iframe[title="${game.title}"]`);
        await expect(frame.locator("body")).toHaveAttribute("data-state", "title", { timeout: 10_000 });
        await frame.getByRole("button", { name: "Start" }).click();
        await expect(frame.locator("body")).toHaveAttribute("data-state", "playing");
        await frame.locator("body").evaluate(() => (window as unknown as { __arcadiumTest: { finish(): void } }).__arcadiumTest.finish());
        await expect(frame.locator("body")).toHaveAttribute("data-state", "gameover");
        await expect(frame.getByText("Game Over").first()).toBeVisible();
        await expect
          .poll(async () =>
            page.evaluate(() =>
              (window as unknown as { __sdkMessages: Array<{ data: { type?: string } }> }).__sdkMessages.filter((m) => m.data?.type === "score.submit").length,
            ),
          )
          .toBe(1);
        const messages = await page.evaluate(() => (window as unknown as { __sdkMessages: Array<{ origin: string; data: { v: number; type: string; payload: { score?: number } } }> }).__sdkMessages);
        const scoreMsg = messages.find((m) => m.data.type === "score.submit")!;
        expect(scoreMsg.origin).toBe(process.env.E2E_GAMES_URL);
        expect(scoreMsg.data.v).toBe(1);
        expect(Number.isInteger(scoreMsg.data.payload.score)).toBe(true);
        expect(messages.map((m) => m.data.type)).toContain("gameplay.start");
      });
    }
    expect(frameErrors).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
