import crypto from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { GAME_DIFFICULTIES, type GameDifficulty } from "../../contract/games-constants";
import { Invalid } from "../errors";
import type { FileStore } from "./file-store";

/** Where a game's package lives in the store: games/{id}/ (D3, D162). */
export function gamePrefix(gameId: number): string {
  return `games/${gameId}/`;
}

/** A fresh temporary folder under DATA_DIR/tmp where a package is unpacked and checked before it is stored. */
export async function makeStagingDir(dataDir: string): Promise<string> {
  const staging = path.join(dataDir, "tmp", `pkg-${crypto.randomBytes(8).toString("hex")}`);
  await fs.mkdir(staging, { recursive: true });
  return staging;
}

/** Every file under `dir`, as POSIX paths relative to it. */
async function filesUnder(dir: string, prefix = ""): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) found.push(...(await filesUnder(path.join(dir, entry.name), `${prefix}${entry.name}/`)));
    else if (entry.isFile()) found.push(`${prefix}${entry.name}`);
  }
  return found;
}

/**
 * Stores a complete, validated package folder as a game's package and removes the staging folder (D44, D162).
 * An existing package is replaced so that a game being played never loads half of it: the new files go up first,
 * index.html last (each file whole), and only then do the old package's other files go. A failure before index.html
 * leaves the old index.html; a failed first install leaves nothing behind.
 */
export async function commitPackage(files: FileStore, stagingDir: string, gameId: number): Promise<void> {
  const prefix = gamePrefix(gameId);
  const names = (await filesUnder(stagingDir)).sort((a, b) => Number(a === "index.html") - Number(b === "index.html"));
  const before: string[] = [];
  for await (const object of files.list(prefix)) before.push(object.key);
  try {
    for (const name of names) await files.put(`${prefix}${name}`, createReadStream(path.join(stagingDir, name)));
  } catch (err) {
    if (before.length === 0) await files.removePrefix(prefix).catch(() => {});
    throw err;
  }
  const kept = new Set(names.map((name) => `${prefix}${name}`));
  for (const key of before) if (!kept.has(key)) await files.remove(key);
  await fs.rm(stagingDir, { recursive: true, force: true });
}

/** Installs a package from a folder (built-in games use the same path as uploads: stage, then commit). */
export async function installPackageFromDirectory(
  site: { dataDir: string; files: FileStore },
  sourceDir: string,
  gameId: number,
): Promise<void> {
  const staging = await makeStagingDir(site.dataDir);
  try {
    await fs.cp(sourceDir, staging, {
      recursive: true,
      dereference: false,
      filter: (src) => !path.basename(src).startsWith("."),
    });
    await fs.access(path.join(staging, "index.html"));
    await commitPackage(site.files, staging, gameId);
  } catch (err) {
    await fs.rm(staging, { recursive: true, force: true });
    throw err;
  }
}

export async function removePackage(files: FileStore, gameId: number): Promise<void> {
  await files.removePrefix(gamePrefix(gameId));
}

export async function hasPackageFiles(files: FileStore, gameId: number): Promise<boolean> {
  return (await files.head(`${gamePrefix(gameId)}index.html`)) !== undefined;
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
  if (typeof value === "string" && (GAME_DIFFICULTIES as readonly string[]).includes(value))
    return value as GameDifficulty;
  throw new Invalid("game.json difficulty must be easy, medium or hard");
}
