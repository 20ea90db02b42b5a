import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, expectToast, test, watchConsole, zipOf } from "./fixtures";

/**
 * D132 in a browser: an admin uploads a package, sees its check report in the game editor, and runs the boot test
 * on it (the game loads unseen in a frame on the games origin, with the boot probe). On the admin journey's server.
 * SHOTS_DIR=/some/dir also saves screenshots of the report (1440 and 375 px, light and dark).
 */
test.describe.configure({ mode: "serial" });
test.use({ baseURL: async ({ adminServer }, use) => use(adminServer.url) });

const watchAdminConsole = (page: Page) => watchConsole(page, /\/api\/admin\/user$/);

/** Draws on a canvas every frame and starts gameplay once init() answered, as the built-in games do. */
const BUILT_IN_LIKE = {
  "index.html":
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Boot</title>' +
    '<link rel="stylesheet" href="style.css"></head><body><canvas id="c" width="640" height="360"></canvas>' +
    '<script src="/sdk/v2.js"></script><script src="game.js"></script></body></html>',
  "style.css": "html,body{margin:0;background:#111}canvas{display:block}",
  "game.js": `
    var g = document.getElementById('c').getContext('2d');
    var t = 0;
    function draw() {
      t += 1;
      g.fillStyle = '#1e3a8a'; g.fillRect(0, 0, 640, 360);
      g.fillStyle = '#facc15'; g.fillRect(40 + (t % 500), 150, 60, 60);
      requestAnimationFrame(draw);
    }
    requestAnimationFrame(draw);
    Arcadium.init().then(function () { return Arcadium.gameplay.start(); });
  `,
};

async function categoryAndImage(page: Page) {
  const categories = (await (await page.request.get("/api/categories")).json()) as Array<{ id: number }>;
  const [builtin] = (await (await page.request.get("/api/games?limit=1")).json()) as Array<{ imageUrl: string }>;
  return { categoryId: String(categories[0].id), imageUrl: builtin.imageUrl };
}

/** With SHOTS_DIR set: the editor's report of `title` at 1440 and 375 px, light and dark. */
async function shoot(page: Page, title: string, name: string) {
  const shotsDir = process.env.SHOTS_DIR;
  if (!shotsDir) return;
  fs.mkdirSync(shotsDir, { recursive: true });
  const size = page.viewportSize();
  for (const theme of ["light", "dark"] as const) {
    for (const width of [1440, 375]) {
      // the theme is read from storage when the page loads (lib/theme.ts); openEditor loads it
      await page.evaluate((t) => localStorage.setItem("arcadium-theme", t), theme);
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      const shown = await openEditor(page, title);
      const region = shown.getByRole("region", { name: "Checks" });
      await region.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shotsDir, `${name}.${theme}.${width}.png`) });
      await region.getByRole("button", { name: "Run boot test" }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shotsDir, `${name}.${theme}.${width}.lower.png`) });
    }
  }
  await page.evaluate(() => localStorage.setItem("arcadium-theme", "light"));
  if (size) await page.setViewportSize(size);
}

async function openEditor(page: Page, title: string) {
  await page.goto("/cms/games");
  await page.getByRole("searchbox", { name: "Search games by title" }).fill(title);
  await page.getByRole("button", { name: `Edit ${title}` }).click();
  return page.getByRole("dialog", { name: "Edit Game" });
}

test("an uploaded package with an outside script shows its report: the host, the SDK, the sizes", async ({
  adminPage: page,
}) => {
  const errors = watchAdminConsole(page);
  const { imageUrl } = await categoryAndImage(page);
  await page.goto("/cms/games");
  await page.getByRole("button", { name: "Add New Game" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Game" });
  await dialog.getByRole("tab", { name: "HTML Package" }).click();
  await dialog.getByLabel("Title").fill("E2E Outside Script Game");
  await dialog.getByLabel("Description").fill("Loads its engine from a CDN.");
  await dialog.getByLabel("Image URL", { exact: true }).fill(imageUrl);
  const zip = await zipOf({
    "index.html":
      '<!doctype html><title>Outside</title><script src="https://cdn.example.com/engine.js"></script>' +
      '<canvas></canvas><script src="main.js"></script>',
    "main.js": "fetch('https://api.example.org/levels')",
  });
  await dialog
    .getByLabel("Game package")
    .setInputFiles({ name: "outside.zip", mimeType: "application/zip", buffer: zip });
  await dialog.getByRole("button", { name: "Upload Game" }).click();
  await expectToast(page, "Game package uploaded successfully");

  const edit = await openEditor(page, "E2E Outside Script Game");
  const checks = edit.getByRole("region", { name: "Checks" });
  await expect(checks.getByText("Warning", { exact: true })).toBeVisible();
  const findings = checks.getByRole("list", { name: "Findings" });
  await expect(findings).toContainText("index.html is at the package's root.");
  await expect(findings).toContainText(/The package unpacks to \d+ B, within the 250 MB allowed\./);
  await expect(findings).toContainText("index.html loads scripts from cdn.example.com");
  await expect(findings).toContainText("No SDK found");
  const hosts = checks.getByRole("list", { name: "Outside hosts" });
  await expect(hosts.getByRole("listitem")).toHaveCount(2);
  await expect(hosts).toContainText("cdn.example.com");
  await expect(hosts).toContainText("scripts: https://cdn.example.com/engine.js");
  await expect(hosts).toContainText("api.example.org");
  await expect(checks).toContainText(/Initial download\s*\d+(\.\d)? B in 2 files/);
  await expect(checks).toContainText("None found");
  expect(errors).toEqual([]);
  await shoot(page, "E2E Outside Script Game", "checks-outside");
});

test("the boot test of a built-in-like game: times, no errors, a picture, kept with the report", async ({
  adminPage: page,
}) => {
  test.setTimeout(process.env.SHOTS_DIR ? 120_000 : 60_000);
  const errors = watchAdminConsole(page);
  const { categoryId, imageUrl } = await categoryAndImage(page);
  const upload = await page.request.post("/api/admin/games/upload", {
    multipart: {
      title: "E2E Boot Game",
      description: "Starts at once and draws on a canvas.",
      imageUrl,
      categoryId,
      htmlFile: { name: "boot.zip", mimeType: "application/zip", buffer: await zipOf(BUILT_IN_LIKE) },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const gameId = ((await upload.json()) as { id: number }).id;

  const edit = await openEditor(page, "E2E Boot Game");
  const checks = edit.getByRole("region", { name: "Checks" });
  await expect(checks.getByText("Pass", { exact: true })).toBeVisible();
  await expect(checks).toContainText("Uses the Arcadium SDK v2.");
  await checks.getByRole("button", { name: "Run boot test" }).click();
  await expect(checks.getByRole("button", { name: "Running boot test…" })).toBeDisabled();
  const result = checks.getByTestId("boot-result");
  await expect(result).toBeVisible({ timeout: 25_000 });
  await expect(result).toContainText("Started");
  await expect(result).toContainText(/First frame\s*\d+(\.\d)? (ms|s) \(first drawing on a canvas\)/);
  await expect(result).toContainText(/gameplayStart\s*\d+(\.\d)? (ms|s)/);
  await expect(result).toContainText(/Errors\s*None/);
  await expect(result.getByRole("img", { name: "The game's canvas at the end of the boot test" })).toBeVisible();

  // Kept with the report on the server: a fresh editor shows it again.
  const saved = (await (await page.request.get(`/api/admin/games/${gameId}/checks`)).json()) as {
    check: {
      boot: { started: boolean; gameplayStartMs: number; firstFrameMs: number; errors: string[]; picture: string };
    };
  };
  expect(saved.check.boot).toMatchObject({ started: true, errors: [] });
  expect(saved.check.boot.gameplayStartMs).toBeGreaterThan(0);
  expect(saved.check.boot.picture).toMatch(/^data:image\/jpeg;base64,/);
  await page.reload();
  const again = await openEditor(page, "E2E Boot Game");
  await expect(again.getByTestId("boot-result")).toContainText("Started");
  expect(errors).toEqual([]);

  await shoot(page, "E2E Boot Game", "checks-boot");
});

test("the boot test lists the errors a game throws as it starts", async ({ adminPage: page }) => {
  // the test waits its full 20 s for a gameplayStart that never comes
  test.setTimeout(process.env.SHOTS_DIR ? 120_000 : 60_000);
  const { categoryId, imageUrl } = await categoryAndImage(page);
  const upload = await page.request.post("/api/admin/games/upload", {
    multipart: {
      title: "E2E Broken Boot Game",
      description: "Throws as it starts.",
      imageUrl,
      categoryId,
      htmlFile: {
        name: "broken.zip",
        mimeType: "application/zip",
        buffer: await zipOf({
          "index.html":
            '<!doctype html><script src="/sdk/v1.js"></script><script>console.error("no level data");' +
            'throw new Error("boom at start")</script><p>Broken</p>',
        }),
      },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const edit = await openEditor(page, "E2E Broken Boot Game");
  const checks = edit.getByRole("region", { name: "Checks" });
  await checks.getByRole("button", { name: "Run boot test" }).click();
  const result = checks.getByTestId("boot-result");
  await expect(result).toBeVisible({ timeout: 30_000 });
  await expect(result).toContainText("Did not start within 20 s");
  await expect(result).toContainText(/gameplayStart\s*not called/);
  const listed = result.getByRole("list", { name: "Errors" });
  await expect(listed).toContainText("no level data");
  await expect(listed).toContainText("boom at start");
  await expect(result).toContainText("The game draws no canvas, so there is no picture.");
  await shoot(page, "E2E Broken Boot Game", "checks-errors");
});
