// Search right after a bulk import (issue 29 item 6, ADR 025): ordinary words and a typo over games whose
// descriptions are about 300 characters of common words, at 20,000 and then 100,000 games.
//
// Usage: node bench/search.mjs [--sizes 20000,100000] [--wait 60] [--repeat 15] [--root DIR] [--out file]
//
// It calls listGames directly (bundled with esbuild, as bench/boards.mjs does): the database's search, no HTTP and
// no read cache. On a scratch PostgreSQL database (`arcadium_bench_search_*` on BENCH_DATABASE_URL or
// TEST_DATABASE_URL, dropped afterwards), for each size in turn: the games up to that size are added with one plain
// INSERT … SELECT (src/test/catalogue-data.ts), as an import would, and timed; then, at once (no VACUUM, no ANALYZE:
// whatever autovacuum does meanwhile is part of the measurement), each term is searched `--repeat` times one at a
// time, round-robin with a `select 1` through the same pool, then the same searches 4 at a time; then again once
// `--wait` seconds have passed since the load ended. Also timed: 200 games added one INSERT at a time (as the
// admin API adds them), the write cost the trigram indexes add. `--root` measures another checkout's services and
// migrations (e.g. `git archive <commit> | tar -x -C DIR`) on the same data. Prints a markdown table and JSON.
import fs from "node:fs/promises";
import { parseArgs } from "node:util";
import { benchDatabase, importServerModules, latencySummary, measureSearches, SEARCH_TERMS } from "./lib.mjs";

const { values: args } = parseArgs({
  options: {
    sizes: { type: "string", default: "20000,100000" },
    wait: { type: "string", default: "60" },
    repeat: { type: "string", default: "15" },
    root: { type: "string" },
    out: { type: "string" },
  },
});
const SIZES = args.sizes.split(",").map(Number);
const WAIT_MS = Number(args.wait) * 1000;
const REPEAT = Number(args.repeat);
const TERMS = SEARCH_TERMS;
const started = performance.now();
const log = (...a) => console.error(`[search ${((performance.now() - started) / 1000).toFixed(1)}s]`, ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const r1 = (x) => Math.round(x * 10) / 10;

const { modules: m, tmp } = await importServerModules(
  (src) => `export { createDb, migrate } from ${src("db/client.ts")};
   export { listGames } from ${src("services/game-catalogue.ts")};
   export { generatedGamesSql } from ${JSON.stringify(new URL("../src/test/catalogue-data.ts", import.meta.url).pathname)};
   export { sql } from "drizzle-orm";`,
  args.root,
);
const { database, drop } = await benchDatabase(m, "postgres", "arcadium_bench_search", args.root);
const { db } = database;
const { sql } = m;

async function timed(fn) {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

const measure = () => measureSearches(m, db, { repeat: REPEAT, terms: TERMS });

const report = { root: args.root ?? "this checkout", terms: TERMS, repeat: REPEAT, sizes: [] };
try {
  await db.execute(
    sql`insert into categories (name, slug) select 'Category ' || c, 'cat-' || c from generate_series(1, 12) c`,
  );
  let have = 0;
  for (const size of SIZES) {
    log(`loading ${size - have} games (to ${size})`);
    const loadMs = await timed(() => db.execute(sql.raw(m.generatedGamesSql(size - have, have + 1))));
    const loadedAt = performance.now();
    have = size;
    log(`loaded in ${r1(loadMs / 1000)} s; searching at once`);
    const atOnce = await measure();
    log(`right after: one at a time p99 ${atOnce.oneAtATime.p99} ms, 4 at a time p99 ${atOnce.fourAtATime.p99} ms`);
    const wait = WAIT_MS - (performance.now() - loadedAt);
    if (wait > 0) await sleep(wait);
    const later = await measure();
    log(
      `after ${args.wait} s: one at a time p99 ${later.oneAtATime.p99} ms, 4 at a time p99 ${later.fourAtATime.p99} ms`,
    );
    report.sizes.push({ games: size, loadSeconds: r1(loadMs / 1000), rightAfter: atOnce, after: later });
  }
  // One game per INSERT, as the admin API adds them: what keeping the trigram indexes up to date costs a write.
  const single = [];
  for (let i = 0; i < 200; i++) {
    const g = have + 1 + i;
    single.push(await timed(() => db.execute(sql.raw(m.generatedGamesSql(1, g)))));
  }
  report.singleInsert = latencySummary(single);
} finally {
  await database.close();
  await drop();
  await fs.rm(tmp, { recursive: true, force: true });
}

const rows = report.sizes.flatMap((s) =>
  [
    ["right after the load", s.rightAfter],
    [`${args.wait} s later`, s.after],
  ].map(
    ([when, r]) =>
      `| ${s.games.toLocaleString("en")} | ${when} | ${r.select1.p50} | ${r.oneAtATime.p50} | ${r.oneAtATime.p99} | ${r.fourAtATime.p50} | ${r.fourAtATime.p99} | ${r.autovacuumed ? "yes" : "no"} | ${r.loadavg} |`,
  ),
);
console.log(
  [
    `| games | when | select 1 p50 | one at a time p50 | p99 | 4 at a time p50 | p99 | autovacuumed | load |`,
    `| ----- | ---- | ------------ | ----------------- | --- | --------------- | --- | ------------ | ---- |`,
    ...rows,
  ].join("\n"),
);
console.log(
  `loads: ${report.sizes.map((s) => `${s.games}: ${s.loadSeconds} s`).join(", ")}; one game per INSERT: p50 ${report.singleInsert.p50} ms, p99 ${report.singleInsert.p99} ms`,
);
console.log(JSON.stringify(report, null, 2));
if (args.out) await fs.writeFile(args.out, JSON.stringify(report, null, 2));
