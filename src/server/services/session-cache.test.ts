import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createUserWithSession, TEST_PASSWORD_HASH_COST, type TestApp } from "../../test/test-app";
import { buildApp } from "../app";
import { createDb, type Database, type Db } from "../db/client";
import type { PgListener } from "./pg-listener";
import { SESSION_CHANNEL, SessionCache, sessionsChanged, type CachedSession } from "./session-cache";

/** A stand-in for the LISTEN connection: the test delivers notifications and drops or restores it. */
function fakeListener(mode: "postgres" | "local" = "postgres") {
  const handlers = new Map<string, (payload: string) => void>();
  const reconnects: Array<() => void> = [];
  const listener = {
    mode,
    listening: true,
    on(channel: string, handler: (payload: string) => void) {
      handlers.set(channel, handler);
      return () => handlers.delete(channel);
    },
    onReconnect(cb: () => void) {
      reconnects.push(cb);
      return () => {};
    },
  };
  return {
    listener: listener as unknown as PgListener,
    deliver: (payload: string) => handlers.get(SESSION_CHANNEL)?.(payload),
    setListening: (up: boolean) => (listener.listening = up),
    reconnect: () => reconnects.forEach((cb) => cb()),
  };
}

const fakeDb = () => ({}) as Db;
const now = new Date();
function session(userId: number, over: Partial<CachedSession> = {}): CachedSession {
  return {
    user: {
      id: userId,
      username: `u${userId}`,
      avatarUrl: null,
      createdAt: now,
      role: "player",
      sessionKind: "player",
      twoStep: false,
    },
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + 60 * 60 * 1000),
    ...over,
  };
}

describe("SessionCache (decision 009)", () => {
  it("keeps a looked-up session and forgets it when PostgreSQL names its user", () => {
    const { listener, deliver } = fakeListener();
    const cache = new SessionCache(fakeDb(), listener);
    cache.set("a", session(1), cache.begin());
    cache.set("b", session(2), cache.begin());
    expect(cache.get("a", now)?.user.id).toBe(1);
    deliver("1,7");
    expect(cache.get("a", now)).toBeUndefined();
    expect(cache.get("b", now)?.user.id).toBe(2);
    deliver("*");
    expect(cache.get("b", now)).toBeUndefined();
    cache.close();
  });

  it("forgets everything on a payload it cannot read (forgetting too much is safe)", () => {
    const { listener, deliver } = fakeListener();
    const cache = new SessionCache(fakeDb(), listener);
    cache.set("a", session(1), cache.begin());
    deliver("1;drop");
    expect(cache.size).toBe(0);
    cache.close();
  });

  it("does not keep a lookup that raced an invalidation", () => {
    const { listener, deliver } = fakeListener();
    const cache = new SessionCache(fakeDb(), listener);
    const generation = cache.begin();
    deliver("99"); // any change, even of another user, while the lookup was running
    cache.set("a", session(1), generation);
    expect(cache.get("a", now)).toBeUndefined();
    cache.close();
  });

  it("serves nothing while the LISTEN connection is down and forgets everything on reconnect", () => {
    const { listener, setListening, reconnect } = fakeListener();
    const cache = new SessionCache(fakeDb(), listener);
    cache.set("a", session(1), cache.begin());
    setListening(false);
    expect(cache.get("a", now)).toBeUndefined();
    cache.set("b", session(2), cache.begin());
    setListening(true);
    expect(cache.get("b", now)).toBeUndefined();
    cache.set("c", session(3), cache.begin());
    reconnect();
    expect(cache.get("c", now)).toBeUndefined();
    cache.close();
  });

  it("caches nothing on PGlite (one process: nothing to save, nobody to hear)", () => {
    const { listener } = fakeListener("local");
    const cache = new SessionCache(fakeDb(), listener);
    cache.set("a", session(1), cache.begin());
    expect(cache.get("a", now)).toBeUndefined();
    cache.close();
  });

  it("drops expired sessions, entries older than maxAgeMs and the least recently used beyond maxEntries", async () => {
    const { listener } = fakeListener();
    const cache = new SessionCache(fakeDb(), listener, { maxEntries: 2, maxAgeMs: 50 });
    cache.set("expired", session(1, { expiresAt: new Date(now.getTime() - 1) }), cache.begin());
    expect(cache.get("expired", now)).toBeUndefined();
    cache.set("a", session(1), cache.begin());
    cache.set("b", session(2), cache.begin());
    cache.get("a", now); // a is now the most recently used
    cache.set("c", session(3), cache.begin());
    expect(cache.get("b", now)).toBeUndefined();
    expect(cache.get("a", now)?.user.id).toBe(1);
    await new Promise((r) => setTimeout(r, 60));
    expect(cache.get("a", now)).toBeUndefined();
    cache.close();
  });

  it("sessionsChanged tells the caches of that database handle only, by token or by user", () => {
    const db = fakeDb();
    const other = fakeDb();
    const cache = new SessionCache(db, fakeListener().listener);
    const elsewhere = new SessionCache(other, fakeListener().listener);
    for (const c of [cache, elsewhere]) {
      c.set("a", session(1), c.begin());
      c.set("b", session(2), c.begin());
    }
    sessionsChanged(db, { tokenHashes: ["a"] });
    expect(cache.get("a", now)).toBeUndefined();
    expect(cache.get("b", now)).toBeDefined();
    sessionsChanged(db, { userIds: [2] });
    expect(cache.get("b", now)).toBeUndefined();
    expect(elsewhere.size).toBe(2);
    cache.close();
    elsewhere.close();
  });
});

const hasPostgres = !!process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function within(ms: number, probe: () => Promise<boolean>): Promise<void> {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > ms) throw new Error(`did not hold within ${ms} ms`);
    await sleep(10);
  }
}

describe.skipIf(!hasPostgres)("cached sessions on PostgreSQL (decision 009, needs TEST_DATABASE_URL)", () => {
  let t: TestApp;
  let second: Database;
  let appB: FastifyInstance;

  beforeAll(async () => {
    t = await buildTestApp("postgres", { seed: false });
    // Process B: its own pool, its own app, its own LISTEN connection and session cache, on the same database.
    second = await createDb({ kind: "postgres", url: t.config.databaseUrl!, max: 3 });
    appB = await buildApp({
      config: t.config,
      database: second,
      settings: { passwordHashCost: TEST_PASSWORD_HASH_COST },
      verifySerialisation: true,
    });
    await appB.ready();
  });
  afterAll(async () => {
    await appB?.close();
    await second?.close();
    await t?.close();
  });

  const me = (app: FastifyInstance, cookies: { sid: string }) =>
    app.inject({ method: "GET", url: "/api/auth/user", cookies });
  /** Signs a player in and resolves the session on both processes, so that both have it cached. */
  async function cachedPlayer() {
    const player = await createUserWithSession(t);
    for (const app of [t.app, appB]) {
      expect((await me(app, player.cookies)).statusCode).toBe(200);
      const hits = app.sessionCache.stats.hits;
      expect((await me(app, player.cookies)).statusCode).toBe(200);
      expect(app.sessionCache.stats.hits).toBe(hits + 1);
    }
    return player;
  }

  it("signing out ends the session for the very next request on this process, and on the other within one second", async () => {
    const player = await cachedPlayer();
    const out = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      cookies: player.cookies,
      headers: { origin: t.config.publicUrl },
    });
    expect(out.statusCode).toBeLessThan(400);
    expect((await me(t.app, player.cookies)).statusCode).toBe(401);
    await within(1000, async () => (await me(appB, player.cookies)).statusCode === 401);
  });

  it("an account disabled by an administrator on A is refused by B within one second", async () => {
    const player = await cachedPlayer();
    const admin = await createUserWithSession(t, { role: "admin" });
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/users/${player.user.id}`,
      payload: { disabled: true },
      cookies: admin.cookies,
    });
    expect(res.statusCode).toBe(200);
    expect((await me(t.app, player.cookies)).statusCode).toBe(401);
    await within(1000, async () => (await me(appB, player.cookies)).statusCode === 401);
  });

  it("a change made outside the application (an operator's SQL) reaches both caches within one second", async () => {
    const player = await cachedPlayer();
    await second.db.execute(
      sql`update users set role = 'admin', username = 'renamed_by_sql' where id = ${player.user.id}`,
    );
    for (const app of [t.app, appB]) {
      await within(1000, async () => {
        const body = (await me(app, player.cookies)).json();
        return body.username === "renamed_by_sql" && body.role === "admin";
      });
    }
    // A session deleted by SQL is refused too.
    await second.db.execute(sql`delete from sessions where user_id = ${player.user.id}`);
    for (const app of [t.app, appB]) await within(1000, async () => (await me(app, player.cookies)).statusCode === 401);
  });

  it("a purge that deletes many users' sessions in one statement forgets them all", async () => {
    const players = await Promise.all(Array.from({ length: 3 }, () => cachedPlayer()));
    await t.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where user_id in (${sql.join(
        players.map((p) => sql`${p.user.id}`),
        sql`, `,
      )})`,
    );
    for (const p of players) await within(1000, async () => (await me(appB, p.cookies)).statusCode === 401);
  });

  it("touching a session (last seen) does not empty the caches", async () => {
    const player = await cachedPlayer();
    const size = appB.sessionCache.size;
    await t.database.db.execute(sql`update sessions set last_seen_at = now() where user_id = ${player.user.id}`);
    await sleep(100);
    expect(appB.sessionCache.size).toBe(size);
    const hits = appB.sessionCache.stats.hits;
    expect((await me(appB, player.cookies)).statusCode).toBe(200);
    expect(appB.sessionCache.stats.hits).toBe(hits + 1);
  });
});
