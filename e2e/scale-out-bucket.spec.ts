import fs from "node:fs/promises";
import path from "node:path";
import { startS3Server, type TestS3Server } from "../src/test/s3-server";
import {
  acceptCookies,
  ADMIN_EMAIL,
  expect,
  signInAdmin,
  test,
  waitForHydrationAfterNavigation,
  watchConsole,
  zipOf,
} from "./fixtures";
import { createScratchDatabase, spawnServer, type SpawnedServer } from "./server";

/**
 * Two processes on one PostgreSQL database and one bucket, each with a data folder of its own (D162): what one
 * stores, the other serves, and neither keeps a package on its disk.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

test.describe("two processes sharing a database and a bucket, no disk (D162)", () => {
  test.skip(!adminUrl, "needs PostgreSQL: TEST_DATABASE_URL is not set");
  test.describe.configure({ mode: "serial" });
  let s3: TestS3Server;
  let database: { url: string; drop(): Promise<void> };
  let one: SpawnedServer;
  let two: SpawnedServer;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    s3 = await startS3Server();
    const storageUrl = await s3.newBucketUrl();
    database = await createScratchDatabase(adminUrl!, "arcadium_e2e_scale");
    const env = {
      NODE_ENV: "development",
      LOG_LEVEL: "info",
      SEED_DEMO: "false",
      ADMIN_EMAILS: ADMIN_EMAIL,
      STORAGE_URL: storageUrl,
    };
    // The first start migrates and seeds; the second finds both done.
    one = await spawnServer({
      databaseUrl: database.url,
      publicHost: "localhost",
      env,
      tempPrefix: "arcadium-e2e-one-",
    });
    two = await spawnServer({
      databaseUrl: database.url,
      publicHost: "localhost",
      env,
      tempPrefix: "arcadium-e2e-two-",
    });
  });
  test.afterAll(async () => {
    await one?.stop();
    await two?.stop();
    await database?.drop();
    await s3?.stop();
  });

  test("a game uploaded on one process is played through the other", async ({ browser, playwright }) => {
    test.slow();
    const admin = await playwright.request.newContext({ baseURL: one.url });
    await signInAdmin(admin, { ...one, logs: one.logs });
    const [category] = (await (await admin.get("/api/categories")).json()) as Array<{ id: number }>;
    // A built-in game's cover, stored in the bucket by the first process's start.
    const [builtin] = (await (await admin.get("/api/games?limit=1")).json()) as Array<{ imageUrl: string }>;
    const marker = `Played from the bucket ${Date.now()}`;
    const upload = await admin.post("/api/admin/games/upload", {
      multipart: {
        title: "Bucket game",
        description: "A game whose files live in the bucket.",
        imageUrl: builtin!.imageUrl,
        categoryId: String(category!.id),
        htmlFile: {
          name: "bucket.zip",
          mimeType: "application/zip",
          buffer: await zipOf({ "index.html": `<!doctype html><title>Bucket</title><h1>${marker}</h1>` }),
        },
      },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const { id } = (await upload.json()) as { id: number };
    await admin.dispose();

    // Neither process keeps the package on its own disk.
    for (const server of [one, two])
      await expect(fs.access(path.join(server.dataDir, "games", String(id)))).rejects.toThrow();

    const context = await browser.newContext({ baseURL: two.url });
    context.on("page", (p) => void waitForHydrationAfterNavigation(p));
    await acceptCookies(context);
    const page = await context.newPage();
    const consoleErrors = watchConsole(page);
    await page.goto(`/game/${id}`);
    // The cover, read from the bucket, before Play Now puts the game's frame in its place.
    const cover = page.getByRole("img", { name: "Bucket game cover" });
    await expect(cover).toHaveJSProperty("complete", true);
    expect(await cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Play Now" }).click();
    const frame = page.frameLocator(`iframe[title="Bucket game"]`);
    await expect(frame.getByRole("heading", { name: marker })).toBeVisible({ timeout: 15_000 });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
