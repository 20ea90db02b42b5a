import type { BrowserContext, Frame, Page } from "@playwright/test";
import {
  expect,
  getJson,
  leaveAutoFullscreen,
  test,
  toast,
  waitOutMinRound,
  watchConsole,
  watchFullscreen,
  type Player,
  type ScoreRules,
} from "./fixtures";
import { startServer, type RunningServer } from "./server";

/**
 * D123: the built-in board games online through SDK v2 rooms. Two friends play Four in a Row: A opens a private
 * room ("Play a friend") and invites B with the page's "Invite friends"; B follows the invite from the bell and
 * joins; B reloads in the middle and has the same board and turn back; A connects four; both see the result and
 * both scores reach the game's board. Two players meet in Reversi by "Play a stranger" (quick join), play a few
 * moves, and a reload keeps the board.
 * A server of its own without demo data: the scores below are the only ones on these boards (D108 would hold a
 * score ten times the board's top for a moderator).
 */

type Game = { id: number; title: string; scoreRules: ScoreRules };
type BoardView = { cells: number[]; you: number; yourTurn: boolean } | null;
type ReversiView = { state: string; turn: number; legal: number[]; count: { black: number; white: number } };

let server: RunningServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({ SEED_DEMO: "false" });
});
test.afterAll(async () => {
  await server?.stop();
});

async function gameNamed(page: Page, title: string): Promise<Game> {
  const games = await getJson<Game[]>(page.request, "/api/games?limit=100");
  const game = games.find((g) => g.title === title);
  expect(game, title).toBeTruthy();
  return game!;
}

async function playerPage(
  signIn: { player(opts?: { prefix?: string; baseURL?: string }): Promise<Player & { context: BrowserContext }> },
  prefix: string,
) {
  const player = await signIn.player({ prefix, baseURL: server.url });
  const page = await player.context.newPage();
  await watchFullscreen(page);

  return { ...player, page, errors: watchConsole(page) };
}

/** Presses Play Now on the game page now open and answers the game's frame once its online buttons are there. */
async function playNow(page: Page, game: Game): Promise<Frame> {
  await page.getByRole("button", { name: "Play Now" }).first().click();
  await leaveAutoFullscreen(page);
  await expect(page.frameLocator(`iframe[title="${game.title}"]`).locator("#ol-friend")).toBeAttached({
    timeout: 15_000,
  });
  const frame = page.frames().find((f) => f.url().includes(`/game-frame/${game.id}/`));
  expect(frame, "the game frame").toBeTruthy();
  return frame!;
}

const fourBoard = (frame: Frame) =>
  frame.evaluate(() => (window as unknown as { __arcadiumTest: { board(): BoardView } }).__arcadiumTest.board());
const reversi = (frame: Frame) =>
  frame.evaluate(() => (window as unknown as { __arcadiumTest: { state(): ReversiView } }).__arcadiumTest.state());

/** Drops a disc in column `col` (0-based) with the keyboard, as a player would: the digit keys 1 to 7. */
async function drop(frame: Frame, col: number) {
  await expect(frame.locator("#ol-status")).toHaveText("Your turn");
  await frame.locator("#game").press(`Digit${col + 1}`);
}

test("two friends play Four in a Row online: invite, a reload in the middle, the result and both scores", async ({
  signIn,
}) => {
  test.setTimeout(150_000);
  const a = await playerPage(signIn, "ola");
  const b = await playerPage(signIn, "olb");
  for (const [from, to] of [
    [a, b],
    [b, a],
  ] as const) {
    const res = await from.context.request.post(`/api/friends/${to.id}`);
    expect(res.ok(), await res.text()).toBe(true);
  }
  const game = await gameNamed(a.page, "Four in a Row");

  // A: "Play a friend" opens a private room and shows its invite link, with Copy.
  await a.page.goto(`/game/${game.id}`);
  const frameA = await playNow(a.page, game);
  await frameA.getByRole("button", { name: "Play a friend" }).click();
  await expect(frameA.getByRole("heading", { name: "Waiting for your friend" })).toBeVisible();
  const link = await frameA.getByRole("textbox", { name: "Invite link" }).inputValue();
  expect(link).toMatch(new RegExp(`/game/${game.id}\\?room=[A-Z2-9]{6}$`));
  await frameA.getByRole("button", { name: "Copy" }).click();
  await expect(frameA.locator(".ol-copied")).toHaveText("Copied");

  // … and the page's "Invite friends" notifies B, who follows it from the bell.
  await a.page.getByRole("button", { name: "Invite friends" }).click();
  const dialog = a.page.getByRole("dialog", { name: "Invite friends" });
  await dialog.getByRole("checkbox").check();
  await dialog.getByRole("button", { name: "Send invite" }).click();
  await expect(toast(a.page, `Invited ${b.username}`)).toBeVisible();
  await b.page.goto("/");
  await b.page
    .getByRole("banner")
    .getByRole("button", { name: /^Notifications/ })
    .click();
  await b.page.getByRole("menuitem", { name: `${a.username} invited you to play ${game.title}` }).click();
  await expect(b.page).toHaveURL(new RegExp(`/game/${game.id}\\?room=[A-Z2-9]{6}$`));
  expect(b.page.url().endsWith(link.slice(link.indexOf("/game/")))).toBe(true);
  const frameB = await playNow(b.page, game);

  // The room's creator moves first (red); each sees whose turn it is.
  await expect(frameA.locator("#ol-status")).toHaveText("Your turn");
  await expect(frameB.locator("#ol-status")).toHaveText(`${a.username}'s turn`);
  await expect(frameB.locator("#ol-bar")).toContainText(`You (Yellow)`);
  await drop(frameA, 0);
  await drop(frameB, 1);
  await drop(frameA, 0);
  await expect(frameB.locator("#ol-status")).toHaveText("Your turn");
  const before = await fourBoard(frameB);
  expect(before?.cells.filter((v) => v !== 0)).toHaveLength(3);

  // B reloads: the same board, still B's turn; A sees B away meanwhile or back.
  await b.page.reload();
  const reloadedAt = Date.now();
  const frameB2 = await playNow(b.page, game);
  await expect(frameB2.locator("#ol-status")).toHaveText("Your turn");
  expect(await fourBoard(frameB2)).toEqual(before);
  await expect(frameA.locator("#ol-status")).toHaveText(`${b.username}'s turn`);

  // D90: B's round restarted with the reload; the game ends after Four in a Row's shortest round.
  await waitOutMinRound(game.scoreRules, reloadedAt);
  await drop(frameB2, 1);
  await drop(frameA, 0);
  await drop(frameB2, 1);
  await drop(frameA, 0);

  await expect(frameA.getByRole("heading", { name: "You win!" })).toBeVisible();
  await expect(frameB2.getByRole("heading", { name: "You lose" })).toBeVisible();
  // An online win scores as one over the Medium computer: 300 + 10 for each disc fewer than 22 (game.json).
  await expect(frameA.getByText("Score 480", { exact: true })).toBeVisible();
  await expect(frameB2.getByText("Score 6", { exact: true })).toBeVisible();
  await expect(frameA.getByRole("button", { name: "Rematch" })).toBeVisible();
  // The winner's online achievement; the loser gets none.
  const unlockedKeys = async (player: typeof a) =>
    (
      await getJson<{ unlocked: Array<{ key: string }> }>(
        player.page.request,
        `/api/games/${game.id}/achievements/mine`,
      )
    ).unlocked.map((u) => u.key);
  await expect.poll(() => unlockedKeys(a)).toEqual(["online_win"]);
  expect(await unlockedKeys(b)).toEqual([]);

  // Both boards: the game's board among friends (not kept by a shared cache) has both scores.
  await expect
    .poll(async () =>
      (
        await getJson<Array<{ score: number; user: { username: string } }>>(
          a.page.request,
          `/api/scores/game/${game.id}?scope=friends`,
        )
      )
        .map((r) => `${r.user.username}:${r.score}`)
        .sort(),
    )
    .toEqual([`${a.username}:480`, `${b.username}:6`].sort());

  // A rematch: the other player moves first.
  await frameB2.getByRole("button", { name: "Rematch" }).click();
  await expect(frameB2.locator("#ol-status")).toHaveText("Your turn");
  await expect(frameA.locator("#ol-status")).toHaveText(`${b.username}'s turn`);
  await expect(frameA.getByRole("heading", { name: "You win!" })).toBeHidden();

  // A leaves: B is told.
  await frameA.getByRole("button", { name: "Leave game" }).click();
  await expect(frameB2.getByRole("heading", { name: `${a.username} left the game` })).toBeVisible();

  for (const p of [a, b]) expect(p.errors.filter((e) => !/fullscreen/i.test(e))).toEqual([]);
});

test("two strangers meet in Reversi by quick join, and a reload keeps the board", async ({ signIn }) => {
  test.setTimeout(120_000);
  const a = await playerPage(signIn, "orva");
  const b = await playerPage(signIn, "orvb");
  const game = await gameNamed(a.page, "Reversi");

  await a.page.goto(`/game/${game.id}`);
  const frameA = await playNow(a.page, game);
  await frameA.getByRole("button", { name: "Play a stranger" }).click();
  await expect(frameA.getByRole("heading", { name: "Waiting for a player" })).toBeVisible();

  await b.page.goto(`/game/${game.id}`);
  const frameB = await playNow(b.page, game);
  await frameB.getByRole("button", { name: "Play a stranger" }).click();

  await expect(frameA.locator("#ol-status")).toHaveText("Your turn");
  await expect(frameA.locator("#ol-bar")).toContainText("You (Black)");
  await expect(frameB.locator("#ol-status")).toHaveText(`${a.username}'s turn`);

  // A few moves, each the first legal square, by the test hook (the same path as a click).
  for (const [mover, other] of [
    [frameA, frameB],
    [frameB, frameA],
    [frameA, frameB],
    [frameB, frameA],
  ]) {
    await expect(mover.locator("#ol-status")).toHaveText("Your turn");
    const { legal } = await reversi(mover);
    await mover.evaluate(
      (pos) => (window as unknown as { __arcadiumTest: { move(p: number): void } }).__arcadiumTest.move(pos),
      legal[0]!,
    );
    await expect(other.locator("#ol-status")).toHaveText("Your turn");
  }
  const before = await reversi(frameA);
  expect(before.count.black + before.count.white).toBe(8);

  await a.page.reload();
  const frameA2 = await playNow(a.page, game);
  await expect(frameA2.locator("#ol-status")).toHaveText("Your turn");
  const after = await reversi(frameA2);
  expect(after.count).toEqual(before.count);
  expect(after.legal).toEqual(before.legal);
  for (const p of [a, b]) expect(p.errors.filter((e) => !/fullscreen/i.test(e))).toEqual([]);
});
