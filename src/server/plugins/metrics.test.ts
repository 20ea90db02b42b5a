import { expect, it } from "vitest";
import { buildTestApp, describeEachDatabase } from "../../test/test-app";
import { enqueueJob } from "../services/job-queue";

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
