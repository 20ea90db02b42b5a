/**
 * D114: the CMS's list of games that may not load. One concern, no HTTP types.
 *
 * Contract:
 * - `listBrokenGames(db, {limit, offset})` answers a page of the games hidden as "unreachable", the games whose
 *   embed checks failed at least once since their last success, and the games with open "doesn't load" reports,
 *   each once, with its failures in a row, last check, last error and open report count, and the number of all of
 *   them. Order: the most failures first, then the most reports, then the latest report or check, then id.
 * - `getBrokenGame(db, id)` answers the same view of one game, whether or not it is in the list (after "Check now").
 */
import { and, count, desc, eq, max, or, sql, type SQL } from "drizzle-orm";
import type { BrokenGame, BrokenGamesQuery } from "../../contract/admin/broken-games";
import type { Db } from "../db/client";
import { gamesTable, reportsTable } from "../db/schema";

function openLoadReports(db: Db) {
  return db
    .select({
      gameId: reportsTable.targetId,
      reports: count().as("reports"),
      lastReportedAt: max(reportsTable.createdAt).as("last_reported_at"),
    })
    .from(reportsTable)
    .where(and(eq(reportsTable.kind, "game"), eq(reportsTable.status, "open"), eq(reportsTable.reason, "doesnt_load")))
    .groupBy(reportsTable.targetId)
    .as("load_reports");
}

function select(db: Db, where: (reports: LoadReports) => SQL | undefined) {
  const reports = openLoadReports(db);
  return db
    .select({
      id: gamesTable.id,
      title: gamesTable.title,
      imageUrl: gamesTable.imageUrl,
      externalUrl: gamesTable.externalUrl,
      hiddenReason: gamesTable.hiddenReason,
      failures: gamesTable.embedFailures,
      checkedAt: gamesTable.embedCheckedAt,
      error: gamesTable.embedError,
      reports: sql<number>`coalesce(${reports.reports}, 0)`.mapWith(Number),
      lastReportedAt: sql<Date | null>`${reports.lastReportedAt}`.mapWith((v: string | Date | null) =>
        v === null ? null : new Date(v),
      ),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(gamesTable)
    .leftJoin(reports, eq(reports.gameId, gamesTable.id))
    .where(where(reports))
    .$dynamic();
}

type Row = Awaited<ReturnType<typeof select>>[number];
type LoadReports = ReturnType<typeof openLoadReports>;

function toBrokenGame(row: Row): BrokenGame {
  return {
    id: row.id,
    title: row.title,
    imageUrl: row.imageUrl,
    externalUrl: row.externalUrl,
    hiddenReason: row.hiddenReason,
    failures: row.failures,
    checkedAt: row.checkedAt?.toISOString() ?? null,
    error: row.error,
    reports: row.reports,
    lastReportedAt: row.lastReportedAt?.toISOString() ?? null,
  };
}

export async function listBrokenGames(
  db: Db,
  query: BrokenGamesQuery,
): Promise<{ games: BrokenGame[]; total: number }> {
  const isBroken = (reports: LoadReports) =>
    or(
      eq(gamesTable.hiddenReason, "unreachable"),
      sql`${gamesTable.embedFailures} > 0`,
      sql`${reports.gameId} is not null`,
    );
  const rows = await select(db, isBroken)
    .orderBy(
      desc(gamesTable.embedFailures),
      sql`coalesce(${sql.identifier("load_reports")}.${sql.identifier("reports")}, 0) desc`,
      sql`greatest(${gamesTable.embedCheckedAt}, ${sql.identifier("load_reports")}.${sql.identifier("last_reported_at")}) desc nulls last`,
      desc(gamesTable.id),
    )
    .limit(query.limit)
    .offset(query.offset);
  // the total comes with the page (a window count); only a page past the end asks for it apart
  let total = rows[0]?.total;
  if (total === undefined) {
    const reports = openLoadReports(db);
    total =
      query.offset === 0
        ? 0
        : (
            await db
              .select({ n: count() })
              .from(gamesTable)
              .leftJoin(reports, eq(reports.gameId, gamesTable.id))
              .where(isBroken(reports))
          )[0].n;
  }
  return { games: rows.map(toBrokenGame), total };
}

export async function getBrokenGame(db: Db, id: number): Promise<BrokenGame | null> {
  const [row] = await select(db, () => eq(gamesTable.id, id));
  return row ? toBrokenGame(row) : null;
}
