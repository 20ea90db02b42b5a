import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import type { ChatLiveEvent, ChatMessage } from "../../contract/chat";
import { buildTestApp, createUserWithSession, TEST_PASSWORD_HASH_COST, type TestApp } from "../../test/test-app";
import { buildApp } from "../app";
import { createDb, type Database } from "../db/client";
import { ChatHub } from "./chat-hub";
import { LISTENER_APPLICATION_NAME as CHAT_LISTENER_APPLICATION_NAME } from "./pg-listener";

const SITE = "http://localhost:5000";
const hasPostgres = !!process.env.TEST_DATABASE_URL;

function sampleMessage(id: number, text = `message ${id}`): ChatMessage {
  return {
    id,
    message: text,
    createdAt: new Date().toISOString(),
    user: { id: 1, username: "someone", avatarUrl: null },
  };
}

/** Collects a hub's events and waits for matching ones. */
function recorder() {
  const events: ChatLiveEvent[] = [];
  const waiters: Array<{ match: (e: ChatLiveEvent) => boolean; resolve: (e: ChatLiveEvent) => void }> = [];
  const push = (event: ChatLiveEvent) => {
    events.push(event);
    for (const w of [...waiters]) {
      if (!w.match(event)) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(event);
    }
  };
  const next = (match: (e: ChatLiveEvent) => boolean, timeoutMs = 5000) => {
    const seen = events.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise<ChatLiveEvent>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`)),
        timeoutMs,
      );
      waiters.push({ match, resolve: (e) => (clearTimeout(timer), resolve(e)) });
    });
  };
  return { events, push, next };
}

const isMessage = (id: number) => (e: ChatLiveEvent) => e.type === "message" && e.message.id === id;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await sleep(50);
  }
}

describe("chat hub, in-process mode (PGlite)", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createDb({ kind: "pglite" });
  });
  afterAll(async () => {
    await database.close();
  });

  it("delivers each published event once to every subscriber, and not after unsubscribing", async () => {
    const hub = new ChatHub(database);
    await hub.start();
    expect(hub.mode).toBe("local");
    expect(hub.listening).toBe(true);
    const a = recorder();
    const b = recorder();
    hub.subscribe(a.push);
    const unsubscribeB = hub.subscribe(b.push);
    await hub.publish({ type: "message", message: sampleMessage(1) });
    unsubscribeB();
    await hub.publish({ type: "deleted", id: 1 });
    expect(a.events).toEqual([
      { type: "message", message: expect.objectContaining({ id: 1 }) },
      { type: "deleted", id: 1 },
    ]);
    expect(b.events).toEqual([{ type: "message", message: expect.objectContaining({ id: 1 }) }]);
    await hub.close();
    expect(hub.subscriberCount).toBe(0);
  });

  it("keeps delivering when one subscriber throws", async () => {
    const warn = vi.fn();
    const hub = new ChatHub(database, { logger: { info: () => {}, warn } });
    const good = recorder();
    hub.subscribe(() => {
      throw new Error("broken socket");
    });
    hub.subscribe(good.push);
    await hub.publish({ type: "deleted", id: 7 });
    expect(good.events).toEqual([{ type: "deleted", id: 7 }]);
    expect(warn).toHaveBeenCalledOnce();
    await hub.close();
  });
});

describe("chat hub across processes (PostgreSQL LISTEN/NOTIFY, D8)", () => {
  let t: TestApp;
  const extra: Database[] = [];
  const hubs: ChatHub[] = [];

  async function handle(): Promise<Database> {
    const d = await createDb({ kind: "postgres", url: t.config.databaseUrl!, max: 3 });
    extra.push(d);
    return d;
  }
  async function hub(database: Database, options: ConstructorParameters<typeof ChatHub>[1] = {}) {
    const h = new ChatHub(database, { reconnect: { initialMs: 50, maxMs: 500 }, ...options });
    hubs.push(h);
    await h.start();
    return h;
  }
  async function terminateListeners(): Promise<number[]> {
    const res = await t.database.pool!.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()",
      [CHAT_LISTENER_APPLICATION_NAME],
    );
    const pids = res.rows.map((r) => r.pid);
    for (const pid of pids) await t.database.pool!.query("select pg_terminate_backend($1)", [pid]);
    return pids;
  }

  beforeAll(async () => {
    if (!hasPostgres) return;
    t = await buildTestApp("postgres", { seed: false });
  });
  afterAll(async () => {
    for (const h of hubs) await h.close();
    for (const d of extra) await d.close();
    await t?.close();
  });

  it.skipIf(!hasPostgres)(
    "delivers each event exactly once on every process, its own included (needs TEST_DATABASE_URL)",
    async () => {
      const a = await hub(await handle());
      const b = await hub(await handle());
      expect(a.mode).toBe("postgres");
      expect(a.listenerPid).toBeGreaterThan(0);
      const onA = recorder();
      const onB = recorder();
      a.subscribe(onA.push);
      b.subscribe(onB.push);
      await a.publish({ type: "message", message: sampleMessage(101) });
      await b.publish({ type: "deleted", id: 55 });
      await onB.next(isMessage(101));
      await onA.next((e) => e.type === "deleted" && e.id === 55);
      await sleep(300);
      expect(onA.events).toHaveLength(2);
      expect(onB.events).toHaveLength(2);
    },
  );

  it.skipIf(!hasPostgres)(
    "sends an event too large for NOTIFY by reference and loads it on the other side (needs TEST_DATABASE_URL)",
    async () => {
      const big = sampleMessage(202, "é".repeat(5000));
      const loadMessage = vi.fn(async (id: number) => (id === 202 ? big : null));
      const a = await hub(await handle());
      const b = await hub(await handle(), { loadMessage });
      const onB = recorder();
      b.subscribe(onB.push);
      await a.publish({ type: "message", message: big });
      expect(await onB.next(isMessage(202))).toEqual({ type: "message", message: big });
      expect(loadMessage).toHaveBeenCalledWith(202);
    },
  );

  it.skipIf(!hasPostgres)(
    "reconnects its listener after pg_terminate_backend, asks pages to resync, and delivers again (needs TEST_DATABASE_URL)",
    async () => {
      const warn = vi.fn();
      const a = await hub(await handle());
      const b = await hub(await handle(), { logger: { info: () => {}, warn } });
      const onB = recorder();
      b.subscribe(onB.push);
      const before = b.listenerPid;
      const killed = await terminateListeners();
      expect(killed).toContain(before);
      await onB.next((e) => e.type === "resync", 10_000);
      await waitFor(async () => b.listening && a.listening);
      expect(b.listenerPid).not.toBe(before);
      expect(warn).toHaveBeenCalled();
      await a.publish({ type: "message", message: sampleMessage(303) });
      await onB.next(isMessage(303));
    },
  );
});

describe("two app instances on one PostgreSQL database (issue 6 scale-out)", () => {
  let t: TestApp;
  let second: Database;
  let appB: FastifyInstance;
  let urlB: string;

  function openLive(url: string): Promise<{ ws: WebSocket; rec: ReturnType<typeof recorder> }> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { origin: SITE });
      const rec = recorder();
      ws.on("message", (data) => rec.push(JSON.parse(String(data)) as ChatLiveEvent));
      ws.once("error", reject);
      ws.once("open", () => resolve({ ws, rec }));
    });
  }

  beforeAll(async () => {
    if (!hasPostgres) return;
    t = await buildTestApp("postgres", { seed: false });
    // Process B: its own pool on the same database, its own app (own hub, own LISTEN connection).
    second = await createDb({ kind: "postgres", url: t.config.databaseUrl!, max: 3 });
    appB = await buildApp({
      config: t.config,
      database: second,
      settings: { passwordHashCost: TEST_PASSWORD_HASH_COST },
      verifySerialisation: true,
    });
    await appB.listen({ port: 0, host: "127.0.0.1" });
    urlB = `ws://127.0.0.1:${(appB.server.address() as AddressInfo).port}/api/chat/live`;
  });
  afterAll(async () => {
    await appB?.close();
    await second?.close();
    await t?.close();
  });

  it.skipIf(!hasPostgres)(
    "a socket on instance B receives a message posted through instance A, once (needs TEST_DATABASE_URL)",
    async () => {
      const client = await openLive(urlB);
      try {
        const { cookies } = await createUserWithSession(t);
        const posted = await t.app.inject({
          method: "POST",
          url: "/api/chat",
          payload: { message: "from A" },
          cookies,
        });
        expect(posted.statusCode).toBe(201);
        const event = await client.rec.next(isMessage(posted.json().id), 2000);
        expect(event).toEqual({ type: "message", message: posted.json() });
        // And B's history has it too (one database).
        const history = (await appB.inject({ method: "GET", url: "/api/chat" })).json() as Array<{ id: number }>;
        expect(history.map((m) => m.id)).toContain(posted.json().id);
        await sleep(300);
        expect(client.rec.events.filter(isMessage(posted.json().id))).toHaveLength(1);
      } finally {
        client.ws.close();
      }
    },
  );

  it.skipIf(!hasPostgres)(
    "B's listener survives pg_terminate_backend: it reconnects and delivers again (needs TEST_DATABASE_URL)",
    async () => {
      const client = await openLive(urlB);
      try {
        const res = await t.database.pool!.query<{ pid: number }>(
          "select pid from pg_stat_activity where datname = current_database() and application_name = $1",
          [CHAT_LISTENER_APPLICATION_NAME],
        );
        expect(res.rows.length).toBe(2);
        for (const { pid } of res.rows) await t.database.pool!.query("select pg_terminate_backend($1)", [pid]);
        // The page is told to refetch once the listener is back …
        await client.rec.next((e) => e.type === "resync", 20_000);
        // … and A's listener is back too (both processes reconnect on their own).
        await waitFor(async () => {
          // A listener runs `select pg_backend_pid()` right after LISTEN: seeing it means it is listening.
          const r = await t.database.pool!.query<{ pid: number }>(
            "select pid from pg_stat_activity where datname = current_database() and application_name = $1 and query ilike 'select pg_backend_pid()%'",
            [CHAT_LISTENER_APPLICATION_NAME],
          );
          return r.rows.filter((row) => !res.rows.some((old) => old.pid === row.pid)).length === 2;
        }, 20_000);
        const { cookies } = await createUserWithSession(t);
        const posted = await t.app.inject({
          method: "POST",
          url: "/api/chat",
          payload: { message: "after restart" },
          cookies,
        });
        expect(posted.statusCode).toBe(201);
        await client.rec.next(isMessage(posted.json().id), 2000);
        // The socket itself stayed open throughout.
        expect(client.ws.readyState).toBe(WebSocket.OPEN);
      } finally {
        client.ws.close();
      }
    },
  );
});
