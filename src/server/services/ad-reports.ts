/**
 * D154: the ad reports of the CMS.
 *
 * Contract:
 * - `adReport` reads the daily counts (ad_stats_daily, written by ads.ts from what the server decided and what the
 *   game page reported for a play it knows) for the last `days` UTC days, today included.
 * - It answers them four ways: the totals, every day of the range (zeros included, oldest first), per placement
 *   and per game (most impressions first), and the counted (day, placement, game) lines for the CSV.
 * - A placement is reported as it was counted, so a placement added later needs no change here.
 * - Reads only; no HTTP types.
 */
import { and, asc, gte, lte, sql, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { adStatsDailyTable, gamesTable } from "../db/schema";

export type AdCounts = { impressions: number; noFills: number; dismissals: number; rewards: number; clicks: number };
export type AdReportLine = AdCounts & { day: string; placement: string; gameId: number; gameTitle: string };
export type AdReportResult = {
  from: string;
  to: string;
  totals: AdCounts;
  days: Array<AdCounts & { day: string }>;
  byPlacement: Array<AdCounts & { placement: string }>;
  byGame: Array<AdCounts & { gameId: number; gameTitle: string }>;
  rows: AdReportLine[];
};

const DAY_MS = 86_400_000;
const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const zero = (): AdCounts => ({ impressions: 0, noFills: 0, dismissals: 0, rewards: 0, clicks: 0 });

function add(into: AdCounts, from: AdCounts): void {
  into.impressions += from.impressions;
  into.noFills += from.noFills;
  into.dismissals += from.dismissals;
  into.rewards += from.rewards;
  into.clicks += from.clicks;
}

const byImpressions = (a: AdCounts, b: AdCounts) => b.impressions - a.impressions || b.noFills - a.noFills;

const countOf = (event: string) =>
  sql<number>`coalesce(sum(${adStatsDailyTable.count}) filter (where ${adStatsDailyTable.event} = ${event}), 0)::integer`;

export async function adReport(db: Db, { now, days }: { now: Date; days: number }): Promise<AdReportResult> {
  const to = utcDay(now);
  const from = utcDay(new Date(now.getTime() - (days - 1) * DAY_MS));
  const rows: AdReportLine[] = await db
    .select({
      day: adStatsDailyTable.day,
      placement: adStatsDailyTable.placement,
      gameId: adStatsDailyTable.gameId,
      gameTitle: gamesTable.title,
      impressions: countOf("impression"),
      noFills: countOf("no_fill"),
      dismissals: countOf("dismissal"),
      rewards: countOf("reward"),
      clicks: countOf("click"),
    })
    .from(adStatsDailyTable)
    .innerJoin(gamesTable, eq(gamesTable.id, adStatsDailyTable.gameId))
    .where(and(gte(adStatsDailyTable.day, from), lte(adStatsDailyTable.day, to)))
    .groupBy(adStatsDailyTable.day, adStatsDailyTable.placement, adStatsDailyTable.gameId, gamesTable.title)
    .orderBy(asc(adStatsDailyTable.day), asc(gamesTable.title), asc(adStatsDailyTable.placement));

  const totals = zero();
  const perDay = new Map<string, AdCounts & { day: string }>();
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += DAY_MS) {
    const day = utcDay(new Date(at));
    perDay.set(day, { day, ...zero() });
  }
  const perPlacement = new Map<string, AdCounts & { placement: string }>();
  const perGame = new Map<number, AdCounts & { gameId: number; gameTitle: string }>();
  for (const row of rows) {
    add(totals, row);
    add(perDay.get(row.day)!, row);
    let placement = perPlacement.get(row.placement);
    if (!placement) perPlacement.set(row.placement, (placement = { placement: row.placement, ...zero() }));
    add(placement, row);
    let game = perGame.get(row.gameId);
    if (!game) perGame.set(row.gameId, (game = { gameId: row.gameId, gameTitle: row.gameTitle, ...zero() }));
    add(game, row);
  }
  return {
    from,
    to,
    totals,
    days: [...perDay.values()],
    byPlacement: [...perPlacement.values()].sort(
      (a, b) => byImpressions(a, b) || a.placement.localeCompare(b.placement),
    ),
    byGame: [...perGame.values()].sort((a, b) => byImpressions(a, b) || a.gameTitle.localeCompare(b.gameTitle)),
    rows,
  };
}
