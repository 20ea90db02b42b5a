import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config";
import {
  repairBuiltinPackages,
  syncBuiltinAchievements,
  syncBuiltinScoreRules,
  upgradeBuiltinsForCollections,
} from "./db/builtin-games";
import { createDb, isEmpty, migrate, type Database } from "./db/client";
import { seed } from "./db/seed";
import { secureDataDir } from "./services/data-dir";
import { lockDataDir } from "./services/data-dir-lock";
import type { FileStore } from "./services/file-store";
import { recordFirstBuilds } from "./services/game-builds";
import { rescanInstalledPackages } from "./services/portal-sdks";
import { upgradeRecoveryCodeHashes } from "./services/two-step";

/** The embedded database's folder in DATA_DIR. */
export const embeddedDatabaseDir = (dataDir: string) => path.join(dataDir, "db");

/** Whether a PGlite folder already holds a database (initdb writes PG_VERSION). */
export const holdsDatabase = (pgliteDir: string) => fs.existsSync(path.join(pgliteDir, "PG_VERSION"));

/**
 * D163: the empty database the build made (scripts/build-lib.mjs) when the PGlite folder holds none yet, so that the
 * first start unpacks it instead of running initdb; undefined when there is a database or no such file (PGlite then
 * opens the one there, or runs initdb).
 */
export async function databaseTemplate(rootDir: string, pgliteDir: string): Promise<Blob | undefined> {
  if (holdsDatabase(pgliteDir)) return undefined;
  try {
    return new Blob([await fsp.readFile(path.join(rootDir, "dist", "pglite", "empty-database.tar.gz"))]);
  } catch {
    return undefined;
  }
}

/** The embedded database, held by this process alone until it is closed (services/data-dir-lock.ts). */
async function openLockedPglite(config: Config): Promise<Database> {
  const lock = await lockDataDir(config.dataDir);
  try {
    const database = await createDb({
      kind: "pglite",
      dataDir: embeddedDatabaseDir(config.dataDir),
      loadDataDir: await databaseTemplate(config.rootDir, embeddedDatabaseDir(config.dataDir)),
    });
    const close = database.close.bind(database);
    return Object.assign(database, { close: () => close().finally(() => lock.release()) });
  } catch (err) {
    await lock.release();
    throw err;
  }
}

/** Opens the configured database (D5), applies migrations, seeds an empty one and repairs built-in packages. */
export async function prepareDatabase(
  config: Config,
  files: FileStore,
  log?: Pick<FastifyBaseLogger, "info" | "warn">,
): Promise<Database> {
  await secureDataDir(config.dataDir);
  const database = config.databaseUrl
    ? await createDb({ kind: "postgres", url: config.databaseUrl })
    : await openLockedPglite(config);
  try {
    await migrate(database, config.rootDir);
    const gamesRoot = path.join(config.rootDir, "games");
    if (await isEmpty(database.db)) {
      const result = await seed(database.db, { dataDir: config.dataDir, files, gamesRoot, demo: config.seedDemo });
      log?.info(result, "seeded an empty database");
    } else {
      const repaired = await repairBuiltinPackages(database.db, { dataDir: config.dataDir, files, gamesRoot });
      if (repaired) log?.info({ repaired }, "reinstalled missing built-in game packages");
      await syncBuiltinAchievements(database.db, gamesRoot);
      // D108: an install seeded before the built-in games declared their maximum gets it (and the totals follow)
      const scoreRules = await syncBuiltinScoreRules(database.db, gamesRoot);
      if (scoreRules) log?.info({ games: scoreRules }, "added the built-in games' score limits");
      // D83: an install seeded before collections gets the home page's four, once.
      const collections = await upgradeBuiltinsForCollections(database.db, gamesRoot);
      if (collections) log?.info({ collections }, "added the home page's collections");
    }
    // D77, issue 14 item 7: packages installed before the adapters are scanned once (idempotent, one query later).
    const rescanned = await rescanInstalledPackages(database.db, { dataDir: config.dataDir, files }, log);
    if (rescanned) log?.info({ rescanned }, "recorded the size and portal SDK of installed game packages");
    // D131: every game with a package has builds; one installed before them becomes build 1 (idempotent)
    const firstBuilds = await recordFirstBuilds(database.db, files, log);
    if (firstBuilds) log?.info({ games: firstBuilds }, "recorded installed game packages as build 1");
    // ADR 020: recovery codes kept as bare SHA-256 are rewrapped with scrypt (idempotent)
    const rewrapped = await upgradeRecoveryCodeHashes(database.db);
    if (rewrapped) log?.info({ rewrapped }, "stored recovery codes with scrypt");
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
  return database;
}
