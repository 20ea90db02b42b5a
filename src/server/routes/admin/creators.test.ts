import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { insertGame } from "../../../test/factories";
import { createUserWithSession, describeEachDatabase } from "../../../test/test-app";
import { buildZip, multipart } from "../../../test/uploads";
import { gameBuildsTable } from "../../db/schema";

type Session = Awaited<ReturnType<typeof createUserWithSession>>;

const zipOf = (text: string) => buildZip([{ name: "index.html", data: `<!doctype html><p>${text}</p>` }]);

describeEachDatabase("admin: a game's creators and builds (D130, D131)", (t) => {
  let admin: Session;
  let creator: Session;
  beforeAll(async () => {
    admin = await createUserWithSession(t(), { role: "admin" });
    creator = await createUserWithSession(t(), { role: "creator" });
  });
  const call = (who: Session, method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
    t().app.inject({ method, url, cookies: who.cookies, ...(payload ? { payload } : {}) });
  const upload = (who: Session, gameId: number, text: string, notes = "") =>
    t().app.inject({
      method: "POST",
      url: `/api/admin/games/${gameId}/builds`,
      cookies: who.cookies,
      ...multipart(
        { notes },
        { field: "package", filename: "game.zip", content: zipOf(text), type: "application/zip" },
      ),
    });
  const frame = async (id: number) => (await t().gamesApp.inject({ method: "GET", url: `/game-frame/${id}/` })).body;

  it("adds and removes a game's creators, who then see it in their studio", async () => {
    const game = await insertGame(t());
    const added = await call(admin, "POST", `/api/admin/games/${game.id}/creators`, {
      username: creator.user.username,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().map((c: { id: number }) => c.id)).toEqual([creator.user.id]);
    const studio = (await call(creator, "GET", "/api/studio/games")).json() as Array<{ id: number }>;
    expect(studio.map((g) => g.id)).toContain(game.id);

    const player = await createUserWithSession(t());
    const refused = await call(admin, "POST", `/api/admin/games/${game.id}/creators`, { userId: player.user.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/Only creators/);
    expect(
      (await call(admin, "POST", `/api/admin/games/${game.id}/creators`, { username: "nobody-here" })).statusCode,
    ).toBe(404);

    const removed = await call(admin, "DELETE", `/api/admin/games/${game.id}/creators/${creator.user.id}`);
    expect(removed.json()).toEqual([]);
    expect((await call(creator, "GET", `/api/studio/games/${game.id}/builds`)).statusCode).toBe(404);
  });

  it("uploads builds to an existing game, numbers them and rolls back", async () => {
    const game = await insertGame(t());
    for (const n of [1, 2]) {
      const res = await upload(admin, game.id, `admin build ${n}`, `notes ${n}`);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({ gameId: game.id, number: n });
    }
    expect(await frame(game.id)).toContain("admin build 2");
    const back = await call(admin, "POST", `/api/admin/games/${game.id}/builds/1/live`);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().builds.map((b: { number: number; live: boolean }) => [b.number, b.live])).toEqual([
      [2, false],
      [1, true],
    ]);
    expect(await frame(game.id)).toContain("admin build 1");
    const preview = await call(admin, "GET", `/api/admin/games/${game.id}/builds/2/preview`);
    const page = await t().gamesApp.inject({ method: "GET", url: new URL(preview.json().url).pathname });
    expect(page.body).toContain("admin build 2");
    const rows = await t().database.db.select().from(gameBuildsTable).where(eq(gameBuildsTable.gameId, game.id));
    expect(rows.every((r) => r.uploadedBy === admin.user.id)).toBe(true);
  });

  it("refuses a feed or embed game's upload: it has no package", async () => {
    const game = await insertGame(t(), { externalUrl: "https://example.test/game/", hasPackage: false });
    const res = await upload(admin, game.id, "not for an embed");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/outside address/);
  });

  it("refuses these routes to players, creators and moderators", async () => {
    const game = await insertGame(t());
    const moderator = await createUserWithSession(t(), { role: "moderator" });
    const player = await createUserWithSession(t());
    for (const who of [player, creator, moderator]) {
      for (const [method, url] of [
        ["GET", "/api/admin/creator-applications"],
        ["GET", `/api/admin/games/${game.id}/creators`],
        ["POST", `/api/admin/games/${game.id}/creators`],
        ["GET", `/api/admin/games/${game.id}/builds`],
        ["POST", `/api/admin/games/${game.id}/builds/1/live`],
        ["GET", `/api/admin/games/${game.id}/builds/1/preview`],
      ] as const)
        expect((await call(who, method, url, method === "POST" ? { userId: who.user.id } : undefined)).statusCode).toBe(
          403,
        );
      expect((await upload(who, game.id, "nope")).statusCode).toBe(403);
    }
  });
});
