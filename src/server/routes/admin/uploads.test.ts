import fs from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createUserWithSession, describeEachDatabase, type TestApp } from "../../../test/test-app";
import { buildZip, listFiles, multipart, type FilePart } from "../../../test/uploads";
import { gamesTable } from "../../db/schema";
import { rateLimitTable } from "../../rate-limit-table";

const INDEX = "<!doctype html><title>Uploaded</title><h1>Hello from the package</h1><script src='js/game.js'></script>";
const FIELDS = {
  title: "Packaged Game",
  description: "A game uploaded as a package",
  imageUrl: "/uploads/images/cover.webp",
  categoryId: "2",
  developer: "Tester",
  instructions: "Arrow keys",
  isFeatured: "true",
};

/** The requests and checks of the upload suites, bound to a suite's app and administrator. */
function uploadHelpers(t: () => TestApp, cookies: () => { sid: string }) {
  const gamesDir = () => path.join(t().config.dataDir, "games");
  const tmpDir = () => path.join(t().config.dataDir, "tmp");
  const imagesDir = () => path.join(t().config.dataDir, "uploads", "images");

  async function upload(file: FilePart | undefined, fields: Record<string, string> = FIELDS) {
    const body = multipart(fields, file);
    return t().app.inject({ method: "POST", url: "/api/admin/games/upload", cookies: cookies(), ...body });
  }
  const zipFile = (content: Buffer, filename = "game.zip"): FilePart => ({
    field: "htmlFile",
    filename,
    content,
    type: "application/zip",
  });

  async function gameCount() {
    const [{ n }] = (await t().database.db.execute(sql`select count(*)::int as n from games`)).rows as Array<{
      n: number;
    }>;
    return n;
  }

  /** Runs a failing upload and checks that it left nothing behind: no row, no package folder, nothing in tmp. */
  async function expectRefused(
    run: () => Promise<{ statusCode: number; json(): { message: string } }>,
    status: number,
    message: RegExp,
  ) {
    const gamesBefore = (await fs.readdir(gamesDir())).sort();
    const rowsBefore = await gameCount();
    const res = await run();
    expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
    expect(res.json().message).toMatch(message);
    expect((await fs.readdir(gamesDir())).sort()).toEqual(gamesBefore);
    expect(await listFiles(tmpDir())).toEqual([]);
    expect(await gameCount()).toBe(rowsBefore);
  }

  async function expectPlayable(id: number, text: string) {
    const res = await t().gamesApp.inject({ method: "GET", url: `/game-frame/${id}/` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(text);
  }

  async function uploadImage(content: Buffer | string, filename = "cover.png", type = "image/png") {
    const body = multipart({}, { field: "image", filename, content, type });
    return t().app.inject({ method: "POST", url: "/api/admin/upload-image", cookies: cookies(), ...body });
  }

  return { gamesDir, tmpDir, imagesDir, upload, zipFile, gameCount, expectRefused, expectPlayable, uploadImage };
}

describeEachDatabase(
  "admin uploads: game packages (D44) and images (D45)",
  (t) => {
    let cookies: { sid: string };
    beforeAll(async () => {
      ({ cookies } = await createUserWithSession(t(), { role: "admin" }));
    });

    const { gamesDir, tmpDir, imagesDir, upload, zipFile, expectRefused, expectPlayable, uploadImage } = uploadHelpers(
      t,
      () => cookies,
    );

    describe("valid packages", () => {
      it("a zip with index.html at its root is installed and plays on the games origin", async () => {
        const zip = buildZip([
          { name: "index.html", data: INDEX },
          { name: "js/", mode: 0o040755 },
          { name: "js/game.js", data: "console.log('game');" },
        ]);
        const res = await upload(zipFile(zip));
        expect(res.statusCode, res.body).toBe(201);
        const game = res.json();
        expect(game).toMatchObject({
          title: "Packaged Game",
          categoryId: 2,
          developer: "Tester",
          instructions: "Arrow keys",
          isFeatured: true,
          externalUrl: null,
        });
        expect(game.frameUrl).toBe(`${t().config.gamesUrl}/game-frame/${game.id}/`);
        const [row] = await t().database.db.select().from(gamesTable).where(eq(gamesTable.id, game.id));
        expect(row.hasPackage).toBe(true);
        await expectPlayable(game.id, "Hello from the package");
        const js = await t().gamesApp.inject({ method: "GET", url: `/game-frame/${game.id}/js/game.js` });
        expect(js.statusCode).toBe(200);
        expect(js.body).toContain("console.log");
        expect(await listFiles(tmpDir())).toEqual([]);
        // The site origin never serves it (D2).
        expect((await t().app.inject({ method: "GET", url: `/game-frame/${game.id}/` })).statusCode).toBe(404);
      });

      it("a zip whose index.html is inside its single top-level folder (macOS junk ignored)", async () => {
        const zip = buildZip([
          { name: "my-game/", mode: 0o040755 },
          { name: "my-game/index.html", data: "<h1>Nested package</h1>" },
          { name: "my-game/assets/sprite.txt", data: "sprite" },
          { name: "__MACOSX/my-game/._index.html", data: "junk" },
        ]);
        const res = await upload(zipFile(zip));
        expect(res.statusCode, res.body).toBe(201);
        await expectPlayable(res.json().id, "Nested package");
        const files = await listFiles(path.join(gamesDir(), String(res.json().id)));
        expect(files).toEqual(["assets", "assets/sprite.txt", "index.html"]);
      });

      it("a single .html file becomes the package's index.html", async () => {
        const res = await upload({
          field: "htmlFile",
          filename: "tiny.html",
          content: "<!doctype html><p>Single file game</p>",
          type: "text/html",
        });
        expect(res.statusCode, res.body).toBe(201);
        await expectPlayable(res.json().id, "Single file game");
      });

      it("defaults: category 1, developer 'Unknown', isFeatured false, the default instructions", async () => {
        const res = await upload(zipFile(buildZip([{ name: "index.html", data: INDEX }])), {
          title: "Defaults",
          description: "d",
          imageUrl: "https://cdn.example.com/x.png",
        });
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json()).toMatchObject({
          categoryId: 1,
          developer: "Unknown",
          isFeatured: false,
          instructions: "Use your mouse or touchscreen to play.",
        });
      });
    });

    describe("refused packages leave nothing behind", () => {
      it("fields are checked in the spec's order, then the file (§5)", async () => {
        const file = zipFile(buildZip([{ name: "index.html", data: INDEX }]));
        await expectRefused(() => upload(file, { ...FIELDS, title: " " }), 400, /^Title is required$/);
        await expectRefused(() => upload(file, { ...FIELDS, title: "", description: "" }), 400, /^Title is required$/);
        await expectRefused(() => upload(file, { ...FIELDS, description: "" }), 400, /^Description is required$/);
        await expectRefused(() => upload(file, { ...FIELDS, imageUrl: "" }), 400, /^Image URL is required$/);
        await expectRefused(
          () => upload(file, { ...FIELDS, imageUrl: "javascript:alert(1)" }),
          400,
          /Image URL must be/,
        );
        await expectRefused(() => upload(undefined), 400, /^HTML file is required$/);
        await expectRefused(() => upload(file, { ...FIELDS, categoryId: "9999" }), 400, /Category 9999 does not exist/);
      });

      it("a zip without index.html", async () => {
        await expectRefused(
          () =>
            upload(
              zipFile(
                buildZip([
                  { name: "game.html", data: INDEX },
                  { name: "a/index.html", data: INDEX },
                ]),
              ),
            ),
          400,
          /must contain index\.html/,
        );
        // Two top-level folders: not "its single top-level folder".
        await expectRefused(
          () =>
            upload(
              zipFile(
                buildZip([
                  { name: "a/index.html", data: INDEX },
                  { name: "b/x.js", data: "x" },
                ]),
              ),
            ),
          400,
          /must contain index\.html/,
        );
      });

      it("a zip-slip entry (../x)", async () => {
        await expectRefused(
          () =>
            upload(
              zipFile(
                buildZip([
                  { name: "index.html", data: INDEX },
                  { name: "../escape.txt", data: "x" },
                ]),
              ),
            ),
          400,
          /'\.\.'/,
        );
        await expectRefused(
          () =>
            upload(
              zipFile(
                buildZip([
                  { name: "index.html", data: INDEX },
                  { name: "js/../../escape.txt", data: "x" },
                ]),
              ),
            ),
          400,
          /'\.\.'/,
        );
        await expect(fs.access(path.join(t().config.dataDir, "escape.txt"))).rejects.toThrow();
      });

      it("absolute paths, drive letters and backslashes", async () => {
        await expectRefused(
          () =>
            upload(
              zipFile(
                buildZip([
                  { name: "index.html", data: INDEX },
                  { name: "/etc/evil", data: "x" },
                ]),
              ),
            ),
          400,
          /absolute path/,
        );
        await expectRefused(
          () =>
            upload(
              zipFile(
                buildZip([
                  { name: "index.html", data: INDEX },
                  { name: "C:/evil", data: "x" },
                ]),
              ),
            ),
          400,
          /absolute path/,
        );
        await expectRefused(
          () =>
            upload(
              zipFile(
                buildZip([
                  { name: "index.html", data: INDEX },
                  { name: "..\\evil", data: "x" },
                ]),
              ),
            ),
          400,
          /backslash/,
        );
      });

      it("a symlink entry (S_IFLNK in the external attributes)", async () => {
        const zip = buildZip([
          { name: "index.html", data: INDEX },
          { name: "passwd", data: "/etc/passwd", mode: 0o120777 },
        ]);
        await expectRefused(() => upload(zipFile(zip)), 400, /symbolic link/);
      });

      it("more than 2,000 entries", async () => {
        const entries = [
          { name: "index.html", data: INDEX },
          ...Array.from({ length: 2000 }, (_, i) => ({ name: `f/${i}.txt`, data: "x" })),
        ];
        await expectRefused(() => upload(zipFile(buildZip(entries))), 400, /at most 2,000/);
      });

      it("a .exe renamed .zip, a binary renamed .html and other types are 415", async () => {
        const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "binary"), Buffer.alloc(600, 0)]);
        await expectRefused(() => upload(zipFile(exe, "game.zip")), 415, /not a zip archive/);
        await expectRefused(
          () => upload({ field: "htmlFile", filename: "game.html", content: exe }),
          415,
          /not an HTML document/,
        );
        await expectRefused(
          () => upload({ field: "htmlFile", filename: "game.exe", content: exe }),
          415,
          /Only \.zip and \.html/,
        );
        await expectRefused(() => upload(zipFile(Buffer.from("just text, not a zip"))), 415, /not a zip archive/);
      });

      it("a damaged zip (right magic, broken directory) is 400", async () => {
        const good = buildZip([{ name: "index.html", data: INDEX }]);
        await expectRefused(() => upload(zipFile(good.subarray(0, good.length - 30))), 400, /damaged/);
      });

      it("a multipart upload is the only way in: JSON to the upload route is 415", async () => {
        const res = await t().app.inject({
          method: "POST",
          url: "/api/admin/games/upload",
          cookies,
          payload: { title: "x" },
        });
        expect(res.statusCode).toBe(415);
      });
    });

    describe("images (D45)", () => {
      it("a PNG is stored as WebP of at most 600×600 and served from /uploads/", async () => {
        const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#3366ff" } })
          .png()
          .toBuffer();
        const res = await uploadImage(png);
        expect(res.statusCode, res.body).toBe(201);
        const { imageUrl } = res.json();
        expect(imageUrl).toMatch(/^\/uploads\/images\/[a-f0-9]{32}\.webp$/);
        const served = await t().app.inject({ method: "GET", url: imageUrl });
        expect(served.statusCode).toBe(200);
        expect(served.headers["content-type"]).toBe("image/webp");
        expect(String(served.headers["cache-control"])).toMatch(/max-age=\d{5,}/);
        const meta = await sharp(served.rawPayload).metadata();
        expect(meta.format).toBe("webp");
        expect(meta.width).toBe(600);
        expect(meta.height).toBe(400);
      });

      it("JPEG, WebP and GIF are accepted too; small images are not enlarged", async () => {
        const base = sharp({ create: { width: 40, height: 30, channels: 3, background: "#ff0000" } });
        for (const [buf, name] of [
          [await base.clone().jpeg().toBuffer(), "a.jpg"],
          [await base.clone().webp().toBuffer(), "a.webp"],
          [await base.clone().gif().toBuffer(), "a.gif"],
        ] as const) {
          const res = await uploadImage(buf, name, "application/octet-stream");
          expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
          const meta = await sharp(path.join(t().config.dataDir, res.json().imageUrl)).metadata();
          expect([meta.width, meta.height]).toEqual([40, 30]);
        }
      });

      it("a file that is not an image is 415 whatever its name and type say; nothing is stored", async () => {
        const before = await listFiles(imagesDir());
        const cases: Array<[Buffer | string, string]> = [
          ["this is text pretending to be a PNG", "fake.png"],
          [
            Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 7)]),
            "truncated.png",
          ],
          [
            '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
            "icon.svg",
          ],
          [Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200)]), "x.jpg"],
        ];
        for (const [content, name] of cases) {
          const res = await uploadImage(content, name);
          expect(res.statusCode, name).toBe(415);
          expect(res.json().message).toBe("This file is not a PNG, JPEG, WebP or GIF image");
        }
        expect(await listFiles(imagesDir())).toEqual(before);
        expect(await listFiles(tmpDir())).toEqual([]);
      });

      it("no file: 400; two files: 413", async () => {
        const none = await t().app.inject({
          method: "POST",
          url: "/api/admin/upload-image",
          cookies,
          ...multipart({ x: "1" }),
        });
        expect(none.statusCode).toBe(400);
        expect(none.json().message).toBe("Image file is required");
        const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
          .png()
          .toBuffer();
        const one = multipart({}, { field: "image", filename: "a.png", content: png });
        const boundary = one.headers["content-type"].split("boundary=")[1];
        const second = Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="b.png"\r\nContent-Type: image/png\r\n\r\n`,
        );
        const payload = Buffer.concat([
          one.payload.subarray(0, one.payload.length - `--${boundary}--\r\n`.length),
          second,
          png,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        const two = await t().app.inject({
          method: "POST",
          url: "/api/admin/upload-image",
          cookies,
          payload,
          headers: one.headers,
        });
        expect(two.statusCode).toBe(413);
        expect(await listFiles(tmpDir())).toEqual([]);
      });
    });

    it("limits uploads per administrator: 429 with Retry-After before the body is stored, counted for both upload routes (issue 8)", async () => {
      expect(rateLimitTable(t().config).upload).toEqual({
        limit: 60,
        windowMs: 10 * 60 * 1000,
        message: "Too many uploads. Please try again in a few minutes.",
      });
      // An app of its own with the limit lowered to 3 through buildApp's settings.
      const u = await buildTestApp(t().kind, { demo: false, settings: { rateLimits: { upload: { limit: 3 } } } });
      try {
        const uploadsTmp = path.join(u.config.dataDir, "tmp");
        const uploadedImages = path.join(u.config.dataDir, "uploads", "images");
        const games = async () =>
          ((await u.database.db.execute(sql`select count(*)::int as n from games`)).rows as Array<{ n: number }>)[0].n;
        const other = await createUserWithSession(u, { role: "admin" });
        const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#336699" } })
          .png()
          .toBuffer();
        const image = () =>
          u.app.inject({
            method: "POST",
            url: "/api/admin/upload-image",
            cookies: other.cookies,
            ...multipart({}, { field: "image", filename: "a.png", content: png, type: "image/png" }),
          });
        expect((await image()).statusCode).toBe(201);
        expect((await image()).statusCode).toBe(201);
        const gamesBefore = await games();
        const third = await u.app.inject({
          method: "POST",
          url: "/api/admin/games/upload",
          cookies: other.cookies,
          ...multipart(FIELDS, {
            field: "htmlFile",
            filename: "g.html",
            content: Buffer.from(INDEX),
            type: "text/html",
          }),
        });
        expect(third.statusCode).toBe(201);
        const imagesBefore = (await fs.readdir(uploadedImages)).length;
        const refused = await image();
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
        expect(refused.json().message).toBe("Too many uploads. Please try again in a few minutes.");
        const refusedGame = await u.app.inject({
          method: "POST",
          url: "/api/admin/games/upload",
          cookies: other.cookies,
          ...multipart(FIELDS, {
            field: "htmlFile",
            filename: "g.html",
            content: Buffer.from(INDEX),
            type: "text/html",
          }),
        });
        expect(refusedGame.statusCode).toBe(429);
        expect((await fs.readdir(uploadedImages)).length).toBe(imagesBefore);
        expect(await games()).toBe(gamesBefore + 1);
        expect(await listFiles(uploadsTmp)).toEqual([]);
        // Another administrator has a counter of their own.
        const fresh = await createUserWithSession(u, { role: "admin" });
        const mine = await u.app.inject({
          method: "POST",
          url: "/api/admin/upload-image",
          cookies: fresh.cookies,
          ...multipart({}, { field: "image", filename: "b.png", content: png, type: "image/png" }),
        });
        expect(mine.statusCode).toBe(201);
      } finally {
        await u.close();
      }
      // This case builds (and seeds) an app of its own: more time than the default 30 s.
    }, 90_000);

    it("multipart is refused outside the upload routes", async () => {
      const res = await t().app.inject({
        method: "POST",
        url: "/api/admin/categories",
        cookies,
        ...multipart({ name: "X", slug: "x" }),
      });
      expect(res.statusCode).toBe(415);
      const pub = await t().app.inject({ method: "POST", url: "/api/contact", ...multipart({ name: "X" }) });
      expect(pub.statusCode).toBe(415);
    });
  },
  { demo: false },
);

/** D44/D45 limits lowered through buildApp's settings, so that "over the limit" needs no 500 MB archive. */
describeEachDatabase(
  "admin uploads over the limits (D44, D45)",
  (t) => {
    let cookies: { sid: string };
    beforeAll(async () => {
      ({ cookies } = await createUserWithSession(t(), { role: "admin" }));
    });
    const { upload, zipFile, expectRefused, uploadImage, tmpDir } = uploadHelpers(t, () => cookies);

    it("over the uncompressed limit (500 MB, lowered for the test)", async () => {
      const zip = buildZip([
        { name: "index.html", data: INDEX },
        { name: "big.bin", data: Buffer.alloc(20_000, 1) },
      ]);
      await expectRefused(() => upload(zipFile(zip)), 413, /unpacks to more than/);
    });

    it("an upload over the size limit (100 MB, lowered for the test) is 413", async () => {
      const zip = buildZip([
        { name: "index.html", data: INDEX },
        { name: "big.bin", data: Buffer.alloc(60_000, 1) },
      ]);
      await expectRefused(() => upload(zipFile(zip)), 413, /larger than/);
    });

    it("an image over 5 MB (lowered for the test) is 413", async () => {
      const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#00ff00" } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(png.length).toBeGreaterThan(1000);
      const res = await uploadImage(png);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toMatch(/larger than/);
      expect(await listFiles(tmpDir())).toEqual([]);
    });
  },
  {
    demo: false,
    settings: {
      uploadLimits: {
        package: { maxUploadBytes: 50_000, maxEntries: 2_000, maxUncompressedBytes: 10_000 },
        image: { maxUploadBytes: 1000, maxDimension: 600, maxInputPixels: 40_000_000 },
      },
    },
  },
);
