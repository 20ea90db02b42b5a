// Small helpers shared by the benchmarks (starting the server and scratch databases: scripts/server-process.mjs).

/** The administrative PostgreSQL connection the benchmarks create their scratch databases on. */
export const adminDatabaseUrl = () =>
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** The p-th percentile (nearest rank) of an ascending array. */
export const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * Bundles server modules (TypeScript) into one temporary module under dist/ and imports it. `entry(src)` returns the
 * entry's text; `src("services/x.ts")` is the JSON-quoted path of a file under src/server of `sourceRoot` (this
 * checkout unless given: another one's, e.g. an export of an older commit, for before/after ratios).
 */
export async function importServerModules(entry, sourceRoot) {
  const [{ default: fs }, { default: path }, { pathToFileURL }, { build }, { root }] = await Promise.all([
    import("node:fs/promises"),
    import("node:path"),
    import("node:url"),
    import("esbuild"),
    import("../scripts/build-lib.mjs"),
  ]);
  await fs.mkdir(path.join(root, "dist"), { recursive: true });
  const tmp = await fs.mkdtemp(path.join(root, "dist", "bench-"));
  const file = path.join(tmp, "entry.ts");
  await fs.writeFile(
    file,
    entry((f) => JSON.stringify(path.join(sourceRoot ?? root, "src/server", f))),
  );
  await build({
    entryPoints: [file],
    outfile: path.join(tmp, "bench.mjs"),
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    absWorkingDir: root,
    nodePaths: [path.join(root, "node_modules")],
    logLevel: "error",
  });
  return { modules: await import(pathToFileURL(path.join(tmp, "bench.mjs")).href), tmp };
}

/**
 * A migrated database for a benchmark: a scratch PostgreSQL database named `prefix_…` (dropped by `drop`) or an
 * in-memory PGlite. `m` holds the bundled createDb and migrate; the migrations are `sourceRoot`'s (default: this
 * checkout's).
 */
export async function benchDatabase(m, kind, prefix, sourceRoot) {
  const [{ root }, { createScratchDatabase }] = await Promise.all([
    import("../scripts/build-lib.mjs"),
    import("../scripts/server-process.mjs"),
  ]);
  let drop = async () => {};
  let database;
  if (kind === "postgres") {
    const scratch = await createScratchDatabase(adminDatabaseUrl(), prefix);
    database = await m.createDb({ kind: "postgres", url: scratch.url });
    drop = scratch.drop;
  } else {
    database = await m.createDb({ kind: "pglite" });
  }
  await m.migrate(database, sourceRoot ?? root);
  return { database, drop };
}

/** Adds `count` generated games (titles from word lists, so that searches find some) through `run(sql)`. */
export const addGamesSql = (count) => `
  with cats as (select array_agg(id order by id) as ids from categories)
  insert into games (title, description, image_url, category_id, developer, is_featured, is_new, is_hot, plays, rating, release_date, created_at)
  select
    (array['Cosmic','Pixel','Turbo','Shadow','Crystal','Neon','Galactic','Mystic','Rapid','Frozen','Golden','Hidden','Lunar','Iron','Savage','Silent','Wild','Royal','Tiny','Mega'])[1 + g % 20]
      || ' ' || (array['Asteroid','Racer','Puzzle','Dungeon','Knight','Runner','Tower','Block','Galaxy','Jungle','Castle','Ninja','Pirate','Robot','Dragon','Zombie','Farm','Island','Rocket','Maze','Drift','Quest','Blaster','Breaker','Golf'])[1 + (g / 20) % 25]
      || ' ' || g,
    'A generated game for the benchmark, number ' || g || '. ' || (array['Dodge the rocks and survive.','Match three gems in a row.','Race through the night city.','Build the tallest tower you can.','Explore caves full of treasure.'])[1 + g % 5],
    '', cats.ids[1 + g % array_length(cats.ids, 1)], 'Bench Studio',
    g % 20 = 0, g % 13 = 0, g % 17 = 0, (g * 7919) % 100000, (g * 31) % 51,
    (date '2024-01-01' + (g % 700))::date, now() - g * interval '1 minute'
  from generate_series(1, ${count}) as g, cats`;
