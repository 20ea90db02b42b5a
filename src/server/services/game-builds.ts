import crypto from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { BuildReviewState } from "../../contract/studio-constants";
import type { Db } from "../db/client";
import { gameBuildsTable, gamesTable, usersTable } from "../db/schema";
import { Invalid, NotFound } from "../errors";
import type { FileStore } from "./file-store";
import { commitPackage, gamePrefix, makeStagingDir } from "./packages";
import { preparePackage } from "./portal-sdks";

/**
 * Contract: a game's builds (D131, ADR 031). No HTTP types.
 * - A build is one upload of a game's package, kept whole under `builds/{gameId}/{number}/` and never changed:
 *   numbers run 1, 2, … per game with no gap, given under a lock on the game's row so that two uploads at once get
 *   two numbers. Its row holds notes, size, file count, who and when.
 * - One build is live: `games.live_build`, whose files are copied to `games/{id}/`, the folder the games origin
 *   serves players (so the player's path is unchanged). `makeBuildLive` copies an earlier build back (rollback).
 *   Copying writes index.html last (packages.ts commitPackage), so a player never loads half of two builds.
 * - A game installed before builds were kept (an upload or a built-in game) becomes build 1 from its live files
 *   (`ensureFirstBuild`), at start and before any build is added; a game without a package (feeds, embeds) has none.
 * - Review (D133): a build is stored `live` (an admin's upload, live at once) or as a `draft` (a creator's upload, kept
 *   beside the live one until staff approve it: build-publishing.ts). A creator's new game is hidden, so its draft
 *   build 1 fills the live folder without players reaching it.
 * - `onBuildStored` runs after a build's files and row are stored: the seam for the package checks (build-checks.ts).
 * - Preview (`previewPath`, `verifyPreviewToken`): an address on the games origin that serves one build to whoever
 *   holds it, signed with the site's key and valid for PREVIEW_TTL_MS; only the studio and CMS routes hand it out.
 */

export const PREVIEW_TTL_MS = 60 * 60 * 1000;

export type GameBuild = {
  number: number;
  notes: string;
  bytes: number;
  files: number;
  uploadedBy: { id: number; username: string } | null;
  createdAt: string;
  live: boolean;
  review: {
    state: BuildReviewState;
    /** the staff's notes of the last request for changes */
    notes: string | null;
    publishAt: string | null;
    submittedAt: string | null;
    reviewedAt: string | null;
    publishedAt: string | null;
  };
};

/** Where a build's files are kept. */
export function buildPrefix(gameId: number, number: number): string {
  return `builds/${gameId}/${number}/`;
}

type StoredBuildHook = (build: { gameId: number; number: number }) => Promise<void> | void;
const storedHooks: StoredBuildHook[] = [];

/** The package checks hook in here (build-checks.ts): `hook` runs after every build is stored; a failure is logged, never undoes it. */
export function onBuildStored(hook: StoredBuildHook): () => void {
  storedHooks.push(hook);
  return () => {
    const i = storedHooks.indexOf(hook);
    if (i >= 0) storedHooks.splice(i, 1);
  };
}

async function runStoredHooks(build: { gameId: number; number: number }, log?: Log): Promise<void> {
  for (const hook of storedHooks) {
    try {
      await hook(build);
    } catch (err) {
      log?.warn({ err, ...build }, "a build hook failed");
    }
  }
}

type Log = { warn(details: object, message: string): void };

/** Every file under `dir`, as POSIX paths relative to it. */
async function filesUnder(dir: string, prefix = ""): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) found.push(...(await filesUnder(path.join(dir, entry.name), `${prefix}${entry.name}/`)));
    else if (entry.isFile()) found.push(`${prefix}${entry.name}`);
  }
  return found;
}

/** Copies every object under one prefix of the store into a local folder. */
async function downloadPrefix(files: FileStore, prefix: string, dir: string): Promise<number> {
  let count = 0;
  for await (const object of files.list(prefix)) {
    const stored = await files.get(object.key);
    if (!stored) continue;
    const file = path.join(dir, ...object.key.slice(prefix.length).split("/"));
    await fs.mkdir(path.dirname(file), { recursive: true });
    await pipeline(stored.body, createWriteStream(file));
    count += 1;
  }
  return count;
}

/** Copies one prefix of the store to another, object by object (the source is left as it is). */
async function copyPrefix(files: FileStore, from: string, to: string): Promise<{ bytes: number; files: number }> {
  let bytes = 0;
  let count = 0;
  for await (const object of files.list(from)) {
    const stored = await files.get(object.key);
    if (!stored) continue;
    await files.put(`${to}${object.key.slice(from.length)}`, stored.body);
    bytes += object.size;
    count += 1;
  }
  return { bytes, files: count };
}

async function lockGame(tx: Db, gameId: number) {
  const [game] = await tx
    .select({ id: gamesTable.id, hasPackage: gamesTable.hasPackage, liveBuild: gamesTable.liveBuild })
    .from(gamesTable)
    .where(eq(gamesTable.id, gameId))
    .for("update");
  if (!game) throw new NotFound("Game not found");
  return game;
}

/**
 * A game with a package but no builds gets build 1 from its live files (idempotent; answers the number recorded,
 * or null when there was nothing to record). `uploadedBy` and `notes` describe that first build.
 */
export async function ensureFirstBuild(
  db: Db,
  files: FileStore,
  gameId: number,
  first: { uploadedBy: number | null; notes: string; review?: "draft" | "live" },
  now = new Date(),
): Promise<number | null> {
  const created = await db.transaction(async (tx) => {
    const game = await lockGame(tx, gameId);
    if (!game.hasPackage || game.liveBuild !== null) return null;
    const [any] = await tx
      .select({ number: gameBuildsTable.number })
      .from(gameBuildsTable)
      .where(eq(gameBuildsTable.gameId, gameId))
      .limit(1);
    if (any) return null;
    const prefix = buildPrefix(gameId, 1);
    await files.removePrefix(prefix);
    const copied = await copyPrefix(files, gamePrefix(gameId), prefix);
    if (copied.files === 0) return null; // the live folder is missing (a repair at start puts it back)
    await tx.insert(gameBuildsTable).values({
      gameId,
      number: 1,
      notes: first.notes,
      bytes: copied.bytes,
      files: copied.files,
      uploadedBy: first.uploadedBy,
      createdAt: now,
      reviewState: first.review ?? "live",
      publishedAt: (first.review ?? "live") === "live" ? now : null,
    });
    await tx.update(gamesTable).set({ liveBuild: 1 }).where(eq(gamesTable.id, gameId));
    return 1;
  });
  if (created !== null) await runStoredHooks({ gameId, number: created });
  return created;
}

/**
 * On start: every game with a package that has no build yet gets build 1 (D131). A game whose files cannot be read
 * is skipped (and tried again next start). Answers how many were recorded.
 */
export async function recordFirstBuilds(
  db: Db,
  files: FileStore,
  log?: { warn(details: object, message: string): void },
): Promise<number> {
  const rows = await db
    .select({ id: gamesTable.id, builtin: gamesTable.builtinSlug })
    .from(gamesTable)
    .where(and(eq(gamesTable.hasPackage, true), isNull(gamesTable.liveBuild)))
    .orderBy(asc(gamesTable.id));
  let recorded = 0;
  for (const row of rows) {
    try {
      const notes = row.builtin ? "Built-in game" : "Installed before builds were kept";
      if ((await ensureFirstBuild(db, files, row.id, { uploadedBy: null, notes })) !== null) recorded += 1;
    } catch (err) {
      log?.warn({ err, gameId: row.id }, "could not record a game's first build");
    }
  }
  return recorded;
}

/**
 * Stores a prepared package folder (packages.ts/portal-sdks.ts preparePackage already ran) as the game's next
 * build and, unless it is a `draft` waiting for review (D133), makes it live. The staging folder is removed either
 * way. Answers the new build's number.
 */
export async function storeBuild(
  db: Db,
  files: FileStore,
  gameId: number,
  stagingDir: string,
  meta: { notes: string; uploadedBy: number | null; review?: "draft" | "live" },
  log?: Log,
  now = new Date(),
): Promise<number> {
  const draft = meta.review === "draft";
  try {
    await ensureFirstBuild(db, files, gameId, { uploadedBy: null, notes: "Installed before builds were kept" }, now);
    const scan = await preparePackage(stagingDir);
    const names = await filesUnder(stagingDir);
    const number = await db.transaction(async (tx) => {
      const game = await lockGame(tx, gameId);
      if (!game.hasPackage && (await hasOutsideAddress(tx, gameId)))
        throw new Invalid("This game runs from an outside address; it has no builds");
      const [last] = await tx
        .select({ number: gameBuildsTable.number })
        .from(gameBuildsTable)
        .where(eq(gameBuildsTable.gameId, gameId))
        .orderBy(desc(gameBuildsTable.number))
        .limit(1);
      const next = (last?.number ?? 0) + 1;
      const prefix = buildPrefix(gameId, next);
      // A number is only ever given once (the row commits with the files), so anything here is a failed try's
      await files.removePrefix(prefix);
      try {
        for (const name of names) await files.put(`${prefix}${name}`, createReadStream(path.join(stagingDir, name)));
      } catch (err) {
        await files.removePrefix(prefix).catch(() => {});
        throw err;
      }
      await tx.insert(gameBuildsTable).values({
        gameId,
        number: next,
        notes: meta.notes,
        bytes: scan.packageBytes,
        files: scan.packageFiles,
        uploadedBy: meta.uploadedBy,
        createdAt: now,
        reviewState: draft ? "draft" : "live",
        publishedAt: draft ? null : now,
        publishedBy: draft ? null : meta.uploadedBy,
      });
      if (draft) return next;
      await commitPackage(files, stagingDir, gameId);
      await tx
        .update(gamesTable)
        .set({ ...scan, hasPackage: true, liveBuild: next, updatedAt: now })
        .where(eq(gamesTable.id, gameId));
      return next;
    });
    await runStoredHooks({ gameId, number }, log);
    return number;
  } finally {
    await fs.rm(stagingDir, { recursive: true, force: true });
  }
}

async function hasOutsideAddress(tx: Db, gameId: number): Promise<boolean> {
  const [row] = await tx
    .select({ externalUrl: gamesTable.externalUrl })
    .from(gamesTable)
    .where(eq(gamesTable.id, gameId));
  return Boolean(row?.externalUrl);
}

/** Makes an earlier (or the same) build live again: one step, for admins and the game's creators (D131). */
export async function makeBuildLive(
  db: Db,
  site: { dataDir: string; files: FileStore },
  gameId: number,
  number: number,
  now = new Date(),
): Promise<void> {
  const staging = await makeStagingDir(site.dataDir);
  try {
    await db.transaction(async (tx) => {
      await lockGame(tx, gameId);
      const [build] = await tx
        .select({ number: gameBuildsTable.number })
        .from(gameBuildsTable)
        .where(and(eq(gameBuildsTable.gameId, gameId), eq(gameBuildsTable.number, number)));
      if (!build) throw new NotFound("Build not found");
      const copied = await downloadPrefix(site.files, buildPrefix(gameId, number), staging);
      if (copied === 0) throw new NotFound("This build's files are missing from storage");
      const scan = await preparePackage(staging);
      await commitPackage(site.files, staging, gameId);
      await tx
        .update(gamesTable)
        .set({ ...scan, liveBuild: number, updatedAt: now })
        .where(eq(gamesTable.id, gameId));
    });
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/** A game's builds, newest first. */
export async function listBuilds(db: Db, gameId: number): Promise<GameBuild[]> {
  const [game] = await db.select({ liveBuild: gamesTable.liveBuild }).from(gamesTable).where(eq(gamesTable.id, gameId));
  if (!game) throw new NotFound("Game not found");
  const rows = await db
    .select({
      number: gameBuildsTable.number,
      notes: gameBuildsTable.notes,
      bytes: gameBuildsTable.bytes,
      files: gameBuildsTable.files,
      createdAt: gameBuildsTable.createdAt,
      reviewState: gameBuildsTable.reviewState,
      reviewNotes: gameBuildsTable.reviewNotes,
      publishAt: gameBuildsTable.publishAt,
      submittedAt: gameBuildsTable.submittedAt,
      reviewedAt: gameBuildsTable.reviewedAt,
      publishedAt: gameBuildsTable.publishedAt,
      userId: usersTable.id,
      username: usersTable.username,
    })
    .from(gameBuildsTable)
    .leftJoin(usersTable, eq(usersTable.id, gameBuildsTable.uploadedBy))
    .where(eq(gameBuildsTable.gameId, gameId))
    .orderBy(desc(gameBuildsTable.number));
  return rows.map((r) => ({
    number: r.number,
    notes: r.notes,
    bytes: Number(r.bytes),
    files: r.files,
    uploadedBy: r.userId !== null && r.username !== null ? { id: r.userId, username: r.username } : null,
    createdAt: r.createdAt.toISOString(),
    live: r.number === game.liveBuild,
    review: {
      state: r.reviewState,
      notes: r.reviewNotes,
      publishAt: r.publishAt?.toISOString() ?? null,
      submittedAt: r.submittedAt?.toISOString() ?? null,
      reviewedAt: r.reviewedAt?.toISOString() ?? null,
      publishedAt: r.publishedAt?.toISOString() ?? null,
    },
  }));
}

/** NotFound unless the game has this build. */
export async function assertBuildExists(db: Db, gameId: number, number: number): Promise<void> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(gameBuildsTable)
    .where(and(eq(gameBuildsTable.gameId, gameId), eq(gameBuildsTable.number, number)));
  if (!row) throw new NotFound("Build not found");
}

/** Removes every build's files of a deleted game (the rows went with the game). */
export async function removeBuilds(files: FileStore, gameId: number): Promise<void> {
  await files.removePrefix(`builds/${gameId}/`);
}

function previewSignature(key: Buffer, gameId: number, number: number, expires: number): string {
  return crypto
    .createHmac("sha256", key)
    .update(`build-preview:${gameId}:${number}:${expires}`)
    .digest("base64url")
    .slice(0, 32);
}

/** The path (on the game's origin) that serves one build until PREVIEW_TTL_MS from `now`. */
export function previewPath(key: Buffer, gameId: number, number: number, now = Date.now()): string {
  const expires = Math.floor((now + PREVIEW_TTL_MS) / 1000);
  return `/build-preview/${gameId}/${number}/${expires}.${previewSignature(key, gameId, number, expires)}/`;
}

/** True when a preview path's token was signed for this game and build and has not expired. */
export function verifyPreviewToken(
  key: Buffer,
  gameId: number,
  number: number,
  token: string,
  now = Date.now(),
): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 < now) return false;
  const expected = Buffer.from(previewSignature(key, gameId, number, expires));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
