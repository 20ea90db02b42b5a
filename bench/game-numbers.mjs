// Game numbers at a million plays (D134): the daily roll-up's time for one day and for all 90, and the numbers
// screens' reads (one game; the whole site, with players online now) next to a bare `select 1` round trip through the
// same client in the same run.
//
// Usage: node bench/game-numbers.mjs [--db postgres|pglite] [--plays 1000000] [--events 10000000] [--games 500]
//                                    [--players 100000] [--days 90] [--runs 200] [--warmup 20] [--rollups 5] [--out file]
//
// Data, with SQL generate_series: `--plays` plays spread over the last `--days` UTC days and today so far (a third
// of guests; the rest skewed over `--players` players and over the games, game 1 the busiest), most timed and the
// signed-in ones with playtime; and `--events` SDK events (card impressions, page views, errors) as the counters they
// become (game_counters_daily, game_errors_daily: per game and day, the way the beacon and the error report write
// them). It calls the services directly (bundled with esbuild, as bench/boards.mjs does): no HTTP. Reads run
// round-robin after `--warmup` rounds. Prints a markdown table and JSON (p50/p99 in ms, ratio to select 1's p50),
// with the machine's load average before and after.
import fs from "node:fs/promises";
import os from "node:os";
import { parseArgs } from "node:util";
import { benchDatabase, importServerModules, pct } from "./lib.mjs";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "postgres" },
    plays: { type: "string", default: "1000000" },
    events: { type: "string", default: "10000000" },
    games: { type: "string", default: "500" },
    players: { type: "string", default: "100000" },
    days: { type: "string", default: "90" },
    runs: { type: "string", default: "200" },
    warmup: { type: "string", default: "20" },
    rollups: { type: "string", default: "5" },
    out: { type: "string" },
  },
});
const PLAYS = Number(args.plays);
const EVENTS = Number(args.events);
const GAMES = Number(args.games);
const PLAYERS = Number(args.players);
const DAYS = Number(args.days);
const RUNS = Number(args.runs);
const WARMUP = Number(args.warmup);
const ROLLUPS = Number(args.rollups);
const started = performance.now();
const log = (...a) => console.error(`[game-numbers ${((performance.now() - started) / 1000).toFixed(1)}s]`, ...a);
const r2 = (x) => Math.round(x * 100) / 100;
const loadBefore = os.loadavg().map(r2);

const { modules: m, tmp } = await importServerModules(
  (src) => `export { createDb, migrate } from ${src("db/client.ts")};
   export { rollUpDay, runNumbersRollup, readNumbers, playersOnlineNow, utcDay, countBeacon } from ${src("services/game-numbers.ts")};
   export { PRESENCE_WINDOW_MS } from ${src("services/presence.ts")};
   export { sql } from "drizzle-orm";`,
);
const { database, drop } = await benchDatabase(m, args.db, "arcadium_numbers");
const { db } = database;
const { sql } = m;
const one = async (q) => (await db.execute(q)).rows[0];

// ---- Data, with SQL -------------------------------------------------------------------------------------------
const now = new Date();
const today = m.utcDay(now);
const firstDay = m.utcDay(new Date(Date.parse(`${today}T00:00:00Z`) - DAYS * 86_400_000));
const from = `${firstDay}T00:00:00Z`;
const t0 = performance.now();
await db.execute(
  sql`insert into categories (name, slug) select 'Category ' || c, 'cat-' || c from generate_series(1, 8) c`,
);
await db.execute(
  sql`insert into games (title, category_id) select 'Game ' || g, 1 + g % 8 from generate_series(1, ${GAMES}) g`,
);
await db.execute(
  sql`insert into users (username, created_at) select 'player_' || u, now() - interval '1 year' from generate_series(1, ${PLAYERS}) u`,
);
// a third of plays are guests'; players skewed (a few play a lot), games skewed (game 1 the busiest); times uniform
// from the first day to now, so today has its share
await db.execute(sql`
  insert into plays (game_id, user_id, created_at, first_gameplay_ms, playtime_ms)
  select 1 + least(${GAMES} - 1, floor(${GAMES} * power(random(), 1.6))::int),
         case when random() < 0.33 then null else 1 + (floor(${PLAYERS} * power(random(), 2))::bigint * 7919) % ${PLAYERS} end,
         ${from}::timestamptz + random() * (now() - ${from}::timestamptz),
         case when random() < 0.8 then floor(300 + 20000 * power(random(), 3))::int end,
         floor(600000 * power(random(), 2))::int
  from generate_series(1, ${PLAYS})`);
await db.execute(sql`update plays set playtime_ms = 0 where user_id is null`);
log("plays loaded");
// the SDK events as their counters: per game and day, impressions ten times page views, about 1 % errors, in all
// about EVENTS events spread evenly over games and days
const perGameDay = EVENTS / (GAMES * (DAYS + 1));
await db.execute(sql`
  insert into game_counters_daily (game_id, day, impressions, page_views)
  select g, d::date, w.n * 10 / 11, w.n / 11
  from generate_series(1, ${GAMES}) g
  cross join generate_series(${firstDay}::date, ${today}::date, interval '1 day') d
  cross join lateral (select floor(2 * ${perGameDay * 0.99}::float8 * random() + 0 * g)::int as n) w`);
await db.execute(sql`
  insert into game_errors_daily (game_id, day, message, n)
  select g, d::date, 'Error number ' || k, 1 + floor(random() * ${Math.max(0, perGameDay * 0.01 - 1)}::float8)::int
  from generate_series(1, ${GAMES}) g
  cross join generate_series(${firstDay}::date, ${today}::date, interval '1 day') d
  cross join generate_series(1, 5) k
  where random() < 0.4`);
// players online now: a few hundred live sockets
await db.execute(sql`insert into presence (user_id, last_seen_at) select u, now() from generate_series(1, 300) u`);
await db.execute(sql`vacuum analyze`);
const loadSeconds = r2((performance.now() - t0) / 1000);
const counts = await one(sql`select
  (select count(*)::int from plays) as plays,
  (select count(*)::int from plays where created_at >= ${today}::date::timestamp at time zone 'UTC') as plays_today,
  (select count(*)::int from plays where user_id is not null) as signed_in_plays,
  (select coalesce(sum(impressions + page_views), 0)::bigint from game_counters_daily) as counter_events,
  (select coalesce(sum(n), 0)::bigint from game_errors_daily) as error_events,
  (select count(*)::int from game_counters_daily) as counter_rows,
  (select count(*)::int from game_errors_daily) as error_rows`);
log(`loaded in ${loadSeconds}s`, counts);

// ---- The roll-up --------------------------------------------------------------------------------------------------
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
await db.execute(sql`delete from game_numbers_daily`);
const a0 = performance.now();
const rolled = await m.runNumbersRollup(db, now);
const all90Seconds = r2((performance.now() - a0) / 1000);
log(`rolled up ${rolled.length} days in ${all90Seconds}s`);
const yesterday = m.utcDay(new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000));
const dayTimes = [];
for (let i = 0; i < ROLLUPS; i++) {
  const s = performance.now();
  await m.rollUpDay(db, yesterday, now);
  dayTimes.push(performance.now() - s);
}
// a day whose D1 and D7 are both known (the most work): eight days ago
const eightAgo = m.utcDay(new Date(Date.parse(`${today}T00:00:00Z`) - 8 * 86_400_000));
const fullDayTimes = [];
for (let i = 0; i < ROLLUPS; i++) {
  const s = performance.now();
  await m.rollUpDay(db, eightAgo, now);
  fullDayTimes.push(performance.now() - s);
}
const dailyRun = [];
for (let i = 0; i < Math.min(3, ROLLUPS); i++) {
  const s = performance.now();
  await m.runNumbersRollup(db, now);
  dailyRun.push(performance.now() - s);
}
const rollup = {
  all90Seconds,
  daysRolled: rolled.length,
  rows: Number((await one(sql`select count(*)::int as n from game_numbers_daily`)).n),
  oneDayMs: { yesterday: r2(median(dayTimes)), eightDaysAgo: r2(median(fullDayTimes)), runs: ROLLUPS },
  dailyJobMs: r2(median(dailyRun)),
};
log("roll-up", rollup);

// ---- Reads ------------------------------------------------------------------------------------------------------
const busiest = 1;
const middleGame = Math.round(GAMES / 2);
const targets = [
  ["select 1 (round trip)", () => db.execute(sql`select 1`)],
  ["one game, busiest (90 days + today live)", () => m.readNumbers(db, busiest, now)],
  ["one game, middle (90 days + today live)", () => m.readNumbers(db, middleGame, now)],
  [
    "whole site (90 days + today live + online now)",
    () => Promise.all([m.readNumbers(db, 0, now), m.playersOnlineNow(db, m.PRESENCE_WINDOW_MS, now)]),
  ],
  [
    "beacon: 24 impressions and a page view",
    () =>
      m.countBeacon(db, { impressions: Array.from({ length: 24 }, (_, i) => 1 + ((i * 37) % GAMES)), view: busiest }),
  ],
];
log(`measuring: ${WARMUP} warm-up rounds, then ${RUNS} rounds of ${targets.length} targets`);
const times = targets.map(() => []);
for (let round = 0; round < WARMUP + RUNS; round++) {
  for (let i = 0; i < targets.length; i++) {
    const s = performance.now();
    await targets[i][1]();
    if (round >= WARMUP) times[i].push(performance.now() - s);
  }
}
const base = median(times[0]);
const results = targets.map(([label], i) => {
  const sorted = [...times[i]].sort((a, b) => a - b);
  return {
    label,
    p50: r2(pct(sorted, 50)),
    p99: r2(pct(sorted, 99)),
    max: r2(sorted.at(-1)),
    ratioP50: r2(pct(sorted, 50) / base),
  };
});
const report = {
  date: new Date().toISOString(),
  db: args.db,
  machine: {
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model,
    memGiB: Math.round(os.totalmem() / 2 ** 30),
    loadavgBefore: loadBefore,
    loadavgAfter: os.loadavg().map(r2),
  },
  sizes: { plays: PLAYS, events: EVENTS, games: GAMES, players: PLAYERS, days: DAYS, ...counts },
  loadSeconds,
  rollup,
  runs: RUNS,
  warmup: WARMUP,
  results,
};
console.error(
  [
    `| ${args.db} | p50 ms | p99 ms | max ms | p50 / select 1 |`,
    "| --- | ---: | ---: | ---: | ---: |",
    ...results.map((r) => `| ${r.label} | ${r.p50} | ${r.p99} | ${r.max} | ${r.ratioP50} |`),
  ].join("\n"),
);
console.log(JSON.stringify(report, null, 2));
if (args.out) await fs.writeFile(args.out, JSON.stringify(report, null, 2) + "\n");

await database.close();
await drop();
await fs.rm(tmp, { recursive: true, force: true });
