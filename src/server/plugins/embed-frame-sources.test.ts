import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { insertGame } from "../../test/factories";
import { asAdmin, describeEachDatabase } from "../../test/test-app";
import { gamesTable } from "../db/schema";
import { EmbedOrigins, frameSources, MAX_FRAMED_ORIGINS } from "../services/embed-origins";

describeEachDatabase(
  "the site's frame-src names exactly the origins of the games players can open (D115)",
  (t) => {
    const { req } = asAdmin(t);
    const frameSrc = async (url = "/") => {
      const res = await t().app.inject({ method: "GET", url });
      return String(res.headers["content-security-policy"])
        .split(";")
        .map((directive) => directive.trim().split(/\s+/))
        .find(([name]) => name === "frame-src")
        ?.slice(1);
    };

    it("adds an admin's external game at once, a feed's published game, and drops a hidden one", async () => {
      const games = t().config.gamesUrl;
      expect(await frameSrc()).toEqual([games]);

      const created = await req("POST", "/api/admin/games", {
        title: "Sky Hopper",
        description: "Hop across the clouds.",
        imageUrl: "https://cdn.example.com/sky.png",
        externalUrl: "https://Games.Example.com:8443/sky/index.html?x=1",
        categoryId: 1,
      });
      expect(created.statusCode).toBe(201);
      expect(await frameSrc()).toEqual([games, "https://games.example.com:8443"]);

      const hidden = await insertGame(t(), { externalUrl: "https://html5.gamedistribution.com/abc/" });
      await insertGame(t(), { externalUrl: "javascript:alert(1)" });
      t().app.embedOrigins.expire();
      expect(await frameSrc("/healthz")).toEqual([
        games,
        "https://games.example.com:8443",
        "https://html5.gamedistribution.com",
      ]);

      await t().database.db.update(gamesTable).set({ hiddenReason: "gone" }).where(eq(gamesTable.id, hidden.id));
      t().app.embedOrigins.expire();
      expect(await frameSrc()).toEqual([games, "https://games.example.com:8443"]);
      const api = await t().app.inject({ method: "GET", url: "/api/games" });
      expect(api.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    });
  },
  { demo: false },
);

it("keeps the last list when a load fails, waits for a fresh one after a change, and bounds the header", async () => {
  let answers: Array<string[] | Error> = [["https://a.example"], new Error("database away"), ["https://b.example"]];
  const embeds = new EmbedOrigins(async () => {
    const next = answers.shift()!;
    if (next instanceof Error) throw next;
    return next;
  });
  expect(await embeds.current()).toEqual(["https://a.example"]);
  expect(await embeds.current()).toEqual(["https://a.example"]);
  embeds.expire();
  expect(await embeds.current()).toEqual(["https://a.example"]);
  expect(await embeds.current()).toEqual(["https://b.example"]);
  answers = [];

  const many = Array.from({ length: MAX_FRAMED_ORIGINS + 1 }, (_, i) => `https://g${i}.example`);
  expect(frameSources("https://games.test", [...many, "http://lan.example:8080"])).toEqual([
    "https://games.test",
    "https:",
    "http://lan.example:8080",
  ]);
  expect(frameSources("https://games.test", ["https://games.test", "https://x.example"])).toEqual([
    "https://games.test",
    "https://x.example",
  ]);
});
