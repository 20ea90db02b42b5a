import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { newGame, play, submit } from "../../test/scores";
import { createUserWithSession, describeEachDatabase, type TestApp } from "../../test/test-app";
import { usersTable } from "../db/schema";

type Seen = { user: { id: number; username: string; avatarUrl: string | null } | null };
const seenBy = async (t: TestApp, gameId: number, cookies?: { sid: string }) => {
  const res = await t.app.inject({ method: "GET", url: `/api/games/${gameId}/player`, cookies });
  return { status: res.statusCode, body: res.json() as Seen, cache: res.headers["cache-control"] };
};
const setVisibility = (t: TestApp, userId: number, profileVisibility: "public" | "friends" | "private") =>
  t.database.db
    .update(usersTable)
    .set({ profileVisibility, avatarUrl: "/uploads/avatars/x.webp" })
    .where(eq(usersTable.id, userId));

/**
 * D75: what a game learns of its player. A public profile: the account's id, name and picture. A
 * private or friends-only one: a pseudonymous id of its own in each game (stable, never an account's id, unlike in
 * another game), "Player" and no picture; the game cannot look it up on the boards or link two games' players.
 */
describeEachDatabase(
  "the player as a game sees them (issue 26)",
  (t) => {
    it("a public profile: the account's id, name and picture", async () => {
      const g = await newGame(t(), "Identity public");
      const p = await createUserWithSession(t());
      await setVisibility(t(), p.user.id, "public");
      const seen = await seenBy(t(), g.id, p.cookies);
      expect(seen.status).toBe(200);
      expect(seen.body).toEqual({
        user: { id: p.user.id, username: p.user.username, avatarUrl: "/uploads/avatars/x.webp" },
      });
      expect(seen.cache).toBe("private, no-store");
    });

    it.each(["private", "friends"] as const)(
      "a %s profile: a pseudonymous id per game, stable, never an account's",
      async (visibility) => {
        const [g, other] = [
          await newGame(t(), `Identity ${visibility} A`),
          await newGame(t(), `Identity ${visibility} B`),
        ];
        const p = await createUserWithSession(t());
        await setVisibility(t(), p.user.id, visibility);
        const first = (await seenBy(t(), g.id, p.cookies)).body.user!;
        expect(first.username).toBe("Player");
        expect(first.avatarUrl).toBeNull();
        expect(first.id).not.toBe(p.user.id);
        expect(Number.isSafeInteger(first.id)).toBe(true);
        // beyond any account's id (a 32-bit serial)
        expect(first.id).toBeGreaterThan(2 ** 31);
        expect((await seenBy(t(), g.id, p.cookies)).body.user!.id).toBe(first.id);
        expect((await seenBy(t(), other.id, p.cookies)).body.user!.id).not.toBe(first.id);
        // another player gets another
        const q = await createUserWithSession(t());
        await setVisibility(t(), q.user.id, visibility);
        expect((await seenBy(t(), g.id, q.cookies)).body.user!.id).not.toBe(first.id);
        // scores and saves still follow the session, not the id the game sees
        expect((await submit(t(), p, { playId: await play(t(), g.id, p), score: 10 })).statusCode).toBe(201);
        const board = (await t().app.inject({ method: "GET", url: `/api/scores/game/${g.id}` })).json() as Array<{
          user: { id: number };
        }>;
        expect(board.map((e) => e.user.id)).toEqual([p.user.id]);
      },
    );

    it("a guest is nobody (401); an unknown game is 404", async () => {
      const g = await newGame(t(), "Identity guest");
      expect((await seenBy(t(), g.id)).status).toBe(401);
      const p = await createUserWithSession(t());
      expect((await seenBy(t(), 999_999, p.cookies)).status).toBe(404);
    });
  },
  { demo: false },
);
