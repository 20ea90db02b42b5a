import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { insertBlock, insertFriendship } from "../../test/factories";
import { newGame, score, type Player } from "../../test/scores";
import { createUserWithSession, describeEachDatabase, type TestApp } from "../../test/test-app";
import { usersTable } from "../db/schema";

async function setVisibility(t: TestApp, p: Player, visibility: "public" | "friends" | "private") {
  await t.database.db.update(usersTable).set({ profileVisibility: visibility }).where(eq(usersTable.id, p.user.id));
}

const get = (t: TestApp, url: string, viewer?: Player) =>
  t.app.inject({ method: "GET", url, cookies: viewer?.cookies });

describeEachDatabase(
  "profile privacy on every profile read (D87)",
  (t) => {
    let owner: Player;
    let friend: Player;
    let stranger: Player;
    let blocked: Player;
    beforeAll(async () => {
      owner = await createUserWithSession(t());
      friend = await createUserWithSession(t());
      stranger = await createUserWithSession(t());
      blocked = await createUserWithSession(t());
      await insertFriendship(t(), owner.user.id, friend.user.id);
      await insertBlock(t(), owner.user.id, blocked.user.id);
      const game = await newGame(t(), "Privacy Game");
      await score(t(), owner, game.id, 500, true);
    });

    const urls = () => ({
      profile: `/api/users/${owner.user.id}`,
      stats: `/api/users/${owner.user.id}/stats`,
      achievements: `/api/users/${owner.user.id}/game-achievements`,
    });

    type Viewer = "anonymous" | "owner" | "friend" | "stranger" | "blocked";
    const viewers = (): Record<Viewer, Player | undefined> => ({
      anonymous: undefined,
      owner,
      friend,
      stranger,
      blocked,
    });
    // D87: public → everyone (but a block hides it); friends → owner and friends; private → owner only.
    const sees: Record<"public" | "friends" | "private", Viewer[]> = {
      public: ["anonymous", "owner", "friend", "stranger"],
      friends: ["owner", "friend"],
      private: ["owner"],
    };

    for (const visibility of ["public", "friends", "private"] as const) {
      it(`D87 ${visibility}: the whole profile only for ${sees[visibility].join(", ")}; the others get name and avatar and 403 on stats and achievements`, async () => {
        await setVisibility(t(), owner, visibility);
        const message =
          visibility === "friends" ? "This profile is visible to friends only" : "This profile is private";
        for (const [who, player] of Object.entries(viewers()) as Array<[Viewer, Player | undefined]>) {
          const full = sees[visibility].includes(who);
          const profile = await get(t(), urls().profile, player);
          expect(profile.statusCode, who).toBe(200);
          expect(profile.headers["cache-control"], who).toBe("private, no-store");
          if (full) {
            expect(profile.json(), who).toMatchObject({
              id: owner.user.id,
              restricted: false,
              visibility,
              rank: expect.any(Number),
              totalScore: 500,
            });
            expect(profile.json().createdAt, who).toEqual(expect.any(String));
          } else {
            expect(profile.json(), who).toEqual({
              id: owner.user.id,
              username: owner.user.username,
              avatarUrl: null,
              createdAt: null,
              rank: null,
              totalScore: null,
              gamesPlayed: null,
              winRate: null,
              visibility,
              restricted: true,
            });
          }
          for (const url of [urls().stats, urls().achievements]) {
            const res = await get(t(), url, player);
            if (full) expect(res.statusCode, `${who} ${url}`).toBe(200);
            else {
              expect(res.statusCode, `${who} ${url}`).toBe(403);
              // A blocked viewer of a public profile is told it is private (the block is not revealed as such).
              expect(res.json(), `${who} ${url}`).toEqual({
                message: visibility === "public" ? "This profile is private" : message,
              });
            }
          }
        }
      });
    }

    it("D87: the blocked player is hidden the other way too (the blocker cannot read the blocked player's profile)", async () => {
      await setVisibility(t(), blocked, "public");
      expect((await get(t(), `/api/users/${blocked.user.id}`, owner)).json()).toMatchObject({ restricted: true });
      expect((await get(t(), `/api/users/${blocked.user.id}/stats`, owner)).statusCode).toBe(403);
      expect((await get(t(), `/api/users/${blocked.user.id}/stats`, stranger)).statusCode).toBe(200);
    });

    it("D87: an unknown or disabled player is still 404 on every profile read, whoever asks", async () => {
      for (const url of ["/api/users/987654", "/api/users/987654/stats", "/api/users/987654/game-achievements"]) {
        expect((await get(t(), url)).statusCode, url).toBe(404);
        expect((await get(t(), url, stranger)).statusCode, url).toBe(404);
      }
    });
  },
  { demo: false },
);
