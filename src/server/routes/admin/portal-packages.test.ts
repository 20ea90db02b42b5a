/**
 * D77 and issue 14 item 7 through the API: an uploaded package that loads a portal's SDK is pointed at its adapter,
 * the admin games API shows the adapter, size and file count, packages installed earlier are scanned once at
 * start-up, and the games origin serves each adapter after the v2 SDK.
 */
import fsp from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { insertGame } from "../../../test/factories";
import { createUserWithSession, describeEachDatabase, repoRoot } from "../../../test/test-app";
import { buildZip, multipart, type FilePart } from "../../../test/uploads";
import { gamesTable } from "../../db/schema";
import { wrapAdapter } from "../../services/compat-scripts";
import { DiskStore } from "../../services/file-store";
import { rescanInstalledPackages } from "../../services/portal-sdks";

const FIELDS = {
  title: "Portal Game",
  description: "Made for another portal",
  imageUrl: "/uploads/images/cover.webp",
  categoryId: "1",
};

describeEachDatabase("portal SDK adapters (D77) and package sizes (issue 14 item 7)", (t) => {
  let cookies: { sid: string };
  beforeAll(async () => {
    ({ cookies } = await createUserWithSession(t(), { role: "admin" }));
  });

  async function upload(file: FilePart) {
    const body = multipart(FIELDS, file);
    return t().app.inject({ method: "POST", url: "/api/admin/games/upload", cookies, ...body });
  }
  const installed = (id: number, file = "index.html") =>
    fsp.readFile(path.join(t().config.dataDir, "games", String(id), file), "utf8");

  it("an HTML game loading Poki's SDK is pointed at /sdk/compat/poki.js; the API shows the adapter, size and file count", async () => {
    const html = `<!doctype html><script src="https://game-cdn.poki.com/scripts/v2/poki-sdk.js"></script><p>poki</p>`;
    const res = await upload({ field: "htmlFile", filename: "poki.html", content: html, type: "text/html" });
    expect(res.statusCode, res.body).toBe(201);
    const game = res.json();
    const rewritten = await installed(game.id);
    expect(rewritten).toContain(`<script src="/sdk/compat/poki.js"></script>`);
    expect(game).toMatchObject({ sdkAdapter: "poki", packageBytes: Buffer.byteLength(rewritten), packageFiles: 1 });

    const list = await t().app.inject({ method: "GET", url: "/api/admin/games?search=Portal", cookies });
    expect(list.statusCode).toBe(200);
    expect(list.json().find((g: { id: number }) => g.id === game.id)).toMatchObject({
      sdkAdapter: "poki",
      packageFiles: 1,
    });
    const patched = await t().app.inject({
      method: "PATCH",
      url: `/api/admin/games/${game.id}`,
      cookies,
      payload: { developer: "Poki dev" },
    });
    expect(patched.json()).toMatchObject({ developer: "Poki dev", sdkAdapter: "poki" });
    // the public API does not show them
    const pub = await t().app.inject({ method: "GET", url: `/api/games/${game.id}` });
    expect(pub.json()).not.toHaveProperty("sdkAdapter");
  });

  it("a zip whose script injects GameDistribution's SDK, and a zip loading CrazyGames v2 from a sub-page", async () => {
    const gd = buildZip([
      { name: "index.html", data: `<script src="js/boot.js"></script>` },
      { name: "js/boot.js", data: `js.src = "https://html5.api.gamedistribution.com/main.min.js";` },
      { name: "img/a.png", data: "png" },
    ]);
    const res = await upload({ field: "htmlFile", filename: "gd.zip", content: gd, type: "application/zip" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ sdkAdapter: "gamedistribution", packageFiles: 3 });
    expect(await installed(res.json().id, "js/boot.js")).toBe(`js.src = "/sdk/compat/gamedistribution.js";`);

    const cg = buildZip([
      { name: "index.html", data: `<iframe src="game/play.html"></iframe>` },
      { name: "game/play.html", data: `<script src='//sdk.crazygames.com/crazygames-sdk-v2.js'></script>` },
    ]);
    const res2 = await upload({ field: "htmlFile", filename: "cg.zip", content: cg, type: "application/zip" });
    expect(res2.json()).toMatchObject({ sdkAdapter: "crazygames", packageFiles: 2 });
    expect(await installed(res2.json().id, "game/play.html")).toBe(`<script src='/sdk/compat/crazygames.js'></script>`);
  });

  it("a package loading another SDK is left alone (no adapter), its size still recorded", async () => {
    const html = `<script src="https://sdk.crazygames.com/crazygames-sdk-v1.js"></script>`;
    const res = await upload({ field: "htmlFile", filename: "other.html", content: html, type: "text/html" });
    expect(res.json()).toMatchObject({ sdkAdapter: null, packageBytes: Buffer.byteLength(html), packageFiles: 1 });
    expect(await installed(res.json().id)).toBe(html);
  });

  it("a game played from its URL has no adapter, size or file count", async () => {
    const res = await t().app.inject({
      method: "POST",
      url: "/api/admin/games",
      cookies,
      payload: { ...FIELDS, categoryId: 1, externalUrl: "https://example.com/game/" },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ sdkAdapter: null, packageBytes: null, packageFiles: null });
  });

  it("start-up re-scan: packages installed before are rewritten and recorded once; later starts change nothing", async () => {
    const db = t().database.db;
    const row = await insertGame(db, { title: "Old CrazyGames upload", hasPackage: true });
    const dir = path.join(t().config.dataDir, "games", String(row.id));
    await fsp.mkdir(path.join(dir, "js"), { recursive: true });
    await fsp.writeFile(
      path.join(dir, "index.html"),
      `<script src="https://sdk.crazygames.com/crazygames-sdk-v3.js"></script>`,
    );
    await fsp.writeFile(path.join(dir, "js", "game.js"), "start();");
    // one whose folder has gone is skipped
    const missing = await insertGame(db, { title: "Lost package", hasPackage: true });

    const first = await rescanInstalledPackages(db, {
      dataDir: t().config.dataDir,
      files: new DiskStore(t().config.dataDir),
    });
    expect(first).toBeGreaterThanOrEqual(1);
    const [after] = await db.select().from(gamesTable).where(eq(gamesTable.id, row.id));
    const index = await fsp.readFile(path.join(dir, "index.html"), "utf8");
    expect(index).toBe(`<script src="/sdk/compat/crazygames.js"></script>`);
    expect(after).toMatchObject({
      sdkAdapter: "crazygames",
      packageFiles: 2,
      packageBytes: Buffer.byteLength(index) + "start();".length,
    });
    const [lost] = await db.select().from(gamesTable).where(eq(gamesTable.id, missing.id));
    expect(lost.packageBytes).toBeNull();

    // every installed package (the built-in games too) now has its size: a second start updates nothing
    expect(
      await rescanInstalledPackages(db, { dataDir: t().config.dataDir, files: new DiskStore(t().config.dataDir) }),
    ).toBe(0);
    const [again] = await db.select().from(gamesTable).where(eq(gamesTable.id, row.id));
    expect(again).toEqual(after);
  });

  describe("the games origin", () => {
    it.each(["poki", "crazygames", "gamedistribution"])(
      "serves /sdk/compat/%s.js as the v2 SDK followed by the shared helper and the adapter in one scope",
      async (name) => {
        const res = await t().gamesApp.inject({ method: "GET", url: `/sdk/compat/${name}.js` });
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-type"]).toMatch(/^application\/javascript/);
        const read = (file: string) => fsp.readFile(path.join(repoRoot, "sdk", file), "utf8");
        expect(res.body).toBe(
          `${await read("v2.js")}\n;\n${wrapAdapter(await read("compat/common.js"), await read(`compat/${name}.js`))}`,
        );
        // the shared helper is no global of the game's page
        expect(res.body).toMatch(/;\n\(function \(\) \{\n[\s\S]*function arcadiumCompat\(/);
      },
    );

    it("answers 404 for any other name, and the site origin never serves the adapters", async () => {
      for (const url of ["/sdk/compat/unity.js", "/sdk/compat/poki", "/sdk/compat/..%2Fv1.js"]) {
        expect((await t().gamesApp.inject({ method: "GET", url })).statusCode, url).toBe(404);
      }
      expect((await t().app.inject({ method: "GET", url: "/sdk/compat/poki.js" })).statusCode).toBe(404);
    });
  });
});
