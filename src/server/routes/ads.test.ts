import { expect, it } from "vitest";
import { playStartedAgo, uploadHouseAd } from "../../test/ads";
import { insertGame } from "../../test/factories";
import { asAdmin, createUserWithSession, describeEachDatabase } from "../../test/test-app";
import { adCspSources } from "../services/ads/providers";

describeEachDatabase("ads API (D151–D153)", (t) => {
  const { admin, req } = asAdmin(t);
  const ask = (gameId: number, playId: string, placement: string) =>
    t().app.inject({ method: "POST", url: `/api/games/${gameId}/ads`, payload: { playId, placement } });
  const setAds = (patch: object) => req("PATCH", "/api/admin/ads/settings", patch);
  const schoolMode = (on: boolean) => req("PATCH", "/api/admin/settings", { site: { school_mode: String(on) } });
  const stats = async (gameId: number) =>
    ((await req("GET", "/api/admin/ads")).json().stats as Array<Record<string, number | string>>).filter(
      (r) => r.gameId === gameId,
    );

  it("answers no ad without a provider, and grants a reward as set", async () => {
    const game = await insertGame(t());
    const play = await playStartedAgo(t, game.id, 600);
    const res = await ask(game.id, play.id, "preroll");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ show: false, placement: "preroll", reason: "no_provider", granted: false });
    expect((await ask(game.id, play.id, "reward")).json()).toMatchObject({ show: false, granted: true });
    await setAds({ rewardWhenOff: "refuse" });
    expect((await ask(game.id, play.id, "reward")).json()).toMatchObject({ show: false, granted: false });
    await setAds({ rewardWhenOff: "grant" });
  });

  it("shows a house ad once the session is a minute old, then not again for 120 s, and counts it", async () => {
    await setAds({ provider: "house" });
    const ad = (await uploadHouseAd(t, admin().cookies)).json();
    const game = await insertGame(t());
    const young = await playStartedAgo(t, game.id, 10);
    expect((await ask(game.id, young.id, "start")).json()).toMatchObject({ show: false, reason: "too_soon" });

    const play = await playStartedAgo(t, game.id, 600);
    const shown = await ask(game.id, play.id, "next");
    expect(shown.json()).toEqual({
      show: true,
      placement: "next",
      ad: { provider: "house", id: ad.id, kind: "image", mediaUrl: ad.mediaUrl, link: ad.link, title: ad.title },
    });
    expect((await ask(game.id, play.id, "next")).json()).toMatchObject({ show: false, reason: "frequency" });
    // a rewarded ad is the player's choice: shown inside the cap
    expect((await ask(game.id, play.id, "reward")).json()).toMatchObject({ show: true, placement: "reward" });

    const report = (event: string, placement: string) =>
      t().app.inject({
        method: "POST",
        url: `/api/games/${game.id}/ads/events`,
        payload: { playId: play.id, placement, event },
      });
    expect((await report("click", "next")).statusCode).toBe(204);
    expect((await report("dismissal", "next")).statusCode).toBe(204);
    expect((await report("reward", "reward")).statusCode).toBe(204);
    expect((await report("impression", "next")).statusCode).toBe(400); // the server counts those itself
    const rows = await stats(game.id);
    expect(rows.find((r) => r.placement === "next")).toMatchObject({ impressions: 1, clicks: 1, dismissals: 1 });
    expect(rows.find((r) => r.placement === "reward")).toMatchObject({ impressions: 1, rewards: 1 });
    await req("DELETE", `/api/admin/ads/house/${ad.id}`);
  });

  it("counts a no-fill when the provider has nothing to show", async () => {
    await setAds({ provider: "house" });
    const game = await insertGame(t());
    const play = await playStartedAgo(t, game.id, 600);
    expect((await ask(game.id, play.id, "pause")).json()).toMatchObject({ show: false, reason: "no_fill" });
    expect((await stats(game.id))[0]).toMatchObject({ placement: "pause", noFills: 1, impressions: 0 });
  });

  it("shows nothing in school mode or on a game switched off", async () => {
    await setAds({ provider: "house" });
    const ad = (await uploadHouseAd(t, admin().cookies)).json();
    const game = await insertGame(t());
    const play = await playStartedAgo(t, game.id, 600);
    await schoolMode(true);
    try {
      expect((await ask(game.id, play.id, "next")).json()).toMatchObject({ show: false, reason: "school_mode" });
      expect((await ask(game.id, play.id, "reward")).json()).toMatchObject({ reason: "school_mode", granted: true });
    } finally {
      await schoolMode(false);
    }
    await setAds({ gamesOff: [game.id] });
    expect((await ask(game.id, play.id, "next")).json()).toMatchObject({ show: false, reason: "game_off" });
    await setAds({ gamesOff: [] });
    await req("DELETE", `/api/admin/ads/house/${ad.id}`);
  });

  it("never takes another game's play or another player's", async () => {
    const game = await insertGame(t());
    const other = await insertGame(t());
    const play = await playStartedAgo(t, game.id, 600);
    expect((await ask(other.id, play.id, "next")).statusCode).toBe(404);
    const player = await createUserWithSession(t());
    const someoneElse = await createUserWithSession(t());
    const theirs = await playStartedAgo(t, game.id, 600);
    await t().database.db.execute(
      (await import("drizzle-orm")).sql`update plays set user_id = ${someoneElse.user.id} where id = ${theirs.id}`,
    );
    const res = await t().app.inject({
      method: "POST",
      url: `/api/games/${game.id}/ads`,
      cookies: player.cookies,
      payload: { playId: theirs.id, placement: "next" },
    });
    expect(res.statusCode).toBe(404);
    expect((await ask(game.id, play.id, "midroll")).statusCode).toBe(400);
  });

  it("keeps the CSP exactly as without ads while the provider serves from the site (house ads)", async () => {
    await setAds({ provider: "none" });
    const before = (await t().app.inject({ method: "GET", url: "/healthz" })).headers["content-security-policy"];
    await setAds({ provider: "house" });
    const after = (await t().app.inject({ method: "GET", url: "/healthz" })).headers["content-security-policy"];
    expect(after).toBe(before);
    expect(String(after)).toContain("default-src 'self'");
    const settings = (await req("GET", "/api/admin/ads")).json().settings;
    expect(adCspSources({ ...settings, provider: "house" })).toEqual({});
    expect(adCspSources({ ...settings, provider: "none" })).toEqual({});
    await setAds({ provider: "none" });
  });
});
