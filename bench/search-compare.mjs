// Search before and after a change, interleaved on the same database (ADR 026): each round runs every term with
// every query shape once through this checkout's listGames and once through another checkout's, alternating which
// goes first, next to a `select 1`. Comparing runs minutes apart on a shared machine says little; this does.
//
// Usage: node bench/search-compare.mjs --root DIR [--games 100000] [--repeat 7] [--analyze]
//
// DIR is the other checkout (e.g. `git archive <commit> | tar -x -C DIR`). The games (src/test/catalogue-data.ts)
// are loaded into a scratch PostgreSQL database on BENCH_DATABASE_URL or TEST_DATABASE_URL with one INSERT … SELECT
// and, unless --analyze, searched with no statistics, as right after an import. Prints a markdown table (p50 and p99
// per term and query, ms) and the load average.
import os from "node:os";
import { parseArgs } from "node:util";
import { benchDatabase, importServerModules, pct, SEARCH_TERMS } from "./lib.mjs";

const { values: args } = parseArgs({
  options: {
    root: { type: "string" },
    games: { type: "string", default: "100000" },
    repeat: { type: "string", default: "7" },
    analyze: { type: "boolean", default: false },
  },
});
if (!args.root) throw new Error("--root DIR: the checkout to compare with");
const entry = (src) => `export { createDb, migrate } from ${src("db/client.ts")};
   export { listGames } from ${src("services/game-catalogue.ts")};
   export { generatedGamesSql } from ${JSON.stringify(new URL("../src/test/catalogue-data.ts", import.meta.url).pathname)};
   export { sql } from "drizzle-orm";`;
const { modules: now } = await importServerModules(entry);
const { modules: before } = await importServerModules(entry, args.root);
const { database, drop } = await benchDatabase(now, "postgres", "arcadium_bench_search_compare");
const { db } = database;
const { sql } = now;
const QUERIES = [{}, { sort: "popular" }, { category: "cat-3" }, { offset: 240 }];
const r1 = (x) => Math.round(x * 10) / 10;
const percentile = (xs, p) =>
  pct(
    [...xs].sort((a, b) => a - b),
    p,
  );
const timed = async (fn) => {
  const t = performance.now();
  await fn();
  return performance.now() - t;
};
try {
  await db.execute(
    sql`insert into categories (name, slug) select 'Category ' || c, 'cat-' || c from generate_series(1, 12) c`,
  );
  await db.execute(sql.raw(now.generatedGamesSql(Number(args.games))));
  if (args.analyze) await db.execute(sql`analyze games`);
  const times = { before: {}, after: {} };
  const select1 = [];
  const loads = [];
  for (let round = 0; round < Number(args.repeat); round++) {
    loads.push(os.loadavg()[0]);
    for (const query of QUERIES)
      for (const search of SEARCH_TERMS) {
        const key = `${search} ${JSON.stringify(query)}`;
        const order = round % 2 ? ["before", "after"] : ["after", "before"];
        for (const side of order) {
          const m = side === "before" ? before : now;
          (times[side][key] ??= []).push(await timed(() => m.listGames(db, "http://games.test", { search, ...query })));
        }
        select1.push(await timed(() => db.execute(sql`select 1`)));
      }
  }
  const row = (key, b, a) =>
    `| ${key} | ${r1(percentile(b, 50))} | ${r1(percentile(b, 99))} | ${r1(percentile(a, 50))} | ${r1(percentile(a, 99))} |`;
  console.log("| term and query | before p50 | before p99 | after p50 | after p99 |");
  console.log("| --- | ---: | ---: | ---: | ---: |");
  for (const key of Object.keys(times.after)) console.log(row(key, times.before[key], times.after[key]));
  console.log(row("all", Object.values(times.before).flat(), Object.values(times.after).flat()));
  console.log(
    `\n${args.games} games, ${args.analyze ? "analysed" : "no statistics"}; select 1 p50 ${r1(percentile(select1, 50))} ms, p99 ${r1(percentile(select1, 99))} ms; load average ${loads.map(r1).join(" ")}; ${args.repeat} rounds`,
  );
} finally {
  await database.close();
  await drop();
}
