import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { JOB_STATES } from "../../contract/jobs-constants";
import type { Database } from "../db/client";
import { jobCounts } from "../services/job-queue";
import type { ReadCache } from "../services/read-cache";
import type { RoomStats } from "../services/room-runtime";
import type { SessionCache } from "../services/session-cache";

export type MetricsOptions = {
  /** METRICS_TOKEN: /metrics exists only when it is set, and answers only a request bearing it */
  token: string | undefined;
  database: Database;
  reads: ReadCache;
  sessions: SessionCache;
  /** this process's rooms (room-runtime.ts) */
  rooms: { stats(): RoomStats };
};

/** Request durations in seconds: from a cached read (a few ms) to a large upload. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const sameToken = (given: string, expected: string) => {
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
};

/**
 * D161: `GET /metrics` in Prometheus' text format, read with `Authorization: Bearer METRICS_TOKEN`, and nothing at all
 * (404, like any unknown path) without the token set. Each app has its own registry: tests build many apps in one
 * process. What it reports:
 * - `arcadium_http_request_duration_seconds` by method, route pattern and status code (its `_count` is the request
 *   rate and the 4xx/5xx counts);
 * - the database pool (PostgreSQL), open WebSocket connections, the job queue by state;
 * - hits and misses of the cached public reads and sessions;
 * - the rooms this process is home to by kind, their seated and connected players, the messages relayed, the room
 *   frames the live socket refused by reason (rate, size) and the requests forwarded to another process's rooms;
 * - Node's own: event-loop lag, memory, garbage collection, handles (`process_`, `nodejs_`).
 */
export const metricsPlugin = fp<MetricsOptions>(
  async (app: FastifyInstance, { token, database, reads, sessions, rooms }) => {
    if (!token) return;
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });

    const duration = new Histogram({
      name: "arcadium_http_request_duration_seconds",
      help: "Time from a request's arrival to its response, by route pattern and status code",
      labelNames: ["method", "route", "status_code"] as const,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    });
    app.addHook("onResponse", async (request, reply) => {
      const route = request.routeOptions.url ?? "unmatched";
      if (route === "/metrics") return;
      duration.observe(
        { method: request.method, route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });

    new Gauge({
      name: "arcadium_db_pool_connections",
      help: "PostgreSQL pool connections by state (none on the embedded database)",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        const pool = database.pool;
        if (!pool) return;
        this.set({ state: "total" }, pool.totalCount);
        this.set({ state: "idle" }, pool.idleCount);
        this.set({ state: "waiting" }, pool.waitingCount);
      },
    });
    new Gauge({
      name: "arcadium_websocket_connections",
      help: "Open WebSocket connections (live chat and players' live events)",
      registers: [registry],
      collect() {
        this.set(app.websocketServer?.clients.size ?? 0);
      },
    });
    new Gauge({
      name: "arcadium_jobs",
      help: "Jobs in the queue by state (queued is its depth; failed have used up their tries)",
      labelNames: ["state"] as const,
      registers: [registry],
      async collect() {
        const counts = await jobCounts(database.db);
        for (const state of JOB_STATES) this.set({ state }, counts[state]);
      },
    });
    const cacheCounter = (name: string, help: string, read: () => { reads: number; sessions: number }) => {
      const counted = { reads: 0, sessions: 0 };
      new Counter({
        name,
        help,
        labelNames: ["cache"] as const,
        registers: [registry],
        collect() {
          const now = read();
          for (const cache of ["reads", "sessions"] as const) {
            this.inc({ cache }, now[cache] - counted[cache]);
            counted[cache] = now[cache];
          }
        },
      });
    };
    cacheCounter("arcadium_cache_hits_total", "Answers served from a process's cache (public reads, sessions)", () => ({
      reads: reads.stats.hits,
      sessions: sessions.stats.hits,
    }));
    cacheCounter("arcadium_cache_misses_total", "Answers the cache had to build or look up", () => ({
      reads: reads.stats.builds,
      sessions: sessions.stats.misses,
    }));

    new Gauge({
      name: "arcadium_rooms_open",
      help: "Open rooms this process is home to, by kind (turn_based, real_time)",
      labelNames: ["kind"] as const,
      registers: [registry],
      collect() {
        const stats = rooms.stats();
        this.set({ kind: "turn_based" }, stats.turnBased);
        this.set({ kind: "real_time" }, stats.realTime);
      },
    });
    new Gauge({
      name: "arcadium_room_players",
      help: "Players in the rooms this process is home to: seated (connected or keeping their seat) and connected",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        const stats = rooms.stats();
        this.set({ state: "seated" }, stats.seated);
        this.set({ state: "connected" }, stats.connected);
      },
    });
    /** A counter following a running total that the rooms keep. */
    const roomTotal = (name: string, help: string, read: () => number) => {
      let counted = 0;
      new Counter({
        name,
        help,
        registers: [registry],
        collect() {
          const now = read();
          this.inc(now - counted);
          counted = now;
        },
      });
    };
    roomTotal(
      "arcadium_room_messages_relayed_total",
      "Room messages relayed by this process's rooms",
      () => rooms.stats().messagesRelayed,
    );
    roomTotal(
      "arcadium_room_forwards_total",
      "Room requests forwarded to the process that is the room's home",
      () => rooms.stats().forwards,
    );
    const rejected = { rate: 0, size: 0 };
    new Counter({
      name: "arcadium_room_frames_rejected_total",
      help: "Room frames the live socket refused before reading them, by reason (rate, size)",
      labelNames: ["reason"] as const,
      registers: [registry],
      collect() {
        const now = rooms.stats().framesRejected;
        for (const reason of ["rate", "size"] as const) {
          this.inc({ reason }, now[reason] - rejected[reason]);
          rejected[reason] = now[reason];
        }
      },
    });

    app.get("/metrics", { logLevel: "warn" }, async (request, reply) => {
      const [scheme, given] = (request.headers.authorization ?? "").split(" ");
      if (scheme !== "Bearer" || !given || !sameToken(given, token)) {
        return reply
          .code(401)
          .header("www-authenticate", 'Bearer realm="metrics"')
          .send({ message: "A bearer token is required" });
      }
      return reply
        .header("content-type", registry.contentType)
        .header("cache-control", "no-store")
        .send(await registry.metrics());
    });
  },
);
