import fs from "node:fs/promises";
import path from "node:path";

/**
 * ADR 020: DATA_DIR holds the embedded database, uploads, game packages and (by default) the two-step key; nobody
 * but the server's own user may read it. No HTTP types.
 *
 * Contract:
 * - `PRIVATE_UMASK` is the process's umask from start-up (main.ts): what the server and PGlite create is 0700
 *   (folders) and 0600 (files) unless a mode says otherwise.
 * - `securePrivateDir` makes a folder (and its parents) if missing and sets it to 0700, also when it already
 *   existed with a wider mode (an install from before ADR 020): a 0700 DATA_DIR closes everything under it.
 */
export const PRIVATE_UMASK = 0o077;
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

export async function securePrivateDir(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await fs.chmod(dir, PRIVATE_DIR_MODE);
}

/** DATA_DIR and its database folder, 0700 (boot.ts, before the database opens). */
export async function secureDataDir(dataDir: string): Promise<void> {
  await securePrivateDir(dataDir);
  await securePrivateDir(path.join(dataDir, "db"));
}
