import type { AddressInfo } from "node:net";
import { expect, it } from "vitest";
import WebSocket from "ws";
import { ROOM_FRAME_MAX_BYTES, ROOM_MESSAGES_PER_SECOND } from "../../contract/rooms-constants";
import { insertGame } from "../../test/factories";
import { buildTestApp, createUserWithSession, describeEachDatabase } from "../../test/test-app";
import { enqueueJob } from "../services/job-queue";
import { guestMember, newGuestSecret } from "../services/room-runtime";

const TOKEN = "metrics-token-for-tests-0123456789";

/** A sample's value from Prometheus' text format, by its name and labels as written (`name{a="b"}`). */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describeEachDatabase(
  "metrics (D161)",
  (t) => {
    const scrape = (authorization?: string) =>
      t().app.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });

    it("answers only a request bearing the token", async () => {
      for (const authorization of [undefined, "Bearer wrong-token-0123456789", `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
        const res = await scrape(authorization);
        expect(res.statusCode, authorization).toBe(401);
        expect(res.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
        expect(res.body).not.toContain("arcadium_");
      }
      const res = await scrape(`Bearer ${TOKEN}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    });

    it("counts requests by route pattern and status, and reports the queue, sockets, caches and the process", async () => {
      const { app, database } = t();
      for (let i = 0; i < 3; i++)
        expect((await app.inject({ method: "GET", url: "/api/games?limit=1" })).statusCode).toBe(200);
      expect((await app.inject({ method: "GET", url: "/api/games/987654" })).statusCode).toBe(404);
      await enqueueJob(database.db, { name: "housekeeping", runAt: new Date() });

      const text = (await scrape(`Bearer ${TOKEN}`)).body;
      expect(
        sample(text, 'arcadium_http_request_duration_seconds_count{method="GET",route="/api/games",status_code="200"}'),
      ).toBe(3);
      expect(
        sample(
          text,
          'arcadium_http_request_duration_seconds_count{method="GET",route="/api/games/:id",status_code="404"}',
        ),
      ).toBe(1);
      expect(text).not.toContain('route="/metrics"');
      expect(sample(text, 'arcadium_jobs{state="queued"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, "arcadium_websocket_connections")).toBe(0);
      expect(
        sample(text, 'arcadium_cache_hits_total{cache="reads"}')! +
          sample(text, 'arcadium_cache_misses_total{cache="reads"}')!,
      ).toBeGreaterThan(0);
      expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
      expect(text).toContain("nodejs_eventloop_lag_seconds");
      if (database.kind === "postgres")
        expect(sample(text, 'arcadium_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    });

    it("reports this process's rooms, their players and traffic, and the room frames refused (D161)", async () => {
      const { app } = t();
      const { id: gameId } = await insertGame(t());
      const { user } = await createUserWithSession(t());
      const member = { kind: "user", userId: user.id, name: user.username, avatarUrl: null } as const;
      const first = app.rooms.attachSocket(() => {});
      const second = app.rooms.attachSocket(() => {});
      const ask = async (socketId: string, request: object) => {
        const answer = await app.rooms.request(socketId, member, "f1", gameId, request);
        if (!answer.ok) throw new Error(answer.error.message);
        return answer.value as { id: string; code: string };
      };
      const turns = await ask(first.socketId, {
        type: "create",
        maxPlayers: 2,
        visibility: "private",
        turnBased: true,
      });
      const realTime = await ask(first.socketId, { type: "create", maxPlayers: 2, visibility: "private" });
      await app.rooms.request(second.socketId, guestMember(newGuestSecret()), "f1", gameId, {
        type: "join",
        code: realTime.code,
      });
      for (let i = 0; i < 3; i++) await ask(first.socketId, { type: "send", roomId: turns.id, data: i });
      second.detach();

      // the live socket refuses a frame over the size and frames beyond the rate
      if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = app.server.address() as AddressInfo;
      const ws = new WebSocket(`ws://127.0.0.1:${port}/api/chat/live`, { origin: t().config.publicUrl });
      await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
      const answers: unknown[] = [];
      ws.on("message", (data) => answers.push(JSON.parse(String(data))));
      ws.send(JSON.stringify({ type: "room", id: "big", padding: "x".repeat(ROOM_FRAME_MAX_BYTES) }));
      // three seconds' worth at once: the bucket refills as the clock runs, so count the refusals answered
      const burst = 3 * ROOM_MESSAGES_PER_SECOND;
      for (let i = 0; i < burst; i++)
        ws.send(JSON.stringify({ type: "room", id: `r${i}`, frame: "f1", gameId, request: { type: "list" } }));
      await expect.poll(() => answers.length, { timeout: 10_000 }).toBe(burst + 1);
      ws.close();
      const limited = answers.filter((a) => (a as { error?: { code: string } }).error?.code === "rate_limited");
      expect(limited.length).toBeGreaterThan(0);

      const text = (await scrape(`Bearer ${TOKEN}`)).body;
      expect(sample(text, 'arcadium_rooms_open{kind="turn_based"}')).toBe(1);
      expect(sample(text, 'arcadium_rooms_open{kind="real_time"}')).toBe(1);
      expect(sample(text, 'arcadium_room_players{state="seated"}')).toBe(3);
      expect(sample(text, 'arcadium_room_players{state="connected"}')).toBe(2);
      expect(sample(text, "arcadium_room_messages_relayed_total")).toBe(3);
      expect(sample(text, 'arcadium_room_frames_rejected_total{reason="size"}')).toBe(1);
      expect(sample(text, 'arcadium_room_frames_rejected_total{reason="rate"}')).toBe(limited.length);
      expect(sample(text, "arcadium_room_forwards_total")).toBe(0);
      first.detach();
    });

    it("names every response's request in X-Request-Id, the id of its log lines", async () => {
      const res = await t().app.inject({ method: "GET", url: "/api/games/987654" });
      expect(res.statusCode).toBe(404);
      expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      const other = await t().app.inject({ method: "GET", url: "/api/games/987654" });
      expect(other.headers["x-request-id"]).not.toBe(res.headers["x-request-id"]);
      expect((await t().gamesApp.inject({ method: "GET", url: "/sdk/v1.js" })).headers["x-request-id"]).toMatch(
        /^[0-9a-f-]{36}$/,
      );
    });
  },
  { env: { METRICS_TOKEN: TOKEN }, seed: false },
);

it("serves no /metrics at all without METRICS_TOKEN", async () => {
  const t = await buildTestApp("pglite", { seed: false });
  try {
    const res = await t.app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
  } finally {
    await t.close();
  }
});
