import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { asAdmin, createUserWithSession, describeEachDatabase } from "../../test/test-app";
import {
  etagMatches,
  negotiateEncoding,
  PRIVATE_READ_CACHE_CONTROL,
  PUBLIC_READ_CACHE_CONTROL,
} from "./read-cache-http";

describe("negotiateEncoding", () => {
  it.each([
    [undefined, undefined],
    ["", undefined],
    ["identity", undefined],
    ["gzip", "gzip"],
    ["br", "br"],
    ["gzip, deflate, br", "br"],
    ["gzip;q=1, br;q=0.5", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0, gzip;q=0", undefined],
    ["*", "br"],
    ["*;q=0.1, gzip;q=0.5", "gzip"],
    ["deflate", undefined],
    [" BR ; q=0.8 , gzip;q=0.8", "br"],
  ] as const)("%s → %s", (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe("etagMatches", () => {
  it("matches the tag itself, its weak form, a list containing it and *", () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", "abc"', '"abc"')).toBe(true);
    expect(etagMatches("*", '"abc"')).toBe(true);
    expect(etagMatches('"abcd"', '"abc"')).toBe(false);
    expect(etagMatches(undefined, '"abc"')).toBe(false);
  });
});

describeEachDatabase("cached public reads (issue 12 item 4, decision 008)", (t) => {
  const get = (url: string, headers: Record<string, string> = {}, cookies?: { sid: string }) =>
    t().app.inject({ method: "GET", url, headers, cookies });
  const { req: asAdminReq } = asAdmin(t);

  it("serves a second read from memory, with the same ETag and body, public for visitors and private with a session", async () => {
    const before = { ...t().app.reads.stats };
    const first = await get("/api/categories");
    const second = await get("/api/categories");
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.headers.etag).toMatch(/^"[^"]+"$/);
    expect(first.headers["cache-control"]).toBe(PUBLIC_READ_CACHE_CONTROL);
    expect(first.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(t().app.reads.stats.hits).toBeGreaterThan(before.hits);
    const { cookies } = await createUserWithSession(t());
    const signedIn = await get("/api/categories", {}, cookies);
    expect(signedIn.body).toBe(first.body);
    expect(signedIn.headers["cache-control"]).toBe(PRIVATE_READ_CACHE_CONTROL);
  });

  it("answers 304 with no body to a matching If-None-Match, and 200 to a stale one", async () => {
    const first = await get("/api/games?limit=24");
    const again = await get("/api/games?limit=24", { "if-none-match": first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(first.headers.etag);
    const stale = await get("/api/games?limit=24", { "if-none-match": '"something-else"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual(first.json());
    expect(stale.headers["x-total-count"]).toBe(first.headers["x-total-count"]);
  });

  it("sends the stored brotli or gzip form the client prefers, which decodes to the same JSON", async () => {
    const plain = await get("/api/games?limit=24&sort=popular");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const br = await get("/api/games?limit=24&sort=popular", { "accept-encoding": "gzip, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(String(br.headers.vary).toLowerCase()).toContain("accept-encoding");
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await get("/api/games?limit=24&sort=popular", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it("a search is kept in its own share of the cache; a deep page is read each time", async () => {
    const first = await get("/api/games?search=asteroid");
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBeDefined();
    const hits = t().app.reads.stats.hits;
    const again = await get("/api/games?search=asteroid");
    expect(again.body).toBe(first.body);
    expect(t().app.reads.stats.hits).toBe(hits + 1);
    const size = t().app.reads.size;
    const deep = await get("/api/games?limit=1&offset=50");
    expect(deep.statusCode).toBe(200);
    expect(deep.headers.etag).toBeUndefined();
    expect(t().app.reads.size).toBe(size);
  });

  it("an administrator's edit of a game is served at once: the game, the lists and the category page", async () => {
    const list = (await get("/api/games?limit=100")).json() as Array<{
      id: number;
      title: string;
      categorySlug: string;
    }>;
    const game = list[0];
    await get(`/api/games/${game.id}`);
    await get(`/api/games/category/${game.categorySlug}`);
    const edit = await asAdminReq("PATCH", `/api/admin/games/${game.id}`, { title: "Renamed While Cached" });
    expect(edit.statusCode).toBe(200);
    expect((await get(`/api/games/${game.id}`)).json().title).toBe("Renamed While Cached");
    expect(
      ((await get("/api/games?limit=100")).json() as Array<{ id: number; title: string }>).find((g) => g.id === game.id)
        ?.title,
    ).toBe("Renamed While Cached");
    expect(
      ((await get(`/api/games/category/${game.categorySlug}`)).json() as Array<{ id: number; title: string }>).find(
        (g) => g.id === game.id,
      )?.title,
    ).toBe("Renamed While Cached");
  });

  it("a new category and a deleted game show at once", async () => {
    const before = (await get("/api/categories")).json() as Array<{ slug: string }>;
    const created = await asAdminReq("POST", "/api/admin/categories", { name: "Cache Probe", slug: "cache-probe" });
    expect(created.statusCode).toBe(201);
    const after = (await get("/api/categories")).json() as Array<{ slug: string }>;
    expect(after.length).toBe(before.length + 1);
    expect(after.some((c) => c.slug === "cache-probe")).toBe(true);
    expect((await get("/api/categories/cache-probe")).statusCode).toBe(200);

    const [victim] = (await get("/api/games?sort=newest&limit=1")).json() as Array<{ id: number }>;
    expect((await get(`/api/games/${victim.id}`)).statusCode).toBe(200);
    expect((await asAdminReq("DELETE", `/api/admin/games/${victim.id}`)).statusCode).toBe(204);
    expect((await get(`/api/games/${victim.id}`)).statusCode).toBe(404);
  });

  it("a review moves the rating served, and a play the play count, at once", async () => {
    const [game] = (await get("/api/games?sort=popular&limit=1")).json() as Array<{
      id: number;
      plays: number;
      rating: number;
    }>;
    const played = await t().app.inject({ method: "POST", url: `/api/games/${game.id}/play` });
    expect(played.statusCode).toBe(200);
    expect((await get(`/api/games/${game.id}`)).json().plays).toBe(game.plays + 1);
    expect(((await get("/api/games?sort=popular&limit=1")).json() as Array<{ plays: number }>)[0].plays).toBe(
      game.plays + 1,
    );

    const { cookies } = await createUserWithSession(t());
    const cached = (await get(`/api/games/${game.id}`)).json().rating;
    const rating = cached === 10 ? 2 : 1;
    const review = await t().app.inject({
      method: "POST",
      url: "/api/reviews",
      cookies,
      payload: { gameId: game.id, rating },
    });
    expect(review.statusCode).toBe(201);
    expect((await get(`/api/games/${game.id}`)).json().rating).not.toBe(cached);
  });

  it("a failed write changes nothing and keeps the cache (a 4xx does not invalidate)", async () => {
    await get("/api/categories");
    const hits = t().app.reads.stats.hits;
    const bad = await asAdminReq("POST", "/api/admin/categories", { name: "", slug: "Not A Slug" });
    expect(bad.statusCode).toBe(400);
    await get("/api/categories");
    expect(t().app.reads.stats.hits).toBe(hits + 1);
  });

  it("an unknown game or category is a 404 and is not kept", async () => {
    const size = t().app.reads.size;
    expect((await get("/api/games/99999999")).statusCode).toBe(404);
    expect((await get("/api/categories/no-such-category")).statusCode).toBe(404);
    expect((await get("/api/games/category/no-such-category")).statusCode).toBe(404);
    expect(t().app.reads.size).toBe(size);
  });
});
