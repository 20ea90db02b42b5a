// Backup and restore benchmark (issue 28, D160): a site with the demo data, `--games` more games and one small
// stored file per game, written to an archive and restored into an empty database and store, `--runs` times.
//
// Usage: node bench/backup.mjs [--db pglite,postgres] [--games 10000] [--runs 3] [--out file]
//
// Reports per database the median wall time of a backup and of a restore (seconds), this process's CPU time for
// each (PostgreSQL's own work is not in it), the archive's size, and the 1-minute load average before each run.
// Prints JSON; `--out file` also writes it there.
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { root } from "../scripts/build-lib.mjs";
import { benchDatabase, importServerModules } from "./lib.mjs";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "pglite,postgres" },
    games: { type: "string", default: "10000" },
    runs: { type: "string", default: "3" },
    out: { type: "string" },
  },
});
const GAMES = Number(args.games);
const RUNS = Number(args.runs);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const round2 = (x) => Math.round(x * 100) / 100;

const { modules: m, tmp } = await importServerModules(
  (src) => `
  export { createDb, migrate } from ${src("db/client.ts")};
  export { seed } from ${src("db/seed.ts")};
  export { writeBackup, restoreBackup } from ${src("services/backups.ts")};
  export { DiskStore } from ${src("services/file-store.ts")};
`,
);

const addGamesSql = (count) => `
  with cats as (select array_agg(id order by id) as ids from categories)
  insert into games (title, description, image_url, category_id, developer, plays, rating, release_date, created_at)
  select 'Bench Game ' || g, 'A generated game for the backup benchmark, number ' || g || '.', '',
    cats.ids[1 + g % array_length(cats.ids, 1)], 'Bench Studio', (g * 7919) % 100000, (g * 31) % 51,
    (date '2024-01-01' + (g % 700))::date, now() - g * interval '1 minute'
  from generate_series(1, ${count}) as g, cats`;

async function timed(fn) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = await fn();
  const used = process.cpuUsage(cpu);
  return { value, seconds: (performance.now() - start) / 1000, cpuSeconds: (used.user + used.system) / 1e6 };
}

const results = {};
for (const kind of args.db.split(",")) {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), `arcadium-bench-backup-${kind}-`));
  const { database, drop } = await benchDatabase(m, kind, "arcadium_bench_backup");
  const files = new m.DiskStore(work);
  await m.seed(database.db, { dataDir: work, gamesRoot: path.join(root, "games"), demo: true });
  await database.db.execute(addGamesSql(GAMES));
  const ids = (await database.db.execute("select id from games order by id")).rows.map((row) => row.id);
  for (const id of ids)
    await files.put(`games/${id}/index.html`, `<!doctype html><title>Game ${id}</title>${"<p>level</p>".repeat(100)}`);
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const load = os.loadavg()[0];
    const archive = path.join(work, `run-${i}.tar.gz`);
    const backup = await timed(() => m.writeBackup(database, files, createWriteStream(archive)));
    const size = (await fs.stat(archive)).size;
    const target = await benchDatabase(m, kind, "arcadium_bench_restore");
    const targetDir = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-bench-restore-"));
    const restore = await timed(() =>
      m.restoreBackup(() => createReadStream(archive), target.database, new m.DiskStore(targetDir)),
    );
    await target.database.close();
    await target.drop();
    await fs.rm(targetDir, { recursive: true, force: true });
    await fs.rm(archive, { force: true });
    const rows = backup.value.database.tables.reduce((sum, table) => sum + table.rows, 0);
    runs.push({
      load1: round2(load),
      backupSeconds: round2(backup.seconds),
      backupCpuSeconds: round2(backup.cpuSeconds),
      restoreSeconds: round2(restore.seconds),
      restoreCpuSeconds: round2(restore.cpuSeconds),
      archiveMB: round2(size / 1024 / 1024),
      rows,
      files: backup.value.files.length,
    });
    console.error(kind, JSON.stringify(runs.at(-1)));
  }
  results[kind] = {
    runs,
    median: Object.fromEntries(
      ["backupSeconds", "backupCpuSeconds", "restoreSeconds", "restoreCpuSeconds", "archiveMB", "load1"].map((key) => [
        key,
        median(runs.map((r) => r[key])),
      ]),
    ),
  };
  await database.close();
  await drop();
  await fs.rm(work, { recursive: true, force: true });
}
await fs.rm(tmp, { recursive: true, force: true });
const report = { date: new Date().toISOString(), games: GAMES, node: process.version, cpus: os.cpus().length, results };
console.log(JSON.stringify(report, null, 2));
if (args.out) await fs.writeFile(args.out, JSON.stringify(report, null, 2));
