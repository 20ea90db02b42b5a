import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { expect, it, describe } from "vitest";
import { newGame, play, score, type Player } from "../../test/scores";
import { asAdmin, createUserWithSession, describeEachDatabase, repoRoot, type TestApp } from "../../test/test-app";
import { buildZip, multipart } from "../../test/uploads";
import { gameManifestSchema, syncBuiltinAchievements } from "../db/builtin-games";
import { gameAchievementsTable, gamesTable, playsTable } from "../db/schema";
import { syncDeclaredAchievements } from "../services/game-achievements";

const MANIFEST = { title: "T", description: "D", category: "puzzle", instructions: "I" };

describe("game.json achievements (D78)", () => {
  const parse = (achievements: unknown) => gameManifestSchema.safeParse({ ...MANIFEST, achievements });
  it("accepts a valid list and defaults description and hidden", () => {
    const r = parse([
      { key: "first_win", title: "First win" },
      { key: "a-2", title: "Two", description: "x", icon: "icons/a.png", hidden: true },
    ]);
    expect(r.success).toBe(true);
    expect(r.data?.achievements[0]).toEqual({ key: "first_win", title: "First win", description: "", hidden: false });
    expect(parse(undefined).data?.achievements).toEqual([]);
  });
  it.each([
    ["an upper-case key", [{ key: "Win", title: "t" }]],
    ["a 65-character key", [{ key: "a".repeat(65), title: "t" }]],
    ["an empty title", [{ key: "a", title: "" }]],
    ["a 61-character title", [{ key: "a", title: "t".repeat(61) }]],
    ["a 201-character description", [{ key: "a", title: "t", description: "d".repeat(201) }]],
    ["an absolute icon URL", [{ key: "a", title: "t", icon: "https://x.example/a.png" }]],
    ["an icon outside the package", [{ key: "a", title: "t", icon: "../a.png" }]],
    ["a rooted icon path", [{ key: "a", title: "t", icon: "/a.png" }]],
    [
      "a duplicate key",
      [
        { key: "a", title: "t" },
        { key: "a", title: "u" },
      ],
    ],
    ["51 achievements", Array.from({ length: 51 }, (_, i) => ({ key: `k${i}`, title: "t" }))],
  ])("refuses %s", (_name, list) => {
    expect(parse(list).success).toBe(false);
  });
});

async function declare(
  t: TestApp,
  gameId: number,
  list: { key: string; title: string; description?: string; hidden?: boolean; icon?: string }[],
) {
  await syncDeclaredAchievements(
    t.database.db,
    gameId,
    list.map((a) => ({ description: "", hidden: false, ...a })),
  );
  await t.app.reads.invalidate();
}

describeEachDatabase("game achievements API (D78)", (t) => {
  const unlock = (p: Player | undefined, gameId: number, body: object) =>
    t().app.inject({
      method: "POST",
      url: `/api/games/${gameId}/achievements/unlock`,
      cookies: p?.cookies,
      payload: body,
    });
  const list = async (gameId: number) => {
    const res = await t().app.inject({ method: "GET", url: `/api/games/${gameId}/achievements` });
    expect(res.statusCode).toBe(200);
    return res.json() as {
      key: string;
      title: string;
      description: string;
      iconUrl: string | null;
      hidden: boolean;
      players: number;
    }[];
  };

  it("the seed wrote the built-in games' declared achievements, and a re-sync keeps the rows' ids", async () => {
    const db = t().database.db;
    const rows = await db.select().from(gameAchievementsTable);
    const games = new Set(rows.map((r) => r.gameId));
    expect(games.size).toBeGreaterThanOrEqual(4);
    const before = new Map(rows.map((r) => [`${r.gameId}:${r.key}`, r.id]));
    // the demo seed unlocks some of them from the demo scores, during the player's own play of that game
    const unlocks = await db.execute(sql`
      select count(*)::int as n, count(*) filter (where p.user_id <> u.user_id or p.game_id <> a.game_id)::int as wrong
      from player_game_achievements u join game_achievements a on a.id = u.achievement_id join plays p on p.id = u.play_id`);
    expect(Number((unlocks.rows[0] as { n: number }).n)).toBeGreaterThan(0);
    expect(Number((unlocks.rows[0] as { wrong: number }).wrong)).toBe(0);
    await db.update(gameAchievementsTable).set({ title: "Changed" });
    await syncBuiltinAchievements(db, path.join(repoRoot, "games"));
    const after = await db.select().from(gameAchievementsTable);
    expect(after).toHaveLength(rows.length);
    for (const r of after) {
      expect(r.id).toBe(before.get(`${r.gameId}:${r.key}`));
      expect(r.title).not.toBe("Changed");
    }
  });

  it("unlock: 401 signed out, 404 for an undeclared key, 409 without an open play of this game by this user", async () => {
    const g = await newGame(t(), "Ach Rules");
    const other = await newGame(t(), "Ach Other");
    await declare(t(), g.id, [{ key: "win", title: "Win" }]);
    await declare(t(), other.id, [{ key: "win", title: "Win" }]);
    const a = await createUserWithSession(t());
    const b = await createUserWithSession(t());
    const playId = await play(t(), g.id, a);

    expect((await unlock(undefined, g.id, { key: "win", playId })).statusCode).toBe(401);
    const unknown = await unlock(a, g.id, { key: "lose", playId });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: "Unknown achievement" });
    expect((await unlock(a, 999999, { key: "win", playId })).statusCode).toBe(404);

    const noPlay = async (p: Player, gameId: number, id: string) => {
      const res = await unlock(p, gameId, { key: "win", playId: id });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ message: "No open play" });
    };
    await noPlay(a, g.id, "00000000-0000-4000-8000-000000000000");
    await noPlay(a, g.id, "not-a-uuid");
    await noPlay(b, g.id, playId); // someone else's play
    await noPlay(a, other.id, playId); // a play of another game
    await noPlay(a, g.id, await play(t(), g.id)); // an anonymous play
    const old = await play(t(), g.id, a);
    await t()
      .database.db.update(playsTable)
      .set({ createdAt: new Date(Date.now() - 6 * 60 * 60 * 1000 - 1000) })
      .where(eq(playsTable.id, old));
    await noPlay(a, g.id, old);
    expect(
      (await t().app.inject({ method: "GET", url: `/api/games/${g.id}/achievements/mine`, cookies: a.cookies })).json(),
    ).toEqual({ unlocked: [] });
  });

  it("unlocks once per player, also when two requests race", async () => {
    const g = await newGame(t(), "Ach Once");
    await declare(t(), g.id, [{ key: "win", title: "Win" }]);
    const a = await createUserWithSession(t());
    const playId = await play(t(), g.id, a);
    const first = await unlock(a, g.id, { key: "win", playId });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ unlocked: true });
    expect((await unlock(a, g.id, { key: "win", playId: await play(t(), g.id, a) })).json()).toEqual({
      unlocked: false,
    });

    await declare(t(), g.id, [
      { key: "win", title: "Win" },
      { key: "race", title: "Race" },
    ]);
    const b = await createUserWithSession(t());
    const p2 = await play(t(), g.id, b);
    const results = await Promise.all([
      unlock(b, g.id, { key: "race", playId: p2 }),
      unlock(b, g.id, { key: "race", playId: p2 }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results.map((r) => r.json().unlocked).sort()).toEqual([false, true]);
    const mine = (
      await t().app.inject({ method: "GET", url: `/api/games/${g.id}/achievements/mine`, cookies: b.cookies })
    ).json();
    expect(mine.unlocked.map((u: { key: string }) => u.key)).toEqual(["race"]);
  });

  it("lists each achievement with the share of the game's players who have it, hidden ones hidden; mine is private", async () => {
    const g = await newGame(t(), "Ach Share");
    await declare(t(), g.id, [
      { key: "one", title: "One", description: "Do one", icon: "icons/one.svg" },
      { key: "secret", title: "Secret", description: "Find the secret", hidden: true },
      { key: "none", title: "Nobody" },
    ]);
    expect((await list(g.id)).map((a) => a.players)).toEqual([0, 0, 0]);
    const [a, b, c] = [
      await createUserWithSession(t()),
      await createUserWithSession(t()),
      await createUserWithSession(t()),
    ];
    // a and b unlock "one"; a unlocks "secret"; c only scores: 3 players.
    for (const p of [a, b])
      expect((await unlock(p, g.id, { key: "one", playId: await play(t(), g.id, p) })).json()).toEqual({
        unlocked: true,
      });
    expect((await unlock(a, g.id, { key: "secret", playId: await play(t(), g.id, a) })).json()).toEqual({
      unlocked: true,
    });
    await score(t(), c, g.id, 10);

    const res = await list(g.id);
    expect(res).toEqual([
      {
        key: "one",
        title: "One",
        description: "Do one",
        iconUrl: `${t().config.gamesUrl}/game-frame/${g.id}/icons/one.svg`,
        hidden: false,
        players: 67,
      },
      { key: "secret", title: "Hidden achievement", description: "", iconUrl: null, hidden: true, players: 33 },
      { key: "none", title: "Nobody", description: "", iconUrl: null, hidden: false, players: 0 },
    ]);
    expect(JSON.stringify(res)).not.toContain("Find the secret");

    const anonymous = await t().app.inject({ method: "GET", url: `/api/games/${g.id}/achievements` });
    expect(anonymous.headers["cache-control"]).toMatch(/public/);
    expect((await t().app.inject({ method: "GET", url: `/api/games/${g.id}/achievements/mine` })).statusCode).toBe(401);
    const mine = await t().app.inject({
      method: "GET",
      url: `/api/games/${g.id}/achievements/mine`,
      cookies: a.cookies,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().unlocked.map((u: { key: string }) => u.key)).toEqual(["one", "secret"]);
    expect((await t().app.inject({ method: "GET", url: `/api/games/999999/achievements` })).statusCode).toBe(404);

    const profile = await t().app.inject({ method: "GET", url: `/api/users/${a.user.id}/game-achievements` });
    expect(profile.statusCode).toBe(200);
    expect(
      profile
        .json()
        .map((x: { gameTitle: string; title: string }) => `${x.gameTitle}/${x.title}`)
        .sort(),
    ).toEqual(["Ach Share/One", "Ach Share/Secret"]);
    expect((await t().app.inject({ method: "GET", url: `/api/users/${c.user.id}/game-achievements` })).json()).toEqual(
      [],
    );
    expect((await t().app.inject({ method: "GET", url: `/api/users/999999/game-achievements` })).statusCode).toBe(404);
  });

  it("rate-limits unlocks per player (429)", async () => {
    const g = await newGame(t(), "Ach Limit");
    await declare(t(), g.id, [{ key: "x", title: "X" }]);
    const a = await createUserWithSession(t());
    const playId = await play(t(), g.id, a);
    const codes: number[] = [];
    for (let i = 0; i < 62; i++) codes.push((await unlock(a, g.id, { key: "x", playId })).statusCode);
    expect(codes.slice(0, 60).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  describe("a package's declared achievements (admin upload)", () => {
    const { admin } = asAdmin(t);
    it("an uploaded package's game.json declares achievements; an invalid list refuses the upload", async () => {
      const upload = (title: string, gameJson: object) =>
        t().app.inject({
          method: "POST",
          url: "/api/admin/games/upload",
          cookies: admin().cookies,
          ...multipart(
            { title, description: "Zip game", imageUrl: "/uploads/images/x.webp" },
            {
              field: "htmlFile",
              filename: "g.zip",
              content: buildZip([
                { name: "index.html", data: "<p>game</p>" },
                { name: "icons/star.svg", data: "<svg/>" },
                { name: "game.json", data: JSON.stringify(gameJson) },
              ]),
            },
          ),
        });
      const ok = await upload("Zip Achievements", {
        achievements: [
          { key: "star", title: "Star", description: "Get a star", icon: "icons/star.svg" },
          { key: "secret", title: "Secret", hidden: true },
        ],
      });
      expect(ok.statusCode, ok.body).toBe(201);
      const id = ok.json().id as number;
      expect((await list(id)).map((a) => [a.key, a.title, a.iconUrl])).toEqual([
        ["star", "Star", `${t().config.gamesUrl}/game-frame/${id}/icons/star.svg`],
        ["secret", "Hidden achievement", null],
      ]);

      const countGames = async () => (await t().database.db.select().from(gamesTable)).length;
      const before = await countGames();
      const bad = await upload("Zip Bad", { achievements: [{ key: "Bad Key", title: "x" }] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/game.json achievements/);
      const missingIcon = await upload("Zip Missing Icon", {
        achievements: [{ key: "a", title: "A", icon: "icons/none.svg" }],
      });
      expect(missingIcon.statusCode).toBe(400);
      expect(missingIcon.json().message).toMatch(/not in the package/);
      expect(await countGames()).toBe(before);
      // a game.json without achievements (another portal's file) is fine
      expect((await upload("Zip Other", { name: "other" })).statusCode).toBe(201);
    });
  });
});
