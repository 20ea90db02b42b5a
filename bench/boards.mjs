// Boards at a million scores (D91): the global and per-game boards (all time and the open season),
// around=me for a player in the middle, a profile read and a score submission, each next to a bare `select 1`
// round trip (and the submission next to a committed one-row insert) through the same client in the same run, and the
// per-process board cache with and without a hit.
//
// Usage: node bench/boards.mjs [--db postgres|pglite] [--scores 1000000] [--players 100000] [--games 50]
//                              [--weeks 8] [--runs 200] [--warmup 20] [--explain 6] [--out file]
//
// It calls the services directly (bundled with esbuild, as bench/leaderboard.mjs does): no HTTP, no route cache
// unless named. Targets run round-robin (one run of each per round, after `--warmup` rounds), so that a noisy
// moment hurts every target alike. Prints a markdown table and JSON (p50/p99 in ms, ratio of p50 to select 1's
// p50), then EXPLAIN (ANALYZE, BUFFERS) of the statements behind the `--explain` slowest reads.
import fs from "node:fs/promises";
import os from "node:os";
import { parseArgs } from "node:util";
import { benchDatabase, importServerModules, pct } from "./lib.mjs";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "postgres" },
    scores: { type: "string", default: "1000000" },
    players: { type: "string", default: "100000" },
    games: { type: "string", default: "50" },
    weeks: { type: "string", default: "8" },
    runs: { type: "string", default: "200" },
    warmup: { type: "string", default: "20" },
    explain: { type: "string", default: "6" },
    out: { type: "string" },
  },
});
const SCORES = Number(args.scores);
const PLAYERS = Number(args.players);
const GAMES = Number(args.games);
const WEEKS = Number(args.weeks);
const RUNS = Number(args.runs);
const WARMUP = Number(args.warmup);
const log = (...a) => console.error(`[boards ${((performance.now() - started) / 1000).toFixed(1)}s]`, ...a);
const started = performance.now();

// The server modules the benchmark calls (TypeScript), bundled into one temporary module.
const { modules: m, tmp } = await importServerModules(
  (src) => `export { createDb, migrate } from ${src("db/client.ts")};
   export { leaderboard, listBestScores, gameRanks, createLeaderboardCache } from ${src("services/leaderboard.ts")};
   export { submitScore, rebuildPlayerStats } from ${src("services/scores.ts")};
   export { currentSeason, periodStart } from ${src("services/seasons.ts")};
   export { getUserProfile, getUserStats } from ${src("services/users.ts")};
   export { sql } from "drizzle-orm";
   export { PgDialect } from "drizzle-orm/pg-core";`,
);
const { database, drop } = await benchDatabase(m, args.db, "arcadium_boards");
const { db } = database;
const { sql } = m;
const one = async (q) => (await db.execute(q)).rows[0];

// ---- Data, with SQL -------------------------------------------------------------------------------------------
const t0 = performance.now();
await db.execute(
  sql`insert into categories (name, slug) select 'Category ' || c, 'cat-' || c from generate_series(1, 8) c`,
);
// every tenth game (3, 13, 23…) is a time where less is better (D90); the others are points
await db.execute(sql`
  insert into games (title, category_id, score_order, score_format)
  select 'Game ' || g, 1 + g % 8, case when g % 10 = 3 then 'asc' else 'desc' end, case when g % 10 = 3 then 'time_ms' else 'points' end
  from generate_series(1, ${GAMES}) g`);
await db.execute(
  sql`insert into users (username, created_at) select 'player_' || u, now() - interval '1 year' from generate_series(1, ${PLAYERS}) u`,
);
// D91: weekly seasons (00:00 UTC Mondays) over the past WEEKS weeks, archived, and the open one of this week
const monday = m.periodStart(new Date(), "week");
const WEEK_MS = 7 * 24 * 3600 * 1000;
const firstStart = new Date(monday.getTime() - WEEKS * WEEK_MS);
await db.execute(sql`
  insert into seasons (starts_at, ends_at, archived_at)
  select ${firstStart.toISOString()}::timestamptz + k * interval '7 days', ${firstStart.toISOString()}::timestamptz + (k + 1) * interval '7 days',
         case when k < ${WEEKS} then ${firstStart.toISOString()}::timestamptz + (k + 1) * interval '7 days' end
  from generate_series(0, ${WEEKS}) k`);
// One play per score (scores.play_id set, as the API makes them). Skewed: player x = floor(P * r²) spread over the ids
// by a multiplication modulo P (a few play a lot, most a few times); game x = floor(G * r^1.6) (game 1 is the busiest).
await db.execute(sql`
  insert into plays (game_id, user_id, created_at)
  select 1 + least(${GAMES} - 1, floor(${GAMES} * power(random(), 1.6))::int),
         1 + (floor(${PLAYERS} * power(random(), 2))::bigint * 7919) % ${PLAYERS},
         ${firstStart.toISOString()}::timestamptz + random() * (now() - interval '5 minutes' - ${firstStart.toISOString()}::timestamptz)
  from generate_series(1, ${SCORES})`);
// D86: each player's games (plays per game, last played), as a signed-in play writes them (the profile's category shares)
await db.execute(sql`
  insert into player_games (user_id, game_id, last_played_at, plays)
  select user_id, game_id, max(created_at), count(*)::int from plays where user_id is not null group by user_id, game_id`);
log("plays loaded");
await db.execute(sql`
  insert into scores (user_id, game_id, play_id, score, won, created_at)
  select p.user_id, p.game_id, p.id,
         case when g.score_order = 'asc' then 15000 + floor(random() * 285000)::int else floor(100000 * power(random(), 2))::int end,
         case when random() < 0.3 then null else random() < 0.5 end,
         p.created_at + random() * interval '5 minutes'
  from plays p join games g on g.id = p.game_id`);
log("scores loaded");
await db.execute(sql`
  insert into best_scores (user_id, game_id, score, score_id, achieved_at)
  select distinct on (s.user_id, s.game_id) s.user_id, s.game_id, s.score, s.id, s.created_at
  from scores s join games g on g.id = s.game_id
  order by s.user_id, s.game_id, case when g.score_order = 'asc' then s.score else -s.score end, s.created_at, s.id`);
log("best_scores built");
await m.rebuildPlayerStats(db); // player_stats, and every season's season_best_scores / season_player_stats (D91)
log("player_stats and season boards rebuilt");
await db.execute(sql`vacuum analyze`);
const loadSeconds = +((performance.now() - t0) / 1000).toFixed(1);
log(`loaded in ${loadSeconds}s`);

const season = await m.currentSeason(db);
const counts = await one(sql`select
  (select count(*)::int from users) as users, (select count(*)::int from scores) as scores, (select count(*)::int from plays) as plays,
  (select count(*)::int from best_scores) as best_scores, (select count(*)::int from player_stats) as player_stats,
  (select count(*)::int from seasons) as seasons,
  (select count(*)::int from season_best_scores) as season_best_scores, (select count(*)::int from season_player_stats) as season_player_stats,
  (select count(*)::int from season_player_stats where season_id = ${season.id}) as open_season_players,
  (select count(*)::int from scores where created_at >= ${season.startsAt.toISOString()}::timestamptz) as open_season_scores,
  (select count(*)::int from scores where created_at >= now() - interval '7 days') as last_7_days_scores,
  (select count(*)::int from board_counts) as board_count_buckets`);
for (const [k, v] of Object.entries(counts)) if (!(Number(v) > 0)) throw new Error(`empty after loading: ${k}`);
log("counts", counts);

// ---- Who and what is read --------------------------------------------------------------------------------------
const DESC_GAME = 1;
const ASC_GAME = (await one(sql`select id from games where score_order = 'asc' order by id limit 1`)).id;
/** The player at the middle rank of a board (its listed rows in board order). */
async function middle(table, where, order) {
  const { n } = await one(sql`select count(*)::int as n from ${sql.raw(table)} where listed and ${where}`);
  const row = await one(
    sql`select user_id from ${sql.raw(table)} where listed and ${where} order by ${order} offset ${Math.floor(n / 2)} limit 1`,
  );
  return { userId: Number(row.user_id), boardRows: n, rank: Math.floor(n / 2) + 1 };
}
const totalOrder = sql`total_score desc, reached_at asc, user_id asc`;
const mid = {
  global: await middle("player_stats", sql`games_played > 0`, totalOrder),
  globalSeason: await middle("season_player_stats", sql`games_played > 0 and season_id = ${season.id}`, totalOrder),
  game: await middle("best_scores", sql`game_id = ${DESC_GAME}`, sql`score desc, achieved_at asc, user_id asc`),
  gameSeason: await middle(
    "season_best_scores",
    sql`game_id = ${DESC_GAME} and season_id = ${season.id}`,
    sql`score desc, achieved_at asc, user_id asc`,
  ),
  ascGame: await middle("best_scores", sql`game_id = ${ASC_GAME}`, sql`score asc, achieved_at asc, user_id asc`),
};
const busiest = Number((await one(sql`select user_id from player_stats order by games_played desc limit 1`)).user_id);
const busiestInfo = await one(
  sql`select games_played, (select count(*)::int from best_scores where user_id = ${busiest}) as games from player_stats where user_id = ${busiest}`,
);
const middleGames = Number(
  (await one(sql`select count(*)::int as n from best_scores where user_id = ${mid.global.userId}`)).n,
);
log("middle players", mid, "the global middle player's games", middleGames, "busiest", busiest, busiestInfo);

// Plays for the submissions, made beforehand (POST /api/plays is a request of its own), 10 minutes old so that a
// time (D90: at most the play's length) of up to 5 minutes is accepted. Middle-of-the-board players, any game.
const TIMED_SUBMISSIONS = 100;
const SUBMISSIONS = RUNS + WARMUP + TIMED_SUBMISSIONS;
const submitPlays = (
  await db.execute(sql`
    insert into plays (game_id, user_id, created_at)
    select 1 + (k * 7) % ${GAMES}, 1 + (k * 104729) % ${PLAYERS}, now() - interval '10 minutes' from generate_series(1, ${SUBMISSIONS}) k
    returning id, game_id, user_id`)
).rows.map((r) => ({ playId: String(r.id), gameId: Number(r.game_id), userId: Number(r.user_id) }));
const gameOrder = new Map(
  (await db.execute(sql`select id, score_order from games`)).rows.map((r) => [Number(r.id), String(r.score_order)]),
);
let nextPlay = 0;
/**
 * The submission's statements, each timed (client side, round trip included) when `timed` is set: where its time goes.
 * Keyed by the statement's first words.
 */
const dialect = new m.PgDialect();
const statementTimes = new Map();
const timedDb = new Proxy(db, {
  get(target, prop) {
    if (prop !== "transaction") return Reflect.get(target, prop);
    return (cb) =>
      target.transaction((tx) =>
        cb(
          new Proxy(tx, {
            get(t, p2) {
              if (p2 !== "execute") {
                const v = Reflect.get(t, p2);
                return typeof v === "function" ? v.bind(t) : v;
              }
              return async (q) => {
                const key = dialect.sqlToQuery(q).sql.replace(/\s+/g, " ").trim().slice(0, 70);
                const s0 = performance.now();
                try {
                  return await t.execute(q);
                } finally {
                  if (!statementTimes.has(key)) statementTimes.set(key, []);
                  statementTimes.get(key).push(performance.now() - s0);
                }
              };
            },
          }),
        ),
      );
  },
});
const submitOne = async (timed = false) => {
  const p = submitPlays[nextPlay++];
  const score =
    gameOrder.get(p.gameId) === "asc"
      ? 15000 + Math.floor(Math.random() * 285000)
      : Math.floor(100000 * Math.random() ** 2);
  await m.submitScore(timed ? timedDb : db, p.userId, { playId: p.playId, score, won: Math.random() < 0.5 });
};

// GET /api/users/:id and GET /api/users/:id/stats (whose per-game ranks are gameRanks, D92)
const profile = async (d, userId) => {
  await m.getUserProfile(d, userId, null);
  await m.getUserStats(d, userId, null);
};
const cache = m.createLeaderboardCache();
const S = season.id;

// The baseline of a write: a transaction of one single-row insert, committed (the disk's flush is in every submission).
await db.execute(sql`create table bench_commit (id serial primary key, at timestamptz not null default now())`);
const commitOne = () => db.transaction((tx) => tx.execute(sql`insert into bench_commit default values`));

/** Every target: [label, fn(db)]. `d` is the client to call (the explain pass gives a spying one). */
const targets = [
  ["select 1 (round trip)", (d) => d.execute(sql`select 1`)],
  ["one-row insert, committed (a write's baseline)", () => commitOne()],
  ["global top 50, all time", (d) => m.leaderboard(d, { seasonId: null, limit: 50 })],
  ["global top 50, season", (d) => m.leaderboard(d, { seasonId: S, limit: 50 })],
  ["game top 10, all time (desc)", (d) => m.listBestScores(d, DESC_GAME, { seasonId: null, limit: 10 })],
  ["game top 10, season (desc)", (d) => m.listBestScores(d, DESC_GAME, { seasonId: S, limit: 10 })],
  ["game top 10, all time (asc)", (d) => m.listBestScores(d, ASC_GAME, { seasonId: null, limit: 10 })],
  ["game top 10, season (asc)", (d) => m.listBestScores(d, ASC_GAME, { seasonId: S, limit: 10 })],
  ["global around=me, all time", (d) => m.leaderboard(d, { seasonId: null, limit: 50, aroundUser: mid.global.userId })],
  [
    "global around=me, season",
    (d) => m.leaderboard(d, { seasonId: S, limit: 50, aroundUser: mid.globalSeason.userId }),
  ],
  [
    "game around=me, all time (desc)",
    (d) => m.listBestScores(d, DESC_GAME, { seasonId: null, limit: 10, aroundUser: mid.game.userId }),
  ],
  [
    "game around=me, season (desc)",
    (d) => m.listBestScores(d, DESC_GAME, { seasonId: S, limit: 10, aroundUser: mid.gameSeason.userId }),
  ],
  [
    "game around=me, all time (asc)",
    (d) => m.listBestScores(d, ASC_GAME, { seasonId: null, limit: 10, aroundUser: mid.ascGame.userId }),
  ],
  ["profile + stats (with gameRanks), middle player", (d) => profile(d, mid.global.userId)],
  ["profile + stats (with gameRanks), busiest player", (d) => profile(d, busiest)],
  ["  of which gameRanks, middle player", (d) => m.gameRanks(d, mid.global.userId)],
  ["  of which gameRanks, busiest player", (d) => m.gameRanks(d, busiest)],
  ["score submission (submitScore)", () => submitOne()],
  ["global top 50, season, cache hit", () => cache.get(`${S}:50`, () => m.leaderboard(db, { seasonId: S, limit: 50 }))],
];

const times = targets.map(() => []);
log(`measuring: ${WARMUP} warm-up rounds, then ${RUNS} rounds of ${targets.length} targets`);
for (let round = 0; round < WARMUP + RUNS; round++) {
  for (let i = 0; i < targets.length; i++) {
    const s = performance.now();
    await targets[i][1](db);
    if (round >= WARMUP) times[i].push(performance.now() - s);
  }
}
const r2 = (x) => Math.round(x * 100) / 100;
const base = pct(
  [...times[0]].sort((a, b) => a - b),
  50,
);
const results = targets.map(([label], i) => {
  const t = [...times[i]].sort((a, b) => a - b);
  return {
    label,
    runs: t.length,
    p50: r2(pct(t, 50)),
    p99: r2(pct(t, 99)),
    max: r2(t[t.length - 1]),
    ratioP50: r2(pct(t, 50) / base),
  };
});

// ---- Plans of the slowest reads ---------------------------------------------------------------------------------
/** A client that records each `execute`d statement (the board reads are all `execute`). */
function spying(log) {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "execute") return (q) => (log.push(q), target.execute(q));
      const v = Reflect.get(target, prop);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}
const explained = [];
const reads = results
  .map((r, i) => ({ r, i }))
  .filter(({ r }) => !/select 1|submission|cache hit|committed/.test(r.label))
  .sort((a, b) => b.r.p99 - a.r.p99)
  .slice(0, Number(args.explain));
for (const { r, i } of reads) {
  const statements = [];
  await targets[i][1](spying(statements));
  let worst = null;
  for (const q of statements) {
    const plan = (await db.execute(sql`explain (analyze, buffers) ${q}`)).rows.map((x) => x["QUERY PLAN"]);
    const ms = Number(/Execution Time: ([\d.]+)/.exec(plan.at(-1))?.[1] ?? 0);
    if (!worst || ms > worst.ms) worst = { ms, plan };
  }
  explained.push({ label: r.label, statements: statements.length, slowestStatementMs: worst?.ms, plan: worst?.plan });
}
// Where a submission's time goes: 100 more submissions, each statement timed
for (let i = 0; i < TIMED_SUBMISSIONS; i++) await submitOne(true);
const submissionStatements = [...statementTimes].map(([statement, t]) => {
  const sorted = [...t].sort((a, b) => a - b);
  return { statement, calls: t.length, p50: r2(pct(sorted, 50)), p99: r2(pct(sorted, 99)) };
});

const report = {
  date: new Date().toISOString(),
  db: args.db,
  machine: {
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model,
    memGiB: Math.round(os.totalmem() / 2 ** 30),
    loadavg: os.loadavg().map(r2),
  },
  sizes: {
    scores: SCORES,
    players: PLAYERS,
    games: GAMES,
    weeks: WEEKS,
    ...counts,
    openSeason: { id: season.id, startsAt: season.startsAt },
  },
  picked: {
    descGame: DESC_GAME,
    ascGame: ASC_GAME,
    middle: mid,
    middleGames,
    busiest: { userId: busiest, ...busiestInfo },
  },
  runs: RUNS,
  warmup: WARMUP,
  loadSeconds,
  results,
  submissionStatements,
  explained,
};
const table = [
  `| ${args.db} | p50 ms | p99 ms | max ms | p50 / select 1 |`,
  "| --- | ---: | ---: | ---: | ---: |",
  ...results.map((r) => `| ${r.label} | ${r.p50} | ${r.p99} | ${r.max} | ${r.ratioP50} |`),
].join("\n");
console.error(table);
console.error(
  [
    "\n| submission's statement | calls | p50 ms | p99 ms |",
    "| --- | ---: | ---: | ---: |",
    ...submissionStatements.map((x) => `| ${x.statement} | ${x.calls} | ${x.p50} | ${x.p99} |`),
  ].join("\n"),
);
for (const e of explained) console.error(`\n## ${e.label} (${e.statements ?? 1} statements)\n${e.plan?.join("\n")}`);
console.log(JSON.stringify(report, null, 2));
if (args.out) await fs.writeFile(args.out, JSON.stringify(report, null, 2) + "\n");

await database.close();
await drop();
await fs.rm(tmp, { recursive: true, force: true });
