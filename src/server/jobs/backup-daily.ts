import fs from "node:fs";
import path from "node:path";
import { PassThrough } from "node:stream";
import fp from "fastify-plugin";
import { BACKUP_NAME } from "../../contract/admin/backups";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { writeBackup } from "../services/backups";
import type { FileStore, StoredObject } from "../services/file-store";

declare module "fastify" {
  interface FastifyInstance {
    /** D160: writes a backup into the file store now and trims the older ones; resolves to its key. */
    runBackup(): Promise<string>;
  }
}

/** D160: every day at 03:30 UTC, when most sites are quiet. */
export const BACKUP_DAILY_SCHEDULE = { name: "backup.daily", cron: "30 3 * * *" } as const;

export const BACKUPS_PREFIX = "backups/";

/** `arcadium-20261206-033000Z.tar.gz`: sorts by time as text. */
export function backupName(now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return `arcadium-${stamp}Z.tar.gz`;
}

/** The backups in the store, newest first; other files under `backups/` are not ours and are left alone. */
export async function listBackups(files: FileStore): Promise<StoredObject[]> {
  const found: StoredObject[] = [];
  for await (const object of files.list(BACKUPS_PREFIX)) {
    if (BACKUP_NAME.test(object.key.slice(BACKUPS_PREFIX.length))) found.push(object);
  }
  return found.sort((a, b) => b.key.localeCompare(a.key));
}

/** The running app's version, for the manifest. */
export function appVersion(rootDir: string): string {
  try {
    return (
      (JSON.parse(fs.readFileSync(path.join(rootDir, "package.json"), "utf8")) as { version?: string }).version ??
      "unknown"
    );
  } catch {
    return "unknown";
  }
}

/**
 * Writes a backup as `backups/arcadium-…tar.gz` (the store replaces a file whole, so a half-written backup is never
 * listed), then removes all but the newest `keep`.
 */
export async function runDailyBackup(options: {
  database: Database;
  files: FileStore;
  now: Date;
  keep: number;
  appVersion: string;
}): Promise<{ key: string; removed: string[] }> {
  const key = `${BACKUPS_PREFIX}${backupName(options.now)}`;
  const archive = new PassThrough();
  await Promise.all([
    options.files.put(key, archive, { contentType: "application/gzip" }),
    writeBackup(options.database, options.files, archive, { appVersion: options.appVersion, now: options.now }).catch(
      (err: Error) => {
        archive.destroy(err);
        throw err;
      },
    ),
  ]);
  const removed = (await listBackups(options.files)).slice(options.keep).map((object) => object.key);
  for (const old of removed) await options.files.remove(old);
  return { key, removed };
}

export const backupJob = fp<AppContext>(async (app, { database, files, config, settings }) => {
  const version = appVersion(config.rootDir);
  app.decorate("runBackup", async () => {
    const { key, removed } = await runDailyBackup({
      database,
      files,
      now: settings.now(),
      keep: config.backupKeep,
      appVersion: version,
    });
    app.log.info({ key, removed }, "backup written");
    return key;
  });
});
