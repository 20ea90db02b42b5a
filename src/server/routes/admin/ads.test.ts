import { expect, it } from "vitest";
import { HOUSE_AD_FIELDS, MP4_BYTES, pngBytes, uploadHouseAd } from "../../../test/ads";
import { insertGame } from "../../../test/factories";
import { asAdmin, createUserWithSession, describeEachDatabase } from "../../../test/test-app";

describeEachDatabase("admin ads API (D152, D153)", (t) => {
  const { admin, req } = asAdmin(t);

  it("answers the defaults: no provider, 60 s, 120 s, rewards granted", async () => {
    const res = await req("GET", "/api/admin/ads");
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toMatchObject({
      provider: "none",
      firstAdAfterSeconds: 60,
      minSecondsBetweenAds: 120,
      rewardWhenOff: "grant",
      gamesOff: [],
    });
  });

  it("saves the settings and refuses bad ones with a clear message", async () => {
    const game = await insertGame(t());
    const ok = await req("PATCH", "/api/admin/ads/settings", {
      provider: "house",
      firstAdAfterSeconds: 30,
      rewardWhenOff: "refuse",
      gamesOff: [game.id],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ provider: "house", firstAdAfterSeconds: 30, minSecondsBetweenAds: 120 });
    expect((await req("GET", "/api/admin/ads")).json().settings.gamesOff).toEqual([game.id]);

    const bad = await req("PATCH", "/api/admin/ads/settings", { provider: "adsense" });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("provider must be one of none, house, google, vast");
    const long = await req("PATCH", "/api/admin/ads/settings", { minSecondsBetweenAds: 99999 });
    expect(long.statusCode).toBe(400);
    const unknown = await req("PATCH", "/api/admin/ads/settings", { gamesOff: [2147480000] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain("No game has the id 2147480000");
    // what failed changed nothing
    expect((await req("GET", "/api/admin/ads")).json().settings.provider).toBe("house");
    await req("PATCH", "/api/admin/ads/settings", { provider: "none", firstAdAfterSeconds: 60, gamesOff: [] });
  });

  it("uploads an image ad, stored through images.ts and served from the site", async () => {
    const res = await uploadHouseAd(t, admin().cookies, { fields: { weight: "3", startsOn: "2026-01-01" } });
    expect(res.statusCode, res.body).toBe(201);
    const ad = res.json();
    expect(ad).toMatchObject({
      kind: "image",
      weight: 3,
      startsOn: "2026-01-01",
      endsOn: null,
      link: HOUSE_AD_FIELDS.link,
    });
    expect(ad.mediaUrl).toMatch(/^\/uploads\/images\/[0-9a-f]{32}\.webp$/);
    const file = await t().app.inject({ method: "GET", url: ad.mediaUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/webp");
    expect(file.headers["set-cookie"]).toBeUndefined();
  });

  it("uploads a video ad checked by its first bytes", async () => {
    const res = await uploadHouseAd(t, admin().cookies, { content: MP4_BYTES, type: "video/mp4", filename: "ad.mp4" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().mediaUrl).toMatch(/^\/uploads\/ads\/[0-9a-f]{32}\.mp4$/);
    const file = await t().app.inject({ method: "GET", url: res.json().mediaUrl });
    expect(file.headers["content-type"]).toBe("video/mp4");
  });

  it("refuses what is not an image or a video, a video that is not one, a bad link and bad dates", async () => {
    const before = (await req("GET", "/api/admin/ads")).json().houseAds.length;
    const pdf = await uploadHouseAd(t, admin().cookies, { content: Buffer.from("%PDF-1.4"), type: "application/pdf" });
    expect(pdf.statusCode).toBe(415);
    const fake = await uploadHouseAd(t, admin().cookies, {
      content: Buffer.from("not a film at all"),
      type: "video/mp4",
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe("This file is not an MP4 or WebM video");
    const link = await uploadHouseAd(t, admin().cookies, { fields: { link: "javascript:alert(1)" } });
    expect(link.statusCode).toBe(400);
    const dates = await uploadHouseAd(t, admin().cookies, { fields: { startsOn: "2026-05-02", endsOn: "2026-05-01" } });
    expect(dates.statusCode).toBe(400);
    expect(dates.json().message).toContain("end date");
    const big = await uploadHouseAd(t, admin().cookies, {
      content: Buffer.concat([await pngBytes(), Buffer.alloc(2.5 * 1024 * 1024)]),
    });
    expect(big.statusCode).toBe(400);
    expect((await req("GET", "/api/admin/ads")).json().houseAds).toHaveLength(before);
  });

  it("edits and deletes a house ad", async () => {
    const ad = (await uploadHouseAd(t, admin().cookies)).json();
    const edited = await req("PATCH", `/api/admin/ads/house/${ad.id}`, { weight: 10, endsOn: "2030-01-01" });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ weight: 10, endsOn: "2030-01-01" });
    expect((await req("DELETE", `/api/admin/ads/house/${ad.id}`)).statusCode).toBe(204);
    expect((await req("DELETE", `/api/admin/ads/house/${ad.id}`)).statusCode).toBe(404);
  });

  it("is for admins only", async () => {
    const player = await createUserWithSession(t());
    const res = await t().app.inject({ method: "GET", url: "/api/admin/ads", cookies: player.cookies });
    expect(res.statusCode).toBe(403);
    const upload = await uploadHouseAd(t, player.cookies);
    expect(upload.statusCode).toBe(403);
  });
});
