import fsp from "node:fs/promises";
import type { z } from "zod";
import type { StaticReport } from "../../contract/admin/build-checks";
import type { AdminGame, adminGameUploadFieldsSchema } from "../../contract/admin/games";
import type { Db } from "../db/client";
import { gameCreatorsTable } from "../db/schema";
import { checkPackage } from "./build-checks";
import { assertCollectionsExist } from "./collections";
import type { FileStore } from "./file-store";
import { readPackageAchievements, syncDeclaredAchievements } from "./game-achievements";
import { assertCategoryExists, createPackagedGame, getAdminGame } from "./game-admin";
import { ensureFirstBuild, storeBuild } from "./game-builds";
import { enqueueOgImage } from "./og-images";
import { hashPackageFile, recordPackageCheck } from "./package-checks";
import { readPackageDifficulty } from "./packages";
import { readPackageScoreRules } from "./score-rules";
import { detectPackageKind, stageUploadedPackage, type PackageKind, type PackageLimits } from "./zip-packages";

/**
 * Contract: installs a game an admin uploaded (D44) from a file already on disk.
 * - `file` is the upload as received (its temporary path, the name the browser gave, its first bytes and size);
 *   the caller removes it afterwards. The kind (.html or .zip) is read from the name and the first bytes.
 * - The category and collections must exist before anything is unpacked; the package is extracted to a staging
 *   folder within `limits` and moved into place only with its row, so a failure at any step leaves no game and
 *   no files behind.
 * - What the package's game.json declares is applied: achievements (D78), difficulty unless the form chose one
 *   (D83), score rules (D90). The link preview picture is drawn in the background.
 * - The package's static checks (D132) run on the staged folder as uploaded and are kept under the upload's hash;
 *   a failing check does not refuse the upload, and checks that cannot run are logged and leave no report.
 * - The package becomes the game's build 1 (D131) with `build.notes`, uploaded by `build.uploadedBy`. A creator's
 *   new game (`build.creatorId`, D130) lists them as its creator and stays hidden ("draft") until staff show it.
 * Returns the new game as the CMS shows it, and the kind it was installed as.
 *
 * `installNewBuild` adds a later build to an existing game from an upload the same way (kind, staging within
 * `limits`) and makes it live, or keeps it as a draft for review (game-builds.ts); game.json's declarations are read
 * at the first install only. A creator's new game's build 1 is a draft (D133).
 */
export async function installUploadedGame(
  db: Db,
  site: {
    dataDir: string;
    files: FileStore;
    gamesUrl: string;
    limits: PackageLimits;
    log: { warn(details: object, message: string): void };
  },
  fields: z.output<typeof adminGameUploadFieldsSchema>,
  file: { path: string; filename: string; head: Buffer },
  build: { uploadedBy: number | null; notes: string; creatorId?: number },
): Promise<{ game: AdminGame; kind: PackageKind }> {
  const kind = detectPackageKind(file.filename, file.head);
  await assertCategoryExists(db, fields.categoryId);
  await assertCollectionsExist(db, fields.collectionIds ?? []);

  const staging = await stageUploadedPackage(site.dataDir, file.path, kind, site.limits);
  let declared;
  let checks: { hash: string; report: StaticReport } | null;
  try {
    checks = await runChecks(staging, file.path, site.gamesUrl).catch((err: unknown) => {
      site.log.warn({ err }, "could not check an uploaded game package");
      return null;
    });
    declared = {
      achievements: await readPackageAchievements(staging),
      difficulty: fields.difficulty ?? (await readPackageDifficulty(staging)),
      scoreRules: await readPackageScoreRules(staging),
    };
  } catch (err) {
    await fsp.rm(staging, { recursive: true, force: true });
    throw err;
  }
  const id = await createPackagedGame(
    db,
    site.files,
    {
      ...fields,
      difficulty: declared.difficulty,
      scoreRules: declared.scoreRules,
      ...(build.creatorId !== undefined ? { hiddenReason: "draft" as const } : {}),
    },
    staging,
  );
  await syncDeclaredAchievements(db, id, declared.achievements);
  if (checks) await keepChecks(db, site.log, id, checks);
  if (build.creatorId !== undefined) {
    await db.insert(gameCreatorsTable).values({ gameId: id, userId: build.creatorId });
  }
  // D133: a creator's new game waits for review, hidden; an admin's is live at once
  await ensureFirstBuild(db, site.files, id, {
    uploadedBy: build.uploadedBy,
    notes: build.notes,
    review: build.creatorId !== undefined ? "draft" : "live",
  });
  const game = (await getAdminGame(db, site.gamesUrl, id))!;
  await enqueueOgImage(db, game.imageUrl);
  return { game, kind };
}

/**
 * D131: an upload to an existing game becomes its next build, live at once, or a draft waiting for review (D133,
 * `build.review`). Answers the build's number.
 */
export async function installNewBuild(
  db: Db,
  site: {
    dataDir: string;
    files: FileStore;
    gamesUrl: string;
    limits: PackageLimits;
    log: { warn(details: object, message: string): void };
  },
  gameId: number,
  file: { path: string; filename: string; head: Buffer },
  build: { uploadedBy: number; notes: string; review?: "draft" | "live" },
): Promise<{ number: number; kind: PackageKind }> {
  const kind = detectPackageKind(file.filename, file.head);
  const staging = await stageUploadedPackage(site.dataDir, file.path, kind, site.limits);
  const checks = await runChecks(staging, file.path, site.gamesUrl).catch((err: unknown) => {
    site.log.warn({ err, gameId }, "could not check an uploaded game package");
    return null;
  });
  const number = await storeBuild(db, site.files, gameId, staging, build, site.log);
  if (checks) await keepChecks(db, site.log, gameId, checks);
  return { number, kind };
}

/** D132: the static report of a staged upload and the upload's hash, its key. */
async function runChecks(
  staging: string,
  uploadPath: string,
  gamesUrl: string,
): Promise<{ hash: string; report: StaticReport }> {
  // The games origin is the package's own (its /sdk/ scripts); with one origin per game (D79) the template has no host yet.
  const ownOrigins = gamesUrl.includes("{id}") ? [] : [gamesUrl];
  const report = await checkPackage(staging, { ownOrigins });
  return { hash: await hashPackageFile(uploadPath), report };
}

/** D132: keeps a report under the upload's hash; a report that cannot be kept is logged and the upload stands. */
async function keepChecks(
  db: Db,
  log: { warn(details: object, message: string): void },
  gameId: number,
  checks: { hash: string; report: StaticReport },
): Promise<void> {
  await recordPackageCheck(db, gameId, checks.hash, checks.report).catch((err: unknown) =>
    log.warn({ err, gameId }, "could not keep a game package's check report"),
  );
}
