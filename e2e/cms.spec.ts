import type { Page } from "@playwright/test";
import sharp from "sharp";
import {
  axeViolations,
  codesMailedTo,
  expect,
  expectToast,
  finishCmsSignIn,
  FIRST_SIGN_IN_EMAIL,
  seriousOrCritical,
  test,
  watchConsole,
  WCAG_A_AA,
  zipOf,
} from "./fixtures";

/**
 * The whole admin journey on a server of its own (the `adminServer` fixture): NODE_ENV=development
 * so that the request-otp answer carries the code (D42) and the form fills it in; LOG_LEVEL=info so that
 * the code mail, printed to the log when SMTP_URL is unset (the default install), can be read there too,
 * and the test checks that both are the same code. After the sign-in test, `adminPage` is signed in
 * through a code read from that log.
 */
test.describe.configure({ mode: "serial" });
test.use({ baseURL: async ({ adminServer }, use) => use(adminServer.url) });

/** Console errors of a page, except the 401s that signed-out checks cause on purpose (D14). */
const watchAdminConsole = (page: Page) => watchConsole(page, /\/api\/admin\/user$/);

const pngIcon = (r = 124) =>
  sharp({ create: { width: 300, height: 300, channels: 3, background: { r, g: 58, b: 237 } } })
    .png()
    .toBuffer();

test("guards (D43): every /cms screen without an admin session returns to /cms", async ({ page }) => {
  const errors = watchAdminConsole(page);
  for (const path of [
    "/cms/dashboard",
    "/cms/games",
    "/cms/categories",
    "/cms/website-content",
    "/cms/users",
    "/cms/settings",
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL("/cms");
    await expect(page.getByRole("heading", { name: "Admin Sign In" })).toBeVisible();
  }
  await expect(page).toHaveTitle("Admin Sign In - Arcadium");
  expect(errors).toEqual([]);
});

test("sign in with the emailed code, set up two-step sign-in and see the dashboard counts", async ({
  page,
  adminServer,
}) => {
  const errors = watchAdminConsole(page);
  const lastCode = () => codesMailedTo(adminServer, FIRST_SIGN_IN_EMAIL).at(-1);
  await page.goto("/cms");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();

  await page.getByLabel("Email").fill(FIRST_SIGN_IN_EMAIL);
  await page.getByRole("button", { name: "Send code" }).click();
  const code = page.getByLabel("Verification code");
  await expect(code).toHaveValue(/^\d{6}$/);
  // Default install: the same code is in the mail printed to the server log.
  await expect.poll(() => lastCode()).toBe(await code.inputValue());
  await expect(page.getByText("If this address belongs to an administrator, a code has been sent.")).toBeVisible();

  // 'Try a different email' resets both steps; a typed short code is refused on change.
  await page.getByRole("button", { name: "Try a different email" }).click();
  await expect(page.getByLabel("Email")).toHaveValue("");
  await page.getByLabel("Email").fill(FIRST_SIGN_IN_EMAIL);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(code).toHaveValue(/^\d{6}$/);
  const fromLog = await expect
    .poll(() => lastCode())
    .toBe(await code.inputValue())
    .then(() => lastCode()!);
  await code.fill("123");
  await expect(page.getByText("OTP must be 6 digits")).toBeVisible();
  await code.fill(fromLog);
  await expect(page.getByText("OTP must be 6 digits")).toHaveCount(0);
  await page.getByRole("button", { name: "Verify & Sign In" }).click();

  await expectToast(page, "Login Successful");
  // D106: an admin's first sign-in walks through two-step sign-in, then goes on into the CMS
  await finishCmsSignIn(page, adminServer, FIRST_SIGN_IN_EMAIL);
  await expect(page).toHaveURL("/cms/dashboard");
  await expect(page).toHaveTitle("Dashboard - Arcadium");
  const counts = (await (await page.request.get("/api/admin/dashboard")).json()).counts as {
    games: number;
    categories: number;
  };
  const totalGames = page.locator("div", { has: page.getByText("Total Games", { exact: true }) }).last();
  await expect(totalGames).toContainText(String(counts.games));
  const categories = page.locator("div", { has: page.getByText("Categories", { exact: true }) }).last();
  await expect(categories).toContainText(String(counts.categories));
  // D134: players online now and the whole site's numbers, drawn as charts, in place of the placeholders
  await expect(page.getByText("Players online now", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "The whole site, per day" })).toBeVisible();
  await expect(page.locator("figure canvas").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Manage Games" })).toHaveAttribute("href", "/cms/games");
  await expect(page.getByRole("link", { name: "Manage Categories" })).toHaveAttribute("href", "/cms/categories");
  expect(errors).toEqual([]);
});

type AdminGame = { id: number; title: string; developer: string; imageUrl: string };
const adminGames = async (page: Page) =>
  (await (await page.request.get("/api/admin/games?limit=500")).json()) as AdminGame[];

// The games journey, one step a test (they share the games they create, in this order).
test("games: add by URL, with the spec's validation order", async ({ adminPage: page, adminServer }) => {
  const errors = watchAdminConsole(page);
  await page.goto("/cms/games");
  await expect(page.getByRole("row")).not.toHaveCount(1);

  await page.getByRole("button", { name: "Add New Game" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Game" });
  await dialog.getByRole("button", { name: "Add Game" }).click();
  await expect(dialog.getByText("Title is required")).toBeVisible();
  await dialog.getByLabel("Title").fill("E2E Link Game");
  await dialog.getByRole("button", { name: "Add Game" }).click();
  await expect(dialog.getByText("Description is required")).toBeVisible();
  await dialog.getByLabel("Description").fill("A game hosted elsewhere.");
  await dialog.getByRole("button", { name: "Add Game" }).click();
  await expect(dialog.getByText("Image URL is required")).toBeVisible();
  await dialog.getByLabel("Image URL", { exact: true }).fill(`${adminServer.url}/favicon.svg`);
  await dialog.getByRole("button", { name: "Add Game" }).click();
  await expect(dialog.getByText("Game URL is required")).toBeVisible();
  await dialog.getByLabel("Game URL").fill("https://example.com/e2e-game/");
  await dialog.getByRole("button", { name: "Add Game" }).click();
  await expectToast(page, "Game added successfully");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("row", { name: /E2E Link Game/ })).toBeVisible();
  expect(errors).toEqual([]);
});

test("games: upload a zip package with an uploaded icon, and play it on the public site (D2, D20)", async ({
  adminPage: page,
  adminServer,
}) => {
  const errors = watchAdminConsole(page);
  await page.goto("/cms/games");
  await page.getByRole("button", { name: "Add New Game" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Game" });
  await dialog.getByRole("tab", { name: "HTML Package" }).click();
  await dialog.getByLabel("Title").fill("E2E Zip Game");
  await dialog.getByLabel("Description").fill("Uploaded as a zip.");
  await dialog
    .getByLabel("Image URL: upload a file")
    .setInputFiles({ name: "icon.png", mimeType: "image/png", buffer: await pngIcon() });
  await expectToast(page, "Image uploaded successfully.");
  await expect(dialog.getByLabel("Image URL", { exact: true })).toHaveValue(/^\/uploads\//);
  await expect(dialog.getByRole("img", { name: "Game icon preview" })).toHaveAttribute("src", /^\/uploads\//);
  await dialog.getByRole("button", { name: "Upload Game" }).click();
  await expect(dialog.getByText("HTML file is required")).toBeVisible();
  await expect(dialog.getByLabel("Game package")).toHaveAttribute("accept", ".zip,.html");
  const zip = await zipOf({
    "zip-game/index.html": "<!doctype html><title>Zip</title><h1>Zip Game OK</h1>",
    "zip-game/app.js": "console.log('hi')",
  });
  await dialog
    .getByLabel("Game package")
    .setInputFiles({ name: "zip-game.zip", mimeType: "application/zip", buffer: zip });
  await dialog.getByRole("button", { name: "Upload Game" }).click();
  await expectToast(page, "Game package uploaded successfully");
  await expect(page.getByRole("row", { name: /E2E Zip Game/ })).toBeVisible();

  const zipGame = (await adminGames(page)).find((g) => g.title === "E2E Zip Game")!;
  expect(zipGame.imageUrl).toMatch(/^\/uploads\//);

  // Play it on the public site: the frame loads from the games origin (D2).
  await page.goto(`/game/${zipGame.id}`);
  await page.getByRole("button", { name: "Play Now" }).first().click();
  const frame = page.locator(`iframe[title="E2E Zip Game"]`);
  await expect(frame).toHaveAttribute("src", `${adminServer.gamesUrl}/game-frame/${zipGame.id}/`);
  await expect(
    page.frameLocator(`iframe[title="E2E Zip Game"]`).getByRole("heading", { name: "Zip Game OK" }),
  ).toBeVisible();
  await page.keyboard.press("Escape");
  expect(errors).toEqual([]);
});

test("games: edit: a new icon by upload (preview), a blank title keeps the old one, a new developer", async ({
  adminPage: page,
}) => {
  const errors = watchAdminConsole(page);
  const zipGame = (await adminGames(page)).find((g) => g.title === "E2E Zip Game")!;
  await page.goto("/cms/games");
  await page.getByRole("searchbox", { name: "Search games by title" }).fill("e2e zip");
  await expect(page.getByRole("row")).toHaveCount(2);
  await page.getByRole("button", { name: "Edit E2E Zip Game" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Game" });
  await edit
    .getByLabel("Game icon: upload a file")
    .setInputFiles({ name: "icon2.png", mimeType: "image/png", buffer: await pngIcon(236) });
  await expectToast(page, "Image uploaded successfully. Click Save Changes to update the game.");
  await expect(edit.getByRole("img", { name: "Game icon preview" })).toHaveAttribute("src", /^\/uploads\//);
  const newIcon = await edit.getByLabel("Game icon", { exact: true }).inputValue();
  expect(newIcon).not.toBe(zipGame.imageUrl);
  await edit.getByLabel("Title").fill("");
  await edit.getByLabel("Developer").fill("E2E Studio");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Game updated successfully");
  await expect(page.getByRole("row", { name: /E2E Zip Game/ })).toContainText("E2E Studio");
  const after = (await adminGames(page)).find((g) => g.id === zipGame.id)!;
  expect(after).toMatchObject({ title: "E2E Zip Game", developer: "E2E Studio", imageUrl: newIcon });
  expect(errors).toEqual([]);
});

test("games: delete the URL game with the spec's confirmation", async ({ adminPage: page }) => {
  const errors = watchAdminConsole(page);
  await page.goto("/cms/games");
  await page.getByRole("button", { name: "Delete E2E Link Game" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText('Are you sure you want to delete "E2E Link Game"? This action cannot be undone.');
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Game deleted");
  await expect(page.getByRole("row", { name: /E2E Link Game/ })).toHaveCount(0);
  await page.getByRole("searchbox", { name: "Search games by title" }).fill("no such game at all");
  await expect(page.getByText("No games found.")).toBeVisible();
  expect(errors).toEqual([]);
});

test("categories: add, edit, and delete blocked while the category has games", async ({ adminPage: page }) => {
  const errors = watchAdminConsole(page);
  await page.goto("/cms/categories");
  await page.getByRole("button", { name: "Add Category" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Category" });
  await dialog.getByLabel("Name").fill("E2E Board Games");
  await expect(dialog.getByLabel("Slug")).toHaveValue("e2e-board-games");
  await dialog.getByLabel("Description").fill("Created by the e2e test.");
  await dialog.getByRole("button", { name: "Add Category" }).click();
  await expectToast(page, "Category created");
  const row = page.getByRole("row", { name: /E2E Board Games/ });
  await expect(row).toContainText("e2e-board-games");
  await expect(row.getByRole("link", { name: "Open E2E Board Games on the site" })).toHaveAttribute(
    "href",
    "/category/e2e-board-games",
  );
  await expect(row.getByRole("link", { name: "Open E2E Board Games on the site" })).toHaveAttribute("target", "_blank");

  await row.getByRole("button", { name: "Edit E2E Board Games" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Category" });
  await edit.getByLabel("Description").fill("Boards, tiles and cards.");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Category updated");
  await expect(row).toContainText("Boards, tiles and cards.");
  await page.getByRole("searchbox", { name: /Search categories/ }).fill("tiles and");
  await expect(page.getByRole("row")).toHaveCount(2);
  await page.getByRole("searchbox", { name: /Search categories/ }).fill("");

  // Move the zip game into it through the Edit Game dialog.
  const categories = (await (await page.request.get("/api/admin/categories")).json()) as Array<{
    id: number;
    slug: string;
  }>;
  const created = categories.find((c) => c.slug === "e2e-board-games")!;
  await page.goto("/cms/games");
  await page.getByRole("button", { name: "Edit E2E Zip Game" }).click();
  const gameDialog = page.getByRole("dialog", { name: "Edit Game" });
  await gameDialog.getByRole("combobox", { name: "Category" }).click();
  await page.getByRole("option", { name: "E2E Board Games" }).click();
  await gameDialog.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Game updated successfully");
  await expect(page.getByRole("row", { name: /E2E Zip Game/ })).toContainText("E2E Board Games");

  await page.goto("/cms/categories");
  await page.getByRole("button", { name: "Delete E2E Board Games" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("This category contains 1 game. You must reassign or delete those games first.");
  await expect(confirm.getByRole("button", { name: "Delete" })).toBeDisabled();
  await confirm.getByRole("button", { name: "Cancel" }).click();

  // Once empty, it can go.
  const games = (await (await page.request.get("/api/admin/games")).json()) as Array<{ id: number; title: string }>;
  const zipGame = games.find((g) => g.title === "E2E Zip Game")!;
  expect((await page.request.delete(`/api/admin/games/${zipGame.id}`)).status()).toBe(204);
  await page.reload();
  await page.getByRole("button", { name: "Delete E2E Board Games" }).click();
  await expect(confirm).toContainText('Are you sure you want to delete "E2E Board Games"?');
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Category deleted");
  await expect(page.getByRole("row", { name: /E2E Board Games/ })).toHaveCount(0);
  expect(created.id).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});

test("website content: create, edit (the public site changes) and delete", async ({ adminPage: page }) => {
  const errors = watchAdminConsole(page);
  await page.goto("/cms/website-content");
  await expect(page.getByRole("tab", { name: "All Sections" })).toBeVisible();

  await page.getByRole("button", { name: "Add Content" }).click();
  const add = page.getByRole("dialog", { name: "Add Content" });
  await add.getByRole("button", { name: "Add Content" }).click();
  await expect(add.getByText("Section is required")).toBeVisible();
  await add.getByLabel("Section").fill("e2e");
  await add.getByRole("button", { name: "Add Content" }).click();
  await expect(add.getByText("Key is required")).toBeVisible();
  await add.getByLabel("Key").fill("note");
  await add.getByRole("button", { name: "Add Content" }).click();
  await expect(add.getByText("Value is required")).toBeVisible();
  await add.getByLabel("Value").fill("Written by the e2e test");
  await add.getByRole("button", { name: "Add Content" }).click();
  await expectToast(page, "Content created");
  await page.getByRole("tab", { name: /^e2e$/i }).click();
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("row", { name: /note/ })).toContainText("Written by the e2e test");
  await page.getByRole("tab", { name: "All Sections" }).click();

  // Edit home.hero_title (section and key read-only) and see it on the home page (D40).
  await page.getByRole("searchbox", { name: /Search content/ }).fill("hero_title");
  const heroRow = page.getByRole("row", { name: /hero_title/ });
  if ((await heroRow.count()) === 0) {
    // Not stored yet on this install: create it.
    await page.getByRole("button", { name: "Add Content" }).click();
    await add.getByLabel("Section").fill("home");
    await add.getByLabel("Key").fill("hero_title");
    await add.getByLabel("Value").fill("Play, Chat, Compete");
    await add.getByRole("button", { name: "Add Content" }).click();
    await expectToast(page, "Content created");
  }
  await page.getByRole("button", { name: "Edit home.hero_title" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Content" });
  await expect(edit.getByLabel("Section")).toHaveAttribute("readonly", "");
  await expect(edit.getByLabel("Key")).toHaveAttribute("readonly", "");
  await edit.getByLabel("Value").fill("Welcome to the E2E Arcade");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Content updated");
  await expect(heroRow).toContainText("Welcome to the E2E Arcade");
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome to the E2E Arcade");

  await page.goto("/cms/website-content");
  await page.getByRole("button", { name: "Delete e2e.note" }).click();
  const confirm = page.getByRole("alertdialog");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Content deleted");
  await page.getByRole("searchbox", { name: /Search content/ }).fill("Written by the e2e");
  await expect(page.getByText("No content found.")).toBeVisible();
  expect(errors).toEqual([]);
});

test("users and settings (D47)", async ({ adminPage: page }) => {
  const errors = watchAdminConsole(page);
  await page.goto("/cms/users");
  await page.getByRole("searchbox", { name: /Search users/ }).fill("example.com");
  await expect(page.getByRole("row", { name: / admin@example\.com/ })).toContainText("(you)");
  await page.goto("/cms/settings");
  await expect(page.getByText("SMTP_URL is not set")).toBeVisible();
  await page.getByLabel("Tagline").fill("Games for everyone");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expectToast(page, "Settings saved");
  await page.goto("/");
  await expect(page).toHaveTitle("Arcadium - Games for everyone");
  expect(errors).toEqual([]);
});

test('"Allow search engines" turns every page to noindex and robots.txt to Disallow: / (D72), and back', async ({
  adminPage: page,
}) => {
  const errors = watchAdminConsole(page);
  await page.goto("/cms/settings");
  const allow = page.getByRole("checkbox", { name: "Allow search engines" });
  await expect(allow).toBeChecked();
  try {
    await allow.uncheck();
    await expectToast(page, "Search engines turned away");
    await expect(allow).not.toBeChecked();
    expect(await (await page.request.get("/robots.txt")).text()).toBe("User-agent: *\nDisallow: /\n");
    const home = await page.request.get("/");
    expect(home.headers()["x-robots-tag"]).toBe("noindex");
    expect(await home.text()).toContain('<meta name="robots" content="noindex" />');
  } finally {
    if (!(await allow.isChecked())) {
      await allow.check();
      await expectToast(page, "Search engines allowed");
    }
  }
  expect(await (await page.request.get("/robots.txt")).text()).toContain("Allow: /");
  expect(errors).toEqual([]);
});

test("season length (D91): Monthly moves the open season's end to the 1st of next month, shown at once; back to Weekly", async ({
  adminPage: page,
}) => {
  const errors = watchAdminConsole(page);
  const openSeason = async () =>
    (
      (await (await page.request.get("/api/seasons")).json()) as Array<{ endsAt: string | null; current: boolean }>
    ).find((s) => s.current)!;
  await page.goto("/cms/settings");
  const group = page.getByRole("group", { name: "Season length" });
  const save = page.getByRole("button", { name: "Save Season Length" });
  await expect(group.getByRole("radio", { name: /Weekly/ })).toBeChecked();
  await expect(page.getByTestId("current-season")).toContainText(/ends Mon \d+ \w+ \d{4} at 00:00 UTC/);
  expect(seriousOrCritical(await axeViolations(page, { tags: WCAG_A_AA, include: "main" }), "/cms/settings")).toEqual(
    [],
  );
  try {
    await group.getByText("Monthly", { exact: true }).click();
    await save.click();
    await expectToast(page, "Season length set to monthly");
    const now = new Date();
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    expect((await openSeason()).endsAt).toBe(first.toISOString());
    await expect(page.getByTestId("current-season")).toContainText(
      `ends ${["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][first.getUTCDay()]} 1 `,
    );
  } finally {
    if (!(await group.getByRole("radio", { name: /Weekly/ }).isChecked())) {
      await group.getByText("Weekly", { exact: true }).click();
      await save.click();
      await expectToast(page, "Season length set to weekly");
    }
  }
  expect(new Date((await openSeason()).endsAt!).getUTCDay()).toBe(1);
  expect(errors).toEqual([]);
});
