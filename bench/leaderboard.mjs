// Leaderboard benchmark (issue 5, decision 004): how long the all-time and weekly boards, a player's
// rank and a game's board take with a large number of scores.
// Usage: node bench/leaderboard.mjs [--db postgres|pglite] [--scores 1000000] [--players 20000] [--runs 7]
import path from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import fs from "node:fs/promises";
import { root } from "../scripts/build-lib.mjs";
import { createScratchDatabase } from "../scripts/server-process.mjs";
import { adminDatabaseUrl } from "./lib.mjs";

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

// Bundle the server modules the benchmark calls (TypeScript) into one temporary file.
await fs.mkdir(path.join(root, "dist"), { recursive: true });
const tmp = await fs.mkdtemp(path.join(root, "dist", "bench-"));
const entry = path.join(tmp, "entry.ts");
await fs.writeFile(
  entry,
  `export { createDb, migrate } from ${JSON.stringify(path.join(root, "src/server/db/client.ts"))};
   export { leaderboard } from ${JSON.stringify(path.join(root, "src/server/services/leaderboard.ts"))};
   export { rebuildPlayerStats } from ${JSON.stringify(path.join(root, "src/server/services/scores.ts"))};
   export { sql } from "drizzle-orm";`,
);
await build({
  entryPoints: [entry],
  outfile: path.join(tmp, "bench.mjs"),
  bundle: true,
  platform: "node",
  format: "esm",
  packages: "external",
  absWorkingDir: root,
  nodePaths: [path.join(root, "node_modules")],
});
const m = await import(pathToFileURL(path.join(tmp, "bench.mjs")).href);

let drop = async () => {};
let database;
if (args.db === "postgres") {
  const scratch = await createScratchDatabase(adminDatabaseUrl(), "arcadium_lb");
  database = await m.createDb({ kind: "postgres", url: scratch.url });
  drop = scratch.drop;
} else {
  database = await m.createDb({ kind: "pglite" });
}
const { db } = database;
const { sql } = m;
await m.migrate(database, root);

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
  return { label, medianMs: +times[Math.floor(times.length / 2)].toFixed(1), minMs: +times[0].toFixed(1), maxMs: +times[times.length - 1].toFixed(1) };
}
const someUser = Math.floor(PLAYERS / 2);
const results = [
  await time("all-time top 50", () => m.leaderboard(db, { period: "all", limit: 50 })),
  await time("all-time search 'player_12'", () => m.leaderboard(db, { period: "all", limit: 50, search: "player_12" })),
  await time("all-time rank of one player", () => m.leaderboard(db, { period: "all", limit: 1, userId: someUser })),
  await time("week top 50", () => m.leaderboard(db, { period: "week", limit: 50 })),
  await time("game board top 10", () =>
    db.execute(sql`select * from best_scores where game_id = 7 order by score desc, achieved_at asc, user_id asc limit 10`),
  ),
];
console.log(
  JSON.stringify(
    { date: new Date().toISOString(), db: args.db, scores: SCORES, players: PLAYERS, runs: RUNS, loadSeconds: Number(loadSeconds), results },
    null,
    2,
  ),
);
await database.close();
await drop();
await fs.rm(tmp, { recursive: true, force: true });
