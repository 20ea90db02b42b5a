import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { newGame } from "../../../test/scores";
import { asAdmin, createUserWithSession, describeEachDatabase } from "../../../test/test-app";
import { gameAchievementsTable } from "../../db/schema";

describeEachDatabase("a game's achievements in the CMS (D78)", (t) => {
  const { req, admin } = asAdmin(t);
  const put = (url: string, payload: object) =>
    t().app.inject({ method: "PUT", url, cookies: admin().cookies, payload });
  const list = async (gameId: number) => {
    const res = await t().app.inject({ method: "GET", url: `/api/games/${gameId}/achievements` });
    expect(res.statusCode).toBe(200);
    return res.json() as { key: string }[];
  };

  it("is guarded: 401 signed out, 403 for a player", async () => {
    const g = await newGame(t(), "Ach Guard");
    const player = await createUserWithSession(t());
    const url = `/api/admin/games/${g.id}/achievements`;
    expect((await t().app.inject({ method: "GET", url })).statusCode).toBe(401);
    expect((await t().app.inject({ method: "POST", url, payload: { key: "a", title: "A" } })).statusCode).toBe(401);
    expect((await t().app.inject({ method: "GET", url, cookies: player.cookies })).statusCode).toBe(403);
    expect(
      (await t().app.inject({ method: "POST", url, cookies: player.cookies, payload: { key: "a", title: "A" } }))
        .statusCode,
    ).toBe(403);
    expect(
      await t().database.db.select().from(gameAchievementsTable).where(eq(gameAchievementsTable.gameId, g.id)),
    ).toEqual([]);
  });

  it("lists, adds, edits, reorders and deletes; validates bodies", async () => {
    const g = await newGame(t(), "Ach CMS");
    const url = `/api/admin/games/${g.id}/achievements`;
    const a = await req("POST", url, { key: "alpha", title: "Alpha", description: "First" });
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json()).toMatchObject({
      key: "alpha",
      title: "Alpha",
      description: "First",
      hidden: false,
      iconUrl: null,
      sortOrder: 0,
      unlocks: 0,
    });
    const b = await req("POST", url, { key: "beta", title: "Beta", hidden: true, iconUrl: "/uploads/images/b.webp" });
    expect(b.json()).toMatchObject({ sortOrder: 1, hidden: true, iconUrl: "/uploads/images/b.webp" });
    expect((await req("POST", url, { key: "alpha", title: "Again" })).statusCode).toBe(409);
    expect((await req("POST", url, { key: "Bad Key", title: "x" })).statusCode).toBe(400);
    expect((await req("POST", url, { key: "ok", title: "" })).statusCode).toBe(400);
    expect((await req("POST", url, { key: "ok", title: "t", iconUrl: "javascript:alert(1)" })).statusCode).toBe(400);
    expect((await req("POST", `/api/admin/games/999999/achievements`, { key: "ok", title: "t" })).statusCode).toBe(404);

    const edited = await req("PATCH", `${url}/${a.json().id}`, { title: "Alpha 2", hidden: true });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: a.json().id, key: "alpha", title: "Alpha 2", hidden: true });
    expect((await req("PATCH", `${url}/${a.json().id}`, { key: "beta" })).statusCode).toBe(409);
    expect((await req("PATCH", `${url}/${a.json().id}`, { unknown: 1 })).statusCode).toBe(400);
    expect((await req("PATCH", `${url}/${a.json().id}`, {})).json()).toMatchObject({ title: "Alpha 2" });
    expect((await req("PATCH", `${url}/999999`, { title: "x" })).statusCode).toBe(404);

    const reordered = await put(`${url}/order`, { ids: [b.json().id, a.json().id] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().map((x: { key: string }) => x.key)).toEqual(["beta", "alpha"]);
    expect((await put(`${url}/order`, { ids: [b.json().id] })).statusCode).toBe(400);
    expect((await list(g.id)).map((x) => x.key)).toEqual(["beta", "alpha"]);

    expect((await req("DELETE", `${url}/${a.json().id}`)).statusCode).toBe(204);
    expect((await req("DELETE", `${url}/${a.json().id}`)).statusCode).toBe(404);
    const other = await newGame(t(), "Ach CMS other");
    expect((await req("DELETE", `/api/admin/games/${other.id}/achievements/${b.json().id}`)).statusCode).toBe(404);
    expect((await req("GET", url)).json().map((x: { key: string }) => x.key)).toEqual(["beta"]);
  });

  it("allows at most 50 achievements per game", async () => {
    const g = await newGame(t(), "Ach Many");
    const url = `/api/admin/games/${g.id}/achievements`;
    for (let i = 0; i < 50; i++)
      expect((await req("POST", url, { key: `k${i}`, title: `K${i}` })).statusCode).toBe(201);
    expect((await req("POST", url, { key: "k50", title: "K50" })).statusCode).toBe(400);
  });
});
