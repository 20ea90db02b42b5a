import type { BrowserContext, Page } from "@playwright/test";
import {
  expect,
  getJson,
  isOnGamesOrigin,
  leaveAutoFullscreen,
  quickestRoundsFirst,
  test,
  toast,
  waitOutMinRound,
  watchConsole,
  watchFullscreen,
  type Player,
  type ScoreRules,
} from "./fixtures";

/**
 * Friends end to end with two players in two browsers: a friend request and its acceptance arrive live
 * under the bell (D84), a friend's presence shows the game they play, a direct message arrives
 * live, and a block ends the friendship on both sides.
 */

type Game = { id: number; title: string; frameUrl: string; scoreRules: ScoreRules };

/** Notes every WebSocket the page opens, so a test can wait for the page's live connection (a player's live events ride on it). */
async function trackSockets(context: BrowserContext) {
  await context.addInitScript(() => {
    const Native = window.WebSocket;
    const sockets: WebSocket[] = [];
    (window as unknown as { __sockets: WebSocket[] }).__sockets = sockets;
    window.WebSocket = class extends Native {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args);
        sockets.push(this);
      }
    } as typeof WebSocket;
  });
}

/** Opens `path` and waits until the page's live connection is open (an event sent before that would only show after a refetch). */
async function openLive(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(
    () => (window as unknown as { __sockets?: WebSocket[] }).__sockets?.some((s) => s.readyState === WebSocket.OPEN),
    undefined,
    {
      timeout: 10_000,
    },
  );
}

async function playerPage(
  signIn: { player(opts?: { prefix?: string }): Promise<Player & { context: BrowserContext }> },
  prefix: string,
) {
  const player = await signIn.player({ prefix });
  await trackSockets(player.context);
  const page = await player.context.newPage();
  return { ...player, page, errors: watchConsole(page) };
}

const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Notifications/ });
const friendRow = (page: Page, username: string) =>
  page.getByRole("tabpanel").getByRole("listitem").filter({ hasText: username });

test.describe("friends, presence and messages between two players (issue 15)", () => {
  test("request, accept, presence, messages both ways, a beaten score and a block, each live in the other browser", async ({
    signIn,
    request,
  }) => {
    test.setTimeout(120_000);
    // D90: the scores below are posted right after their plays: a game whose shortest round is short
    const [game] = quickestRoundsFirst(
      (await getJson<Game[]>(request, "/api/games?limit=100")).filter(isOnGamesOrigin),
    );
    const a = await playerPage(signIn, "fra");
    const b = await playerPage(signIn, "frb");
    await watchFullscreen(b.page);

    // D84: A asks from B's profile; B's bell counts it at once, without a reload.
    await openLive(b.page, "/");
    await expect(bell(b.page)).toHaveAccessibleName("Notifications");
    await openLive(a.page, `/profile/${b.id}`);
    await a.page.getByRole("button", { name: "Add Friend" }).click();
    await expect(a.page.getByRole("button", { name: "Cancel Request" })).toBeVisible();
    await expect(bell(b.page)).toHaveAccessibleName("Notifications (1 unread)");
    await expect(b.page.getByTestId("notification-badge")).toHaveText("1");
    await bell(b.page).click();
    await expect(b.page.getByRole("menuitem", { name: `${a.username} sent you a friend request` })).toBeVisible();
    await b.page.keyboard.press("Escape");

    // B accepts on /friends → Requests; A hears "accepted" live and the profile's button becomes Friends.
    await openLive(b.page, "/friends");
    await b.page.getByRole("tab", { name: "Requests (1)" }).click();
    await b.page.getByRole("button", { name: `Accept ${a.username}` }).click();
    await expect(b.page.getByRole("tab", { name: "Friends (1)" })).toBeVisible();
    await expect(toast(a.page, `${b.username} accepted your friend request`)).toBeVisible();
    await expect(bell(a.page)).toHaveAccessibleName("Notifications (1 unread)");
    await expect(a.page.getByRole("button", { name: "Friends" })).toBeVisible();

    // D84: both share their presence; B plays a built-in game and A's /friends says so, live.
    for (const p of [a, b]) {
      const res = await p.context.request.patch("/api/me/settings", { data: { presenceEnabled: true } });
      expect(res.status(), await res.text()).toBe(200);
    }
    await openLive(a.page, "/friends");
    await expect(friendRow(a.page, b.username)).toBeVisible();
    await openLive(b.page, `/game/${game.id}`);
    await b.page.getByRole("button", { name: "Play Now" }).click();
    await expect(b.page.locator(`iframe[title="${game.title}"]`)).toBeVisible();
    await leaveAutoFullscreen(b.page);
    await expect(friendRow(a.page, b.username)).toContainText(`Playing ${game.title}`);
    await expect(a.page.getByText("1 online now")).toBeVisible();

    // D88: A writes from B's profile (Message); B, on their conversation with A, sees it arrive.
    await openLive(b.page, `/messages/${a.id}`);
    await expect(friendRow(a.page, b.username)).not.toContainText("Playing", { timeout: 10_000 });
    await openLive(a.page, `/profile/${b.id}`);
    await a.page.getByRole("link", { name: "Message" }).click();
    await expect(a.page).toHaveURL(new RegExp(`/messages/${b.id}$`));
    const text = `Rematch tonight? ${Date.now()}`;
    const box = a.page.getByRole("textbox", { name: `Message ${b.username}` });
    await box.fill(text);
    await box.press("Enter");
    // The thread (the conversation list beside it repeats the last message).
    await expect(a.page.getByRole("log", { name: "Messages" }).getByText(text)).toBeVisible();
    await expect(b.page.getByRole("log", { name: "Messages" }).getByText(text)).toBeVisible();
    // … and B answers: back and forth, live both ways.
    const reply = `You're on! ${Date.now()}`;
    const replyBox = b.page.getByRole("textbox", { name: `Message ${a.username}` });
    await replyBox.fill(reply);
    await replyBox.press("Enter");
    await expect(a.page.getByRole("log", { name: "Messages" }).getByText(reply)).toBeVisible();

    // D85: B sets a best on the game, A beats it; B hears it live under the bell.
    const scoreAs = async (p: typeof a, score: number) => {
      const opened = Date.now();
      const play = await p.context.request.post(`/api/games/${game.id}/play`, {
        headers: { "Content-Type": "application/json" },
        data: {},
      });
      expect(play.status(), await play.text()).toBe(200);
      const { playId } = (await play.json()) as { playId: string };
      await waitOutMinRound(game.scoreRules, opened);
      const res = await p.context.request.post("/api/scores", { data: { playId, score } });
      expect(res.status(), await res.text()).toBe(201);
    };
    await scoreAs(b, 100);
    await openLive(b.page, "/");
    // The header's account part (which hears the player's events) hydrates on its own after the page: wait for it.
    await expect(bell(b.page)).toBeVisible();
    await scoreAs(a, 250);
    await expect(toast(b.page, `${a.username} beat your best score on ${game.title} with 250`)).toBeVisible();

    // D84: B blocks A from /friends after a confirmation; A's list loses B live.
    await openLive(a.page, "/friends");
    await expect(friendRow(a.page, b.username)).toBeVisible();
    await openLive(b.page, "/friends");
    await b.page.getByRole("button", { name: `More for ${a.username}` }).click();
    await b.page.getByRole("menuitem", { name: "Block" }).click();
    const dialog = b.page.getByRole("dialog", { name: `Block ${a.username}?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Block" }).click();
    await expect(dialog).toBeHidden();
    await expect(b.page.getByRole("tab", { name: "Blocked (1)" })).toBeVisible();
    await expect(friendRow(a.page, b.username)).toHaveCount(0);
    await expect(a.page.getByRole("tab", { name: "Friends (0)" })).toBeVisible();

    // Neither browser logged an error (the game's automatic fullscreen request may be refused headless).
    const errors = [...a.errors, ...b.errors].filter((e) => !/fullscreen/i.test(e));
    expect(errors).toEqual([]);
  });
});
