import fs from "node:fs/promises";
import path from "node:path";
import { count, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildTestApp, repoRoot, testDatabaseKinds } from "../../test/test-app";
import { readBuiltinGames } from "./builtin-games";
import { categoriesTable, chatMessagesTable, gamesTable, scoresTable, usersTable } from "./schema";
import { SEED_CATEGORIES } from "./seed";

const gamesRoot = path.join(repoRoot, "games");

for (const kind of testDatabaseKinds()) {
  describe(`seed [${kind}]`, () => {
    it("installs categories, built-in games as packages, content and demo data on an empty database", async () => {
      const t = await buildTestApp(kind, { demo: true });
      try {
        const db = t.database.db;
        const [{ n: cats }] = await db.select({ n: count() }).from(categoriesTable);
        expect(cats).toBe(SEED_CATEGORIES.length);
        const games = await db.select().from(gamesTable);
        const builtins = await readBuiltinGames(gamesRoot);
        expect(games.length).toBe(builtins.length);
        for (const g of games) {
          expect(g.hasPackage).toBe(true);
          await expect(
            fs.access(path.join(t.config.dataDir, "games", String(g.id), "index.html")),
          ).resolves.toBeUndefined();
          expect(g.imageUrl).toMatch(/^\/uploads\/games\//);
          expect(g.rating).toBeGreaterThanOrEqual(0);
          expect(g.rating).toBeLessThanOrEqual(50);
          if (g.isHot) expect(g.plays).toBeGreaterThan(10_000);
        }
        const [{ n: users }] = await db.select({ n: count() }).from(usersTable);
        expect(users).toBeGreaterThanOrEqual(10);
        const [{ n: chat }] = await db.select({ n: count() }).from(chatMessagesTable);
        expect(chat).toBeGreaterThan(0);
        const week = await db.execute(
          sql`select count(*)::int as n from scores where created_at > now() - interval '7 days'`,
        );
        expect((week.rows[0] as { n: number }).n).toBeGreaterThan(0);
        const [{ n: scores }] = await db.select({ n: count() }).from(scoresTable);
        const bests = await db.execute(
          sql`select count(*)::int as n from (select distinct user_id, game_id from scores) s`,
        );
        const bestRows = await db.execute(sql`select count(*)::int as n from best_scores`);
        expect((bestRows.rows[0] as { n: number }).n).toBe((bests.rows[0] as { n: number }).n);
        expect(scores).toBeGreaterThan(0);
        // Demo achievements follow the same rules as live ones (D25): everyone with a score has First Steps,
        // and every game's leader is a Champion.
        const ach = await db.execute(sql`
          select (select count(distinct user_id)::int from scores) as scorers,
                 (select count(*)::int from user_achievements where achievement = 'first_score') as first_steps,
                 (select count(*)::int from user_achievements where achievement = 'champion') as champions,
                 (select count(distinct user_id)::int from (select distinct on (game_id) user_id from best_scores order by game_id, score desc, achieved_at, user_id) t) as leaders,
                 (select count(*)::int from user_achievements where achievement = 'critic') as critics,
                 (select count(distinct user_id)::int from reviews) as reviewers`);
        const a = ach.rows[0] as Record<string, number>;
        expect(a.first_steps).toBe(a.scorers);
        expect(a.champions).toBe(a.leaders);
        expect(a.critics).toBe(a.reviewers);
        // D83/D86: each game's Total Players counts its distinct demo players (one player_games row each).
        const [game] = games;
        const detail = (await t.app.inject({ method: "GET", url: `/api/games/${game.id}` })).json();
        const distinct = await db.execute(
          sql`select count(distinct user_id)::int as n from plays where game_id = ${game.id} and user_id is not null`,
        );
        expect(detail.totalPlayers).toBe((distinct.rows[0] as { n: number }).n);
        expect(detail.totalPlayers).toBeGreaterThan(0);
        // Demo players have no usable password.
        const withPassword = await db.execute(
          sql`select count(*)::int as n from users where password_hash is not null`,
        );
        expect((withPassword.rows[0] as { n: number }).n).toBe(0);
      } finally {
        await t.close();
      }
    });

    it("with SEED_DEMO=false installs no demo players, scores or chat", async () => {
      const t = await buildTestApp(kind, { demo: false });
      try {
        const db = t.database.db;
        const [{ n: users }] = await db.select({ n: count() }).from(usersTable);
        const [{ n: chat }] = await db.select({ n: count() }).from(chatMessagesTable);
        const plays = await db.execute(sql`select coalesce(sum(plays), 0)::int as n from games`);
        expect(users).toBe(0);
        expect(chat).toBe(0);
        expect((plays.rows[0] as { n: number }).n).toBe(0);
        expect((await db.select({ n: count() }).from(gamesTable))[0].n).toBeGreaterThan(0);
      } finally {
        await t.close();
      }
    });
  });
}
