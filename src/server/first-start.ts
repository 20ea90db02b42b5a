/**
 * Contract: a brand-new embedded database is made, migrated and seeded by a process of its own, which has exited
 * before the server opens the database (D163). A process keeps much of the memory it once held: seeding twelve games
 * and their pictures left the server about 50 MB larger for as long as it ran. The preparation process is this same
 * bundle started with PREPARE_ONLY_FLAG; what it reports comes back as log entries for the server's logger.
 */
import { spawn } from "node:child_process";
import { embeddedDatabaseDir, holdsDatabase, prepareDatabase } from "./boot";
import type { Config } from "./config";
import type { FileStore } from "./services/file-store";

export const PREPARE_ONLY_FLAG = "--prepare-only";

export type StartupLogEntry = { level: "info" | "warn"; details: object; message?: string };

/** Whether this start would create the embedded database: no DATABASE_URL and no database in DATA_DIR yet. */
export function createsEmbeddedDatabase(config: Pick<Config, "databaseUrl" | "dataDir">): boolean {
  return !config.databaseUrl && !holdsDatabase(embeddedDatabaseDir(config.dataDir));
}

/** A logger for prepareDatabase that collects what it says. */
export function collectingLog(entries: StartupLogEntry[]): NonNullable<Parameters<typeof prepareDatabase>[2]> {
  const push =
    (level: StartupLogEntry["level"]) =>
    (details: unknown, message?: string): void =>
      void entries.push({ level, details: typeof details === "object" && details ? details : { details }, message });
  return { info: push("info"), warn: push("warn") } as NonNullable<Parameters<typeof prepareDatabase>[2]>;
}

/** The preparation process's work: prepare the database, close it, and print each log entry as a line of JSON. */
export async function prepareOnly(config: Config, files: FileStore, out: NodeJS.WritableStream): Promise<void> {
  const entries: StartupLogEntry[] = [];
  const database = await prepareDatabase(config, files, collectingLog(entries));
  await database.close();
  for (const entry of entries) out.write(`${JSON.stringify(entry)}\n`);
}

const isEntry = (value: unknown): value is StartupLogEntry =>
  typeof value === "object" &&
  value !== null &&
  ((value as StartupLogEntry).level === "info" || (value as StartupLogEntry).level === "warn") &&
  typeof (value as StartupLogEntry).details === "object";

/**
 * Runs `entryFile` (this bundle) with PREPARE_ONLY_FLAG, with this process's Node options and environment, and
 * answers the log entries it printed, each marked with its pid. Its errors reach this process's stderr; a failed
 * preparation rejects.
 */
export function prepareInOwnProcess(
  entryFile: string,
  nodeOptions: readonly string[] = process.execArgv,
): Promise<StartupLogEntry[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeOptions, entryFile, PREPARE_ONLY_FLAG], {
      env: process.env,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => (output += chunk));
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (code !== 0) {
        reject(new Error(`preparing the new database failed (${signal ?? `exit code ${code}`})`));
        return;
      }
      const entries: StartupLogEntry[] = [];
      for (const line of output.split("\n")) {
        if (!line.trim()) continue;
        let parsed: unknown;
        try {
          parsed = JSON.parse(line);
        } catch {
          parsed = undefined;
        }
        if (isEntry(parsed)) entries.push({ ...parsed, details: { ...parsed.details, preparedBy: child.pid } });
        else process.stdout.write(`${line}\n`);
      }
      resolve(entries);
    });
  });
}
