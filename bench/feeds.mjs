// Feed import benchmark (issue 29): a GameDistribution-shaped fixture feed of 20,000 games imported by a real server,
// the site's reads while it runs, search after it, and the sitemap at 100,000 games.
//
// Usage: node bench/feeds.mjs [--items 20000] [--games 100000] [--idle 30] [--window 10] [--clients 4] [--pause 25]
//                             [--covers-cap 240] [--wait 60] [--repeat 15] [--sitemap-runs 3] [--gin-fastupdate on]
//                             [--out file]
//
// It builds the site if needed and starts it (NODE_ENV=production, FETCH_ALLOW_PRIVATE=true) on a scratch
// PostgreSQL database (`arcadium_bench_feeds_*` on BENCH_DATABASE_URL or TEST_DATABASE_URL, dropped afterwards); the
// first start (LOG_LEVEL=info) is only for the admin's sign-in, read from the log with two-step enrolment, then it
// runs again with LOG_LEVEL=warn. The fixture feed (src/test/feed-server.ts: `--items` games, ~300-character
// descriptions, one small PNG cover each) and a bare Fastify route run in processes of their own on 127.0.0.1.
// `--clients` clients each ask in turn for the bare route, `/`, `/game/{id}` and `/api/games?limit=24`, pausing
// `--pause` ms between requests: `--idle` seconds idle, then through the import. The feed is added with
// `{autoApprove: {}}` and synced (POST /api/admin/feeds/:id/sync, the job feeds.sync); the phases are timed from its
// feed_items (polled every second): all items recorded (the inbox), all published (the run's end), all covers fetched
// or failed (feeds.covers; stopped waiting at `--covers-cap` seconds). Search (listGames on the database, as
// bench/search.mjs) is measured at once when the import has published everything and again `--wait` seconds later,
// with the clients paused; then games are added with SQL up to `--games`, search is measured again, and the sitemap
// is read `--sitemap-runs` times while the server's VmRSS is sampled every 20 ms. Prints tables and JSON.
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { buildAll } from "../scripts/build-lib.mjs";
import { createScratchDatabase, spawnServer } from "../scripts/server-process.mjs";
import {
  adminDatabaseUrl,
  bundleServerModules,
  importServerModules,
  latencySummary,
  measureSearches,
  pct,
  signInAdmin,
  startBareRoute,
} from "./lib.mjs";

const { values: args } = parseArgs({
  options: {
    items: { type: "string", default: "20000" },
    games: { type: "string", default: "100000" },
    idle: { type: "string", default: "30" },
    window: { type: "string", default: "10" },
    clients: { type: "string", default: "4" },
    pause: { type: "string", default: "25" },
    "covers-cap": { type: "string", default: "240" },
    wait: { type: "string", default: "60" },
    repeat: { type: "string", default: "15" },
    "sitemap-runs": { type: "string", default: "3" },
    // "on" puts back the trigram indexes' pending list (ADR 025 turned it off): what it costs the import
    "gin-fastupdate": { type: "string" },
    out: { type: "string" },
  },
});
const ITEMS = Number(args.items);
const GAMES = Number(args.games);
const WINDOW_MS = Number(args.window) * 1000;
const started = performance.now();
const elapsed = () => (performance.now() - started) / 1000;
const log = (...a) => console.error(`[feeds ${elapsed().toFixed(1)}s]`, ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const r1 = (x) => Math.round(x * 10) / 10;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const load1 = () => r1(os.loadavg()[0]);

/** CPU seconds (user + system) of a process so far, from /proc; 0 once it is gone. */
async function cpuSeconds(pid) {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // CLK_TCK is 100 on Linux
  } catch {
    return 0;
  }
}

async function rssMb(pid) {
  const status = await fs.readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

/** The fixture feed in a process of its own (its pages and covers take no time from the measuring clients). */
async function startFeed(items) {
  const feedServer = JSON.stringify(new URL("../src/test/feed-server.ts", import.meta.url).pathname);
  const { file, tmp } = await bundleServerModules(
    () => `import { fixtureGames, startFeedServer } from ${feedServer};
      const server = await startFeedServer({ shape: "gamedistribution", games: fixtureGames(${items}) });
      process.stdout.write(JSON.stringify({ feedUrl: server.feedUrl }) + "\\n");`,
  );
  const child = spawn(process.execPath, [file], { stdio: ["ignore", "pipe", "inherit"] });
  const { feedUrl } = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      if (out.includes("\n")) resolve(JSON.parse(out.split("\n")[0]));
    });
    child.once("exit", (c) => reject(new Error(`the feed server exited with ${c}`)));
  });
  return { feedUrl, stop: async () => (child.kill("SIGTERM"), await fs.rm(tmp, { recursive: true, force: true })) };
}

/**
 * `clients` loops, each asking for the targets in turn with a pause between requests. Each answer is recorded under
 * the phase current when it was asked; with the phase null the loops wait.
 */
function startTraffic(targets, clients, pauseMs) {
  const state = { phase: null, samples: [], failed: 0, stopped: false };
  const loops = Array.from({ length: clients }, async (_, c) => {
    let k = c;
    while (!state.stopped) {
      const phase = state.phase;
      if (phase === null) {
        await sleep(50);
        continue;
      }
      const target = targets[k++ % targets.length];
      const t = performance.now();
      try {
        const res = await fetch(target.url);
        await res.arrayBuffer();
        if (!res.ok) state.failed += 1;
      } catch {
        state.failed += 1;
      }
      state.samples.push({ phase, target: target.name, at: t, ms: performance.now() - t });
      await sleep(pauseMs);
    }
  });
  return { state, stop: async () => ((state.stopped = true), await Promise.all(loops)) };
}

/** Per target: p50/p99 of every answer of the phase, and the median over its windows of each window's p99. */
function trafficSummary(samples, phase, names) {
  const mine = samples.filter((s) => s.phase === phase);
  if (mine.length === 0) return undefined;
  const from = mine[0].at;
  const out = { seconds: r1((mine[mine.length - 1].at - from) / 1000) };
  for (const name of names) {
    const of = mine.filter((s) => s.target === name);
    const windows = new Map();
    for (const s of of) {
      const w = Math.floor((s.at - from) / WINDOW_MS);
      windows.set(w, [...(windows.get(w) ?? []), s.ms]);
    }
    const full = [...windows.values()].filter((ms) => ms.length >= 20);
    const all = latencySummary(of.map((s) => s.ms));
    out[name] = {
      ...all,
      windows: full.length,
      medianWindowP99: full.length
        ? r1(
            median(
              full.map((ms) =>
                pct(
                  [...ms].sort((a, b) => a - b),
                  99,
                ),
              ),
            ),
          )
        : null,
    };
  }
  return out;
}

await buildAll({ log: () => {} });
const { modules: m, tmp: bundleDir } = await importServerModules(
  (src) => `export { createDb } from ${src("db/client.ts")};
   export { listGames } from ${src("services/game-catalogue.ts")};
   export { generatedGamesSql } from ${JSON.stringify(new URL("../src/test/catalogue-data.ts", import.meta.url).pathname)};
   export { sql } from "drizzle-orm";`,
);

const report = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, memGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
  settings: { ...args, items: ITEMS, games: GAMES },
};
const scratch = await createScratchDatabase(adminDatabaseUrl(), "arcadium_bench_feeds");
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-bench-feeds-"));
const cleanups = [
  () => scratch.drop(),
  () => fs.rm(dataDir, { recursive: true, force: true }),
  () => fs.rm(bundleDir, { recursive: true, force: true }),
];
const env = { NODE_ENV: "production", FETCH_ALLOW_PRIVATE: "true" };
try {
  const first = await spawnServer({ databaseUrl: scratch.url, dataDir, env: { ...env, LOG_LEVEL: "info" } });
  let cookie;
  try {
    cookie = await signInAdmin(first);
  } finally {
    await first.stop();
  }
  const server = await spawnServer({
    databaseUrl: scratch.url,
    dataDir,
    env: { ...env, LOG_LEVEL: "warn" },
    sourceMaps: false,
  });
  cleanups.unshift(() => server.stop());
  const bare = await startBareRoute();
  cleanups.unshift(() => bare.stop());
  const feed = await startFeed(ITEMS);
  cleanups.unshift(() => feed.stop());
  const database = await m.createDb({ kind: "postgres", url: scratch.url });
  cleanups.unshift(() => database.close());
  const { db } = database;
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  cleanups.unshift(() => client.end());
  const query = async (text) => (await client.query(text)).rows;
  const pid = server.child.pid;
  if (args["gin-fastupdate"]) {
    const on = args["gin-fastupdate"] === "on" ? "on" : "off";
    for (const index of ["games_title_trgm_idx", "games_description_trgm_idx"])
      await query(`alter index ${index} set (fastupdate = ${on})`);
  }

  const api = async (method, p, body) => {
    const res = await fetch(server.url + p, {
      method,
      headers: { cookie, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
    return res.json();
  };

  // PostgreSQL's CPU for this database: its backends' (and autovacuum's) CPU time, summed over one-second polls.
  const pgCpu = { last: new Map(), total: 0 };
  const ownPid = (await query("select pg_backend_pid() as pid"))[0].pid;
  async function pollPgCpu() {
    const pids = await query(`select pid from pg_stat_activity where datname = '${scratch.name}' and pid <> ${ownPid}`);
    for (const { pid: p } of pids) {
      const now = await cpuSeconds(p);
      pgCpu.total += Math.max(0, now - (pgCpu.last.get(p) ?? 0));
      pgCpu.last.set(p, now);
    }
  }
  const cpuAt = async () => ({ server: await cpuSeconds(pid), postgres: pgCpu.total, at: performance.now() });
  const cpuBetween = (a, b) => ({
    wallSeconds: r1((b.at - a.at) / 1000),
    serverCpuSeconds: r1(b.server - a.server),
    postgresCpuSeconds: r1(b.postgres - a.postgres),
  });

  const [someGame] = await (await fetch(`${server.url}/api/games?limit=1&sort=popular`)).json();
  const targets = [
    { name: "bare", url: `${bare.url}/bare` },
    { name: "page /", url: `${server.url}/` },
    { name: "page /game/{id}", url: `${server.url}/game/${someGame.id}` },
    { name: "api /api/games?limit=24", url: `${server.url}/api/games?limit=24` },
  ];
  const names = targets.map((t) => t.name);
  const traffic = startTraffic(targets, Number(args.clients), Number(args.pause));
  cleanups.unshift(() => traffic.stop());

  log(`idle traffic for ${args.idle} s (load average ${load1()})`);
  // A few seconds first, not counted: the first answers compile code and fill the caches.
  traffic.state.phase = "warm-up";
  await sleep(5000);
  const idleLoad = load1();
  await pollPgCpu();
  const idleFrom = await cpuAt();
  traffic.state.phase = "idle";
  await sleep(Number(args.idle) * 1000);
  traffic.state.phase = null;
  await pollPgCpu();
  const idleCpu = cpuBetween(idleFrom, await cpuAt());

  // The import.
  const created = await api("POST", "/api/admin/feeds", {
    kind: "gamedistribution",
    name: "Bench fixture feed",
    url: feed.feedUrl,
    rules: { autoApprove: {} },
  });
  const cpu = { start: await cpuAt() };
  const t0 = performance.now();
  const { jobId } = await api("POST", `/api/admin/feeds/${created.id}/sync`);
  traffic.state.phase = "recording";
  log(`sync queued (job ${jobId}); importing ${ITEMS} items`);
  const marks = {};
  const loads = { idle: idleLoad };
  const timeline = [];
  const progressSql = `select count(*)::int as items,
      count(*) filter (where status = 'published')::int as published,
      count(*) filter (where cover_url is not null)::int as covers,
      count(*) filter (where cover_error is not null)::int as "coverErrors"
    from feed_items`;
  let progress;
  const searchesAfterImport = [];
  const coversCapAt = () => marks.published + Number(args["covers-cap"]) * 1000;
  for (;;) {
    await sleep(1000);
    await pollPgCpu();
    [progress] = await query(progressSql);
    const [run] = await query("select state from feed_runs order by id desc limit 1");
    const jobs = await query(
      "select name, state, count(*)::int as n from jobs where name in ('feeds.sync', 'feeds.covers', 'og-image.make') group by 1, 2",
    );
    const now = performance.now();
    if (timeline.length === 0 || now - timeline[timeline.length - 1].at >= 5000)
      timeline.push({ at: now, seconds: r1((now - t0) / 1000), ...progress, run: run?.state, load: load1(), jobs });
    if (run?.state === "failed" || run?.state === "format_changed") throw new Error(`the sync ended ${run.state}`);
    if (marks.inbox === undefined && progress.items >= ITEMS) {
      marks.inbox = now;
      loads.recording = load1();
      cpu.inbox = await cpuAt();
      traffic.state.phase = "publishing";
      log(`inbox: ${ITEMS} items recorded after ${r1((now - t0) / 1000)} s`);
    }
    if (marks.inbox !== undefined && marks.published === undefined && run?.state === "succeeded") {
      marks.published = now;
      loads.publishing = load1();
      cpu.published = await cpuAt();
      log(`published ${progress.published} after ${r1((now - t0) / 1000)} s; searching at once`);
      traffic.state.phase = null;
      searchesAfterImport.push({
        when: "right after",
        ...(await measureSearches(m, db, { repeat: Number(args.repeat) })),
      });
      traffic.state.phase = "covers";
    }
    if (
      marks.published !== undefined &&
      searchesAfterImport.length === 1 &&
      now - marks.published >= Number(args.wait) * 1000
    ) {
      traffic.state.phase = null;
      searchesAfterImport.push({
        when: `${args.wait} s later`,
        ...(await measureSearches(m, db, { repeat: Number(args.repeat) })),
      });
      traffic.state.phase = "covers";
    }
    const coversDone = progress.covers + progress.coverErrors >= ITEMS;
    if (marks.published !== undefined && searchesAfterImport.length === 2 && (coversDone || now >= coversCapAt())) {
      marks.covers = now;
      marks.coversDone = coversDone;
      loads.covers = load1();
      cpu.covers = await cpuAt();
      traffic.state.phase = null;
      log(`covers: ${progress.covers} fetched, ${progress.coverErrors} failed after ${r1((now - t0) / 1000)} s`);
      break;
    }
  }
  const detail = await api("GET", `/api/admin/feeds/${created.id}`);
  const [syncJob] = await query(`select state, attempts from jobs where id = ${Number(jobId)}`);
  const jobsAfter = await query("select name, state, count(*)::int as n from jobs group by 1, 2 order by 1, 2");
  const s = (a, b) => r1((b - a) / 1000);
  // The covers' time counts from the end of publishing, less the searches' (the clients paused; the job ran on).
  report.import = {
    seconds: {
      toInbox: s(t0, marks.inbox),
      toAllPublished: s(t0, marks.published),
      publishing: s(marks.inbox, marks.published),
      toCoversDoneOrCap: s(t0, marks.covers),
      coversAfterPublished: s(marks.published, marks.covers),
    },
    coversAllDone: marks.coversDone,
    finalCounts: progress,
    cpu: {
      idleTraffic: idleCpu,
      recording: cpuBetween(cpu.start, cpu.inbox),
      publishing: cpuBetween(cpu.inbox, cpu.published),
      covers: cpuBetween(cpu.published, cpu.covers),
    },
    syncJob,
    lastRun: detail.runs[0],
    itemsByStatus: detail.items,
    jobsAfter,
    loadAverage: loads,
    timeline: timeline.map(({ at: _, ...rest }) => rest),
  };
  report.traffic = {
    clients: Number(args.clients),
    pauseMs: Number(args.pause),
    failed: traffic.state.failed,
    idle: trafficSummary(traffic.state.samples, "idle", names),
    recording: trafficSummary(traffic.state.samples, "recording", names),
    publishing: trafficSummary(traffic.state.samples, "publishing", names),
    covers: trafficSummary(traffic.state.samples, "covers", names),
  };
  report.searchAfterImport = {
    games: Number((await query("select count(*)::int as n from games"))[0].n),
    runs: searchesAfterImport,
  };

  // Up to GAMES games with plain SQL (as search.mjs loads them), then search and the sitemap.
  const have = Number((await query("select count(*)::int as n from games"))[0].n);
  const searchesAtGames = [];
  if (GAMES > have) {
    log(`adding ${GAMES - have} games with SQL`);
    const t = performance.now();
    await query(m.generatedGamesSql(GAMES - have, have + 1));
    const loadedAt = performance.now();
    report.bulkLoad = { games: GAMES - have, seconds: s(t, loadedAt) };
    log(`loaded in ${report.bulkLoad.seconds} s; searching at once`);
    searchesAtGames.push({ when: "right after", ...(await measureSearches(m, db, { repeat: Number(args.repeat) })) });
    const wait = Number(args.wait) * 1000 - (performance.now() - loadedAt);
    if (wait > 0) await sleep(wait);
    searchesAtGames.push({
      when: `${args.wait} s later`,
      ...(await measureSearches(m, db, { repeat: Number(args.repeat) })),
    });
    report.searchAtGames = { games: GAMES, runs: searchesAtGames };
  }

  /** The server's VmRSS every 20 ms while `work` runs: before and peak, MB. */
  async function rssDuring(work) {
    const before = await rssMb(pid);
    let peak = before;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await rssMb(pid));
        await sleep(20);
      }
    })();
    let result;
    try {
      result = await work();
    } finally {
      sampling = false;
      await sampler;
    }
    return { before, peak, result };
  }
  const sitemapRuns = [];
  let last = 4000;
  for (let i = 0; i < Number(args["sitemap-runs"]); i++) {
    // The same length of time with no request first: the jobs still at work (covers, link previews) move RSS too.
    const quiet = await rssDuring(async () => sleep(last));
    const run = await rssDuring(async () => {
      const t = performance.now();
      const index = await (await fetch(`${server.url}/sitemap.xml`)).text();
      const texts = [index];
      const partSeconds = [];
      // Past 50,000 addresses /sitemap.xml is an index of its parts, read one after another as a crawler does.
      if (index.includes("<sitemapindex")) {
        texts.length = 0;
        for (const [, part] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
          const tp = performance.now();
          const res = await fetch(part);
          if (!res.ok) throw new Error(`${part}: ${res.status}`);
          texts.push(await res.text());
          partSeconds.push(s(tp, performance.now()));
        }
      }
      const urls = texts.reduce((n, text) => n + text.split("<url>").length - 1, 0);
      const bytes = texts.reduce((n, text) => n + text.length, 0);
      return { seconds: s(t, performance.now()), partSeconds, urls, bytes };
    });
    const { seconds, partSeconds, urls, bytes } = run.result;
    last = seconds * 1000;
    sitemapRuns.push({
      seconds,
      partSeconds,
      parts: partSeconds.length,
      urls,
      mb: r1(bytes / 2 ** 20),
      rssBeforeMb: r1(run.before),
      rssPeakMb: r1(run.peak),
      rssGrowthMb: r1(run.peak - run.before),
      quietRssGrowthMb: r1(quiet.peak - quiet.before),
      load: load1(),
    });
    log(`sitemap ${i + 1}: ${urls} urls in ${seconds} s, RSS ${r1(run.before)} → peak ${r1(run.peak)} MB`);
  }
  report.sitemap = {
    games: Number((await query("select count(*)::int as n from games"))[0].n),
    runs: sitemapRuns,
    medianSeconds: median(sitemapRuns.map((r) => r.seconds)),
    medianRssGrowthMb: r1(median(sitemapRuns.map((r) => r.rssGrowthMb))),
    medianQuietRssGrowthMb: r1(median(sitemapRuns.map((r) => r.quietRssGrowthMb))),
  };
} finally {
  for (const cleanup of cleanups) await cleanup().catch((err) => console.error("cleanup:", err.message));
}

const i = report.import;
const tr = report.traffic;
const phases = ["idle", "recording", "publishing", "covers"].filter((p) => tr[p]);
const trafficRows = phases.flatMap((p) =>
  targetNames(tr).map(
    (n) =>
      `| ${p} (${tr[p].seconds} s) | ${n} | ${tr[p][n].n} | ${tr[p][n].p50} | ${tr[p][n].p99} | ${tr[p][n].medianWindowP99 ?? "–"} | ${p === "idle" ? "" : r1(tr[p][n].p99 / tr.idle[n].p99)} |`,
  ),
);
function targetNames(t) {
  return Object.keys(t.idle).filter((k) => k !== "seconds");
}
const searchRows = [
  ...report.searchAfterImport.runs.map((r) => [report.searchAfterImport.games, r]),
  ...(report.searchAtGames?.runs ?? []).map((r) => [report.searchAtGames.games, r]),
].map(
  ([games, r]) =>
    `| ${games.toLocaleString("en")} | ${r.when} | ${r.select1.p50} | ${r.oneAtATime.p50} | ${r.oneAtATime.p99} | ${r.fourAtATime.p50} | ${r.fourAtATime.p99} | ${r.autovacuumed ? "yes" : "no"} | ${r.loadavg} |`,
);
console.log(
  [
    `import of ${ITEMS} items: inbox ${i.seconds.toInbox} s, all published ${i.seconds.toAllPublished} s, covers ${i.coversAllDone ? "all done" : "capped"} at ${i.seconds.toCoversDoneOrCap} s (${i.finalCounts.covers} fetched, ${i.finalCounts.coverErrors} failed); run: ${JSON.stringify(i.lastRun)}`,
    `cpu: ${JSON.stringify(i.cpu)}; load average ${JSON.stringify(i.loadAverage)}; failed requests ${tr.failed}`,
    "",
    "| phase | target | n | p50 | p99 | median 10-s p99 | p99 / idle p99 |",
    "| ----- | ------ | - | --- | --- | --------------- | -------------- |",
    ...trafficRows,
    "",
    "| games | when | select 1 p50 | one at a time p50 | p99 | 4 at a time p50 | p99 | autovacuumed | load |",
    "| ----- | ---- | ------------ | ----------------- | --- | --------------- | --- | ------------ | ---- |",
    ...searchRows,
    "",
    `bulk load: ${JSON.stringify(report.bulkLoad)}; sitemap of ${report.sitemap.games} games: median ${report.sitemap.medianSeconds} s, RSS growth median ${report.sitemap.medianRssGrowthMb} MB, the same time without requests ${report.sitemap.medianQuietRssGrowthMb} MB (${JSON.stringify(report.sitemap.runs.map((r) => [r.seconds, r.rssBeforeMb, r.rssPeakMb]))})`,
  ].join("\n"),
);
console.log(JSON.stringify(report, null, 2));
if (args.out) await fs.writeFile(args.out, JSON.stringify(report, null, 2) + "\n");
process.exit(tr.failed > 0 ? 1 : 0);
