import { expect, it } from "vitest";
import { playStartedAgo } from "../../test/ads";
import { insertGame } from "../../test/factories";
import { asAdmin, describeEachDatabase } from "../../test/test-app";

const CLIENT = "ca-pub-1234567890123456";
const TAG = "https://ads.example.net/vast?slot=1";

describeEachDatabase(
  "ad providers: Google H5 Games Ads, VAST, display slots (D152, D153)",
  (t) => {
    const { req } = asAdmin(t);
    const setAds = (patch: object) => req("PATCH", "/api/admin/ads/settings", patch);
    const ask = (gameId: number, playId: string, placement: string, advertisingConsent: boolean) =>
      t().app.inject({
        method: "POST",
        url: `/api/games/${gameId}/ads`,
        payload: { playId, placement, advertisingConsent },
      });
    const pageCsp = async () => {
      const res = await t().app.inject({ method: "GET", url: "/" });
      expect(String(res.headers["content-type"])).toMatch(/^text\/html/);
      return String(res.headers["content-security-policy"]);
    };

    it("answers the new fields' defaults: no client id, 30 s, no test mode, no tag, no slots", async () => {
      const res = await req("GET", "/api/admin/ads");
      expect(res.json().settings).toMatchObject({
        googleClientId: "",
        googleFrequencyHintSeconds: 30,
        googleTestMode: false,
        vastTagUrl: "",
        displaySlots: [],
        googleSlotBeside: "",
        googleSlotBelow: "",
        googleSlotGrid: "",
      });
    });

    it("refuses what a provider cannot work with, each with a clear message, and keeps what was saved", async () => {
      const cases: Array<[object, string]> = [
        [{ provider: "google" }, "needs the client id"],
        [{ googleClientId: "pub-123" }, "ca-pub-1234567890123456"],
        [{ googleFrequencyHintSeconds: 10 }, "at least 30 seconds"],
        [{ googleTestMode: "yes" }, "true or false"],
        [{ provider: "vast" }, "needs the VAST tag"],
        [{ vastTagUrl: "javascript:alert(1)" }, "full address"],
        [{ vastTagUrl: "https://user:pw@ads.example.net/vast" }, "full address"],
        [{ vastTagUrl: `https://ads.example.net/${"x".repeat(2000)}` }, "too long"],
        [{ displaySlots: ["beside", "beside"] }, "at most once"],
        [{ displaySlots: ["sidebar"] }, "one of beside, below, grid"],
        [{ googleSlotBelow: "abc" }, "slot id"],
      ];
      for (const [patch, message] of cases) {
        const res = await setAds(patch);
        expect(res.statusCode, JSON.stringify(patch)).toBe(400);
        expect(res.body).toContain(message);
      }
      expect((await req("GET", "/api/admin/ads")).json().settings).toMatchObject({ provider: "none", vastTagUrl: "" });
    });

    it("saves Google's and VAST's settings and the display slots", async () => {
      const res = await setAds({
        provider: "google",
        googleClientId: CLIENT,
        googleFrequencyHintSeconds: 60,
        googleTestMode: true,
        vastTagUrl: TAG,
        displaySlots: ["below", "beside"],
        googleSlotBeside: "1111",
        googleSlotBelow: "2222",
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await req("GET", "/api/admin/ads")).json().settings).toMatchObject({
        provider: "google",
        googleClientId: CLIENT,
        googleFrequencyHintSeconds: 60,
        googleTestMode: true,
        vastTagUrl: TAG,
        displaySlots: ["below", "beside"],
        googleSlotBeside: "1111",
        googleSlotBelow: "2222",
        googleSlotGrid: "",
      });
      await setAds({ provider: "none" });
    });

    it("answers Google's tag settings only with consent to advertising, and a VAST tag likewise", async () => {
      await setAds({
        provider: "google",
        googleClientId: CLIENT,
        googleFrequencyHintSeconds: 45,
        googleTestMode: true,
        firstAdAfterSeconds: 0,
        minSecondsBetweenAds: 0,
      });
      const game = await insertGame(t());
      const play = await playStartedAgo(t, game.id, 600);
      expect((await ask(game.id, play.id, "next", false)).json()).toMatchObject({ show: false, reason: "no_consent" });
      expect((await ask(game.id, play.id, "next", true)).json()).toEqual({
        show: true,
        placement: "next",
        ad: { provider: "google", id: 0, clientId: CLIENT, frequencyHint: "45s", testMode: true },
      });
      await setAds({ provider: "vast", vastTagUrl: TAG });
      expect((await ask(game.id, play.id, "reward", false)).json()).toMatchObject({
        show: false,
        reason: "no_consent",
      });
      expect((await ask(game.id, play.id, "reward", true)).json()).toEqual({
        show: true,
        placement: "reward",
        ad: { provider: "vast", id: 0, tagUrl: TAG },
      });
      await setAds({ provider: "none", firstAdAfterSeconds: 60, minSecondsBetweenAds: 120 });
    });

    it("names ad hosts in a page's CSP only while Google or a VAST tag is on, and is exactly today's otherwise", async () => {
      const today = await pageCsp();
      expect(today).not.toMatch(/googlesyndication|media-src/);

      await setAds({ provider: "house" });
      expect(await pageCsp()).toBe(today);

      await setAds({ provider: "google", googleClientId: CLIENT });
      const google = await pageCsp();
      expect(google).toMatch(/script-src [^;]*https:\/\/pagead2\.googlesyndication\.com/);
      expect(google).toMatch(/frame-src [^;]*https:\/\/googleads\.g\.doubleclick\.net/);
      expect(google).toMatch(/frame-src [^;]*https:\/\/tpc\.googlesyndication\.com/);
      expect(google).toMatch(/connect-src [^;]*https:\/\/pagead2\.googlesyndication\.com/);

      await setAds({ provider: "vast", vastTagUrl: TAG });
      const vast = await pageCsp();
      expect(vast).toMatch(/connect-src [^;]*https:\/\/ads\.example\.net/);
      expect(vast).toMatch(/media-src 'self' https: https:\/\/ads\.example\.net/);
      expect(vast).not.toContain("googlesyndication");
      // a JSON answer keeps its own policy whatever the provider
      const api = await t().app.inject({ method: "GET", url: "/api/health" });
      expect(String(api.headers["content-security-policy"])).not.toContain("ads.example.net");

      await setAds({ provider: "none" });
      expect(await pageCsp()).toBe(today);
    });
  },
  // a built client, so that "/" is a document (the policy of documents is the one that changes)
  { clientFiles: { "index.html": "<!doctype html><html><head></head><body><div id=root></div></body></html>" } },
);
