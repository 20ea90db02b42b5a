import { expect, it } from "vitest";
import { playStartedAgo, uploadHouseAd } from "../../../test/ads";
import { insertGame } from "../../../test/factories";
import { asAdmin, createUserWithSession, describeEachDatabase } from "../../../test/test-app";

describeEachDatabase("a game's ads switch (D153)", (t) => {
  const { admin, req } = asAdmin(t);
  const ask = (gameId: number, playId: string, placement: string) =>
    t().app.inject({ method: "POST", url: `/api/games/${gameId}/ads`, payload: { playId, placement } });

  it("is on by default; off, the game's page gets no ad and says why, and the other settings stay", async () => {
    const game = await insertGame(t());
    const other = await insertGame(t());
    expect((await req("GET", `/api/admin/games/${game.id}/ads`)).json()).toEqual({ adsOn: true });

    // the switch before any ad settings were saved keeps their defaults
    const off = await req("PUT", `/api/admin/games/${game.id}/ads`, { adsOn: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ adsOn: false });
    expect((await req("GET", "/api/admin/ads")).json().settings).toMatchObject({
      provider: "none",
      minSecondsBetweenAds: 120,
      gamesOff: [game.id],
    });

    await req("PATCH", "/api/admin/ads/settings", { provider: "house", minSecondsBetweenAds: 30 });
    await uploadHouseAd(t, admin().cookies);
    await req("PUT", `/api/admin/games/${other.id}/ads`, { adsOn: false });
    await req("PUT", `/api/admin/games/${other.id}/ads`, { adsOn: false }); // twice is once
    expect((await req("GET", "/api/admin/ads")).json().settings).toMatchObject({
      provider: "house",
      minSecondsBetweenAds: 30,
      gamesOff: [game.id, other.id].sort((a, b) => a - b),
    });

    const play = await playStartedAgo(t, game.id, 600);
    expect((await ask(game.id, play.id, "next")).json()).toEqual({
      show: false,
      placement: "next",
      reason: "game_off",
      granted: false,
    });
    expect((await ask(game.id, play.id, "reward")).json()).toMatchObject({ show: false, reason: "game_off" });

    // on again: the same play is shown an ad
    expect((await req("PUT", `/api/admin/games/${game.id}/ads`, { adsOn: true })).json()).toEqual({ adsOn: true });
    expect((await req("GET", `/api/admin/games/${game.id}/ads`)).json()).toEqual({ adsOn: true });
    expect((await ask(game.id, play.id, "next")).json()).toMatchObject({ show: true });
    expect((await req("GET", "/api/admin/ads")).json().settings.gamesOff).toEqual([other.id]);

    await req("PUT", `/api/admin/games/${other.id}/ads`, { adsOn: true });
    await req("PATCH", "/api/admin/ads/settings", { provider: "none", minSecondsBetweenAds: 120 });
  });

  it("answers 404 for a game that does not exist and 400 for a bad body", async () => {
    expect((await req("GET", "/api/admin/games/2147480000/ads")).statusCode).toBe(404);
    expect((await req("PUT", "/api/admin/games/2147480000/ads", { adsOn: false })).statusCode).toBe(404);
    const game = await insertGame(t());
    const bad = await req("PUT", `/api/admin/games/${game.id}/ads`, { adsOn: "no" });
    expect(bad.statusCode).toBe(400);
  });

  it("is for admins only, by the admin guard", async () => {
    for (const method of ["GET", "PUT"]) {
      const entry = t().app.adminRouteTable.find((r) => r.method === method && r.url === "/api/admin/games/:id/ads");
      expect(entry, method).toMatchObject({ guarded: true, moderators: false });
    }
    const game = await insertGame(t());
    const player = await createUserWithSession(t());
    const put = { method: "PUT" as const, url: `/api/admin/games/${game.id}/ads`, payload: { adsOn: false } };
    expect((await t().app.inject({ ...put, cookies: player.cookies })).statusCode).toBe(403);
    expect((await t().app.inject(put)).statusCode).toBe(401);
    expect((await req("GET", `/api/admin/games/${game.id}/ads`)).json()).toEqual({ adsOn: true });
  });
});
