import { and, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { createUserWithSession, describeEachDatabase } from "../../../test/test-app";
import { buildZip, multipart } from "../../../test/uploads";
import { gameBuildsTable, gamesTable, notificationsTable } from "../../db/schema";
import { publishDueBuilds } from "../../services/build-publishing";
import { openFileStore } from "../../services/open-file-store";
import type { PlayerHub } from "../../services/player-hub";

type Session = Awaited<ReturnType<typeof createUserWithSession>>;

const zipOf = (text: string) => buildZip([{ name: "index.html", data: `<!doctype html><title>${text}</title>` }]);

describeEachDatabase("the review of builds (D133)", (t) => {
  let admin: Session;
  let creator: Session;
  let other: Session;
  let player: Session;
  let moderator: Session;
  beforeAll(async () => {
    admin = await createUserWithSession(t(), { role: "admin" });
    creator = await createUserWithSession(t(), { role: "creator" });
    other = await createUserWithSession(t(), { role: "creator" });
    player = await createUserWithSession(t());
    moderator = await createUserWithSession(t(), { role: "moderator" });
  });
  const call = (who: Session | null, method: "GET" | "POST", url: string, payload?: object) =>
    t().app.inject({ method, url, ...(who ? { cookies: who.cookies } : {}), ...(payload ? { payload } : {}) });
  const upload = async (url: string, fields: Record<string, string>, text: string) => {
    const res = await t().app.inject({
      method: "POST",
      url,
      cookies: creator.cookies,
      ...multipart(fields, { field: "package", filename: "game.zip", content: zipOf(text), type: "application/zip" }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { gameId: number; number: number };
  };
  const newGame = (title: string) =>
    upload("/api/studio/games", { title, description: "A review test", notes: "first" }, `${title} one`);
  const frame = async (id: number) => (await t().gamesApp.inject({ method: "GET", url: `/game-frame/${id}/` })).body;
  const state = async (gameId: number, number: number) => {
    const [row] = await t()
      .database.db.select()
      .from(gameBuildsTable)
      .where(and(eq(gameBuildsTable.gameId, gameId), eq(gameBuildsTable.number, number)));
    return row;
  };
  const reviewNotices = async (userId: number, gameId: number) =>
    (
      await t()
        .database.db.select({ data: notificationsTable.data })
        .from(notificationsTable)
        .where(and(eq(notificationsTable.userId, userId), eq(notificationsTable.kind, "build_review")))
        .orderBy(notificationsTable.id)
    )
      .map((r) => r.data as { gameId?: number; text?: string })
      .filter((d) => d.gameId === gameId)
      .map((d) => d.text);

  it("keeps a creator's upload as a draft, sends it back with notes, then approves it live", async () => {
    const { gameId } = await newGame("Reviewed");
    expect(await state(gameId, 1)).toMatchObject({ reviewState: "draft", publishedAt: null });
    const sent = await call(creator, "POST", `/api/studio/games/${gameId}/builds/1/submit`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().builds[0].review).toMatchObject({ state: "submitted", notes: null });
    // submitting twice is a conflict
    expect((await call(creator, "POST", `/api/studio/games/${gameId}/builds/1/submit`)).statusCode).toBe(409);

    const queue = (await call(admin, "GET", "/api/admin/build-reviews")).json() as Array<{
      game: { id: number };
      number: number;
      state: string;
    }>;
    expect(queue.find((b) => b.game.id === gameId)).toMatchObject({ number: 1, state: "submitted" });

    expect((await call(admin, "POST", `/api/admin/build-reviews/${gameId}/1/changes`, { notes: " " })).statusCode).toBe(
      400,
    );
    const back = await call(admin, "POST", `/api/admin/build-reviews/${gameId}/1/changes`, {
      notes: "The title screen is blank",
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await state(gameId, 1)).toMatchObject({
      reviewState: "changes_requested",
      reviewNotes: "The title screen is blank",
      reviewedBy: admin.user.id,
    });
    const listed = (await call(creator, "GET", `/api/studio/games/${gameId}/builds`)).json();
    expect(listed.builds[0].review).toMatchObject({ state: "changes_requested", notes: "The title screen is blank" });
    expect(await reviewNotices(creator.user.id, gameId)).toEqual(["build 1 needs changes: The title screen is blank"]);

    // build 2 is a draft beside the hidden game's build 1; submitted and approved now, it is live and shown
    const { number } = await upload(`/api/studio/games/${gameId}/builds`, { notes: "fixed" }, "Reviewed two");
    expect(number).toBe(2);
    expect(await frame(gameId)).toContain("Reviewed one");
    await call(creator, "POST", `/api/studio/games/${gameId}/builds/2/submit`);
    const approved = await call(admin, "POST", `/api/admin/build-reviews/${gameId}/2/approve`, {});
    expect(approved.json()).toEqual({ state: "live" });
    expect(await frame(gameId)).toContain("Reviewed two");
    const [game] = await t().database.db.select().from(gamesTable).where(eq(gamesTable.id, gameId));
    expect(game).toMatchObject({ liveBuild: 2, hiddenReason: null });
    expect(await state(gameId, 2)).toMatchObject({ reviewState: "live", publishedBy: admin.user.id });
    expect(await reviewNotices(creator.user.id, gameId)).toEqual([
      "build 1 needs changes: The title screen is blank",
      "build 2 is live",
    ]);

    // the creator may not make live a build that never passed review; an admin may (publishing directly)
    expect((await call(creator, "POST", `/api/studio/games/${gameId}/builds/1/live`)).statusCode).toBe(409);
    expect(await frame(gameId)).toContain("Reviewed two");
    const direct = await call(admin, "POST", `/api/admin/games/${gameId}/builds/1/live`);
    expect(direct.statusCode, direct.body).toBe(200);
    expect(await state(gameId, 1)).toMatchObject({ reviewState: "live", publishedBy: admin.user.id });
    // and now the creator can roll forward and back between published builds
    expect((await call(creator, "POST", `/api/studio/games/${gameId}/builds/2/live`)).statusCode).toBe(200);
    expect(await frame(gameId)).toContain("Reviewed two");
  });

  it("approves for a later time, and the job publishes it when the time has come", async () => {
    const { gameId } = await newGame("Scheduled");
    await call(creator, "POST", `/api/studio/games/${gameId}/builds/1/submit`);
    const at = new Date(Date.now() + 60 * 60 * 1000);
    const res = await call(admin, "POST", `/api/admin/build-reviews/${gameId}/1/approve`, {
      publishAt: at.toISOString(),
    });
    expect(res.json()).toEqual({ state: "approved" });
    expect(await state(gameId, 1)).toMatchObject({ reviewState: "approved", publishAt: at });
    const deps = {
      db: t().database.db,
      playerHub: { publish: async () => {} } as unknown as PlayerHub,
      site: { dataDir: t().config.dataDir, files: openFileStore(t().config) },
    };
    expect(await publishDueBuilds(deps, new Date(at.getTime() - 1000))).toBe(0);
    expect((await state(gameId, 1)).reviewState).toBe("approved");
    expect(await publishDueBuilds(deps, at)).toBeGreaterThanOrEqual(1);
    expect(await state(gameId, 1)).toMatchObject({ reviewState: "live", publishedBy: null });
    const [game] = await t().database.db.select().from(gamesTable).where(eq(gamesTable.id, gameId));
    expect(game.hiddenReason).toBeNull();
    expect(await reviewNotices(creator.user.id, gameId)).toEqual([
      `build 1 is approved and goes live on ${at.toISOString().slice(0, 16).replace("T", " ")} UTC`,
      "build 1 is live",
    ]);
  });

  it("refuses bad input and steps the build's state does not allow", async () => {
    const { gameId } = await newGame("Strict");
    // a draft cannot be approved or sent back
    expect((await call(admin, "POST", `/api/admin/build-reviews/${gameId}/1/approve`, {})).statusCode).toBe(409);
    expect((await call(admin, "POST", `/api/admin/build-reviews/${gameId}/1/changes`, { notes: "x" })).statusCode).toBe(
      409,
    );
    await call(creator, "POST", `/api/studio/games/${gameId}/builds/1/submit`);
    expect(
      (await call(admin, "POST", `/api/admin/build-reviews/${gameId}/1/approve`, { publishAt: "tomorrow" })).statusCode,
    ).toBe(400);
    expect(
      (await call(admin, "POST", `/api/admin/build-reviews/${gameId}/1/changes`, { notes: "x".repeat(2001) }))
        .statusCode,
    ).toBe(400);
    expect((await call(admin, "POST", `/api/admin/build-reviews/${gameId}/9/approve`, {})).statusCode).toBe(404);
    expect((await state(gameId, 1)).reviewState).toBe("submitted");
  });

  it("refuses the queue and its steps to a signed-out visitor, a player, a creator and a moderator", async () => {
    const { gameId } = await newGame("Probed");
    await call(creator, "POST", `/api/studio/games/${gameId}/builds/1/submit`);
    const routes: Array<["GET" | "POST", string, object?]> = [
      ["GET", "/api/admin/build-reviews"],
      ["POST", `/api/admin/build-reviews/${gameId}/1/changes`, { notes: "no" }],
      ["POST", `/api/admin/build-reviews/${gameId}/1/approve`, {}],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(null, method, url, body)).statusCode, `${url} signed out`).toBe(401);
      for (const [who, name] of [
        [player, "player"],
        [creator, "creator"],
        [other, "other creator"],
        [moderator, "moderator"],
      ] as const)
        expect((await call(who, method, url, body)).statusCode, `${url} ${name}`).toBe(403);
    }
    // another creator cannot submit, and the game's creator cannot approve through the studio
    expect((await call(other, "POST", `/api/studio/games/${gameId}/builds/1/submit`)).statusCode).toBe(404);
    expect((await state(gameId, 1)).reviewState).toBe("submitted");
  });
});
