import { fileURLToPath } from "node:url";
import type { APIRequestContext, Browser, Frame, Page } from "@playwright/test";
import { REPORT_REASON_LABELS, REPORT_SENT } from "../src/contract/reports-constants";
import {
  acceptCookies,
  expect,
  test,
  toast,
  uploadHtmlGame,
  waitForHydrationAfterNavigation,
  watchConsole,
} from "./fixtures";

/**
 * D120–D122: two browsers play in one room through a game written against SDK v2 (e2e/fixtures/rooms-game). A
 * creates a room; B follows the invite link `/game/{id}?room={code}` and joins it; they exchange a message and a
 * state change; B's reload keeps the seat (A sees `drop`, then `reconnect`). Both are guests. On the admin
 * journey's server (it has an administrator to upload the game with).
 */

test.use({ baseURL: async ({ adminServer }, use) => use(adminServer.url) });

const TITLE = "E2E Rooms Game";
const FIXTURE = fileURLToPath(new URL("./fixtures/rooms-game/index.html", import.meta.url));

const uploadRoomsGame = (admin: APIRequestContext) =>
  uploadHtmlGame(admin, { title: TITLE, description: "A test game for rooms.", htmlPath: FIXTURE });

async function guestPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  context.on("page", (p) => void waitForHydrationAfterNavigation(p));
  await acceptCookies(context);
  return context.newPage();
}

/** Opens `path`, presses Play Now and answers the game's frame once its script is ready. */
async function play(page: Page, path: string, gameId: number): Promise<Frame> {
  await page.goto(path);
  await page.getByRole("button", { name: "Play Now" }).first().click();
  await expect(page.frameLocator(`iframe[title="${TITLE}"]`).locator("body")).toHaveAttribute("data-ready", "", {
    timeout: 15_000,
  });
  const frame = page.frames().find((f) => f.url().includes(`/game-frame/${gameId}/`));
  expect(frame, "the game frame").toBeTruthy();
  return frame!;
}

type RoomsApi = {
  create(): Promise<string>;
  joinInvite(): Promise<string>;
  send(data: unknown): Promise<void>;
  setState(key: string, value: unknown): Promise<void>;
};
const rooms = (frame: Frame) => ({
  create: () => frame.evaluate(() => (window as unknown as { __rooms: RoomsApi }).__rooms.create()),
  joinInvite: () => frame.evaluate(() => (window as unknown as { __rooms: RoomsApi }).__rooms.joinInvite()),
  send: (data: unknown) => frame.evaluate((d) => (window as unknown as { __rooms: RoomsApi }).__rooms.send(d), data),
  setState: (key: string, value: unknown) =>
    frame.evaluate(([k, v]) => (window as unknown as { __rooms: RoomsApi }).__rooms.setState(k, v), [
      key,
      value,
    ] as const),
});

test("a player joins a friend's room by the invite link, they play, and a reload keeps the seat (D120–D122)", async ({
  browser,
  adminPage,
  adminServer,
}) => {
  test.slow();
  const gameId = await uploadRoomsGame(adminPage.request);
  const a = await guestPage(browser, adminServer.url);
  const b = await guestPage(browser, adminServer.url);
  const errors = [watchConsole(a), watchConsole(b)];

  const frameA = await play(a, `/game/${gameId}`, gameId);
  await expect(frameA.locator("#invite")).toHaveText("none");
  const code = await rooms(frameA).create();
  expect(code).toMatch(/^[A-Z2-9]{6}$/);

  const frameB = await play(b, `/game/${gameId}?room=${code.toLowerCase()}`, gameId);
  await expect(frameB.locator("#invite")).toHaveText(code);
  expect(await rooms(frameB).joinInvite()).toBe(code);
  await expect(frameB.locator("#players")).toHaveText("2");
  await expect(frameA.locator("#events")).toHaveText("join");

  await rooms(frameA).send({ hello: "B" });
  await expect(frameB.locator("#events")).toHaveText('message:{"hello":"B"}');
  await rooms(frameB).setState("turn", "A");
  await expect(frameA.locator("#shared")).toHaveText('{"turn":"A"}');
  await expect(frameA.locator("#events")).toHaveText("join state");

  // B reloads: the seat waits (drop), and the invite link takes it back (reconnect) with the room's state.
  await b.reload();
  const again = await play(b, `/game/${gameId}?room=${code}`, gameId);
  expect(await rooms(again).joinInvite()).toBe(code);
  await expect(again.locator("#shared")).toHaveText('{"turn":"A"}');
  await expect(again.locator("#players")).toHaveText("2");
  await expect(frameA.locator("#events")).toHaveText("join state drop reconnect");
  await expect(frameA.locator("#players")).toHaveText("2");

  expect(errors.flat().filter((e) => !/fullscreen/i.test(e))).toEqual([]);
  await a.context().close();
  await b.context().close();
});

test("a signed-in player reports another player of their room from Players, and the CMS queue shows it (D124)", async ({
  adminPage,
  adminServer,
  signIn,
}) => {
  test.slow();
  const gameId = await uploadRoomsGame(adminPage.request);
  const host = await signIn.player({ prefix: "host", baseURL: adminServer.url });
  const mate = await signIn.player({ prefix: "mate", baseURL: adminServer.url });
  const a = await host.context.newPage();
  const b = await mate.context.newPage();

  const code = await rooms(await play(a, `/game/${gameId}`, gameId)).create();
  expect(await rooms(await play(b, `/game/${gameId}?room=${code}`, gameId)).joinInvite()).toBe(code);
  const players = a.getByRole("button", { name: "Players (2)" });
  await expect(players).toBeVisible();
  await players.click();
  const list = a.getByRole("dialog", { name: "Players" });
  await expect(list.getByRole("listitem").filter({ hasText: host.username })).toContainText("you");
  await list.getByRole("button", { name: `Report ${mate.username}` }).click();
  const form = a.getByRole("dialog", { name: "Report player in a room" });
  await form.getByRole("radio", { name: REPORT_REASON_LABELS.cheating }).check();
  await form.getByRole("button", { name: "Send report" }).click();
  await expect(toast(a, REPORT_SENT)).toBeVisible();
  await expect(form).toHaveCount(0);

  await adminPage.goto("/cms/reports");
  const item = adminPage.getByRole("article", { name: `Player in a room by ${mate.username}` });
  await expect(item).toContainText(`${TITLE}, room ${code}: ${mate.username}`);
  await expect(item).toContainText(host.username);
});
