import fs from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAppWithClient, describeEachDatabase, repoRoot } from "../test/test-app";
import { loadConfig, type Config } from "./config";
import { SERVER_TIMEOUTS } from "./fastify-options";
import { buildGamesApp } from "./games-origin";

/**
 * The single-page app's index.html: every screen's first request, so it must not stall under sign-up bursts.
 * It is read once at start and served from memory with an ETag.
 */
describe("SPA fallback (index.html from memory)", () => {
  let dir: string;
  let app: FastifyInstance;
  let config: Config;
  let close: () => Promise<void>;
  const html = "<!doctype html><html><head><title>Arcadium</title></head><body><div id=root></div></body></html>";

  beforeAll(async () => {
    ({ app, config, dir, close } = await buildAppWithClient({
      "index.html": html,
      "assets/app-abc123.js": "console.log(1)",
    }));
  });
  afterAll(async () => {
    await close?.();
  });

  it("answers every screen path with the page (its head tags in place of the title), an ETag and a 304 for a matching If-None-Match; an unknown path is the 404 page", async () => {
    for (const url of ["/", "/games", "/leaderboard"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.body.startsWith("<!doctype html><html><head>"), url).toBe(true);
      expect(res.body.endsWith("</head><body><div id=root></div></body></html>"), url).toBe(true);
      expect(res.headers.etag).toMatch(/^"[\w-]{27}"$/);
    }
    const cms = await app.inject({ method: "GET", url: "/cms/games" });
    expect(cms.statusCode).toBe(200);
    expect(cms.headers["cache-control"]).toBe("no-cache");
    expect(cms.body).toContain("<title>Arcadium</title>");
    const missing = await app.inject({ method: "GET", url: "/no/such/page?x=1" });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain("404 Page Not Found");
    const first = await app.inject({ method: "GET", url: "/" });
    const again = await app.inject({
      method: "GET",
      url: "/",
      headers: { "if-none-match": first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    const stale = await app.inject({ method: "GET", url: "/", headers: { "if-none-match": '"something-else"' } });
    expect(stale.statusCode).toBe(200);
  });

  it("the page carries the strict CSP and the other document headers (issue 8)", async () => {
    const res = await app.inject({ method: "GET", url: "/" });
    const directives = Object.fromEntries(
      String(res.headers["content-security-policy"])
        .split(";")
        .map((d) => d.trim().split(/\s+/))
        .map(([k, ...v]) => [k, v]),
    );
    expect(directives["script-src"]).toEqual(["'self'"]);
    expect(directives["object-src"]).toEqual(["'none'"]);
    expect(directives["base-uri"]).toEqual(["'none'"]);
    expect(directives["frame-ancestors"]).toEqual(["'none'"]);
    expect(directives["frame-src"]).toEqual([config.gamesUrl]);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["permissions-policy"]).toContain("camera=()");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it("serves HEAD without a body, keeps /api and /game-frame as JSON 404s, and serves hashed assets as immutable", async () => {
    const head = await app.inject({ method: "HEAD", url: "/games" });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe("");
    for (const url of ["/api/nope", "/game-frame/1/", "/uploads/none.png"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: "Not found" });
    }
    const post = await app.inject({ method: "POST", url: "/games", payload: {} });
    expect(post.statusCode).toBe(404);
    const asset = await app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("keeps serving the page it read at start even if the file changes on disk (a rebuild needs a restart)", async () => {
    await fs.writeFile(path.join(dir, "client", "index.html"), "<!doctype html><p>changed</p>");
    const res = await app.inject({ method: "GET", url: "/about" });
    expect(res.body).not.toContain("changed");
    expect(res.body).toContain("<div id=root></div>");
  });

  it("cuts off slow clients: request, idle and header timeouts are set on both origins (Fastify leaves the request timeout off)", async () => {
    const games = await buildGamesApp({
      config: loadConfig({ NODE_ENV: "test", DATA_DIR: path.join(dir, "data"), LOG_LEVEL: "silent" }, repoRoot),
    });
    for (const server of [app.server, games.server]) {
      expect(server.requestTimeout).toBe(SERVER_TIMEOUTS.requestMs);
      expect(server.timeout).toBe(SERVER_TIMEOUTS.idleMs);
      expect(server.headersTimeout).toBe(SERVER_TIMEOUTS.headersMs);
      expect(server.headersTimeout).toBeLessThanOrEqual(server.requestTimeout);
    }
    await games.close();
  });
});

describe("the two origins (D2, D60)", () => {
  describeEachDatabase(
    "site and games origins",
    (t) => {
      it("answers unknown API paths with a JSON 404", async () => {
        const res = await t().app.inject({ method: "GET", url: "/api/nothing-here" });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: "Not found" });
      });

      it("answers malformed JSON with 400 and no internals (D60)", async () => {
        const res = await t().app.inject({
          method: "POST",
          url: "/api/newsletter",
          headers: { "content-type": "application/json" },
          payload: "{bad",
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: "Malformed JSON body" });
      });
      it("serves a built-in game with frame-ancestors limited to the site", async () => {
        const game = (await t().app.inject({ method: "GET", url: "/api/games?sort=popular&limit=1" })).json()[0];
        const res = await t().gamesApp.inject({ method: "GET", url: `/game-frame/${game.id}/` });
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-type"]).toContain("text/html");
        expect(res.headers["content-security-policy"]).toBe(`frame-ancestors ${t().config.publicUrl}`);
        expect(res.headers["set-cookie"]).toBeUndefined();
        expect(res.body).toContain("/sdk/v2.js");
        const noSlash = await t().gamesApp.inject({ method: "GET", url: `/game-frame/${game.id}` });
        expect([301, 302, 308]).toContain(noSlash.statusCode);
      });
      it("serves the SDKs, v1 and v2 (D75) with its typings, byte for byte from sdk/", async () => {
        for (const [name, type] of [
          ["v1.js", "javascript"],
          ["v2.js", "javascript"],
          ["v2.d.ts", "text/plain"],
        ]) {
          const res = await t().gamesApp.inject({ method: "GET", url: `/sdk/${name}` });
          expect(res.statusCode, name).toBe(200);
          expect(res.headers["content-type"], name).toContain(type);
          expect(res.body, name).toBe(await fs.readFile(path.join(repoRoot, "sdk", name), "utf8"));
        }
        expect((await t().gamesApp.inject({ method: "GET", url: "/sdk/v3.js" })).statusCode).toBe(404);
      });
      it("answers 404 for /game-frame on the site origin", async () => {
        const res = await t().app.inject({ method: "GET", url: "/game-frame/1/" });
        expect(res.statusCode).toBe(404);
      });
      it("does not serve anything outside numbered package folders", async () => {
        for (const url of [
          "/game-frame/../db/PG_VERSION",
          "/game-frame/%2e%2e/uploads/",
          "/game-frame/tmp/",
          "/game-frame/999999/",
        ]) {
          const res = await t().gamesApp.inject({ method: "GET", url });
          expect(res.statusCode, url).toBe(404);
        }
      });
    },
    { demo: false },
  );
});

/**
 * D79: with `{id}` in GAMES_URL each game runs on a host name of its own. The games listener tells them apart by
 * the request's Host header, which inject sets here as a browser (or a proxy passing Host through) would.
 */
describe("an origin per game (D79)", () => {
  describeEachDatabase(
    "per-game games origins",
    (t) => {
      /** Two games installed as packages, with their ids, read from the API as the client would. */
      async function twoGames(): Promise<[{ id: number; frameUrl: string }, { id: number; frameUrl: string }]> {
        const games = (await t().app.inject({ method: "GET", url: "/api/games?sort=newest&limit=50" })).json() as {
          id: number;
          frameUrl: string;
          externalUrl: string | null;
        }[];
        const packaged = games.filter((g) => !g.externalUrl);
        expect(packaged.length).toBeGreaterThanOrEqual(2);
        return [packaged[0], packaged[1]];
      }
      const host = (id: number | string) => `g${id}.localhost:5001`;

      it("gives every game a frame URL on its own origin", async () => {
        const [a, b] = await twoGames();
        expect(a.frameUrl).toBe(`http://g${a.id}.localhost:5001/game-frame/${a.id}/`);
        expect(b.frameUrl).toBe(`http://g${b.id}.localhost:5001/game-frame/${b.id}/`);
        const one = (await t().app.inject({ method: "GET", url: `/api/games/${a.id}` })).json() as { frameUrl: string };
        expect(one.frameUrl).toBe(a.frameUrl);
      });

      it("serves a game's files on its own host only: another game's host and a bare host get 404", async () => {
        const [a, b] = await twoGames();
        const own = await t().gamesApp.inject({
          method: "GET",
          url: `/game-frame/${a.id}/`,
          headers: { host: host(a.id) },
        });
        expect(own.statusCode).toBe(200);
        expect(own.body).toContain("/sdk/v2.js");
        expect(own.headers["content-security-policy"]).toBe(`frame-ancestors ${t().config.publicUrl}`);
        const ownFile = await t().gamesApp.inject({
          method: "GET",
          url: `/game-frame/${a.id}/index.html`,
          headers: { host: host(a.id) },
        });
        expect(ownFile.statusCode).toBe(200);
        const redirect = await t().gamesApp.inject({
          method: "GET",
          url: `/game-frame/${a.id}`,
          headers: { host: host(a.id) },
        });
        expect([301, 302, 308]).toContain(redirect.statusCode);

        for (const wrong of [
          host(b.id),
          "localhost:5001",
          "127.0.0.1:5001",
          `g0${a.id}.localhost:5001`,
          `x.${host(a.id)}`,
          "games.example.net",
        ]) {
          for (const url of [`/game-frame/${a.id}/`, `/game-frame/${a.id}/index.html`, `/game-frame/${a.id}`]) {
            const res = await t().gamesApp.inject({ method: "GET", url, headers: { host: wrong } });
            expect(res.statusCode, `${url} on ${wrong}`).toBe(404);
            expect(res.body).not.toContain("/sdk/v2.js");
          }
        }
        // and game B's host serves B, not A
        const other = await t().gamesApp.inject({
          method: "GET",
          url: `/game-frame/${b.id}/`,
          headers: { host: host(b.id) },
        });
        expect(other.statusCode).toBe(200);
      });

      it("does not let a path or a forwarded header reach another game's folder", async () => {
        const [a, b] = await twoGames();
        for (const url of [
          `/game-frame/${a.id}/../${b.id}/`,
          `/game-frame/${a.id}/%2e%2e/${b.id}/index.html`,
          `/game-frame//${b.id}/`,
          `/game-frame/0${a.id}/`,
        ]) {
          const res = await t().gamesApp.inject({ method: "GET", url, headers: { host: host(a.id) } });
          expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
          expect(res.body, url).not.toContain("/sdk/v2.js");
        }
        // X-Forwarded-Host is never believed (a game's script may send it to its own host), with TRUST_PROXY too.
        const behindProxy = await buildGamesApp({ config: { ...t().config, trustProxy: ["127.0.0.1"] } });
        try {
          for (const app of [t().gamesApp, behindProxy]) {
            const forwarded = await app.inject({
              method: "GET",
              url: `/game-frame/${a.id}/`,
              headers: { host: host(b.id), "x-forwarded-host": host(a.id) },
            });
            expect(forwarded.statusCode).toBe(404);
            const own = await app.inject({
              method: "GET",
              url: `/game-frame/${a.id}/`,
              headers: { host: host(a.id), "x-forwarded-host": host(b.id) },
            });
            expect(own.statusCode).toBe(200);
          }
        } finally {
          await behindProxy.close();
        }
      });

      it("serves the SDKs, the adapters and the runtime on every game's host", async () => {
        const [a, b] = await twoGames();
        const v2 = await fs.readFile(path.join(repoRoot, "sdk", "v2.js"), "utf8");
        for (const h of [host(a.id), host(b.id), "g999.localhost:5001"]) {
          const res = await t().gamesApp.inject({ method: "GET", url: "/sdk/v2.js", headers: { host: h } });
          expect(res.statusCode, h).toBe(200);
          expect(res.body).toBe(v2);
          expect(
            (await t().gamesApp.inject({ method: "GET", url: "/sdk/v1.js", headers: { host: h } })).statusCode,
          ).toBe(200);
          expect(
            (await t().gamesApp.inject({ method: "GET", url: "/sdk/compat/poki.js", headers: { host: h } })).statusCode,
          ).toBe(200);
          expect(
            (await t().gamesApp.inject({ method: "GET", url: "/sdk/runtime/runtime.js", headers: { host: h } }))
              .statusCode,
          ).toBe(200);
        }
      });

      it("lets the site's pages frame any game's origin: frame-src carries the wildcard source", async () => {
        const res = await t().app.inject({ method: "GET", url: "/healthz" });
        const frameSrc = String(res.headers["content-security-policy"])
          .split(";")
          .map((d) => d.trim().split(/\s+/))
          .find(([name]) => name === "frame-src");
        expect(frameSrc).toEqual(["frame-src", "http://*.localhost:5001"]);
      });
    },
    { demo: false, env: { GAMES_URL: "http://g{id}.localhost:5001" } },
  );
});
