import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { RouteOptions } from "fastify";
import { beforeAll, expect, it } from "vitest";
import { createUserWithSession } from "../test-app";
import { describeHardened, type HardenedApp } from "./harness";

/**
 * Property-based: for every JSON route of the app (discovered from the app itself),
 * random and malformed bodies, params and query strings never produce a 5xx, never crash the
 * process, never pollute Object.prototype, and — for a player and for an anonymous visitor —
 * never change a row the caller had no right to change.
 *
 * Run counts are modest (the file must stay well under a minute on PGlite); set FUZZ_RUNS to
 * run more, and FUZZ_SEED to replay a failure (fast-check prints the seed).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

// ---------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------

type FuzzRoute = { method: string; url: string; params: string[]; bodyKeys: string[]; queryKeys: string[] };

/** The keys of a zod object schema, through optional/nullable/default/pipe/preprocess wrappers. */
function objectKeys(schema: unknown, depth = 0): string[] {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def || depth > 8) return [];
  if (def.type === "object") return Object.keys(def.shape as object);
  if (def.innerType) return objectKeys(def.innerType, depth + 1);
  if (def.type === "pipe") return [...new Set([...objectKeys(def.in, depth + 1), ...objectKeys(def.out, depth + 1)])];
  if (def.type === "union" && Array.isArray(def.options))
    return [...new Set(def.options.flatMap((o: unknown) => objectKeys(o, depth + 1)))];
  return [];
}

/** Every route a client can call with JSON (static file wildcards and HEAD twins left out). */
function fuzzRoutes(routes: RouteOptions[]): FuzzRoute[] {
  const out: FuzzRoute[] = [];
  for (const r of routes) {
    const url = r.url;
    if (!url || url.includes("*")) continue;
    if (!(url.startsWith("/api") || url === "/healthz" || url === "/readyz")) continue;
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    const schema = (r.schema ?? {}) as { body?: unknown; querystring?: unknown };
    for (const method of methods) {
      if (method === "HEAD" || method === "OPTIONS") continue;
      out.push({
        method,
        url,
        params: [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]),
        bodyKeys: objectKeys(schema.body),
        queryKeys: objectKeys(schema.querystring),
      });
    }
  }
  return out;
}

/**
 * Routes that end the caller's own session: fuzzed only as an anonymous visitor, so that the signed-in runs keep their identity.
 * A successful password sign-in is one of them: it replaces the cookie's session with a new one (D13, routes/auth.ts), and the
 * fuzz does sign in now and then, with an account an earlier request registered (e.g. FUZZ_SEED=3076 when written: the player registers
 * {"password":"fuzz-pass-4821","email":"a@example.com"}, then the admin's POST /api/auth/login {"username":"a@example.com",
 * "password":"fuzz-pass-4821"} ends the admin session). verify-otp and the Google callback replace it too, but only with a mailed
 * code or Google's answer, which the fuzz cannot produce, so they stay fuzzed with a session.
 */
const ENDS_SESSION = new Set([
  "GET /api/auth/logout",
  "POST /api/auth/logout",
  "GET /api/logout",
  "POST /api/auth/login",
]);

// ---------------------------------------------------------------------------------------------
// Hostile values
// ---------------------------------------------------------------------------------------------

const SQL_META = [
  "'",
  "''",
  '"',
  "`",
  ";",
  "--",
  "/*",
  "*/",
  "\\",
  "%",
  "_",
  "%%",
  "\\%",
  "' OR '1'='1",
  "' OR 1=1 --",
  "1' OR '1'='1' --",
  "'; DROP TABLE users; --",
  '"; DELETE FROM games; --',
  "1; select pg_sleep(10)",
  "' UNION SELECT password_hash FROM users --",
  "$1",
  "$$",
  "$tag$ x $tag$",
  "E'\\x00'",
  "\\x00",
  "::int",
  "null",
  "NULL",
  "undefined",
  "true",
];
const UNICODE = [
  "é",
  "Ω≈ç√∫",
  "𝕏𝕐",
  "😀👍🏽",
  "\u202Eevil",
  "\uFEFF",
  "\u200B",
  "ｓｅｌｅｃｔ",
  "\uFFFF",
  "\uD800",
  "\uDC00x",
  "\r\n",
  "\t",
  "\u0000",
  "a\u0000b",
  "\u001b[31m",
];
const NUMERIC_TEXT = [
  "0",
  "-1",
  "-0",
  "1.5",
  "1e3",
  "1e309",
  "-1e309",
  "0x1f",
  "2147483647",
  "2147483648",
  "9007199254740993",
  "99999999999999999999999",
  "NaN",
  "Infinity",
  " 1",
  "1 ",
  "01",
  "+1",
];
const MARKUP = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "javascript:alert(1)",
  "{{7*7}}",
  "${7*7}",
  "../../etc/passwd",
  "%2e%2e%2f",
];
const PROTO_KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf"];

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SQL_META, ...UNICODE, ...NUMERIC_TEXT, ...MARKUP, ...PROTO_KEYS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...SQL_META, ...UNICODE), fc.string({ maxLength: 10 }))
      .map(([a, b]) => `${b}${a}${b}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom("a".repeat(100_000), "'".repeat(20_000), "😀".repeat(5_000), "\\".repeat(10_001)),
  },
  { weight: 1, arbitrary: fc.string({ minLength: 300, maxLength: 3000 }) },
  // plausible values, so that some requests pass validation and reach the database
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "action",
      "puzzle",
      "player_one",
      "a@example.com",
      "https://example.com/x.png",
      "/uploads/images/x.webp",
      "hello",
      "fuzz-pass-4821",
    ),
  },
);

const plausibleNumber = fc.oneof(fc.integer({ min: 0, max: 40 }), fc.constantFrom(1, 2, 3, 5, 10, 50, 100));

/** JSON text, built by hand so that it may hold numbers JSON.stringify cannot write (1e400, 2^70) and keys like __proto__. */
const rawNumber = fc.oneof(
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
  fc.constantFrom(
    "1e400",
    "-1e400",
    "123456789012345678901234567890",
    "2147483648",
    "-2147483649",
    "9007199254740993",
    "0.0000001",
    "-0",
    "1E2",
    "4.9e-324",
  ),
);

function jsonValue(keys: string[]): fc.Arbitrary<string> {
  const { value } = fc.letrec<{ value: string }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      hostileString.map((s) => JSON.stringify(s)),
      plausibleNumber.map(String),
      rawNumber,
      fc.constantFrom("true", "false", "null"),
      fc.array(tie("value"), { maxLength: 4 }).map((a) => `[${a.join(",")}]`),
      fc
        .array(fc.tuple(fc.oneof(fc.constantFrom(...keys, ...PROTO_KEYS), hostileString), tie("value")), {
          maxLength: 5,
        })
        .map((kv) => `{${kv.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`),
    ),
  }));
  return value;
}

/**
 * A plausible value for a field, by its name, so that a request can be valid in every field but
 * one: the hostile value then reaches the handler and the database instead of stopping at validation.
 */
function plausibleFor(key: string): fc.Arbitrary<unknown> {
  const k = key.toLowerCase();
  const word = fc.stringMatching(/^[a-z][a-z0-9_]{2,12}$/);
  if (k === "email") return word.map((w) => `${w}@example.com`);
  if (k === "username") return word.map((w) => `fz_${w}`.slice(0, 20));
  if (k === "password") return fc.constant("fuzz-pass-4821");
  if (k === "otp") return fc.stringMatching(/^\d{6}$/);
  if (k === "playid") return fc.uuid();
  if (k === "rating") return fc.integer({ min: 1, max: 5 });
  if (k === "score") return fc.integer({ min: 0, max: 5000 });
  if (k === "limit") return fc.integer({ min: 1, max: 50 });
  if (k === "offset" || k === "plays" || k === "before") return fc.integer({ min: 0, max: 30 });
  if (k.endsWith("id")) return fc.integer({ min: 1, max: 12 });
  if (k === "won" || k.startsWith("is") || k === "disabled" || k === "new" || k === "hot" || k === "featured")
    return fc.boolean();
  if (k === "role") return fc.constantFrom("player", "admin");
  if (k === "valuetype") return fc.constantFrom("text", "html", "link", "image");
  if (k === "period") return fc.constantFrom("all", "week");
  if (k === "sort") return fc.constantFrom("popular", "newest", "rating", "title");
  if (k === "tab") return fc.constantFrom("signin", "register");
  if (k === "slug" || k === "category" || k === "section" || k === "key")
    return fc.stringMatching(/^[a-z][a-z0-9]{1,10}$/);
  if (k.endsWith("url") || k === "website")
    return fc.constantFrom("https://example.com/x.png", "/uploads/images/x.webp", "https://example.org/game/");
  if (k === "releasedate") return fc.constant("2024-05-01");
  if (k === "returnto") return fc.constantFrom("/", "/games", "//evil.example", "https://evil.example");
  return fc.constantFrom("hello", "A fine game", "Some text", "42");
}

/** An object valid-looking in every key of the schema but one or two, which carry hostile values. */
function mostlyValid(keys: string[], hostile: fc.Arbitrary<unknown>): fc.Arbitrary<Record<string, unknown>> {
  if (keys.length === 0) return fc.constant({});
  return fc
    .record(Object.fromEntries(keys.map((k) => [k, plausibleFor(k)])) as Record<string, fc.Arbitrary<unknown>>)
    .chain((valid) =>
      fc
        .tuple(
          fc.subarray(keys, { minLength: 1, maxLength: Math.min(2, keys.length) }),
          fc.array(hostile, { minLength: 2, maxLength: 2 }),
        )
        .map(([bad, values]) => {
          const out: Record<string, unknown> = { ...valid };
          bad.forEach((k, i) => (out[k] = values[i]));
          return out;
        }),
    );
}

const hostileJsonScalar: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      -1,
      0,
      1.5,
      2147483648,
      -2147483649,
      Number.MAX_SAFE_INTEGER + 2,
      1e20,
      -1e20,
      true,
      null,
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom([], {}, ["a"], { a: 1 }, [1, 2]) },
);

/** A body for a route: shaped like its schema (its keys, hostile values), any JSON, or not JSON at all. */
function bodyFor(route: FuzzRoute): fc.Arbitrary<{ payload?: string; contentType?: string }> {
  const keys = route.bodyKeys;
  const value = jsonValue(keys);
  const shaped = fc
    .array(
      fc.tuple(
        fc.oneof(
          { weight: 5, arbitrary: keys.length ? fc.constantFrom(...keys) : hostileString },
          { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS) },
        ),
        value,
      ),
      {
        maxLength: Math.max(3, keys.length + 2),
      },
    )
    .map((kv) => `{${kv.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`);
  const malformed = fc.constantFrom(
    "{",
    "}",
    "[",
    '{"a":',
    "{'a':1}",
    "undefined",
    "NaN",
    '{"a":1,}',
    "\u0000",
    "\uFEFF{}",
    '{"__proto__":{"polluted":"yes"}}',
    '{"constructor":{"prototype":{"polluted":"yes"}}}',
    '{"a":{"__proto__":{"polluted":"yes"}}}',
    "[".repeat(5000) + "]".repeat(5000),
    '{"a":'.repeat(2000) + "1" + "}".repeat(2000),
    JSON.stringify({ message: "x".repeat(1_100_000) }),
  );
  const contentType = fc.constantFrom(
    "application/json",
    "application/json",
    "application/json",
    "application/json; charset=utf-8",
    "APPLICATION/JSON",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
  );
  const valid = mostlyValid(keys, hostileJsonScalar).map((o) => JSON.stringify(o));
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant({}) },
    { weight: 6, arbitrary: fc.record({ payload: valid, contentType: fc.constant("application/json") }) },
    { weight: 3, arbitrary: fc.record({ payload: shaped, contentType }) },
    { weight: 2, arbitrary: fc.record({ payload: value, contentType }) },
    { weight: 2, arbitrary: fc.record({ payload: malformed, contentType }) },
  );
}

/** Percent-encodes anything, lone surrogates included (encodeURIComponent throws on those). */
function enc(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...Buffer.from(s, "utf8")].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");
  }
}

const RAW_URL_PARTS = ["%", "%zz", "%E0%A4%A", "%00", "%C0%AE", "%2F", "%252e", "a%20b", "%ff"];

const paramValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: 1, max: 40 }).map(String) },
  { weight: 2, arbitrary: fc.constantFrom("action", "puzzle", "arcade", "featured", "new", "hot", "no-such-slug") },
  { weight: 4, arbitrary: hostileString.filter((s) => s.length > 0 && s.length < 400).map(enc) },
  { weight: 1, arbitrary: fc.constantFrom(...RAW_URL_PARTS) },
);

function queryFor(route: FuzzRoute): fc.Arbitrary<string> {
  const key = fc.oneof(
    {
      weight: 4,
      arbitrary: route.queryKeys.length ? fc.constantFrom(...route.queryKeys) : fc.constantFrom("search", "limit"),
    },
    { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS, "a[b]", "a[]", "") },
  );
  const value = fc.oneof(
    { weight: 3, arbitrary: hostileString.map(enc) },
    { weight: 2, arbitrary: fc.oneof(plausibleNumber.map(String), fc.constantFrom(...NUMERIC_TEXT).map(enc)) },
    { weight: 2, arbitrary: fc.constantFrom("all", "week", "popular", "newest", "rating", "action", "true", "false") },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_URL_PARTS) },
  );
  const random = fc
    .array(fc.tuple(key, value), { maxLength: 5 })
    .map((pairs) => pairs.map(([k, v]) => `${enc(k)}=${v}`).join("&"));
  const valid = mostlyValid(route.queryKeys, hostileString).map((o) =>
    Object.entries(o)
      .map(([k, v]) => `${enc(k)}=${enc(String(v))}`)
      .join("&"),
  );
  return route.queryKeys.length ? fc.oneof(random, valid) : random;
}

type FuzzRequest = { method: string; url: string; headers: Record<string, string>; payload?: string };

const requestArbitraries = new Map<FuzzRoute, fc.Arbitrary<FuzzRequest>>();
/** Built once per route: building fast-check arbitraries is far slower than running them. */
function requestFor(route: FuzzRoute): fc.Arbitrary<FuzzRequest> {
  let arb = requestArbitraries.get(route);
  if (!arb) requestArbitraries.set(route, (arb = buildRequestFor(route)));
  return arb;
}

function buildRequestFor(route: FuzzRoute): fc.Arbitrary<FuzzRequest> {
  const mutating = route.method !== "GET";
  return fc
    .record({
      params: fc.tuple(...route.params.map(() => paramValue)),
      query: fc.option(queryFor(route), { freq: 2, nil: "" }),
      body: mutating ? bodyFor(route) : fc.constant({} as { payload?: string; contentType?: string }),
      origin: fc.constantFrom(
        undefined,
        undefined,
        undefined,
        undefined,
        "http://localhost:5000",
        "https://evil.example",
        "null",
      ),
    })
    .map(({ params, query, body, origin }) => {
      let i = 0;
      const path = route.url.replace(/:([A-Za-z0-9_]+)/g, () => params[i++] ?? "1");
      const headers: Record<string, string> = {};
      if (body.contentType && body.payload !== undefined) headers["content-type"] = body.contentType;
      if (origin) headers.origin = origin;
      return { method: route.method, url: query ? `${path}?${query}` : path, headers, payload: body.payload };
    });
}

// ---------------------------------------------------------------------------------------------
// What a caller may not change
// ---------------------------------------------------------------------------------------------

async function rows(h: HardenedApp, query: ReturnType<typeof sql>) {
  return (await h.database.db.execute(query)).rows;
}

/**
 * Rows neither an anonymous visitor nor a player may change (except the player's own rows):
 * the catalogue, content, every existing account (role, credentials, state), other people's
 * reviews, chat, scores and sessions.
 */
async function protectedSnapshot(h: HardenedApp, ownUserId: number, existingUsersUpTo: number) {
  return {
    games: await rows(
      h,
      sql`select id, title, description, image_url, category_id, external_url, has_package, builtin_slug, developer, instructions, is_featured, is_new, is_hot, release_date, created_at from games order by id`,
    ),
    categories: await rows(h, sql`select * from categories order by id`),
    content: await rows(h, sql`select * from website_content order by id`),
    users: await rows(
      h,
      // The player's own account may change in its own ways (D87: a password set where it had none, an avatar,
      // a verified email); its role and standing are checked apart.
      sql`select id, username, email, password_hash, google_sub, avatar_url, role, disabled_at, created_at from users where id <= ${existingUsersUpTo} and id <> ${ownUserId} order by id`,
    ),
    reviews: await rows(
      h,
      sql`select id, user_id, game_id, rating, comment from reviews where user_id <> ${ownUserId} order by id`,
    ),
    chat: await rows(
      h,
      sql`select id, user_id, message, deleted_at from chat_messages where user_id <> ${ownUserId} order by id`,
    ),
    scores: await rows(
      h,
      sql`select id, user_id, game_id, score from scores where user_id <> ${ownUserId} order by id`,
    ),
    bestScores: await rows(
      h,
      sql`select user_id, game_id, score, score_id from best_scores where user_id <> ${ownUserId} order by user_id, game_id`,
    ),
    sessions: await rows(
      h,
      sql`select token_hash, user_id, kind, expires_at from sessions where user_id <> ${ownUserId} and user_id <= ${existingUsersUpTo} order by token_hash`,
    ),
  };
}

async function maxUserId(h: HardenedApp): Promise<number> {
  const [r] = await rows(h, sql`select coalesce(max(id), 0)::int as n from users`);
  return Number((r as { n: number }).n);
}

// ---------------------------------------------------------------------------------------------
// The property
// ---------------------------------------------------------------------------------------------

const protoNamesBefore = Object.getOwnPropertyNames(Object.prototype).sort();

async function fuzz(h: HardenedApp, routes: FuzzRoute[], cookie: string | undefined, runs: number) {
  const seen = new Map<string, Set<number>>();
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...routes).chain((r) => requestFor(r)),
      async (req) => {
        const res = await h.site.inject({
          method: req.method as "GET",
          url: req.url,
          headers: { ...req.headers, ...(cookie ? { cookie } : {}) },
          payload: req.payload,
        });
        const label = `${req.method} ${req.url.slice(0, 200)} ${String(req.payload ?? "").slice(0, 200)}`;
        const key = `${req.method} ${req.url.split("?")[0]}`;
        if (!seen.has(key)) seen.set(key, new Set());
        seen.get(key)!.add(res.statusCode);
        expect(res.statusCode, `${label} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
        // D60: every error is JSON {message}.
        if (res.statusCode >= 400) {
          expect(String(res.headers["content-type"]), label).toMatch(/^application\/json/);
          expect(typeof (res.json() as { message?: unknown }).message, label).toBe("string");
          expect(res.body, label).not.toMatch(/\bat .+\.(ts|js):\d+|select .* from|syntax error at/i);
        }
        // No prototype pollution.
        expect(({} as Record<string, unknown>).polluted, label).toBeUndefined();
        expect(Object.getOwnPropertyNames(Object.prototype).sort(), label).toEqual(protoNamesBefore);
      },
    ),
    { numRuns: runs, seed: SEED, endOnFailure: true },
  );
  return seen;
}

describeHardened("hostile input on every JSON route (fast-check)", (t) => {
  let routes: FuzzRoute[];
  let player: Awaited<ReturnType<typeof createUserWithSession>>;
  let admin: Awaited<ReturnType<typeof createUserWithSession>>;

  beforeAll(async () => {
    routes = fuzzRoutes(t().routes);
    player = await createUserWithSession(t(), { role: "player" });
    admin = await createUserWithSession(t(), { role: "admin" });
    // Some rows of the player's own, and others' that it must not be able to touch.
    await t().site.inject({ method: "POST", url: "/api/chat", cookies: player.cookies, payload: { message: "mine" } });
    await t().site.inject({
      method: "POST",
      url: "/api/reviews",
      cookies: player.cookies,
      payload: { gameId: 1, rating: 4, comment: "mine" },
    });
  });

  it("discovers the routes from the app itself: public, player and admin ones", () => {
    const names = new Set(routes.map((r) => `${r.method} ${r.url}`));
    for (const expected of [
      "GET /api/games",
      "GET /api/games/:id",
      "POST /api/games/:id/play",
      "POST /api/auth/register",
      "POST /api/auth/login",
      "POST /api/chat",
      "POST /api/reviews",
      "POST /api/scores",
      "POST /api/newsletter",
      "POST /api/admin/request-otp",
      "POST /api/admin/verify-otp",
      "PATCH /api/admin/users/:id",
      "POST /api/admin/website-content",
      "POST /api/admin/games/upload",
      "DELETE /api/admin/chat/:id",
      "GET /readyz",
    ]) {
      expect(names, expected).toContain(expected);
    }
    // Every /api/admin route the guard knows about is fuzzed too.
    for (const r of t().site.adminRouteTable.filter((e) => e.method !== "HEAD"))
      expect(names).toContain(`${r.method} ${r.url}`);
    expect(routes.length).toBeGreaterThan(45);
    expect(routes.find((r) => r.url === "/api/auth/register")!.bodyKeys).toEqual(
      expect.arrayContaining(["username", "password"]),
    );
  });

  it("anonymous: no 5xx, no pollution, and nothing changes that a visitor may not change", async () => {
    const h = t();
    const upTo = await maxUserId(h);
    const before = await protectedSnapshot(h, -1, upTo);
    const seen = await fuzz(h, routes, undefined, RUNS);
    expect(await protectedSnapshot(h, -1, upTo)).toEqual(before);
    // Accounts created by the fuzz (registration is open) are plain players.
    const created = await rows(h, sql`select role, disabled_at from users where id > ${upTo}`);
    for (const u of created) expect(u).toMatchObject({ role: "player", disabled_at: null });
    expect(seen.size).toBeGreaterThan(20);
  });

  it("a player: no 5xx, and nothing changes except the player's own rows", async () => {
    const h = t();
    const upTo = await maxUserId(h);
    const before = await protectedSnapshot(h, player.user.id, upTo);
    await fuzz(
      h,
      routes.filter((r) => !ENDS_SESSION.has(`${r.method} ${r.url}`)),
      `sid=${player.sid}`,
      RUNS,
    );
    expect(await protectedSnapshot(h, player.user.id, upTo)).toEqual(before);
    const [me] = await rows(
      h,
      sql`select role, disabled_at, username, created_at from users where id = ${player.user.id}`,
    );
    expect(me).toMatchObject({ role: "player", disabled_at: null, username: player.user.username });
    const created = await rows(h, sql`select role from users where id > ${upTo}`);
    for (const u of created) expect(u).toMatchObject({ role: "player" });
    // Every admin route refused the player (401/403), whatever the input.
    const adminRoutes = routes.filter((r) => r.url.startsWith("/api/admin/") && !r.url.endsWith("-otp"));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...adminRoutes).chain((r) => requestFor(r)),
        async (req) => {
          const res = await h.site.inject({
            method: req.method as "GET",
            url: req.url,
            headers: { ...req.headers, cookie: `sid=${player.sid}` },
            payload: req.payload,
          });
          // Never a success: 401/403 from the guard, or a refusal before any route ran (bad URL, CSRF, too large).
          expect(
            [400, 401, 403, 404, 413, 414, 415],
            `${req.method} ${req.url} → ${res.statusCode} ${res.body.slice(0, 200)}`,
          ).toContain(res.statusCode);
        },
      ),
      { numRuns: Math.ceil(RUNS / 3), seed: SEED, endOnFailure: true },
    );
  });

  it("an admin (one-time-code session): no 5xx anywhere, and the server keeps serving", async () => {
    const h = t();
    await fuzz(
      h,
      routes.filter((r) => !ENDS_SESSION.has(`${r.method} ${r.url}`)),
      `sid=${admin.sid}`,
      RUNS,
    );
    expect((await h.site.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    expect((await h.site.inject({ method: "GET", url: "/api/admin/user", cookies: admin.cookies })).statusCode).toBe(
      200,
    );
  });
});
