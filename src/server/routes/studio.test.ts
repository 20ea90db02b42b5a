import fs from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { insertGame } from "../../test/factories";
import { createUserWithSession, describeEachDatabase, type TestApp } from "../../test/test-app";
import { buildZip, multipart } from "../../test/uploads";
import { gameBuildsTable, gameCreatorsTable, gamesTable, notificationsTable, usersTable } from "../db/schema";
import { previewPath } from "../services/game-builds";
import { secretBox } from "../services/secret-box";

type Session = Awaited<ReturnType<typeof createUserWithSession>>;

const zipOf = (text: string) =>
  buildZip([
    {
      name: "index.html",
      data: `<!doctype html><title>${text}</title><p>${text}</p><script src="js/game.js"></script>`,
    },
    { name: "js/game.js", data: `console.log(${JSON.stringify(text)});` },
  ]);

function studioHelpers(t: () => TestApp) {
  const call = (who: Session | null, method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
    t().app.inject({ method, url, ...(who ? { cookies: who.cookies } : {}), ...(payload ? { payload } : {}) });
  const uploadTo = (who: Session | null, url: string, fields: Record<string, string>, content: Buffer) =>
    t().app.inject({
      method: "POST",
      url,
      ...(who ? { cookies: who.cookies } : {}),
      ...multipart(fields, { field: "package", filename: "game.zip", content, type: "application/zip" }),
    });
  const newGame = async (who: Session, title: string, text = `${title} v1`) => {
    const res = await uploadTo(
      who,
      "/api/studio/games",
      { title, description: "Made in the studio", notes: "first" },
      zipOf(text),
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { gameId: number; number: number };
  };
  const frame = async (id: number) => (await t().gamesApp.inject({ method: "GET", url: `/game-frame/${id}/` })).body;
  let reviewer: Session | undefined;
  // D133: a creator's build goes live once they submit it and an admin approves it
  const passReview = async (creator: Session, gameId: number, number: number) => {
    reviewer ??= await createUserWithSession(t(), { role: "admin" });
    const sent = await call(creator, "POST", `/api/studio/games/${gameId}/builds/${number}/submit`);
    expect(sent.statusCode, sent.body).toBe(200);
    const approved = await call(reviewer, "POST", `/api/admin/build-reviews/${gameId}/${number}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
  };
  return { call, uploadTo, newGame, frame, passReview };
}

describeEachDatabase("creator applications (D130)", (t) => {
  const { call } = studioHelpers(t);
  let admin: Session;
  beforeAll(async () => {
    admin = await createUserWithSession(t(), { role: "admin" });
  });
  const form = { about: "Small puzzle games in TypeScript", link: "https://example.test/my-games" };

  it("lets a player apply once, and tells them when an admin approves", async () => {
    const player = await createUserWithSession(t());
    expect((await call(player, "GET", "/api/me/creator-application")).json()).toEqual({ application: null });
    const res = await call(player, "POST", "/api/me/creator-application", form);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ ...form, status: "pending", reason: null });
    const again = await call(player, "POST", "/api/me/creator-application", form);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already waiting/);

    const list = await call(admin, "GET", "/api/admin/creator-applications?status=pending");
    const mine = (list.json() as Array<{ id: number; user: { id: number } }>).find((a) => a.user.id === player.user.id);
    expect(mine).toBeDefined();
    const approve = await call(admin, "POST", `/api/admin/creator-applications/${mine!.id}/approve`);
    expect(approve.statusCode, approve.body).toBe(200);
    const [user] = await t().database.db.select().from(usersTable).where(eq(usersTable.id, player.user.id));
    expect(user.role).toBe("creator");
    const notes = await t()
      .database.db.select()
      .from(notificationsTable)
      .where(and(eq(notificationsTable.userId, player.user.id), eq(notificationsTable.kind, "creator_application")));
    expect(notes.map((n) => n.data)).toEqual([{ text: "approved", link: "/studio" }]);
    expect((await call(player, "GET", "/api/me/creator-application")).json().application.status).toBe("approved");
    // decided once only
    const twice = await call(admin, "POST", `/api/admin/creator-applications/${mine!.id}/decline`);
    expect(twice.statusCode).toBe(409);
    // a creator cannot apply again
    expect((await call(player, "POST", "/api/me/creator-application", form)).statusCode).toBe(409);
  });

  it("tells a declined player why, keeps them a player, and lets them apply again", async () => {
    const player = await createUserWithSession(t());
    const { id } = (await call(player, "POST", "/api/me/creator-application", form)).json();
    const res = await call(admin, "POST", `/api/admin/creator-applications/${id}/decline`, {
      reason: "Show us a game",
    });
    expect(res.statusCode, res.body).toBe(200);
    const [user] = await t().database.db.select().from(usersTable).where(eq(usersTable.id, player.user.id));
    expect(user.role).toBe("player");
    const [note] = await t()
      .database.db.select()
      .from(notificationsTable)
      .where(and(eq(notificationsTable.userId, player.user.id), eq(notificationsTable.kind, "creator_application")));
    expect(note.data).toEqual({ text: "Show us a game", link: "/settings" });
    expect((await call(player, "POST", "/api/me/creator-application", form)).statusCode).toBe(201);
  });

  it("refuses a bad form, a signed-out visitor, and a fourth application in a day", async () => {
    const player = await createUserWithSession(t());
    const bad = await call(player, "POST", "/api/me/creator-application", { ...form, link: "javascript:alert(1)" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("The link must start with http:// or https://");
    expect((await call(player, "POST", "/api/me/creator-application", { ...form, about: " " })).statusCode).toBe(400);
    expect((await call(null, "POST", "/api/me/creator-application", form)).statusCode).toBe(401);
    expect((await call(null, "GET", "/api/me/creator-application")).statusCode).toBe(401);
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await call(player, "POST", "/api/me/creator-application", form);
      codes.push(res.statusCode);
      if (res.statusCode === 201) await call(admin, "POST", `/api/admin/creator-applications/${res.json().id}/decline`);
    }
    expect(codes).toEqual([201, 201, 201, 429]);
  });

  it("refuses the applications queue to players, creators and moderators", async () => {
    for (const role of ["player", "creator", "moderator"] as const) {
      const who = await createUserWithSession(t(), { role });
      expect((await call(who, "GET", "/api/admin/creator-applications")).statusCode).toBe(403);
    }
  });
});

describeEachDatabase("the studio: games and builds (D130, D131)", (t) => {
  const { call, uploadTo, newGame, frame, passReview } = studioHelpers(t);
  let creator: Session;
  let other: Session;
  beforeAll(async () => {
    creator = await createUserWithSession(t(), { role: "creator" });
    other = await createUserWithSession(t(), { role: "creator" });
  });

  it("makes a creator's new game a hidden draft with build 1, listed in their studio only", async () => {
    const { gameId, number } = await newGame(creator, "Studio Made");
    expect(number).toBe(1);
    const [game] = await t().database.db.select().from(gamesTable).where(eq(gamesTable.id, gameId));
    expect(game).toMatchObject({ hiddenReason: "draft", liveBuild: 1, hasPackage: true });
    const mine = (await call(creator, "GET", "/api/studio/games")).json() as Array<{ id: number }>;
    expect(mine.map((g) => g.id)).toContain(gameId);
    const theirs = (await call(other, "GET", "/api/studio/games")).json() as Array<{ id: number }>;
    expect(theirs.map((g) => g.id)).not.toContain(gameId);
    expect((await call(null, "GET", `/api/games/${gameId}`)).statusCode).toBe(404);
  });

  it("numbers builds 1, 2, 3, keeps each whole, and rolls back in one step", async () => {
    const { gameId } = await newGame(creator, "Versions", "version one");
    await passReview(creator, gameId, 1);
    for (const n of [2, 3]) {
      const res = await uploadTo(
        creator,
        `/api/studio/games/${gameId}/builds`,
        { notes: `build ${n}` },
        zipOf(`version ${n}`),
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({ gameId, number: n });
      await passReview(creator, gameId, n);
    }
    expect(await frame(gameId)).toContain("version 3");
    const listed = (await call(creator, "GET", `/api/studio/games/${gameId}/builds`)).json();
    expect(listed.builds.map((b: { number: number; live: boolean }) => [b.number, b.live])).toEqual([
      [3, true],
      [2, false],
      [1, false],
    ]);
    expect(listed.builds[0]).toMatchObject({ notes: "build 3", files: 2, uploadedBy: { id: creator.user.id } });
    expect(listed.builds[0].bytes).toBeGreaterThan(0);

    const back = await call(creator, "POST", `/api/studio/games/${gameId}/builds/1/live`);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().game.liveBuild).toBe(1);
    expect(await frame(gameId)).toContain("version one");
    // the later builds are intact: making 3 live again serves it
    await call(creator, "POST", `/api/studio/games/${gameId}/builds/3/live`);
    expect(await frame(gameId)).toContain("version 3");
    expect((await call(creator, "POST", `/api/studio/games/${gameId}/builds/9/live`)).statusCode).toBe(404);
  });

  it("turns a game installed before builds into build 1 before its next upload", async () => {
    const game = await insertGame(t(), { hasPackage: true });
    const dir = path.join(t().config.dataDir, "games", String(game.id));
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, "index.html"), "<!doctype html><p>the old package</p>");
    await t().database.db.insert(gameCreatorsTable).values({ gameId: game.id, userId: creator.user.id });
    const res = await uploadTo(creator, `/api/studio/games/${game.id}/builds`, {}, zipOf("the new package"));
    expect(res.json()).toEqual({ gameId: game.id, number: 2 });
    const builds = await t()
      .database.db.select()
      .from(gameBuildsTable)
      .where(eq(gameBuildsTable.gameId, game.id))
      .orderBy(gameBuildsTable.number);
    expect(builds.map((b) => [b.number, b.uploadedBy, b.files])).toEqual([
      [1, null, 1],
      [2, creator.user.id, 2],
    ]);
    await call(creator, "POST", `/api/studio/games/${game.id}/builds/1/live`);
    expect(await frame(game.id)).toContain("the old package");
  });

  it("gives two uploads at once two numbers", async () => {
    const { gameId } = await newGame(creator, "Racing uploads");
    const results = await Promise.all(
      ["a", "b"].map((x) => uploadTo(creator, `/api/studio/games/${gameId}/builds`, {}, zipOf(`race ${x}`))),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(results.map((r) => r.json().number).sort()).toEqual([2, 3]);
  });

  it("refuses a broken package and leaves the builds as they were", async () => {
    const { gameId } = await newGame(creator, "Kept");
    const res = await uploadTo(
      creator,
      `/api/studio/games/${gameId}/builds`,
      {},
      buildZip([{ name: "readme.txt", data: "no index" }]),
    );
    expect(res.statusCode).toBe(400);
    const rows = await t().database.db.select().from(gameBuildsTable).where(eq(gameBuildsTable.gameId, gameId));
    expect(rows.map((b) => b.number)).toEqual([1]);
    expect(await frame(gameId)).toContain("Kept v1");
  });

  it("serves any build at its preview address, and nothing without a valid signature", async () => {
    const { gameId } = await newGame(creator, "Previewed", "preview one");
    await uploadTo(creator, `/api/studio/games/${gameId}/builds`, {}, zipOf("preview two"));
    await passReview(creator, gameId, 2);
    const res = await call(creator, "GET", `/api/studio/games/${gameId}/builds/1/preview`);
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json().url);
    const page = await t().gamesApp.inject({ method: "GET", url: url.pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("preview one");
    const script = await t().gamesApp.inject({ method: "GET", url: `${url.pathname}js/game.js` });
    expect(script.body).toContain("preview one");
    // the live game is build 2 all along
    expect(await frame(gameId)).toContain("preview two");

    const [, , id, number, token] = url.pathname.split("/");
    const forged = token.replace(/\.(.)/, (_m, c: string) => `.${c === "A" ? "B" : "A"}`);
    const refused = [
      `/build-preview/${id}/${number}/${forged}/`,
      `/build-preview/${id}/2/${token}/`, // signed for build 1 only
      `/build-preview/${gameId + 1}/${number}/${token}/`,
      `/build-preview/${id}/${number}/`,
    ];
    for (const address of refused)
      expect((await t().gamesApp.inject({ method: "GET", url: address })).statusCode, address).toBe(404);
    const key = await secretBox(t().config.twoStepKey).keyFor("build preview");
    const expired = previewPath(key, gameId, 1, Date.now() - 2 * 60 * 60 * 1000);
    expect((await t().gamesApp.inject({ method: "GET", url: expired })).statusCode).toBe(404);
  });

  it("refuses every studio route to a player, another creator, a moderator and a signed-out visitor", async () => {
    const { gameId } = await newGame(creator, "Guarded");
    const player = await createUserWithSession(t());
    const moderator = await createUserWithSession(t(), { role: "moderator" });
    const adminOnPlayerSession = await createUserWithSession(t(), { role: "admin", kind: "player" });
    const routes: Array<["GET" | "POST", string]> = [
      ["GET", "/api/studio/games"],
      ["POST", "/api/studio/games"],
      ["GET", `/api/studio/games/${gameId}/builds`],
      ["POST", `/api/studio/games/${gameId}/builds`],
      ["POST", `/api/studio/games/${gameId}/builds/1/live`],
      ["POST", `/api/studio/games/${gameId}/builds/1/submit`],
      ["GET", `/api/studio/games/${gameId}/builds/1/preview`],
    ];
    const probe = async (who: Session | null, method: "GET" | "POST", url: string) =>
      method === "POST" && (url.endsWith("/builds") || url === "/api/studio/games")
        ? uploadTo(who, url, { title: "Stolen", description: "x" }, zipOf("stolen"))
        : call(who, method, url);
    for (const [method, url] of routes) {
      expect((await probe(null, method, url)).statusCode, `${method} ${url} signed out`).toBe(401);
      expect((await probe(player, method, url)).statusCode, `${method} ${url} player`).toBe(403);
      expect((await probe(moderator, method, url)).statusCode, `${method} ${url} moderator`).toBe(403);
      expect((await probe(adminOnPlayerSession, method, url)).statusCode, `${method} ${url} admin`).toBe(403);
    }
    // another creator: their own list holds none of it, and every route of the game is 404 (as if it did not exist)
    for (const [method, url] of routes.filter(([, u]) => u.includes(`/${gameId}/`)))
      expect((await probe(other, method, url)).statusCode, `${method} ${url} other creator`).toBe(404);
    const builds = await t().database.db.select().from(gameBuildsTable).where(eq(gameBuildsTable.gameId, gameId));
    expect(builds.map((b) => [b.number, b.reviewState])).toEqual([[1, "draft"]]);
    expect(await frame(gameId)).toContain("Guarded v1");
  });

  it("lets an admin on a staff session use any game's studio routes", async () => {
    const { gameId } = await newGame(creator, "Admin visits");
    const admin = await createUserWithSession(t(), { role: "admin" });
    expect((await call(admin, "GET", `/api/studio/games/${gameId}/builds`)).statusCode).toBe(200);
    expect((await call(admin, "POST", `/api/studio/games/${gameId}/builds/1/live`)).statusCode).toBe(200);
  });
});
