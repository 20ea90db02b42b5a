import fs from "node:fs";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, BrowserContext, Frame, Page } from "@playwright/test";
import {
  acceptCookies,
  expect,
  registerPlayer,
  test,
  uploadHtmlGame,
  waitForHydrationAfterNavigation,
  watchConsole,
} from "./fixtures";

/**
 * D75: a game written against SDK v2 (e2e/fixtures/sdk-v2-game), uploaded as a package, played
 * on the game page: init() hands over the player and nothing secret, cloud saves reach a second browser after
 * sign-in, a guest's saves move to the account, the quota is a clear error, and the sound control reaches the
 * game. On the admin journey's server (it has an administrator to upload the game with).
 */

test.use({ baseURL: async ({ adminServer }, use) => use(adminServer.url) });

const TITLE = "E2E SDK v2 Game";
const FIXTURE = fileURLToPath(new URL("./fixtures/sdk-v2-game/index.html", import.meta.url));
let uploaded: Promise<number> | undefined;

/** Uploads the v2 test game once per server (as an administrator) and answers its id. */
function v2GameId(admin: APIRequestContext): Promise<number> {
  uploaded ??= uploadHtmlGame(admin, { title: TITLE, description: "A test game for SDK v2.", htmlPath: FIXTURE });
  return uploaded;
}

/** Opens the game page, presses Play Now and answers the game's frame once its script is ready. */
async function play(page: Page, gameId: number): Promise<Frame> {
  await page.goto(`/game/${gameId}`);
  await page.getByRole("button", { name: "Play Now" }).first().click();
  await expect(page.frameLocator(`iframe[title="${TITLE}"]`).locator("body")).toHaveAttribute("data-ready", "", {
    timeout: 15_000,
  });
  const frame = page.frames().find((f) => f.url().includes(`/game-frame/${gameId}/`));
  expect(frame, "the game frame").toBeTruthy();
  return frame!;
}

async function newSignedOutContext(
  browser: import("@playwright/test").Browser,
  baseURL: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  context.on("page", (p) => void waitForHydrationAfterNavigation(p));
  await acceptCookies(context);
  return context;
}

type SavesAnswer = { entries: Array<{ key: string; value: string }>; usedBytes: number; quotaBytes: number };
const savedValue = async (request: APIRequestContext, gameId: number, key: string) => {
  const res = await request.get(`/api/games/${gameId}/saves`);
  if (!res.ok()) return `HTTP ${res.status()}`;
  return ((await res.json()) as SavesAnswer).entries.find((e) => e.key === key)?.value ?? null;
};

test("a signed-in player's save is there in another browser after sign-in; the game learns no secret (D75, D76)", async ({
  browser,
  adminPage,
  adminServer,
}) => {
  test.slow();
  const gameId = await v2GameId(adminPage.request);
  const first = await newSignedOutContext(browser, adminServer.url);
  const player = await registerPlayer(first.request, "saver");
  // Everything the page posts to the game, as the game receives it (init scripts run in frames too).
  await first.addInitScript(() => {
    const w = window as unknown as { __received: unknown[] };
    w.__received = [];
    window.addEventListener("message", (e) => w.__received.push(e.data));
  });
  const page = await first.newPage();
  const errors = watchConsole(page);
  const frame = await play(page, gameId);
  await expect(frame.locator("#user")).toHaveText(player.username);
  await expect(frame.locator("#best")).toHaveText("none");

  await frame.evaluate(() =>
    (window as unknown as { __t: { set(k: string, v: string): Promise<void> } }).__t.set("best", "42"),
  );
  // Sent within about a second (one batch a second, D76).
  await expect.poll(() => savedValue(first.request, gameId, "best"), { timeout: 10_000 }).toBe("42");

  const received = JSON.stringify(
    await frame.evaluate(() => (window as unknown as { __received: unknown[] }).__received),
  );
  const sid = (await first.cookies()).find((c) => c.name === "sid")?.value;
  expect(sid, "the session cookie").toBeTruthy();
  expect(received).not.toContain(sid!);
  expect(received).toContain(player.username);
  expect(received).not.toMatch(/password|email|token|createdAt|role/i);

  // Another browser, signed in as the same player: the save is there.
  const second = await newSignedOutContext(browser, adminServer.url);
  const login = await second.request.post("/api/auth/login", {
    data: { username: player.username, password: player.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const other = await second.newPage();
  const otherFrame = await play(other, gameId);
  await expect(otherFrame.locator("#best")).toHaveText("42");
  expect(errors.filter((e) => !/fullscreen/i.test(e))).toEqual([]);
  await first.close();
  await second.close();
});

test("a guest's saves stay in the browser and move to the account once signed in (D76)", async ({
  browser,
  adminPage,
  adminServer,
}) => {
  test.slow();
  const gameId = await v2GameId(adminPage.request);
  const context = await newSignedOutContext(browser, adminServer.url);
  const page = await context.newPage();
  const frame = await play(page, gameId);
  await expect(frame.locator("#user")).toHaveText("guest");
  await frame.evaluate(() =>
    (window as unknown as { __t: { set(k: string, v: string): Promise<void> } }).__t.set("level", "3"),
  );
  await expect
    .poll(() => page.evaluate((id) => window.localStorage.getItem(`arcadium-saves:${id}`), gameId), { timeout: 10_000 })
    .toContain('"level"');

  await registerPlayer(context.request, "guestmove");
  const again = await play(page, gameId);
  await expect(again.locator("#user")).not.toHaveText("guest");
  expect(
    await again.evaluate(() =>
      (window as unknown as { __t: { get(k: string): Promise<string | null> } }).__t.get("level"),
    ),
  ).toBe("3");
  expect(await savedValue(context.request, gameId, "level")).toBe("3");
  expect(await page.evaluate((id) => window.localStorage.getItem(`arcadium-saves:${id}`), gameId)).toBeNull();
  await context.close();
});

test("an oversized save is refused with a clear error, and the sound control reaches the game (D76, issue 14 item 2)", async ({
  browser,
  adminPage,
  adminServer,
}) => {
  const gameId = await v2GameId(adminPage.request);
  const context = await newSignedOutContext(browser, adminServer.url);
  await registerPlayer(context.request, "quota");
  const page = await context.newPage();
  const frame = await play(page, gameId);
  const error = await frame.evaluate(() => {
    const t = (
      window as unknown as {
        __t: { set(k: string, v: string): Promise<void>; error(p: Promise<unknown>): Promise<unknown> };
      }
    ).__t;
    return t.error(t.set("huge", "x".repeat(1024 * 1024 + 1)));
  });
  // The key "huge" (4 bytes) and 1 MiB + 1 of value: one sized rule for the page and the server (contract/saves-constants.ts),
  // which words sizes this close to the quota in bytes.
  expect(error).toEqual({
    code: "quota",
    message: "Cloud save full: this game's data would use 1,048,581 bytes of the 1,048,576 bytes allowed",
  });

  await page.getByRole("button", { name: "Sound On" }).click();
  await expect(page.getByRole("button", { name: "Sound Off" })).toHaveAttribute("aria-pressed", "true");
  await expect(frame.locator("#events")).toContainText("mute:true");
  // Remembered: the next start of the game is told at once.
  const again = await play(page, gameId);
  await expect(again.locator("#muted")).toHaveText("true");
  await context.close();
});

test("a game written against SDK v1 still scores beside v2 (D22, D75)", async ({ browser, adminPage, adminServer }) => {
  const categories = (await (await adminPage.request.get("/api/categories")).json()) as Array<{ id: number }>;
  const [builtin] = (await (await adminPage.request.get("/api/games?limit=1")).json()) as Array<{ imageUrl: string }>;
  const upload = await adminPage.request.post("/api/admin/games/upload", {
    multipart: {
      title: "E2E SDK v1 Game",
      description: "A test game for SDK v1.",
      imageUrl: builtin.imageUrl,
      categoryId: String(categories[0].id),
      htmlFile: {
        name: "index.html",
        mimeType: "text/html",
        buffer: fs.readFileSync(fileURLToPath(new URL("./fixtures/sdk-v1-game/index.html", import.meta.url))),
      },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const gameId = ((await upload.json()) as { id: number }).id;
  const context = await newSignedOutContext(browser, adminServer.url);
  const player = await registerPlayer(context.request, "vone");
  const page = await context.newPage();
  const errors = watchConsole(page);
  await page.goto(`/game/${gameId}`);
  await page.getByRole("button", { name: "Play Now" }).first().click();
  const frameLocator = page.frameLocator('iframe[title="E2E SDK v1 Game"]');
  await expect(frameLocator.locator("body")).toHaveAttribute("data-ready", "");
  await expect(frameLocator.locator("#version")).toHaveText("1");
  const frame = page.frames().find((f) => f.url().includes(`/game-frame/${gameId}/`))!;
  await frame.evaluate(() => (window as unknown as { __t: { round(score: number): void } }).__t.round(777));
  await expect
    .poll(async () =>
      (
        (await (await context.request.get(`/api/scores/game/${gameId}`)).json()) as Array<{
          score: number;
          user: { id: number };
        }>
      ).map((s) => [s.user.id, s.score]),
    )
    .toEqual([[player.id, 777]]);
  expect(errors.filter((e) => !/fullscreen/i.test(e))).toEqual([]);
  await context.close();
});
