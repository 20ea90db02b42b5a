import fs from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type TestS3Server } from "@test/s3-server";
import { buildTestApp, createUserWithSession, type TestApp } from "@test/test-app";
import { buildZip, multipart } from "@test/uploads";
import { commitPackage, makeStagingDir } from "./services/packages";
import { S3Store } from "./services/s3-store";
import { parseStorageUrl } from "./services/storage-url";

const INDEX = "<!doctype html><title>Stored</title><h1>Played from the store</h1><script src='js/game.js'></script>";
const SCRIPT = "console.log('the game runs');".repeat(4);
const FIELDS = {
  title: "Stored Game",
  description: "A package kept in the store",
  imageUrl: "/uploads/images/cover.webp",
  categoryId: "2",
  developer: "Tester",
};

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.stop();
});

/**
 * The same checks of /game-frame/ and /uploads/ on both stores (D162): a package uploaded through the site is played
 * through the games origin with its headers, validators and ranges; with STORAGE_URL nothing lands on the disk.
 */
describe.each(["disk", "s3"] as const)("stored files served from the %s store", (kind) => {
  let t: TestApp;
  let cookies: { sid: string };
  let gameId: number;
  let bucketUrl: string | undefined;
  beforeAll(async () => {
    bucketUrl = kind === "s3" ? await s3.newBucketUrl() : undefined;
    t = await buildTestApp("pglite", { demo: false, env: bucketUrl ? { STORAGE_URL: bucketUrl } : {} });
    ({ cookies } = await createUserWithSession(t, { role: "admin" }));
    const zip = buildZip([
      { name: "index.html", data: INDEX },
      { name: "js/game.js", data: SCRIPT },
      { name: "levels/index.html", data: "<p>levels</p>" },
      { name: ".secret", data: "hidden" },
    ]);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/games/upload",
      cookies,
      ...multipart(FIELDS, { field: "htmlFile", filename: "game.zip", content: zip, type: "application/zip" }),
    });
    expect(res.statusCode, res.body).toBe(201);
    gameId = res.json().id;
  });
  afterAll(async () => {
    await t?.close();
  });
  const frame = (url: string, headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") =>
    t.gamesApp.inject({ method, url: `/game-frame/${gameId}/${url}`, headers });

  it("plays the uploaded package, and keeps it where the store says", async () => {
    const page = await frame("");
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.body).toContain("Played from the store");
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    expect(page.headers["content-security-policy"]).toBe(`frame-ancestors ${t.config.publicUrl}`);
    const onDisk = await fs
      .readFile(path.join(t.config.dataDir, "games", String(gameId), "index.html"), "utf8")
      .catch(() => undefined);
    if (kind === "disk") expect(onDisk).toBe(INDEX);
    else {
      expect(onDisk).toBeUndefined();
      const bucket = new S3Store(parseStorageUrl(bucketUrl!));
      const keys: string[] = [];
      for await (const object of bucket.list(`games/${gameId}/`)) keys.push(object.key);
      bucket.close();
      expect(keys.sort()).toEqual([
        `games/${gameId}/.secret`,
        `games/${gameId}/index.html`,
        `games/${gameId}/js/game.js`,
        `games/${gameId}/levels/index.html`,
      ]);
    }
  });

  it("answers with the type, five minutes of caching, validators and 304", async () => {
    const script = await frame("js/game.js");
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe(SCRIPT);
    expect(script.headers["content-type"]).toBe("application/javascript; charset=utf-8");
    expect(script.headers["cache-control"]).toBe("public, max-age=300");
    expect(script.headers["accept-ranges"]).toBe("bytes");
    const etag = script.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    expect((await frame("js/game.js", { "if-none-match": etag })).statusCode).toBe(304);
    expect(
      (await frame("js/game.js", { "if-modified-since": script.headers["last-modified"] as string })).statusCode,
    ).toBe(304);
    const head = await frame("js/game.js", {}, "HEAD");
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe(String(SCRIPT.length));
    expect(head.body).toBe("");
  });

  it("serves byte ranges (206) and refuses one past the end (416)", async () => {
    const part = await frame("js/game.js", { range: "bytes=0-6" });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe("console");
    expect(part.headers["content-range"]).toBe(`bytes 0-6/${SCRIPT.length}`);
    const tail = await frame("js/game.js", { range: "bytes=-4" });
    expect(tail.statusCode).toBe(206);
    expect(tail.body).toBe(SCRIPT.slice(-4));
    const past = await frame("js/game.js", { range: `bytes=${SCRIPT.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers["content-range"]).toBe(`bytes */${SCRIPT.length}`);
  });

  it("redirects a folder to its slash, serves its index.html, denies dotfiles and stays in numbered folders", async () => {
    const bare = await t.gamesApp.inject({ method: "GET", url: `/game-frame/${gameId}` });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe(`/game-frame/${gameId}/`);
    const levels = await frame("levels");
    expect(levels.statusCode).toBe(301);
    expect(levels.headers.location).toBe(`/game-frame/${gameId}/levels/`);
    expect((await frame("levels/")).body).toBe("<p>levels</p>");
    expect((await frame(".secret")).statusCode).toBe(403);
    expect((await frame("missing.js")).statusCode).toBe(404);
    for (const url of [
      "/game-frame/../uploads/",
      "/game-frame/%2e%2e/games/",
      `/game-frame/${gameId}/js%2f..%2f..%2fuploads%2fx`,
      "/game-frame/x/",
    ]) {
      expect((await t.gamesApp.inject({ method: "GET", url })).statusCode, url).toBeGreaterThanOrEqual(400);
    }
  });

  it("serves uploaded images at /uploads/ as inert files cached for a week", async () => {
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    );
    const up = await t.app.inject({
      method: "POST",
      url: "/api/admin/upload-image",
      cookies,
      ...multipart({}, { field: "image", filename: "c.png", content: png, type: "image/png" }),
    });
    expect(up.statusCode, up.body).toBe(201);
    const { imageUrl } = up.json() as { imageUrl: string };
    const res = await t.app.inject({ method: "GET", url: imageUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers["cache-control"]).toBe("public, max-age=604800");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toContain("sandbox");
    expect((await t.app.inject({ method: "GET", url: "/uploads/images/none.webp" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/uploads/%2e%2e/db/PG_VERSION" })).statusCode).toBe(404);
  });

  it("removes the package with the game", async () => {
    const del = await t.app.inject({ method: "DELETE", url: `/api/admin/games/${gameId}`, cookies });
    expect(del.statusCode).toBe(204);
    expect((await frame("")).statusCode).toBe(404);
    expect((await frame("js/game.js")).statusCode).toBe(404);
  });
});

describe("a package replaced in the bucket", () => {
  it("uploads the new files, index.html last, then removes the old ones the new package lacks", async () => {
    const store = await s3.emptyStore();
    const dataDir = await fs.mkdtemp(path.join((await import("node:os")).tmpdir(), "arcadium-pkg-"));
    try {
      const stage = async (files: Record<string, string>) => {
        const dir = await makeStagingDir(dataDir);
        for (const [name, data] of Object.entries(files)) {
          await fs.mkdir(path.dirname(path.join(dir, name)), { recursive: true });
          await fs.writeFile(path.join(dir, name), data);
        }
        return dir;
      };
      await commitPackage(store, await stage({ "index.html": "v1", "old.js": "old", "a/b.js": "ab1" }), 5);
      const second = await stage({ "index.html": "v2", "a/b.js": "ab2", "new.js": "new" });
      await commitPackage(store, second, 5);
      const keys: string[] = [];
      for await (const object of store.list("games/5/")) keys.push(object.key);
      expect(keys.sort()).toEqual(["games/5/a/b.js", "games/5/index.html", "games/5/new.js"]);
      await expect(fs.access(second)).rejects.toThrow();
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe("a bucket that does not answer", () => {
  it("fails the requests that need it with 503 within seconds; the rest of the site serves", async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const t = await buildTestApp("pglite", { demo: false, env: { STORAGE_URL: `http://k:s@127.0.0.1:${port}/gone` } });
    try {
      const started = Date.now();
      const upload = await t.app.inject({ method: "GET", url: "/uploads/images/a.webp" });
      expect(upload.statusCode, upload.body).toBe(503);
      expect(upload.headers["retry-after"]).toBe("5");
      const game = await t.gamesApp.inject({ method: "GET", url: "/game-frame/1/" });
      expect(game.statusCode, game.body).toBe(503);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect((await t.app.inject({ method: "GET", url: "/api/games" })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
