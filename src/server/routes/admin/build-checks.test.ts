import crypto from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import type { BootResultBody, PackageCheck } from "../../../contract/admin/build-checks";
import { insertGame } from "../../../test/factories";
import { createUserWithSession, describeEachDatabase } from "../../../test/test-app";
import { buildZip, multipart } from "../../../test/uploads";

const FIELDS = {
  title: "Checked Game",
  description: "A game uploaded to be checked",
  imageUrl: "/uploads/images/cover.webp",
  categoryId: "2",
  developer: "Tester",
  instructions: "Arrow keys",
  isFeatured: "false",
};

const OUTSIDE_INDEX =
  '<!doctype html><script src="https://cdn.example.com/engine.js"></script><script src="/sdk/v1.js"></script>' +
  '<script src="game.js"></script><canvas></canvas>';

const sha256 = (data: Buffer) => crypto.createHash("sha256").update(data).digest("hex");

function bootBody(packageHash: string, extra: Partial<BootResultBody> = {}): BootResultBody {
  return {
    packageHash,
    started: true,
    firstFrameMs: 120,
    firstFrameBy: "canvas",
    gameplayStartMs: 450,
    errors: [],
    picture: "data:image/jpeg;base64,/9j/AAAA",
    pictureNote: null,
    userAgent: "Test browser",
    ...extra,
  };
}

describeEachDatabase("package check reports (D132)", (t) => {
  let admin: Awaited<ReturnType<typeof createUserWithSession>>;
  let player: Awaited<ReturnType<typeof createUserWithSession>>;
  beforeAll(async () => {
    admin = await createUserWithSession(t(), { role: "admin", username: "checker_admin" });
    player = await createUserWithSession(t());
  });

  async function upload(zip: Buffer) {
    const body = multipart(FIELDS, { field: "htmlFile", filename: "game.zip", content: zip, type: "application/zip" });
    const res = await t().app.inject({
      method: "POST",
      url: "/api/admin/games/upload",
      cookies: admin.cookies,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  }
  const getChecks = (id: number, who = admin) =>
    t().app.inject({ method: "GET", url: `/api/admin/games/${id}/checks`, cookies: who.cookies });
  const postBoot = (id: number, payload: object, who = admin) =>
    t().app.inject({ method: "POST", url: `/api/admin/games/${id}/checks/boot`, cookies: who.cookies, payload });

  it("checks a later build's upload too: the report is the new package's (D131)", async () => {
    const id = await upload(buildZip([{ name: "index.html", data: "<!doctype html><p>first</p>" }]));
    const second = buildZip([{ name: "index.html", data: OUTSIDE_INDEX }]);
    const res = await t().app.inject({
      method: "POST",
      url: `/api/admin/games/${id}/builds`,
      cookies: admin.cookies,
      ...multipart(
        { notes: "two" },
        { field: "package", filename: "game.zip", content: second, type: "application/zip" },
      ),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { check } = (await getChecks(id)).json() as { check: PackageCheck };
    expect(check.packageHash).toBe(sha256(second));
    expect(check.report.outsideHosts.map((h) => h.host)).toEqual(["cdn.example.com"]);
  });

  it("checks every upload and shows the report: outside hosts, SDK, initial download", async () => {
    const zip = buildZip([
      { name: "index.html", data: OUTSIDE_INDEX },
      { name: "game.js", data: "draw();" },
    ]);
    const id = await upload(zip);
    const res = await getChecks(id);
    expect(res.statusCode).toBe(200);
    const { check } = res.json() as { check: PackageCheck };
    expect(check.gameId).toBe(id);
    expect(check.packageHash).toBe(sha256(zip));
    expect(check.report.status).toBe("warning");
    expect(check.report.outsideHosts).toEqual([
      { host: "cdn.example.com", scripts: ["https://cdn.example.com/engine.js"], files: [] },
    ]);
    expect(check.report.sdks).toEqual(["arcadium-v1"]);
    expect(check.report.initialDownload.bytes).toBe(OUTSIDE_INDEX.length + "draw();".length);
    expect(check.boot).toBeNull();
  });

  it("keeps a failing report without refusing the upload (1,501 files: within the upload's limit, over D132's)", async () => {
    const entries = [{ name: "index.html", data: '<script src="/sdk/v2.js"></script>' }];
    for (let i = 0; i < 1500; i++) entries.push({ name: `levels/${i}.json`, data: "{}" });
    const id = await upload(buildZip(entries));
    const { check } = (await getChecks(id)).json() as { check: PackageCheck };
    expect(check.report.status).toBe("fail");
    expect(check.report.findings.find((f) => f.id === "file-count")).toMatchObject({
      status: "fail",
      message: "The package has more than 1,500 files (the most allowed).",
    });
    const listed = await t().app.inject({
      method: "GET",
      url: "/api/admin/games?search=Checked",
      cookies: admin.cookies,
    });
    expect(listed.statusCode).toBe(200);
  });

  it("answers null for a game without a report, and 404 for no game", async () => {
    const game = await insertGame(t());
    expect((await getChecks(game.id)).json()).toEqual({ check: null });
    expect((await getChecks(2_000_000_000)).statusCode).toBe(404);
  });

  it("keeps the boot test with the report of the package it names, with who ran it", async () => {
    const zip = buildZip([{ name: "index.html", data: '<script src="/sdk/v2.js"></script>' }]);
    const id = await upload(zip);
    const res = await postBoot(id, bootBody(sha256(zip), { errors: ["Uncaught TypeError: x is undefined"] }));
    expect(res.statusCode, res.body).toBe(200);
    const { check } = (await getChecks(id)).json() as { check: PackageCheck };
    expect(check.boot).toMatchObject({
      started: true,
      firstFrameMs: 120,
      gameplayStartMs: 450,
      errors: ["Uncaught TypeError: x is undefined"],
      picture: "data:image/jpeg;base64,/9j/AAAA",
      ranBy: "checker_admin",
    });
    // a package hash this game has no report of is not found, even if another game has it
    const other = await insertGame(t());
    expect((await postBoot(other.id, bootBody(sha256(zip)))).statusCode).toBe(404);
  });

  it("refuses boot results that are too big or malformed", async () => {
    const zip = buildZip([{ name: "index.html", data: "<canvas></canvas>" }]);
    const id = await upload(zip);
    const hash = sha256(zip);
    const tooMany = Array.from({ length: 21 }, (_, i) => `error ${i}`);
    expect((await postBoot(id, bootBody(hash, { errors: tooMany }))).statusCode).toBe(400);
    expect((await postBoot(id, bootBody(hash, { errors: ["x".repeat(301)] }))).statusCode).toBe(400);
    const bigPicture = `data:image/jpeg;base64,${"A".repeat(200 * 1024)}`;
    expect((await postBoot(id, bootBody(hash, { picture: bigPicture }))).statusCode).toBe(400);
    expect((await postBoot(id, bootBody(hash, { picture: "javascript:alert(1)" }))).statusCode).toBe(400);
    expect((await postBoot(id, bootBody(hash, { firstFrameMs: 20_001 }))).statusCode).toBe(400);
    expect((await postBoot(id, { ...bootBody(hash), packageHash: "nope" })).statusCode).toBe(400);
    const { check } = (await getChecks(id)).json() as { check: PackageCheck };
    expect(check.boot).toBeNull();
  });

  it("is for admins only", async () => {
    const game = await insertGame(t());
    expect((await getChecks(game.id, player)).statusCode).toBe(403);
    expect((await postBoot(game.id, bootBody("a".repeat(64)), player)).statusCode).toBe(403);
    expect((await t().app.inject({ method: "GET", url: `/api/admin/games/${game.id}/checks` })).statusCode).toBe(401);
  });
});
