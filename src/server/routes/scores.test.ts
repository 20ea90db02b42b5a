import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { newGame, play, score, submit } from "../../test/scores";
import { createUserWithSession, describeEachDatabase } from "../../test/test-app";
import { playsTable } from "../db/schema";

describeEachDatabase(
  "scores API (D21, D23)",
  (t) => {
    it("needs a session (401)", async () => {
      const g = await newGame(t(), "S1");
      const playId = await play(t(), g.id);
      expect((await submit(t(), undefined, { playId, score: 10 })).statusCode).toBe(401);
    });

    it("refuses another player's play (403) and an anonymous play (403)", async () => {
      const g = await newGame(t(), "S2");
      const a = await createUserWithSession(t());
      const b = await createUserWithSession(t());
      const playId = await play(t(), g.id, a);
      expect((await submit(t(), b, { playId, score: 10 })).statusCode).toBe(403);
      const anonymous = await play(t(), g.id);
      expect((await submit(t(), b, { playId: anonymous, score: 10 })).statusCode).toBe(403);
    });

    it("refuses an unknown or expired play (400)", async () => {
      const g = await newGame(t(), "S3");
      const a = await createUserWithSession(t());
      expect((await submit(t(), a, { playId: "00000000-0000-4000-8000-000000000000", score: 1 })).statusCode).toBe(400);
      expect((await submit(t(), a, { playId: "not-a-uuid", score: 1 })).statusCode).toBe(400);
      const playId = await play(t(), g.id, a);
      await t()
        .database.db.update(playsTable)
        .set({ createdAt: new Date(Date.now() - 6 * 60 * 60 * 1000 - 1000) })
        .where(eq(playsTable.id, playId));
      const expired = await submit(t(), a, { playId, score: 1 });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().message).toMatch(/expired/);
    });

    it("takes at most one score per play (409)", async () => {
      const g = await newGame(t(), "S4");
      const a = await createUserWithSession(t());
      const playId = await play(t(), g.id, a);
      expect((await submit(t(), a, { playId, score: 5 })).statusCode).toBe(201);
      expect((await submit(t(), a, { playId, score: 500 })).statusCode).toBe(409);
      // Concurrent duplicates: exactly one wins.
      const p2 = await play(t(), g.id, a);
      const results = await Promise.all([1, 2, 3].map((n) => submit(t(), a, { playId: p2, score: n })));
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    });

    it.each([[-1], [1.5], [1_000_000_001], ["100"], [null], [Number.MAX_SAFE_INTEGER]])(
      "refuses the score %j (400)",
      async (value) => {
        const g = await newGame(t(), `Bad ${String(value)}`);
        const a = await createUserWithSession(t());
        const playId = await play(t(), g.id, a);
        expect((await submit(t(), a, { playId, score: value })).statusCode).toBe(400);
      },
    );

    it("reports personal bests and the rank on the game's board", async () => {
      const g = await newGame(t(), "S5");
      const a = await createUserWithSession(t());
      const b = await createUserWithSession(t());
      expect(await score(t(), a, g.id, 100)).toEqual({ score: 100, personalBest: true, rank: 1 });
      expect(await score(t(), b, g.id, 300)).toEqual({ score: 300, personalBest: true, rank: 1 });
      expect(await score(t(), a, g.id, 50)).toEqual({ score: 50, personalBest: false, rank: 2 });
      expect(await score(t(), a, g.id, 300)).toEqual({ score: 300, personalBest: true, rank: 2 }); // tie: b was first
      expect(await score(t(), a, g.id, 301)).toEqual({ score: 301, personalBest: true, rank: 1 });
    });

    it("GET /api/scores/game/{id} lists each player's best, highest first, ties earlier first", async () => {
      const g = await newGame(t(), "S6");
      const [a, b, c] = [
        await createUserWithSession(t()),
        await createUserWithSession(t()),
        await createUserWithSession(t()),
      ];
      await score(t(), a, g.id, 70);
      await score(t(), b, g.id, 90);
      await score(t(), a, g.id, 90);
      await score(t(), c, g.id, 10);
      await score(t(), a, g.id, 20);
      const list = (await t().app.inject({ method: "GET", url: `/api/scores/game/${g.id}` })).json();
      expect(list.map((e: { user: { id: number }; score: number }) => [e.user.id, e.score])).toEqual([
        [b.user.id, 90],
        [a.user.id, 90],
        [c.user.id, 10],
      ]);
      expect(Object.keys(list[0].user).sort()).toEqual(["avatarUrl", "id", "username"]);
      const limited = (await t().app.inject({ method: "GET", url: `/api/scores/game/${g.id}?limit=1` })).json();
      expect(limited).toHaveLength(1);
      expect((await t().app.inject({ method: "GET", url: "/api/scores/game/987654" })).statusCode).toBe(404);
    });

    it("limits scores to 30 a minute per player (429 + Retry-After)", async () => {
      const p = await createUserWithSession(t());
      const g = await newGame(t(), "Spam");
      for (let i = 0; i < 30; i++) await score(t(), p, g.id, i);
      const playId = await play(t(), g.id, p);
      const res = await submit(t(), p, { playId, score: 1 });
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    });
  },
  { demo: false },
);
