// Leaderboard benchmark (ADR 004): how long the all-time and weekly boards, a player's
// rank and a game's board take with a large number of scores.
// Usage: node bench/leaderboard.mjs [--db postgres|pglite] [--scores 1000000] [--players 20000] [--runs 7]
import fs from "node:fs/promises";
import { parseArgs } from "node:util";
import { benchDatabase, importServerModules } from "./lib.mjs";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "postgres" },
    scores: { type: "string", default: "1000000" },
    players: { type: "string", default: "20000" },
    runs: { type: "string", default: "7" },
  },
});
const SCORES = Number(args.scores);
const PLAYERS = Number(args.players);
const RUNS = Number(args.runs);

// The server modules the benchmark calls (TypeScript), bundled into one temporary module.
const { modules: m, tmp } = await importServerModules(
  (src) => `export { createDb, migrate } from ${src("db/client.ts")};
   export { leaderboard } from ${src("services/leaderboard.ts")};
   export { rebuildPlayerStats } from ${src("services/scores.ts")};
   export { currentSeason } from ${src("services/seasons.ts")};
   export { sql } from "drizzle-orm";`,
);
const { database, drop } = await benchDatabase(m, args.db, "arcadium_lb");
const { db } = database;
const { sql } = m;

const t0 = performance.now();
await db.execute(sql`insert into categories (name, slug) values ('Bench', 'bench')`);
await db.execute(sql`insert into games (title, category_id) select 'Game ' || g, 1 from generate_series(1, 50) g`);
await db.execute(sql`insert into users (username) select 'player_' || u from generate_series(1, ${PLAYERS}) u`);
// Scores spread over 90 days; about 8% fall in the last week.
await db.execute(sql`
  insert into scores (user_id, game_id, score, won, created_at)
  select 1 + (random() * (${PLAYERS} - 1))::int, 1 + (random() * 49)::int, (random() * 100000)::int,
         case when random() < 0.3 then null else random() < 0.5 end,
         now() - (random() * interval '90 days')
  from generate_series(1, ${SCORES})`);
await db.execute(sql`
  insert into best_scores (user_id, game_id, score, score_id, achieved_at)
  select distinct on (user_id, game_id) user_id, game_id, score, id, created_at from scores
  order by user_id, game_id, score desc, created_at asc`);
await m.rebuildPlayerStats(db);
// D91: "week" is the open season; its first read opens it and fills it from this week's scores
const week = (await m.currentSeason(db)).id;
await db.execute(sql`analyze`);
const loadSeconds = ((performance.now() - t0) / 1000).toFixed(1);

async function time(label, fn) {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const s = performance.now();
    await fn();
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  return {
    label,
    medianMs: +times[Math.floor(times.length / 2)].toFixed(1),
    minMs: +times[0].toFixed(1),
    maxMs: +times[times.length - 1].toFixed(1),
  };
}
const someUser = Math.floor(PLAYERS / 2);
const results = [
  await time("all-time top 50", () => m.leaderboard(db, { seasonId: null, limit: 50 })),
  await time("all-time search 'player_12'", () =>
    m.leaderboard(db, { seasonId: null, limit: 50, search: "player_12" }),
  ),
  await time("all-time rank of one player", () =>
    m.leaderboard(db, { seasonId: null, limit: 1, aroundUser: someUser, aroundRows: 0 }),
  ),
  await time("week (open season) top 50", () => m.leaderboard(db, { seasonId: week, limit: 50 })),
  await time("game board top 10", () =>
    db.execute(
      sql`select * from best_scores where game_id = 7 order by score desc, achieved_at asc, user_id asc limit 10`,
    ),
  ),
];
console.log(
  JSON.stringify(
    {
      date: new Date().toISOString(),
      db: args.db,
      scores: SCORES,
      players: PLAYERS,
      runs: RUNS,
      loadSeconds: Number(loadSeconds),
      results,
    },
    null,
    2,
  ),
);
await database.close();
await drop();
await fs.rm(tmp, { recursive: true, force: true });
