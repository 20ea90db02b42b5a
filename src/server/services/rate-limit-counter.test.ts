import { expect, it } from "vitest";
import { describeEachDatabase } from "../../test/test-app";
import { hitRateLimit, releaseRateLimit, resetRateLimit } from "./rate-limit-counter";

describeEachDatabase(
  "rate limit counters",
  (t) => {
    it("allows up to the limit in a window, then reports the time to wait", async () => {
      const now = new Date("2026-01-01T00:00:00Z");
      const db = t().database.db;
      for (let i = 1; i <= 3; i++) expect((await hitRateLimit(db, "k1", 3, 10_000, now)).allowed).toBe(true);
      const fourth = await hitRateLimit(db, "k1", 3, 10_000, new Date(now.getTime() + 4_000));
      expect(fourth.allowed).toBe(false);
      expect(fourth.retryAfterSeconds).toBe(6);
      // A new window starts once the old one has passed.
      const later = await hitRateLimit(db, "k1", 3, 10_000, new Date(now.getTime() + 10_001));
      expect(later).toMatchObject({ allowed: true, count: 1 });
    });

    it("keeps keys apart, gives a reserved hit back (never below zero) and resets", async () => {
      const db = t().database.db;
      const now = new Date();
      await hitRateLimit(db, "a", 2, 60_000, now);
      expect((await hitRateLimit(db, "b", 2, 60_000, now)).count).toBe(1);
      expect((await hitRateLimit(db, "a", 2, 60_000, now)).count).toBe(2);
      await releaseRateLimit(db, "a");
      expect((await hitRateLimit(db, "a", 2, 60_000, now)).count).toBe(2);
      await resetRateLimit(db, "a");
      await releaseRateLimit(db, "a");
      expect((await hitRateLimit(db, "a", 2, 60_000, now)).count).toBe(1);
      await releaseRateLimit(db, "a");
      await releaseRateLimit(db, "a");
      expect((await hitRateLimit(db, "a", 2, 60_000, now)).count).toBe(1);
    });

    it("counts concurrent hits exactly", async () => {
      const db = t().database.db;
      const results = await Promise.all(Array.from({ length: 20 }, () => hitRateLimit(db, "burst", 5, 60_000)));
      expect(results.filter((r) => r.allowed)).toHaveLength(5);
      expect(Math.max(...results.map((r) => r.count))).toBe(20);
    });
  },
  { seed: false },
);
