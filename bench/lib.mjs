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
  const { file, tmp } = await bundleServerModules(entry, sourceRoot);
  const { pathToFileURL } = await import("node:url");
  return { modules: await import(pathToFileURL(file).href), tmp };
}

/**
 * The bundle of importServerModules without importing it: `{ file, tmp }`, e.g. to run it in a process of its own
 * (`node file`). Remove `tmp` afterwards.
 */
export async function bundleServerModules(entry, sourceRoot) {
  const [{ default: fs }, { default: path }, { build }, { root }] = await Promise.all([
    import("node:fs/promises"),
    import("node:path"),
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
  return { file: path.join(tmp, "bench.mjs"), tmp };
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

const round1 = (x) => Math.round(x * 10) / 10;

/** n, p50, p99 and max (ms, one decimal) of a list of times. */
export function latencySummary(ms) {
  const s = [...ms].sort((a, b) => a - b);
  return { n: s.length, p50: round1(pct(s, 50)), p99: round1(pct(s, 99)), max: round1(s[s.length - 1]) };
}

/** Ordinary words of the generated catalogues (src/test/catalogue-data.ts, fixtureGames) and a typo. */
export const SEARCH_TERMS = ["rusty", "copper", "neon bubbles", "dragons", "puzzle", "astroid"];

/**
 * Issue 29 item 6: the database's search, as `listGames` runs it (no HTTP, no read cache). Every term `repeat` times
 * one at a time, each next to a `select 1` through the same pool (the floor of this moment), then the same searches
 * 4 at a time. `m` holds the bundled `listGames` and drizzle's `sql`; `db` is a drizzle database on the site's data.
 * Answers p50/p99 of each, each term's p50 and matches, whether autovacuum had run on games, and the load average.
 */
export async function measureSearches(m, db, { repeat = 15, terms = SEARCH_TERMS } = {}) {
  const { default: os } = await import("node:os");
  const { sql, listGames } = m;
  const timed = async (fn) => {
    const t = performance.now();
    await fn();
    return performance.now() - t;
  };
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  const vacuumed = (
    await db.execute(
      sql`select last_autovacuum is not null as vacuumed, last_autoanalyze is not null as analyzed from pg_stat_user_tables where relname = 'games'`,
    )
  ).rows[0];
  const load = os.loadavg()[0];
  const one = [];
  const base = [];
  const perTerm = Object.fromEntries(terms.map((t) => [t, []]));
  const totals = {};
  for (let i = 0; i < repeat; i++) {
    for (const search of terms) {
      base.push(await timed(() => db.execute(sql`select 1`)));
      const ms = await timed(async () => {
        totals[search] = (await listGames(db, "http://games.test", { search })).total;
      });
      one.push(ms);
      perTerm[search].push(ms);
    }
  }
  const queue = Array.from({ length: repeat }, () => terms).flat();
  const four = [];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let search = queue.pop(); search; search = queue.pop())
        four.push(await timed(() => listGames(db, "http://games.test", { search })));
    }),
  );
  return {
    loadavg: round1(load),
    autovacuumed: vacuumed.vacuumed,
    autoanalyzed: vacuumed.analyzed,
    select1: latencySummary(base),
    oneAtATime: latencySummary(one),
    fourAtATime: latencySummary(four),
    p50PerTerm: Object.fromEntries(terms.map((t) => [t, round1(median(perTerm[t]))])),
    totals,
  };
}

/** The ceiling of the machine: a bare Fastify route (`/bare`) answering a three-item JSON array, in its own process. */
export async function startBareRoute() {
  const [{ spawn }, { root }, { freePort }] = await Promise.all([
    import("node:child_process"),
    import("../scripts/build-lib.mjs"),
    import("../scripts/server-process.mjs"),
  ]);
  const port = await freePort();
  const code = `
    const app = require("fastify")({ logger: false });
    const body = [{ id: 1, title: "Asteroid Drift", plays: 1200 }, { id: 2, title: "Brick Breaker", plays: 800 }, { id: 3, title: "Night Drift", plays: 400 }];
    app.get("/bare", async () => body);
    app.listen({ port: ${port}, host: "127.0.0.1" }).then(() => console.log("ready"));`;
  const child = spawn(process.execPath, ["-e", code], { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
  await new Promise((resolve, reject) => {
    child.stdout.on("data", (d) => String(d).includes("ready") && resolve());
    child.once("exit", (c) => reject(new Error(`the bare server exited with ${c}`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop: async () => void child.kill("SIGTERM") };
}

/**
 * Signs in as an administrator of a server started by spawnServer with LOG_LEVEL=info and no SMTP_URL (the code is
 * read from its log, as e2e/fixtures/staff.ts does) and, at the first sign-in, enrols two-step sign-in (D106) with a
 * fresh authenticator. Answers the Cookie header of the session, which outlives a restart on the same database.
 */
export async function signInAdmin(server, email = "admin@example.com") {
  const { Secret, TOTP } = await import("otpauth");
  const cookies = new Map();
  const post = async (path, body) => {
    const res = await fetch(server.url + path, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      },
      body: JSON.stringify(body ?? {}),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const at = pair.indexOf("=");
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const codes = () => [...server.logs().matchAll(/sign-in code: (\d{6})/g)].map((x) => x[1]);
  const before = codes().length;
  const { otpSecret } = await post("/api/admin/request-otp", { email });
  const deadline = Date.now() + 10_000;
  while (codes().length <= before) {
    if (Date.now() > deadline) throw new Error("no sign-in code in the server's log (LOG_LEVEL=info?)");
    await new Promise((r) => setTimeout(r, 50));
  }
  const verified = await post("/api/admin/verify-otp", { email, otp: codes().at(-1), otpSecret });
  if (verified.secondFactor) throw new Error("this admin already has two-step sign-in: use a new database");
  if (verified.mustEnrol) {
    const { secret } = await post("/api/admin/two-step/setup");
    const code = new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();
    await post("/api/admin/two-step/confirm", { code });
  }
  return [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
}
