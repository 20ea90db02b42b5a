// Serialisation micro-benchmark: the response of GET /api/games (a page of 24 games)
// written by fastify-type-provider-zod's serializer (zod encode, then JSON.stringify) and by the compiled
// serialiser of src/server/plugins/serializer.ts (fast-json-stringify), each `--count` times per round.
//
// Usage: npx tsx bench/serialisation.ts [--count 100000] [--rounds 5]
//
// The games are the demo seed's, read with the route's own service on a fresh PGlite database, repeated
// (with new ids and titles) up to a full page. Rounds alternate old and new so that a noisy moment hurts
// both alike; prints JSON with the median milliseconds per round and the ratio old / new.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { GAME_PAGE_SIZE, gameListSchema, type Game } from "../src/contract/games";
import { createDb, migrate } from "../src/server/db/client";
import { seed } from "../src/server/db/seed";
import { createSerializerCompiler } from "../src/server/plugins/serializer";
import { DiskStore } from "../src/server/services/file-store";
import { listGames } from "../src/server/services/game-catalogue";

const { values: args } = parseArgs({
  options: { count: { type: "string", default: "100000" }, rounds: { type: "string", default: "5" } },
});
const count = Number(args.count);
const rounds = Number(args.rounds);
const root = path.resolve(import.meta.dirname, "..");

async function demoGames(): Promise<Game[]> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-bench-"));
  const database = await createDb({ kind: "pglite" });
  try {
    await migrate(database, root);
    await seed(database.db, {
      dataDir,
      files: new DiskStore(dataDir),
      gamesRoot: path.join(root, "games"),
      demo: true,
    });
    const { games } = await listGames(database.db, "http://127.0.0.1:5001", {});
    return games;
  } finally {
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const seeded = await demoGames();
const page: Game[] = Array.from({ length: GAME_PAGE_SIZE.default }, (_, i) => {
  const g = seeded[i % seeded.length];
  return i < seeded.length
    ? g
    : {
        ...g,
        id: g.id + 1000 * Math.floor(i / seeded.length),
        title: `${g.title} ${Math.floor(i / seeded.length) + 1}`,
      };
});

const route = { schema: gameListSchema, method: "GET", url: "/api/games", httpStatus: "200" };
const writers = {
  old: zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]),
  new: createSerializerCompiler()(route as Parameters<ReturnType<typeof createSerializerCompiler>>[0]),
};
if (JSON.stringify(JSON.parse(writers.old(page))) !== JSON.stringify(JSON.parse(writers.new(page))))
  throw new Error("old and new differ");

let sink = 0;
function run(write: (value: unknown) => string): number {
  const start = process.hrtime.bigint();
  for (let i = 0; i < count; i++) sink += write(page).length;
  return Number(process.hrtime.bigint() - start) / 1e6;
}

// Warm-up (JIT) for both, then the measured rounds, interleaved.
run(writers.old);
run(writers.new);
const times: Record<"old" | "new", number[]> = { old: [], new: [] };
for (let r = 0; r < rounds; r++) {
  times.old.push(run(writers.old));
  times.new.push(run(writers.new));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const result = {
  node: process.version,
  games: page.length,
  bytes: writers.new(page).length,
  count,
  rounds,
  medianMs: { old: Math.round(median(times.old)), new: Math.round(median(times.new)) },
  microsecondsPerResponse: {
    old: +((median(times.old) * 1000) / count).toFixed(2),
    new: +((median(times.new) * 1000) / count).toFixed(2),
  },
  ratioOldToNew: +(median(times.old) / median(times.new)).toFixed(2),
  roundsMs: { old: times.old.map(Math.round), new: times.new.map(Math.round) },
  sink: sink > 0,
};
console.log(JSON.stringify(result, null, 2));
