import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../test/paths";
import { openPostgresCopy } from "../../test/postgres-templates";
import { createDb, migrate, type Database } from "../db/client";
import { jobsTable } from "../db/schema";

/** The runner of runner-process.fixture.ts, built once into a plain script node runs as a process of its own. */
const script = path.join(repoRoot, "node_modules", ".cache", "arcadium-tests", `runner-process-${process.pid}.mjs`);

beforeAll(async () => {
  await build({
    entryPoints: [path.join(__dirname, "runner-process.fixture.ts")],
    outfile: script,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "error",
  });
});
afterAll(async () => {
  await fs.rm(script, { force: true });
});

type Run = { output: () => string; exited: Promise<number | null>; kill: () => void };

function runFixture(mode: "hang" | "finish", target: string): Run {
  const child = spawn(process.execPath, [script, mode], {
    env: { ...process.env, ARCADIUM_TEST_DB: target },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { output: () => output, exited, kill: () => child.kill("SIGKILL") };
}

async function waitForOutput(run: Run, pattern: RegExp, timeoutMs = 60_000): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(run.output());
    if (match) return match;
    if (Date.now() > deadline)
      throw new Error(`no ${pattern} within ${timeoutMs} ms; the process said: ${run.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type Target = { spec: string; open: () => Promise<Database>; cleanUp: () => Promise<void> };

const targets: Record<string, () => Promise<Target>> = {
  pglite: async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-kill-"));
    const dataDir = path.join(folder, "db");
    const database = await createDb({ kind: "pglite", dataDir });
    await migrate(database, repoRoot);
    await database.close();
    return {
      spec: `pglite:${dataDir}`,
      open: () => createDb({ kind: "pglite", dataDir }),
      cleanUp: () => fs.rm(folder, { recursive: true, force: true }),
    };
  },
};
const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  targets.postgres = async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-kill-"));
    const copy = await openPostgresCopy(adminUrl, "none", folder);
    await copy.database.close();
    return {
      spec: `postgres:${copy.url}`,
      open: () => createDb({ kind: "postgres", url: copy.url, max: 1 }),
      cleanUp: async () => {
        await copy.drop();
        await fs.rm(folder, { recursive: true, force: true });
      },
    };
  };
}

describe.each(Object.keys(targets))("a job whose process is killed mid-run (D116) [%s]", (kind) => {
  let target: Target;
  beforeAll(async () => {
    target = await targets[kind]!();
  }, 120_000);
  afterAll(async () => {
    await target?.cleanUp();
  });

  it("is finished by the next process on the same host, once, on its second try", async () => {
    const first = runFixture("hang", target.spec);
    const [, jobId] = await waitForOutput(first, /running (\d+) try 1/);
    first.kill();
    await first.exited;

    const second = runFixture("finish", target.spec);
    await waitForOutput(second, /finished/);
    expect(await second.exited).toBe(0);
    expect(second.output()).toContain(`finished ${jobId} succeeded try 2`);

    const database = await target.open();
    try {
      const jobs = await database.db.select().from(jobsTable).where(eq(jobsTable.name, "kill-me"));
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({ id: Number(jobId), state: "succeeded", attempts: 2 });
    } finally {
      await database.close();
    }
  }, 120_000);
});
