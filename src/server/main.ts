import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app";
import { serveBackups } from "./backup-socket";
import { prepareDatabase } from "./boot";
import { ConfigError, loadConfig, type Config } from "./config";
import {
  collectingLog,
  createsEmbeddedDatabase,
  prepareInOwnProcess,
  PREPARE_ONLY_FLAG,
  prepareOnly,
  type StartupLogEntry,
} from "./first-start";
import { sharedRegistrableDomain } from "./games-hosts";
import { buildGamesApp } from "./games-origin";
import { startJobRunner } from "./jobs";
import { appVersion } from "./jobs/backup-daily";
import { readAdsTxt } from "./services/ads-txt";
import { formatVersion, readAppVersion } from "./services/app-version";
import { writeBackup } from "./services/backups";
import { PRIVATE_UMASK } from "./services/data-dir";
import { openFileStore } from "./services/open-file-store";
import { PRODUCTION_SCRYPT } from "./services/passwords";
import { newProcessIdentity, startProcessHeartbeat } from "./services/process-registry";

const entryFile = fileURLToPath(import.meta.url);
/** Works both from src/server/main.ts and from the bundle at dist/server/main.js. */
const rootDir = path.resolve(path.dirname(entryFile), "..", "..");

function configOrExit(): Config {
  try {
    return loadConfig(process.env, rootDir);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

async function main() {
  // ADR 020: what the server writes under DATA_DIR (the database, uploads, the key) is its user's alone
  process.umask(PRIVATE_UMASK);
  const config = configOrExit();
  if (process.argv.includes(PREPARE_ONLY_FLAG)) {
    await prepareOnly(config, openFileStore(config), process.stdout);
    process.exit(0);
  }

  // Read before listening: nothing may be awaited between listen() and the signal handlers below.
  const version = formatVersion(await readAppVersion(config.rootDir, config.buildCommit));

  // D162: one store for both listeners and the start-up work (the bucket STORAGE_URL names, else DATA_DIR).
  const files = openFileStore(config);
  // What the database's preparation reports (seeded, repaired, re-scanned) is logged once the app's logger exists.
  const startupLog: StartupLogEntry[] = createsEmbeddedDatabase(config) ? await prepareInOwnProcess(entryFile) : [];
  const database = await prepareDatabase(config, files, collectingLog(startupLog));
  // D164: this process in the CMS's system page while it runs (every process serves the site, the games and jobs);
  // its id is also the home recorded with its rooms (ADR 027), so it beats before any room can be made
  const identity = newProcessIdentity({
    version,
    roles: ["site", "games", "jobs"],
    startedAt: new Date(Date.now() - process.uptime() * 1000),
  });
  const app = await buildApp({ config, database, files, processId: identity.id });
  const heartbeat = startProcessHeartbeat(database.db, identity, { now: () => new Date(), log: app.log });
  for (const { level, details, message } of startupLog) app.log[level](details, message);
  if (config.passwordHashCost < PRODUCTION_SCRYPT.logN)
    app.log.warn(
      { passwordHashCost: config.passwordHashCost },
      "PASSWORD_HASH_COST is below D12's cost: new password hashes are cheaper to guess (meant for test servers)",
    );
  const gamesApp = await buildGamesApp({ config, files, adsTxt: () => readAdsTxt(database.db) });

  // D160: only this process can read the embedded database, so `npm run backup` asks it through DATA_DIR
  const backupSocket =
    database.kind === "pglite"
      ? await serveBackups({
          dataDir: config.dataDir,
          write: (out) => writeBackup(database, files, out, { appVersion: appVersion(rootDir) }),
          log: app.log,
        })
      : undefined;

  await app.listen({ port: config.port, host: config.host });
  await gamesApp.listen({ port: config.gamesPort, host: config.host });
  app.log.info(
    { site: config.publicUrl, games: config.gamesUrl, database: database.kind, dataDir: config.dataDir },
    `Arcadium is running at ${config.publicUrl} (games at ${config.gamesUrl})`,
  );
  const shared = sharedRegistrableDomain(config.publicUrl, config.gamesUrl);
  if (shared) {
    // A game's page on a sibling subdomain can set cookies for the whole registrable domain
    app.log.warn(
      { publicUrl: config.publicUrl, gamesUrl: config.gamesUrl, domain: shared },
      `GAMES_URL and PUBLIC_URL share the registrable domain ${shared}: games can set cookies the site receives; serve games from a domain of their own`,
    );
  }
  if (config.env === "development") {
    // Development hands admin sign-in codes to the browser; say so, and where it listens
    app.log.warn(
      { host: config.host },
      `Development mode: admin sign-in codes are returned in the response to clients on this machine (listening on ${config.host}); never expose it`,
    );
  }
  if (process.stdout.isTTY || process.env.ARCADIUM_BANNER !== "0") {
    process.stdout.write(
      `\n  Arcadium is running:\n    site   ${config.publicUrl}\n    games  ${config.gamesUrl}\n    admin  ${config.publicUrl}/cms\n    data   ${config.dataDir} (${database.kind})\n\n`,
    );
  }

  const jobs = startJobRunner(app, database.db, files, config);

  // Graceful shutdown: stop accepting connections, let in-flight requests finish (every
  // accepted write is committed), close live sockets with 1001 "Server shutting down", then close
  // the database. A shutdown that hangs is cut short after 15 s (exit code 1).
  let closing = false;
  const shutdown = async (signal: string, exitCode = 0) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const timer = setTimeout(() => {
      app.log.error({ signal }, "shutdown took longer than 15 s; exiting");
      process.exit(1);
    }, 15_000);
    timer.unref();
    let code = exitCode;
    try {
      await jobs.stop();
      await heartbeat
        .stop()
        .catch((err: unknown) => app.log.warn({ err }, "could not remove this process from the processes seen"));
      await backupSocket?.close();
      await Promise.all([app.close(), gamesApp.close()]);
      await database.close();
      app.log.info({ signal }, "shut down cleanly");
    } catch (err) {
      app.log.error({ err, signal }, "error while shutting down");
      code = 1;
    } finally {
      process.exit(code);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  // A stray rejected promise is a bug to log, not a reason to drop every connection;
  // an uncaught exception leaves the process in an unknown state: log it and shut down gracefully.
  process.on("unhandledRejection", (reason) => app.log.error({ err: reason }, "unhandled promise rejection"));
  process.on("uncaughtException", (err) => {
    app.log.fatal({ err }, "uncaught exception; shutting down");
    void shutdown("uncaughtException", 1);
  });
}

main().catch((err) => {
  console.error(err instanceof Error ? `Arcadium failed to start: ${err.message}` : err);
  process.exit(1);
});
