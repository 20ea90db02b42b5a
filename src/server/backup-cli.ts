import { once } from "node:events";
import { createReadStream, createWriteStream, existsSync } from "node:fs";
import fs from "node:fs/promises";
import type { Socket } from "node:net";
import path from "node:path";
import { connectBackupSocket } from "./backup-socket";
import { ConfigError, loadConfig, type Config } from "./config";
import { createDb, migrate, type Database } from "./db/client";
import { appVersion } from "./jobs/backup-daily";
import { BackupError, restoreBackup, verifyBackup, writeBackup, type BackupManifest } from "./services/backups";
import { PRIVATE_UMASK, secureDataDir } from "./services/data-dir";
import { DataDirLockedError, lockDataDir } from "./services/data-dir-lock";
import { openFileStore } from "./services/open-file-store";

/**
 * `npm run backup -- FILE` and `npm run restore -- FILE` (D160), run by scripts/backup.mjs. Exit codes: 0 done,
 * 1 refused or failed (the message says why and what to do), 2 a wrong command line or configuration.
 */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

type Say = (line: string) => void;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function summary(manifest: BackupManifest): string {
  const rows = manifest.database.tables.reduce((sum, table) => sum + table.rows, 0);
  const bytes = manifest.files.reduce((sum, file) => sum + file.size, 0);
  return `${manifest.database.tables.length} tables, ${rows} rows, ${manifest.files.length} files (${megabytes(bytes)})`;
}

export async function runBackupCli(
  argv: string[],
  env: NodeJS.ProcessEnv,
  rootDir: string,
  say: Say,
  complain: Say,
): Promise<number> {
  const [command, file, ...rest] = argv;
  if ((command !== "backup" && command !== "restore") || !file || rest.length > 0) {
    complain("Usage: npm run backup -- FILE   (write a backup of this site to FILE)");
    complain("       npm run restore -- FILE  (fill an empty data folder or database from FILE)");
    return EXIT.usage;
  }
  let config: Config;
  try {
    config = loadConfig(env, rootDir);
  } catch (err) {
    if (err instanceof ConfigError) {
      complain(err.message);
      return EXIT.usage;
    }
    throw err;
  }
  process.umask(PRIVATE_UMASK);
  const target = path.resolve(file);
  try {
    return command === "backup" ? await backup(config, target, say) : await restore(config, target, say);
  } catch (err) {
    if (err instanceof BackupError || err instanceof CliError) {
      complain(err.message);
      return EXIT.failed;
    }
    complain(`The ${command} failed: ${(err as Error).message ?? err}`);
    return EXIT.failed;
  }
}

class CliError extends Error {}

async function backup(config: Config, target: string, say: Say): Promise<number> {
  if (existsSync(target))
    throw new CliError(`${target} already exists; choose a new file name (a backup never overwrites a file)`);
  if (!existsSync(path.dirname(target))) throw new CliError(`The folder ${path.dirname(target)} does not exist`);
  const partial = `${target}.partial`;
  await fs.rm(partial, { force: true });
  try {
    const server = config.databaseUrl ? undefined : await connectBackupSocket(config.dataDir);
    if (server) {
      say("Arcadium is running on this data folder: asking it for the backup…");
      await receiveFromServer(server, partial);
    } else {
      const database = await openDatabase(config, { create: false });
      try {
        say(
          `Writing a backup of the ${database.kind === "postgres" ? "PostgreSQL" : "embedded"} database and the stored files…`,
        );
        await writeBackup(database, openFileStore(config), createWriteStream(partial, { flags: "wx", mode: 0o600 }), {
          appVersion: appVersion(config.rootDir),
        });
      } finally {
        await database.close();
      }
    }
    const manifest = await verifyBackup(() => createReadStream(partial));
    await fs.rename(partial, target);
    const size = (await fs.stat(target)).size;
    say(`Backup written to ${target} (${megabytes(size)}): ${summary(manifest)}.`);
    say("Keep it somewhere other than this machine. Restore it with: npm run restore -- FILE");
    return EXIT.ok;
  } finally {
    await fs.rm(partial, { force: true });
  }
}

async function receiveFromServer(socket: Socket, partial: string): Promise<void> {
  const out = createWriteStream(partial, { flags: "wx", mode: 0o600 });
  socket.write("backup\n");
  let head: Buffer | undefined = Buffer.alloc(0);
  try {
    for await (const chunk of socket) {
      let body = chunk as Buffer;
      if (head) {
        head = Buffer.concat([head, body]);
        const end = head.indexOf(10);
        if (end === -1) continue;
        const line = head.subarray(0, end).toString("utf8");
        if (line !== "ok") throw new CliError(`The running server refused the backup: ${line.replace(/^error /, "")}`);
        body = head.subarray(end + 1);
        head = undefined;
      }
      if (!out.write(body)) await once(out, "drain");
    }
  } finally {
    out.end();
    await once(out, "close");
  }
  if (head) throw new CliError("The running server closed the connection without sending a backup; see its log");
}

async function openDatabase(config: Config, options: { create: boolean }): Promise<Database> {
  if (config.databaseUrl) return createDb({ kind: "postgres", url: config.databaseUrl, max: 2 });
  const folder = path.join(config.dataDir, "db");
  if (!options.create && !existsSync(path.join(folder, "PG_VERSION"))) {
    throw new CliError(
      `There is no Arcadium database in ${config.dataDir} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`,
    );
  }
  if (options.create) await secureDataDir(config.dataDir);
  // A server whose backup socket could not be made (a DATA_DIR path too long for a socket) still holds the lock.
  const lock = await lockDataDir(config.dataDir).catch((err: unknown) => {
    if (!(err instanceof DataDirLockedError)) throw err;
    throw new CliError(
      `Arcadium is running on ${config.dataDir} (pid ${err.pid}) and cannot be asked through its backup socket: stop it first`,
    );
  });
  try {
    const database = await createDb({ kind: "pglite", dataDir: folder });
    const close = database.close.bind(database);
    return Object.assign(database, { close: () => close().finally(() => lock.release()) });
  } catch (err) {
    await lock.release();
    throw err;
  }
}

async function restore(config: Config, source: string, say: Say): Promise<number> {
  if (!existsSync(source)) throw new CliError(`${source} does not exist`);
  if (!config.databaseUrl && (await connectBackupSocket(config.dataDir))) {
    throw new CliError(
      `Arcadium is running on ${config.dataDir}: stop it, and restore into an empty data folder (a new DATA_DIR)`,
    );
  }
  say("Checking the archive…");
  const manifest = await verifyBackup(() => createReadStream(source));
  say(`It holds ${summary(manifest)}, made ${manifest.createdAt} by Arcadium ${manifest.app.version}.`);
  const database = await openDatabase(config, { create: true });
  try {
    await migrate(database, config.rootDir);
    say(`Restoring into ${config.databaseUrl ? "the PostgreSQL database of DATABASE_URL" : config.dataDir}…`);
    await restoreBackup(() => createReadStream(source), database, openFileStore(config));
  } finally {
    await database.close();
  }
  say("Restored. Start Arcadium with: npm start");
  say("Staff two-step sign-in needs the same TWO_STEP_KEY (or its key file) as the site the backup came from.");
  return EXIT.ok;
}
