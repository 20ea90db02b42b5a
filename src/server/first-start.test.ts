import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer, type ServerProcess } from "../test/hardening/server-process";
import { createsEmbeddedDatabase, PREPARE_ONLY_FLAG, prepareInOwnProcess } from "./first-start";

let scratch: string;
beforeAll(async () => {
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-first-start-"));
});
afterAll(() => fs.rm(scratch, { recursive: true, force: true }));

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("createsEmbeddedDatabase (D163)", () => {
  it("is true for a data folder without a database, false once it has one or with DATABASE_URL", async () => {
    const dataDir = path.join(scratch, "data");
    expect(createsEmbeddedDatabase({ dataDir, databaseUrl: undefined })).toBe(true);
    expect(createsEmbeddedDatabase({ dataDir, databaseUrl: "postgres://db/arcadium" })).toBe(false);
    await fs.mkdir(path.join(dataDir, "db"), { recursive: true });
    await fs.writeFile(path.join(dataDir, "db", "PG_VERSION"), "17\n");
    expect(createsEmbeddedDatabase({ dataDir, databaseUrl: undefined })).toBe(false);
  });
});

describe("prepareInOwnProcess (D163)", () => {
  const script = async (name: string, body: string) => {
    const file = path.join(scratch, name);
    await fs.writeFile(file, body);
    return file;
  };

  it("runs the entry with the preparation flag and answers its log entries, each with the process's pid", async () => {
    const entry = await script(
      "prepares.mjs",
      `if (!process.argv.includes(${JSON.stringify(PREPARE_ONLY_FLAG)})) process.exit(9);
       console.log(JSON.stringify({ level: "info", details: { games: 12 }, message: "seeded an empty database" }));
       console.log(JSON.stringify({ level: "warn", details: { repaired: 1 } }));
       console.log(JSON.stringify({ pid: process.pid }));`,
    );
    const entries = await prepareInOwnProcess(entry, []);
    expect(entries).toEqual([
      { level: "info", details: { games: 12, preparedBy: expect.any(Number) }, message: "seeded an empty database" },
      { level: "warn", details: { repaired: 1, preparedBy: expect.any(Number) } },
    ]);
    expect(entries[0].details).not.toMatchObject({ preparedBy: process.pid });
  });

  it("rejects with the exit code when the preparation fails", async () => {
    const entry = await script("fails.mjs", `console.error("the disk is full"); process.exit(3);`);
    await expect(prepareInOwnProcess(entry, [])).rejects.toThrow("preparing the new database failed (exit code 3)");
  });
});

describe("the built server's first start on the embedded database (D163)", () => {
  let server: ServerProcess | undefined;
  afterAll(async () => {
    server?.kill("SIGKILL");
    await server?.exited;
  });

  it("has another process make and seed the database, which has exited before the server listens", async () => {
    server = await startBuiltServer({ dataDir: path.join(scratch, "server-data") });
    const seeded = server
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { msg?: string; pid: number; preparedBy?: number })
      .find((line) => line.msg === "seeded an empty database");
    expect(seeded).toMatchObject({ pid: server.child.pid, preparedBy: expect.any(Number) });
    expect(seeded!.preparedBy).not.toBe(server.child.pid);
    expect(isRunning(seeded!.preparedBy!)).toBe(false);
    expect((await fetch(`${server.url}/api/games?limit=1`)).status).toBe(200);
  }, 120_000);
});
