import { expect, it } from "vitest";
import { createUserWithSession, describeEachDatabase } from "../../test/test-app";
import { rateLimitTable } from "../rate-limit-table";

/** Presence, blocks, notification reads and the data export are limited per player (limits lowered here to 2). */
const TEST_LIMIT = 2;

describeEachDatabase(
  "per-player limits on presence, blocks, notifications and the export (issue 26)",
  (t) => {
    const request = (method: "GET" | "POST" | "DELETE", url: string, cookies: { sid: string }, payload?: object) =>
      t().app.inject({ method, url, cookies, ...(payload ? { payload } : {}) });

    it("the production limits", () => {
      const table = rateLimitTable({ registrationsPerHour: 1, playsPerMinute: 1 });
      expect(table.presence).toMatchObject({ limit: 60, windowMs: 60_000 });
      expect(table.block).toMatchObject({ limit: 60, windowMs: 3_600_000 });
      expect(table.notifications).toMatchObject({ limit: 120, windowMs: 60_000 });
      expect(table.dataExport).toMatchObject({ limit: 5, windowMs: 3_600_000 });
    });

    it.each([
      [
        "presence reports",
        "Too many presence updates. Please slow down.",
        (sid: { sid: string }) => request("POST", "/api/presence", sid, { gameId: null }),
      ],
      [
        "notification reads",
        "Too many notification requests. Please slow down.",
        (sid: { sid: string }) => request("GET", "/api/notifications", sid),
      ],
      [
        "marking notifications read",
        "Too many notification requests. Please slow down.",
        (sid: { sid: string }) => request("POST", "/api/notifications/read", sid, {}),
      ],
      [
        "data downloads",
        "Too many data downloads. Please try again later.",
        (sid: { sid: string }) => request("GET", "/api/me/export", sid),
      ],
    ])("%s: 429 with Retry-After once over the limit, another player unaffected", async (_what, message, send) => {
      const a = await createUserWithSession(t());
      const b = await createUserWithSession(t());
      for (let i = 0; i < TEST_LIMIT; i++) expect((await send(a.cookies)).statusCode).toBeLessThan(300);
      const limited = await send(a.cookies);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(limited.json()).toEqual({ message });
      expect((await send(b.cookies)).statusCode).toBeLessThan(300);
    });

    it("blocks and unblocks count together: 429 once over the limit, and nothing changes", async () => {
      const a = await createUserWithSession(t());
      const other = await createUserWithSession(t());
      expect((await request("POST", `/api/blocks/${other.user.id}`, a.cookies)).statusCode).toBe(204);
      expect((await request("DELETE", `/api/blocks/${other.user.id}`, a.cookies)).statusCode).toBe(204);
      const limited = await request("POST", `/api/blocks/${other.user.id}`, a.cookies);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(limited.json()).toEqual({ message: "Too many blocks and unblocks. Please try again later." });
      expect((await request("GET", `/api/friends/${other.user.id}`, a.cookies)).json().blocked).toBe(false);
    });
  },
  {
    settings: {
      rateLimits: {
        presence: { limit: TEST_LIMIT },
        block: { limit: TEST_LIMIT },
        notifications: { limit: TEST_LIMIT },
        dataExport: { limit: TEST_LIMIT },
      },
    },
  },
);
