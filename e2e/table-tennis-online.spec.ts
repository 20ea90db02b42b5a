import type { Browser, Frame, Page } from "@playwright/test";
import {
  acceptCookies,
  expect,
  leaveAutoFullscreen,
  test,
  waitForHydrationAfterNavigation,
  watchConsole,
  watchFullscreen,
} from "./fixtures";

/**
 * D123: Table Tennis played by two browsers in a real-time room. A makes a room with "Play a friend"; B opens the
 * invite link the game shows and joins at once; both count down and play, the host (A) the authority for the ball
 * and B drawing the ball from A's snapshots. A reload within 30 s gives the seat back and the match goes on with its
 * score: B's (by the invite link), then A's (the game keeps the room's code; the host role has passed to B, which
 * carries on from its last snapshot). Both are guests, on the shared server.
 */

const TITLE = "Table Tennis";

type TableTennisView = {
  online: boolean;
  role?: "host" | "guest";
  side?: number;
  phase?: string;
  paused?: boolean;
  countdown?: number;
  points?: [number, number];
  target?: number;
  ball?: { u: number; v: number };
  paddles?: { me: number; them: number };
};

async function guestPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  context.on("page", (p) => void waitForHydrationAfterNavigation(p));
  await acceptCookies(context);
  const page = await context.newPage();
  await watchFullscreen(page);
  return page;
}

/** Two guests' pages, each in its own browser context, and their console errors. */
async function twoGuests(browser: Browser, baseURL: string) {
  const a = await guestPage(browser, baseURL);
  const b = await guestPage(browser, baseURL);
  return { a, b, errors: [watchConsole(a), watchConsole(b)] };
}

/** The console errors but the page's own fullscreen ones (headless refuses it), then the pages closed. */
async function endWithoutErrors(errors: string[][], ...pages: Page[]) {
  expect(errors.flat().filter((e) => !/fullscreen/i.test(e))).toEqual([]);
  for (const page of pages) await page.context().close();
}

/**
 * Opens `path`, presses Play Now and answers the game's frame once the game has its title screen, out of the
 * page's automatic fullscreen (so that no click lands while the frame grows).
 */
async function play(page: Page, path: string, gameId: number): Promise<Frame> {
  await page.goto(path);
  await page.getByRole("button", { name: "Play Now" }).first().click();
  await expect(page.frameLocator(`iframe[title="${TITLE}"]`).locator("#start-btn")).toBeAttached({ timeout: 15_000 });
  const frame = page.frames().find((f) => f.url().includes(`/game-frame/${gameId}/`));
  expect(frame, "the game frame").toBeTruthy();
  await leaveAutoFullscreen(page);
  return frame!;
}

const view = (frame: Frame) =>
  frame.evaluate(() =>
    (window as unknown as { __tableTennis: { snapshot(): TableTennisView } }).__tableTennis.snapshot(),
  );

/** Polls the frame's view until `check` holds. */
async function until(frame: Frame, check: (v: TableTennisView) => boolean, what: string, timeout = 15_000) {
  await expect.poll(async () => check(await view(frame)), { message: what, timeout, intervals: [100] }).toBe(true);
  return view(frame);
}

/** A opens a room with "Play a friend"; B follows the invite link the game shows, into the same room. */
async function friendFollowsInvite(frameA: Frame, b: Page, gameId: number): Promise<Frame> {
  await frameA.getByRole("button", { name: "Play a friend" }).click();
  await expect(frameA.locator("#invite-link")).toHaveValue(/room=/);
  const link = new URL(await frameA.locator("#invite-link").inputValue());
  return play(b, link.pathname + link.search, gameId);
}

test("two players play Table Tennis online: invite link, countdown, the guest's ball from the host, reloads resume (D123)", async ({
  browser,
  api,
  baseURL,
}) => {
  test.slow();
  const game = (await api.games()).find((g) => g.title === TITLE);
  expect(game, "the built-in Table Tennis").toBeTruthy();
  const { a, b, errors } = await twoGuests(browser, baseURL!);

  const frameA = await play(a, `/game/${game!.id}`, game!.id);
  await frameA.getByRole("button", { name: "Play a friend" }).click();
  await expect(frameA.getByText("Waiting for your friend…")).toBeVisible();
  const link = await frameA.locator("#invite-link").inputValue();
  const match = new RegExp(`^${baseURL}/game/${game!.id}\\?room=([A-Z2-9]{6})$`).exec(link);
  expect(match, `the invite link ${link}`).not.toBeNull();
  await frameA.getByRole("button", { name: "Copy" }).click();
  await expect(frameA.getByRole("button", { name: "Copied" })).toBeVisible();

  // B follows the link: the game joins the room by itself, and both count down
  const frameB = await play(b, new URL(link).pathname + new URL(link).search, game!.id);
  const hostView = await until(frameA, (v) => v.online && v.phase === "countdown", "A counts down");
  expect(hostView).toMatchObject({ role: "host", side: 0, target: 7, points: [0, 0] });
  expect(await until(frameB, (v) => v.online && v.countdown! > 0, "B counts down")).toMatchObject({
    role: "guest",
    side: 1,
  });
  await expect(frameB.locator("#hud-them")).not.toHaveText("CPU");

  // the match runs: B's ball moves with A's snapshots
  await until(frameB, (v) => v.phase === "live", "B sees a live ball");
  const seen = new Set<string>();
  await expect
    .poll(
      async () => {
        const v = await view(frameB);
        if (v.phase === "live") seen.add(`${v.ball!.u.toFixed(2)},${v.ball!.v.toFixed(2)}`);
        return seen.size;
      },
      { message: "B's ball moves", timeout: 10_000, intervals: [60] },
    )
    .toBeGreaterThanOrEqual(5);
  // and B sees it turned: A's end of the table is the far one on B's screen
  // A moves its paddle to its top side line; B sees that paddle at the other side line (the view is turned)
  const box = (await a.locator(`iframe[title="${TITLE}"]`).boundingBox())!;
  await a.mouse.move(box.x + box.width / 2, box.y + 12);
  await until(frameA, (v) => v.paddles!.me < 1, "A's paddle at its top side line");
  await until(frameB, (v) => v.paddles!.them > 8, "B sees A's paddle at the opposite side line");

  // a point is scored before the reloads, so that resuming with the score can be seen
  const scored = await until(frameA, (v) => v.points![0] + v.points![1] >= 1, "a point is scored", 20_000);

  // B reloads: A pauses ("Opponent reconnecting…"), B's invite link takes the seat back, the match counts down again
  await b.reload();
  await until(frameA, (v) => v.paused === true, "A waits for B");
  const frameB2 = await play(b, new URL(link).pathname + new URL(link).search, game!.id);
  const resumed = await until(frameB2, (v) => v.online && v.role === "guest", "B is back in the match");
  expect(resumed.points![0] + resumed.points![1]).toBeGreaterThanOrEqual(scored.points![0] + scored.points![1]);
  await until(
    frameA,
    (v) => v.paused === false && (v.phase === "countdown" || v.phase === "serve" || v.phase === "live"),
    "A resumes",
  );
  await until(frameB2, (v) => v.phase === "live", "the ball is live again for B");

  // A, the host, reloads: the host role passes to B, which carries on from its last snapshot; A comes back as the guest
  const beforeA = await view(frameA);
  await a.reload();
  await until(frameB2, (v) => v.role === "host" && v.paused === true, "B is the host and waits for A");
  const frameA2 = await play(a, `/game/${game!.id}`, game!.id);
  const back = await until(frameA2, (v) => v.online && v.role === "guest", "A is back, as the guest");
  expect(back.side).toBe(0);
  expect(back.points![0] + back.points![1]).toBeGreaterThanOrEqual(beforeA.points![0] + beforeA.points![1]);
  await until(frameA2, (v) => v.phase === "live", "the ball is live again for A");

  await endWithoutErrors(errors, a, b);
});

test("a short online match ends for both players with the result, and does not count on the board (D123)", async ({
  browser,
  api,
  baseURL,
}) => {
  test.slow();
  const game = (await api.games()).find((g) => g.title === TITLE);
  const { a, b, errors } = await twoGuests(browser, baseURL!);

  const frameA = await play(a, `/game/${game!.id}`, game!.id);
  // the test hook: first to 2, which the game never submits as a score
  expect(
    await frameA.evaluate(() =>
      (window as unknown as { __tableTennis: { shortMatch(n: number): number } }).__tableTennis.shortMatch(2),
    ),
  ).toBe(2);
  const frameB = await friendFollowsInvite(frameA, b, game!.id);
  await until(frameB, (v) => v.online && v.target === 2, "B plays first to 2");
  await expect(frameB.locator("#hud-target")).toHaveText("2");

  // A parks its paddle on a side line, so that points come quickly
  const box = (await a.locator(`iframe[title="${TITLE}"]`).boundingBox())!;
  await a.mouse.move(box.x + box.width / 2, box.y + 12);

  for (const frame of [frameA, frameB])
    await expect(frame.locator("body")).toHaveAttribute("data-state", "gameover", { timeout: 40_000 });
  const [resultA, resultB] = [
    await frameA.locator("#over-result").textContent(),
    await frameB.locator("#over-result").textContent(),
  ];
  expect([resultA, resultB].sort()).toEqual(["You Lose", "You Win!"]);
  await expect(frameB.locator("#over-detail")).toContainText("not on the board");
  await expect(frameA.locator("#again-btn")).toBeHidden();
  // guests get "Sign in to save your score" for a score the game submits: none here
  await a.waitForTimeout(1500);
  for (const page of [a, b]) await expect(page.getByText("Sign in to save your score")).toHaveCount(0);

  await frameA.getByRole("button", { name: "Menu" }).click();
  await expect(frameA.getByRole("button", { name: "Play a friend" })).toBeVisible();
  await endWithoutErrors(errors, a, b);
});

test("two strangers meet through quick join; Cancel leaves the waiting room (D123)", async ({
  browser,
  api,
  baseURL,
}) => {
  test.slow();
  const game = (await api.games()).find((g) => g.title === TITLE);
  const { a, b, errors } = await twoGuests(browser, baseURL!);
  const frameA = await play(a, `/game/${game!.id}`, game!.id);
  const frameB = await play(b, `/game/${game!.id}`, game!.id);

  // B waits in a public room, then gives up: the room goes with it
  await frameB.getByRole("button", { name: "Play a stranger" }).click();
  await expect(frameB.getByText("Waiting for a player to join…")).toBeVisible();
  await frameB.getByRole("button", { name: "Cancel" }).click();
  await expect(frameB.getByRole("button", { name: "Play a stranger" })).toBeVisible();

  // A finds no room to join and waits in its own; B's quick join finds A's
  await frameA.getByRole("button", { name: "Play a stranger" }).click();
  await expect(frameA.getByText("Waiting for a player to join…")).toBeVisible();
  await frameB.getByRole("button", { name: "Play a stranger" }).click();
  expect(await until(frameA, (v) => v.online && v.phase === "countdown", "A counts down")).toMatchObject({
    role: "host",
  });
  expect(await until(frameB, (v) => v.online, "B plays")).toMatchObject({ role: "guest", side: 1 });

  await endWithoutErrors(errors, a, b);
});

test("a player who stays away longer than 30 s loses by forfeit; the winner's score is submitted (D121, D123)", async ({
  browser,
  api,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const game = (await api.games()).find((g) => g.title === TITLE);
  const a = await guestPage(browser, baseURL!);
  const b = await guestPage(browser, baseURL!);
  const errors = [watchConsole(a)];
  const frameA = await play(a, `/game/${game!.id}`, game!.id);
  const frameB = await friendFollowsInvite(frameA, b, game!.id);
  await until(frameB, (v) => v.online && v.phase === "live", "the match runs");

  // B goes away for good: A waits for the seat's 30 s, then wins by forfeit and submits its score (a guest's
  // page answers a submitted score with "Sign in to save your score")
  await b.context().close();
  await until(frameA, (v) => v.paused === true, "A waits for B");
  await expect(frameA.locator("body")).toHaveAttribute("data-state", "gameover", { timeout: 60_000 });
  await expect(frameA.locator("#over-result")).toHaveText("You Win by forfeit");
  await expect(frameA.locator("#over-detail")).toContainText("left the match");
  await expect(a.getByText("Sign in to save your score").first()).toBeVisible();

  await endWithoutErrors(errors, a);
});

test("an invite followed while the game is open joins the friend's match; Leave match hands it over by forfeit (D122, D123)", async ({
  signIn,
  api,
}) => {
  test.slow();
  const game = (await api.games()).find((g) => g.title === TITLE);
  const [host, guest] = [await signIn.player({ prefix: "tth" }), await signIn.player({ prefix: "ttg" })];
  for (const [from, to] of [
    [host, guest],
    [guest, host],
  ] as const) {
    const res = await from.context.request.post(`/api/friends/${to.id}`);
    expect(res.ok(), await res.text()).toBe(true);
  }
  const a = await host.context.newPage();
  const b = await guest.context.newPage();
  for (const page of [a, b]) await watchFullscreen(page);
  const errors = [watchConsole(a), watchConsole(b)];

  // B has the game open on its title screen before any invite
  const frameB = await play(b, `/game/${game!.id}`, game!.id);
  const frameA = await play(a, `/game/${game!.id}`, game!.id);
  await frameA.getByRole("button", { name: "Play a friend" }).click();
  await expect(frameA.getByText("Waiting for your friend…")).toBeVisible();
  await a.getByRole("button", { name: "Invite friends" }).click();
  const dialog = a.getByRole("dialog", { name: "Invite friends" });
  await dialog.getByRole("checkbox").check();
  await dialog.getByRole("button", { name: "Send invite" }).click();

  // B follows it from the bell: the page's address changes, the frame stays, and the game joins by the invite event
  await b
    .getByRole("banner")
    .getByRole("button", { name: /^Notifications/ })
    .click();
  await b.getByRole("menuitem", { name: `${host.username} invited you to play ${TITLE}` }).click();
  await expect(b).toHaveURL(new RegExp(`/game/${game!.id}\\?room=[A-Z2-9]{6}$`));
  expect(b.frames().includes(frameB), "the same game frame").toBe(true);
  await until(frameB, (v) => v.online && v.role === "guest", "B joins A's match");
  await until(frameA, (v) => v.online && v.role === "host", "A plays");

  // B leaves: the first press asks, the second leaves; A wins by forfeit at once
  const leave = frameB.getByRole("button", { name: "Leave match" });
  await leave.click();
  await expect(frameB.getByRole("button", { name: "Leave? Press again" })).toBeVisible();
  expect((await view(frameB)).online).toBe(true);
  await frameB.getByRole("button", { name: "Leave? Press again" }).click();
  await expect(frameB.locator("#over-result")).toHaveText("You left the match");
  await expect(frameA.locator("body")).toHaveAttribute("data-state", "gameover", { timeout: 10_000 });
  await expect(frameA.locator("#over-result")).toHaveText("You Win by forfeit");
  await expect(frameA.locator("#over-detail")).toContainText(`${guest.username} left the match`);

  expect(errors.flat().filter((e) => !/fullscreen/i.test(e))).toEqual([]);
});
