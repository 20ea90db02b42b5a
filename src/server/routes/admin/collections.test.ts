import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { asAdmin, createUserWithSession, describeEachDatabase } from "../../../test/test-app";
import { gamesTable } from "../../db/schema";

type Collection = {
  id: number;
  slug: string;
  title: string;
  description: string;
  imageUrl: string;
  sortOrder: number;
  gameCount: number;
};

describeEachDatabase("admin collections (D83)", (t) => {
  const { req } = asAdmin(t);
  const get = (url: string) => t().app.inject({ method: "GET", url });
  const collections = async () => (await get("/api/collections")).json() as Collection[];
  const builtinId = async (slug: string) =>
    (await t().database.db.select({ id: gamesTable.id }).from(gamesTable).where(eq(gamesTable.builtinSlug, slug)))[0]
      .id;

  it("D83: 401 without a session and 403 for a player on every collections route", async () => {
    const player = await createUserWithSession(t());
    const calls = [
      { method: "GET" as const, url: "/api/admin/collections" },
      { method: "POST" as const, url: "/api/admin/collections", payload: { title: "X", slug: "x" } },
      { method: "PATCH" as const, url: "/api/admin/collections/1", payload: { title: "X" } },
      { method: "DELETE" as const, url: "/api/admin/collections/1" },
    ];
    for (const call of calls) {
      expect((await t().app.inject(call)).statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(
        (await t().app.inject({ ...call, cookies: player.cookies })).statusCode,
        `${call.method} ${call.url}`,
      ).toBe(403);
    }
    expect((await collections()).map((c) => c.slug)).not.toContain("x");
  });

  it("D83: create, rename, describe, picture, order and delete; the public lists follow at once", async () => {
    await collections(); // cached now: the writes below must show anyway
    const created = await req("POST", "/api/admin/collections", {
      title: "Brain Teasers",
      slug: "brain-teasers",
      sortOrder: 0,
    });
    expect(created.statusCode, created.body).toBe(201);
    const c = created.json() as Collection;
    expect(c).toMatchObject({
      title: "Brain Teasers",
      slug: "brain-teasers",
      description: "",
      imageUrl: "",
      sortOrder: 0,
      gameCount: 0,
    });
    expect((await collections())[0].slug).toBe("brain-teasers");

    expect((await req("POST", "/api/admin/collections", { title: "Again", slug: "brain-teasers" })).statusCode).toBe(
      409,
    );
    const patched = await req("PATCH", `/api/admin/collections/${c.id}`, {
      title: "Puzzlers",
      description: "Think first.",
      imageUrl: "/uploads/images/puzzle.webp",
      sortOrder: 9,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      title: "Puzzlers",
      description: "Think first.",
      imageUrl: "/uploads/images/puzzle.webp",
      sortOrder: 9,
    });
    const list = await collections();
    expect(list[list.length - 1].title).toBe("Puzzlers");
    expect((await get("/api/collections/brain-teasers")).json().title).toBe("Puzzlers");
    expect((await req("PATCH", `/api/admin/collections/${c.id}`, { slug: "retro-arcade" })).statusCode).toBe(409);

    // a game tagged with it, then the collection deleted: the game stays
    const gameId = await builtinId("number-merge");
    const tagged = await req("PATCH", `/api/admin/games/${gameId}`, { collectionIds: [c.id] });
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect((await get("/api/collections/brain-teasers")).json().gameCount).toBe(1);
    expect((await req("DELETE", `/api/admin/collections/${c.id}`)).statusCode).toBe(204);
    expect((await get("/api/collections/brain-teasers")).statusCode).toBe(404);
    expect((await get(`/api/games/${gameId}`)).statusCode).toBe(200);
    expect((await req("DELETE", `/api/admin/collections/${c.id}`)).statusCode).toBe(404);
    expect((await req("PATCH", `/api/admin/collections/${c.id}`, { title: "Gone" })).statusCode).toBe(404);
  });

  it("D83: invalid collections are 400 with a message", async () => {
    const bad: object[] = [
      {},
      { title: "", slug: "ok" },
      { title: "Ok", slug: "Not A Slug" },
      { title: "Ok", slug: "ok", imageUrl: "javascript:alert(1)" },
      { title: "Ok", slug: "ok", sortOrder: 1.5 },
      { title: "x".repeat(61), slug: "ok" },
    ];
    for (const payload of bad) {
      const res = await req("POST", "/api/admin/collections", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof res.json().message).toBe("string");
    }
    expect((await req("PATCH", "/api/admin/collections/1", { title: " " })).statusCode).toBe(400);
  });

  it("D83: the admin list is every collection in order with its game count; moderators are refused; a malformed id is 400", async () => {
    const list = await req("GET", "/api/admin/collections");
    expect(list.statusCode).toBe(200);
    const rows = list.json() as Collection[];
    expect(rows.map((c) => c.slug)).toEqual((await collections()).map((c) => c.slug));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((c) => Number.isInteger(c.gameCount))).toBe(true);
    const moderator = await createUserWithSession(t(), { role: "moderator" });
    expect(
      (await t().app.inject({ method: "GET", url: "/api/admin/collections", cookies: moderator.cookies })).statusCode,
    ).toBe(403);
    expect((await req("PATCH", "/api/admin/collections/x", { title: "X" })).statusCode).toBe(400);
    expect((await req("DELETE", "/api/admin/collections/x")).statusCode).toBe(400);
  });
});
