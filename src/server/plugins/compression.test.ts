import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import zlib from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: plain ES module without types
import { precompressAssets } from "../../../scripts/build-lib.mjs";
import { buildAppWithClient, buildTestApp, type TestApp } from "../../test/test-app";
import { COMPRESSION_THRESHOLD_BYTES } from "./compression";

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === "br" ? zlib.brotliDecompressSync(body) : encoding === "gzip" ? zlib.gunzipSync(body) : body;

/** Issue 12 item 6: responses over about 1 KB are compressed by Accept-Encoding; smaller ones are not. */
describe("compression of dynamic responses", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp("pglite");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("a JSON list is sent as brotli or gzip, as the client prefers, and decodes to the same JSON", async () => {
    const plain = await t.app.inject({ method: "GET", url: "/api/games?limit=24" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    for (const [accept, expected] of [
      ["br, gzip", "br"],
      ["gzip, deflate", "gzip"],
      ["gzip;q=1, br;q=0.5", "gzip"],
    ] as const) {
      const res = await t.app.inject({
        method: "GET",
        url: "/api/games?limit=24",
        headers: { "accept-encoding": accept },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"], accept).toBe(expected);
      expect(String(res.headers.vary).toLowerCase()).toContain("accept-encoding");
      expect(res.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decode(expected, res.rawPayload).toString("utf8"))).toEqual(plain.json());
    }
  });

  it("a body under the threshold is sent as it is", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz", headers: { "accept-encoding": "br, gzip" } });
    expect(res.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("the games origin compresses game files and the SDK too", async () => {
    const game = (await t.app.inject({ method: "GET", url: "/api/games?sort=popular&limit=1" })).json()[0];
    const page = await t.gamesApp.inject({
      method: "GET",
      url: `/game-frame/${game.id}/`,
      headers: { "accept-encoding": "gzip" },
    });
    const plainPage = await t.gamesApp.inject({ method: "GET", url: `/game-frame/${game.id}/` });
    expect(page.statusCode).toBe(200);
    if (plainPage.rawPayload.length >= COMPRESSION_THRESHOLD_BYTES) {
      expect(page.headers["content-encoding"]).toBe("gzip");
      expect(decode("gzip", page.rawPayload).toString("utf8")).toBe(plainPage.body);
    }
    const sdk = await t.gamesApp.inject({ method: "GET", url: "/sdk/v1.js", headers: { "accept-encoding": "br" } });
    const plainSdk = await t.gamesApp.inject({ method: "GET", url: "/sdk/v1.js" });
    expect(plainSdk.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(sdk.headers["content-encoding"]).toBe("br");
    expect(decode("br", sdk.rawPayload).toString("utf8")).toBe(plainSdk.body);
    // The origin's own headers stay.
    expect(sdk.headers["content-security-policy"]).toBe(`frame-ancestors ${t.config.publicUrl}`);
  });
});

/** D73: the built client's hashed assets are compressed once at build time and sent as they are. */
describe("precompressed assets", () => {
  let dir: string;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  // Incompressible-looking but text: random hex, so that brotli at quality 11 and gzip give different sizes.
  const big = `console.log(${JSON.stringify(crypto.randomBytes(4000).toString("hex"))});\n`.repeat(3);
  const small = "console.log(1)";

  beforeAll(async () => {
    ({ app, dir, close } = await buildAppWithClient(
      {
        "index.html": "<!doctype html><title>Arcadium</title>",
        "assets/big-abc123.js": big,
        "assets/small-abc123.js": small,
        "assets/big-abc123.js.map": big,
      },
      (clientDir) => precompressAssets(path.join(clientDir, "assets")),
    ));
  });
  afterAll(async () => {
    await close?.();
  });

  it("the build writes .br and .gz beside text assets of 1 KB or more, not beside small files or source maps", async () => {
    const files = (await fs.readdir(path.join(dir, "client", "assets"))).sort();
    expect(files).toEqual([
      "big-abc123.js",
      "big-abc123.js.br",
      "big-abc123.js.gz",
      "big-abc123.js.map",
      "small-abc123.js",
    ]);
  });

  it("sends the precompressed file by Accept-Encoding, immutable, and the plain one otherwise", async () => {
    const onDisk = (ext: string) => fs.readFile(path.join(dir, "client", "assets", `big-abc123.js${ext}`));
    for (const [accept, encoding, ext] of [
      ["br, gzip", "br", ".br"],
      ["gzip", "gzip", ".gz"],
      [undefined, undefined, ""],
    ] as const) {
      const res = await app.inject({
        method: "GET",
        url: "/assets/big-abc123.js",
        headers: accept ? { "accept-encoding": accept } : {},
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"], String(accept)).toBe(encoding);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(String(res.headers["content-type"])).toContain("javascript");
      expect(res.rawPayload.equals(await onDisk(ext)), String(accept)).toBe(true);
      expect(decode(encoding, res.rawPayload).toString("utf8")).toBe(big);
    }
    // A file without a precompressed copy is streamed from disk; a stream's size is not known in advance,
    // so it is compressed on the fly whatever its size.
    const smallRes = await app.inject({
      method: "GET",
      url: "/assets/small-abc123.js",
      headers: { "accept-encoding": "br" },
    });
    expect(smallRes.statusCode).toBe(200);
    expect(
      decode(smallRes.headers["content-encoding"] as string | undefined, smallRes.rawPayload).toString("utf8"),
    ).toBe(small);
  });
});
