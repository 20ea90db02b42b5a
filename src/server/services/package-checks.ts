import crypto from "node:crypto";
import { createReadStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { and, desc, eq } from "drizzle-orm";
import type { BootResult, BootResultBody, PackageCheck, StaticReport } from "../../contract/admin/build-checks";
import type { Db } from "../db/client";
import { gamesTable, packageChecksTable } from "../db/schema";
import { NotFound } from "../errors";

/**
 * Contract: keeps the check reports of uploaded packages (D132), one per (game, package hash).
 * - `hashPackageFile` is the SHA-256 of the package as uploaded (hex); the same upload checked twice keeps one
 *   report (the newer static checks replace the older, and its boot test is dropped since it tested other code).
 * - `latestPackageCheck` answers the game's newest report, or null when none was made (a game added by URL, or
 *   installed before D132).
 * - `saveBootResult` keeps the boot test run in a browser with the report of that game and hash (404 otherwise);
 *   who ran it is the caller's signed-in user, never the request body. A newer run replaces the older.
 */

export async function hashPackageFile(file: string): Promise<string> {
  const hash = crypto.createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

export async function recordPackageCheck(
  db: Db,
  gameId: number,
  packageHash: string,
  report: StaticReport,
): Promise<void> {
  await db
    .insert(packageChecksTable)
    .values({ gameId, packageHash, status: report.status, report })
    .onConflictDoUpdate({
      target: [packageChecksTable.gameId, packageChecksTable.packageHash],
      set: { status: report.status, report, checkedAt: new Date(), boot: null, bootAt: null },
    });
}

function toCheck(row: typeof packageChecksTable.$inferSelect): PackageCheck {
  return {
    gameId: row.gameId,
    packageHash: row.packageHash,
    checkedAt: row.checkedAt.toISOString(),
    report: row.report as StaticReport,
    boot: (row.boot as BootResult | null) ?? null,
  };
}

export async function latestPackageCheck(db: Db, gameId: number): Promise<PackageCheck | null> {
  const [game] = await db.select({ id: gamesTable.id }).from(gamesTable).where(eq(gamesTable.id, gameId));
  if (!game) throw new NotFound("Game not found");
  const [row] = await db
    .select()
    .from(packageChecksTable)
    .where(eq(packageChecksTable.gameId, gameId))
    .orderBy(desc(packageChecksTable.checkedAt), desc(packageChecksTable.id))
    .limit(1);
  return row ? toCheck(row) : null;
}

export async function saveBootResult(
  db: Db,
  gameId: number,
  body: BootResultBody,
  ranBy: string | null,
  now: Date = new Date(),
): Promise<PackageCheck> {
  const { packageHash, ...result } = body;
  const boot: BootResult = { ...result, ranAt: now.toISOString(), ranBy };
  const [row] = await db
    .update(packageChecksTable)
    .set({ boot, bootAt: now })
    .where(and(eq(packageChecksTable.gameId, gameId), eq(packageChecksTable.packageHash, packageHash)))
    .returning();
  if (!row) throw new NotFound("There is no check report of this package for this game");
  return toCheck(row);
}
