import { isDeepStrictEqual } from "node:util";
import type { FastifyInstance, RouteOptions } from "fastify";
import { isResponseSerializationError, serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { chatLiveEventSchema } from "../../contract/chat";
import { errorResponseSchema } from "../../contract/common";
import { gameListSchema } from "../../contract/games";
import { reviewSchema } from "../../contract/reviews";
import {
  buildTestApp,
  createUserWithSession,
  TEST_PASSWORD_HASH_COST,
  testDatabaseKinds,
  type TestApp,
} from "../../test/test-app";
import { buildApp } from "../app";
import {
  compileSerialiser,
  createSerializerCompiler,
  SerialisationMismatchError,
  serialisationFallbacks,
} from "./serializer";

/** What fastify-type-provider-zod's serializer (the one before issue 12 item 1) writes for a value. */
function oldSerialize(schema: z.core.$ZodType, value: unknown): string {
  return zodSerializerCompiler({ schema, method: "GET", url: "/test", httpStatus: "200" } as never)(value);
}

/** What the compiled serialiser writes (the schema must be compiled). */
function newSerialize(schema: z.core.$ZodType, value: unknown): string {
  const compiled = compileSerialiser(schema);
  if (compiled.kind !== "compiled") throw new Error(`not compiled: ${compiled.reason}`);
  return compiled.write(value);
}

/** New and old output parse to the same value, which the schema accepts; returns it. */
function expectSameAsZod(schema: z.core.$ZodType, value: unknown): unknown {
  const written = JSON.parse(newSerialize(schema, value)) as unknown;
  expect(written).toStrictEqual(JSON.parse(oldSerialize(schema, value)));
  expect(z.safeParse(schema, written).success).toBe(true);
  return written;
}

const game = {
  id: 1,
  title: 'Pong "Classic" \u2028 <script>',
  description: "Two paddles.\nOne ball. ✓ 🎮",
  imageUrl: "/uploads/images/pong.webp",
  categoryId: 2,
  category: "Arcade",
  categorySlug: "arcade",
  externalUrl: null,
  developer: "Arcadium",
  instructions: "Arrow keys",
  isFeatured: true,
  featured: true,
  new: false,
  hot: true,
  plays: 12345,
  rating: 42,
  releaseDate: "2024-01-31",
  createdAt: "2024-02-01T10:00:00.000Z",
  frameUrl: "http://127.0.0.1:5001/game-frame/1/",
  difficulty: "easy",
  scoreRules: { order: "asc", format: "time_ms", maxScore: null, minRoundMs: 5000 },
};

describe("compiled serialisation: tricky shapes, new against old output", () => {
  it("strips properties that are not in the schema, at every depth (arrays of objects)", () => {
    const value = [
      { ...game, secret: "x", passwordHash: "y" },
      { ...game, id: 2, externalUrl: "https://example.com/", releaseDate: null },
    ];
    const written = expectSameAsZod(gameListSchema, value) as Array<Record<string, unknown>>;
    expect(written[0]).not.toHaveProperty("secret");
    expect(written[0]).not.toHaveProperty("passwordHash");
    expect(written[1].externalUrl).toBe("https://example.com/");
  });

  it("nullable fields: strings, objects, arrays, literals and a nullable body", () => {
    const schema = z.object({
      s: z.string().nullable(),
      o: z.object({ a: z.number().int() }).nullable(),
      arr: z.array(z.string()).nullable(),
      lit: z.literal("yes").nullable(),
      e: z.enum(["a", "b"]).nullable(),
    });
    expectSameAsZod(schema, { s: null, o: null, arr: null, lit: null, e: null });
    expectSameAsZod(schema, { s: "x", o: { a: 1, extra: true }, arr: ["a", "b"], lit: "yes", e: "b" });
    // GET /api/games/{id}/reviews/user/{userId}: the user's review or null
    const review = {
      id: 1,
      userId: 2,
      gameId: 3,
      rating: 5,
      comment: null,
      createdAt: "2024-01-01T00:00:00.000Z",
      user: { username: "ann", avatarUrl: null, email: "ann@x" },
    };
    expect(expectSameAsZod(reviewSchema.nullable(), null)).toBeNull();
    expect(expectSameAsZod(reviewSchema.nullable(), { ...review, extra: 1 })).toStrictEqual({
      ...review,
      user: { username: "ann", avatarUrl: null },
    });
    expect(compileSerialiser(reviewSchema.nullable())).toMatchObject({
      kind: "compiled",
      jsonSchema: { type: "object", nullable: true },
    });
  });

  it("optional fields: absent, undefined and present; nullable and optional", () => {
    const schema = z.object({ a: z.string().optional(), b: z.number().int().nullable().optional(), c: z.boolean() });
    expect(expectSameAsZod(schema, { c: true })).toStrictEqual({ c: true });
    expect(expectSameAsZod(schema, { a: undefined, b: undefined, c: false })).toStrictEqual({ c: false });
    expect(expectSameAsZod(schema, { a: "x", b: null, c: false, d: 1 })).toStrictEqual({ a: "x", b: null, c: false });
    expect(expectSameAsZod(schema, { a: "x", b: 7, c: false })).toStrictEqual({ a: "x", b: 7, c: false });
  });

  it("error bodies (D60): with and without errors", () => {
    expectSameAsZod(errorResponseSchema, { message: "Not found" });
    expectSameAsZod(errorResponseSchema, {
      message: "Bad",
      errors: [{ path: "limit", message: "Too big", code: "too_big" }],
      stack: "never",
    });
  });

  it("enums, literals, integers, numbers and strings that need escaping", () => {
    const schema = z.object({
      e: z.enum(["player", "admin"]),
      l: z.literal(3),
      i: z.number().int(),
      n: z.number(),
      s: z.string(),
      t: z.literal(true),
    });
    expectSameAsZod(schema, { e: "admin", l: 3, i: -9007199254740991, n: 0.1 + 0.2, s: '\u0000"\\\ud800 é', t: true });
    expectSameAsZod(schema, { e: "player", l: 3, i: 0, n: -1e300, s: "x".repeat(6000) + "\n", t: true });
  });

  it("unions pick the branch zod picks, also when the value has extra properties", () => {
    // discriminated union (the live chat events)
    const message = {
      id: 1,
      message: "hi",
      createdAt: "2024-01-01T00:00:00.000Z",
      user: { id: 2, username: "ann", avatarUrl: null },
    };
    expect(
      expectSameAsZod(chatLiveEventSchema, { type: "message", message: { ...message, hidden: 1 }, extra: 2 }),
    ).toStrictEqual({ type: "message", message });
    expect(expectSameAsZod(chatLiveEventSchema, { type: "deleted", id: 5, extra: 2 })).toStrictEqual({
      type: "deleted",
      id: 5,
    });
    expect(expectSameAsZod(chatLiveEventSchema, { type: "resync", id: 5 })).toStrictEqual({ type: "resync" });
    // plain union of objects: the first branch that fits, as in zod
    const objects = z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]);
    expect(expectSameAsZod(objects, { b: 1, c: 2 })).toStrictEqual({ b: 1 });
    expect(expectSameAsZod(objects, { a: "x", b: 1 })).toStrictEqual({ a: "x" });
    // union of primitives and of an object with null
    const mixed = z.union([z.string(), z.number(), z.object({ x: z.boolean() }), z.null()]);
    for (const v of ["s", 1.5, { x: true, y: 1 }, null]) expectSameAsZod(mixed, v);
  });

  it("records (additionalProperties), also of objects with extra properties", () => {
    expectSameAsZod(z.record(z.string(), z.number().int()), { a: 1, "b c": 2, "\u2028": 3 });
    expectSameAsZod(z.record(z.string(), z.number()), {});
    expect(expectSameAsZod(z.record(z.string(), z.object({ n: z.string() })), { a: { n: "1", m: 2 } })).toStrictEqual({
      a: { n: "1" },
    });
    // a loose object keeps the properties it does not declare, as zod does
    expectSameAsZod(z.looseObject({ a: z.string() }), { a: "x", b: [1, { c: 2 }] });
  });

  it("nested z.unknown() is written as JSON.stringify writes it", () => {
    const schema = z.object({ data: z.unknown(), list: z.array(z.any()) });
    expectSameAsZod(schema, { data: { deep: [1, "2", null] }, list: [1, "a", { b: false }] });
  });

  it("z.null() (204 responses)", () => {
    expect(newSerialize(z.null(), null)).toBe("null");
    expect(oldSerialize(z.null(), null)).toBe("null");
  });

  it("keeps the zod serializer for what fast-json-stringify cannot write faithfully", () => {
    const cases: Array<[z.core.$ZodType, unknown]> = [
      [z.object({ n: z.string().transform((s) => s.length) }), { n: 3 }],
      [z.object({ at: z.date() }), { at: new Date(0) }],
      [
        z.object({
          at: z.codec(z.iso.datetime(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() }),
        }),
        { at: new Date(0) },
      ],
      [z.object({ a: z.string().default("x") }), { a: "y" }],
      [z.unknown(), { anything: [1] }],
      [z.tuple([z.string(), z.number()]), ["a", 1]],
      [z.intersection(z.object({ a: z.string() }), z.object({ b: z.string() })), { a: "1", b: "2" }],
      [z.object({ s: z.string().pipe(z.email()) }), { s: "a@example.com" }],
    ];
    const compile = createSerializerCompiler();
    const outcome = (write: () => string) => {
      try {
        return { written: write() };
      } catch (error) {
        return { thrown: (error as Error).constructor.name };
      }
    };
    for (const [schema, value] of cases) {
      expect(compileSerialiser(schema).kind, JSON.stringify(value)).toBe("fallback");
      const write = compile({ schema, method: "GET", url: "/fallback", httpStatus: "200" });
      // Whatever the zod serializer does, also when it throws (zod cannot encode a one-way transform).
      expect(outcome(() => write(value))).toStrictEqual(outcome(() => oldSerialize(schema, value)));
    }
    expect(serialisationFallbacks()).toContainEqual({
      route: "GET /fallback 200",
      reason: expect.stringContaining("z.pipe()"),
    });
  });

  it("a value fast-json-stringify cannot write goes to zod: the same 500 as before (ResponseSerializationError)", () => {
    const write = createSerializerCompiler()({
      schema: errorResponseSchema,
      method: "GET",
      url: "/x",
      httpStatus: "400",
    });
    let thrown: unknown;
    try {
      write({ errors: [] });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect(isResponseSerializationError(thrown as Error)).toBe(true);
  });

  it("verify: a value that does not match the schema is reported with the route, although fast-json-stringify would coerce it", () => {
    // console.error fails a test (src/test/fail-on-console.ts): exactly the two reports expected here are silenced.
    const errorSpy = vi.mocked(console.error);
    errorSpy.mockImplementationOnce(() => {}).mockImplementationOnce(() => {});
    const before = errorSpy.mock.calls.length;
    {
      const schema = z.object({ name: z.string(), count: z.number().int() });
      // without verify: coerced, as documented (no validation on the hot path)
      expect(
        createSerializerCompiler()({ schema, method: "GET", url: "/api/x", httpStatus: "200" })({
          name: 5,
          count: 1.5,
        }),
      ).toBe('{"name":"5","count":1}');
      const write = createSerializerCompiler({ verify: true })({
        schema,
        method: "GET",
        url: "/api/x",
        httpStatus: "200",
      });
      expect(write({ name: "a", count: 1, extra: true })).toBe('{"name":"a","count":1}');
      expect(() => write({ name: 5, count: 1.5 })).toThrow(SerialisationMismatchError);
      expect(() => write({ name: 5, count: 1.5 })).toThrow(/GET \/api\/x 200/);
      expect(errorSpy.mock.calls.length - before).toBe(2);
      expect(String(errorSpy.mock.calls.at(-1)?.[0])).toMatch(
        /^Response of GET \/api\/x 200 does not match its schema/,
      );
    }
  });
});

/**
 * Route responses allowed to keep the zod serializer (by "METHOD url status"). Each needs a reason.
 * Empty: every response schema of the site compiles.
 */
const FALLBACK_ALLOWED: Record<string, string> = {};

type Recorded = { label: string; schema: z.core.$ZodType; value: unknown; json: string };

for (const kind of testDatabaseKinds()) {
  describe(`compiled serialisation of every route [${kind}]`, () => {
    let t: TestApp;
    let site: FastifyInstance;
    const routes: RouteOptions[] = [];
    let recorded: Recorded[] = [];

    beforeAll(async () => {
      t = await buildTestApp(kind);
      // A second site app on the same database whose routes record the values they serialise (with the
      // app's compiler, verifying), so that the old serializer can be run on the very same values.
      const compiler = createSerializerCompiler({ verify: true });
      site = await buildApp({
        config: t.config,
        database: t.database,
        settings: { passwordHashCost: TEST_PASSWORD_HASH_COST },
        verifySerialisation: true,
        onRoute: (route) => {
          routes.push(route);
          route.serializerCompiler = (def) => {
            const write = compiler(def as Parameters<typeof compiler>[0]);
            const schema = def.schema as z.core.$ZodType;
            const label = `${String(def.method)} ${def.url} ${def.httpStatus}`;
            return (value: unknown) => {
              const json = write(value);
              recorded.push({ label, schema, value, json });
              return json;
            };
          };
        },
      });
      await site.ready();
    });
    afterAll(async () => {
      await site?.close();
      await t?.close();
    });

    it("every response schema is compiled with fast-json-stringify (except the allow-list)", () => {
      const responses = routes.flatMap((route) =>
        Object.entries((route.schema?.response ?? {}) as Record<string, z.core.$ZodType>).map(([status, schema]) => ({
          label: `${String(route.method)} ${route.url} ${status}`,
          schema,
        })),
      );
      expect(responses.length).toBeGreaterThan(150);
      const notCompiled = responses
        .map(({ label, schema }) => ({ label, compiled: compileSerialiser(schema) }))
        .filter(({ label, compiled }) => compiled.kind === "fallback" && !(label in FALLBACK_ALLOWED))
        .map(({ label, compiled }) => `${label}: ${compiled.kind === "fallback" ? compiled.reason : ""}`);
      expect(notCompiled).toEqual([]);
      expect(serialisationFallbacks().filter((f) => f.route.includes("/api/"))).toEqual([]);
    });

    async function get(url: string, cookies?: Record<string, string>, status = 200) {
      recorded = [];
      const res = await site.inject({ method: "GET", url, cookies });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
      // Serialised exactly once (each URL is read once, so cached public reads are built here), and sent as written.
      expect(recorded, url).toHaveLength(1);
      const [{ schema, value, json }] = recorded;
      expect(res.body).toBe(json);
      const body = JSON.parse(res.body) as unknown;
      expect(z.safeParse(schema, body).success, url).toBe(true);
      const old = oldSerialize(schema, value);
      expect(isDeepStrictEqual(body, JSON.parse(old)), `${url}: same as the zod serializer`).toBe(true);
      // Byte for byte, too, on these routes (the properties' order is the schema's: no optional one before a
      // required one), so the ETags of the cached reads did not change with the serialiser.
      expect(res.body, url).toBe(old);
      return body;
    }

    it("public reads: same JSON as the zod serializer, on the seeded demo data", async () => {
      const games = (await get("/api/games")) as Array<{ id: number; categorySlug: string }>;
      expect(games.length).toBeGreaterThan(1);
      await get("/api/games/featured");
      await get("/api/games?sort=rating&limit=5&offset=3");
      await get(`/api/games/category/${games[0].categorySlug}`);
      await get("/api/games/category/new");
      await get(`/api/games/${games[0].id}`);
      const categories = (await get("/api/categories")) as Array<{ slug: string }>;
      expect(categories.length).toBeGreaterThan(0);
      await get(`/api/categories/${categories[0].slug}`);
      await get("/api/content");
      await get("/api/auth/providers");
      const board = (await get("/api/leaderboard")) as Array<{ user: { id: number } }>;
      await get("/api/leaderboard?period=week&limit=5");
      expect(board.length).toBeGreaterThan(0);
      await get(`/api/users/${board[0].user.id}`);
      await get(`/api/users/${board[0].user.id}/stats`);
      const chat = (await get("/api/chat?limit=100")) as unknown[];
      expect(chat.length).toBeGreaterThan(0);
      let reviewed: { gameId: number; userId: number } | undefined;
      for (const g of games) {
        const reviews = (await get(`/api/games/${g.id}/reviews`)) as Array<{ gameId: number; userId: number }>;
        await get(`/api/scores/game/${g.id}`);
        reviewed ??= reviews[0];
      }
      expect(reviewed).toBeDefined();
      await get(`/api/games/${reviewed!.gameId}/rating`);
      expect(await get(`/api/games/${reviewed!.gameId}/reviews/user/${reviewed!.userId}`)).not.toBeNull();
      expect(await get(`/api/games/${reviewed!.gameId}/reviews/user/2147483647`)).toBeNull();
    });

    it("error answers and the signed-in user", async () => {
      expect(await get("/api/games/2147483647", undefined, 404)).toEqual({ message: expect.any(String) });
      expect(await get("/api/games?limit=1000", undefined, 400)).toMatchObject({
        errors: [expect.objectContaining({ path: "limit" })],
      });
      const player = await createUserWithSession(t);
      await get("/api/auth/user", player.cookies);
      await get("/api/auth/user", undefined, 401);
    });

    it("admin lists, and a 201 and a 204", async () => {
      const { cookies } = await createUserWithSession(t, { role: "admin" });
      for (const url of [
        "/api/admin/user",
        "/api/admin/dashboard",
        "/api/admin/games",
        "/api/admin/categories",
        "/api/admin/users",
        "/api/admin/users?search=a&limit=5",
        "/api/admin/website-content",
        "/api/admin/settings",
        "/api/admin/messages",
      ]) {
        await get(url, cookies);
      }
      recorded = [];
      const created = await site.inject({
        method: "POST",
        url: "/api/admin/website-content",
        cookies,
        payload: { section: "test", key: "serialiser", value: "x" },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(recorded.map((r) => r.label)).toEqual(["POST /api/admin/website-content 201"]);
      expect(JSON.parse(created.body)).toStrictEqual(JSON.parse(oldSerialize(recorded[0].schema, recorded[0].value)));
      recorded = [];
      const deleted = await site.inject({
        method: "DELETE",
        url: `/api/admin/website-content/${(JSON.parse(created.body) as { id: number }).id}`,
        cookies,
      });
      expect(deleted.statusCode).toBe(204);
      expect(deleted.body).toBe("");
      expect(recorded.map((r) => [r.label, r.json])).toEqual([["DELETE /api/admin/website-content/:id 204", "null"]]);
    });
  });
}
