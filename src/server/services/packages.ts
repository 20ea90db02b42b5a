import fs from "node:fs/promises";
import path from "node:path";
import crypto from "node:crypto";
import { GAME_DIFFICULTIES, type GameDifficulty } from "../../contract/games-constants";
import { Invalid } from "../errors";

/** Where a game's package lives: DATA_DIR/games/{id} (D3). */
export function gameDir(dataDir: string, gameId: number): string {
  return path.join(dataDir, "games", String(gameId));
}

/** A fresh temporary folder on the same file system as the games folder, so that the final move is an atomic rename. */
export async function makeStagingDir(dataDir: string): Promise<string> {
  const staging = path.join(dataDir, "tmp", `pkg-${crypto.randomBytes(8).toString("hex")}`);
  await fs.mkdir(staging, { recursive: true });
  return staging;
}

/**
 * Moves a complete, validated package folder into place for a game (D44: a failed install leaves
 * nothing behind). An existing package for the same id is replaced.
 */
export async function commitPackage(dataDir: string, stagingDir: string, gameId: number): Promise<void> {
  const target = gameDir(dataDir, gameId);
  await fs.mkdir(path.dirname(target), { recursive: true });
  const old = `${target}.old-${crypto.randomBytes(4).toString("hex")}`;
  let hadOld = false;
  try {
    await fs.rename(target, old);
    hadOld = true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  try {
    await fs.rename(stagingDir, target);
  } catch (err) {
    if (hadOld) await fs.rename(old, target).catch(() => {});
    throw err;
  }
  if (hadOld) await fs.rm(old, { recursive: true, force: true });
}

/** Installs a package from a folder (built-in games use the same path as uploads: stage, then commit). */
export async function installPackageFromDirectory(dataDir: string, sourceDir: string, gameId: number): Promise<void> {
  const staging = await makeStagingDir(dataDir);
  try {
    await fs.cp(sourceDir, staging, {
      recursive: true,
      dereference: false,
      filter: (src) => !path.basename(src).startsWith("."),
    });
    await fs.access(path.join(staging, "index.html"));
    await commitPackage(dataDir, staging, gameId);
  } catch (err) {
    await fs.rm(staging, { recursive: true, force: true });
    throw err;
  }
}

export async function removePackage(dataDir: string, gameId: number): Promise<void> {
  await fs.rm(gameDir(dataDir, gameId), { recursive: true, force: true });
}

export async function hasPackageFiles(dataDir: string, gameId: number): Promise<boolean> {
  try {
    await fs.access(path.join(gameDir(dataDir, gameId), "index.html"));
    return true;
  } catch {
    return false;
  }
}

/**
 * One key of a package's game.json (D78, D83, D90): undefined when there is no game.json, when it is not a JSON
 * object (it may be another portal's file) or when the key is absent. What the value must be is the caller's.
 */
export async function readManifestKey(packageDir: string, key: string): Promise<unknown> {
  let manifest: unknown;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(packageDir, "game.json"), "utf8"));
  } catch {
    return undefined;
  }
  if (!manifest || typeof manifest !== "object" || Array.isArray(manifest) || !(key in manifest)) return undefined;
  return (manifest as Record<string, unknown>)[key];
}

/**
 * D83: the difficulty a package's game.json declares (`"difficulty": "easy" | "medium" | "hard"`). A package
 * without game.json, whose game.json is not JSON (it may be another portal's file) or says nothing, declares
 * none (undefined); a present but unknown value is refused (Invalid), as a bad achievements list is.
 */
export async function readPackageDifficulty(packageDir: string): Promise<GameDifficulty | undefined> {
  const value = await readManifestKey(packageDir, "difficulty");
  if (value === null || value === undefined) return undefined;
  if (typeof value === "string" && (GAME_DIFFICULTIES as readonly string[]).includes(value)) return value as GameDifficulty;
  throw new Invalid("game.json difficulty must be easy, medium or hard");
}
