import type { AdReport } from "@contract/admin/ad-reports";

const COLUMNS: Array<[string, (r: AdReport["rows"][number]) => string | number]> = [
  ["day", (r) => r.day],
  ["placement", (r) => r.placement],
  ["game_id", (r) => r.gameId],
  ["game_title", (r) => r.gameTitle],
  ["impressions", (r) => r.impressions],
  ["no_fills", (r) => r.noFills],
  ["dismissals", (r) => r.dismissals],
  ["rewards", (r) => r.rewards],
  ["clicks", (r) => r.clicks],
];

/**
 * A text cell: quoted when it holds a comma, a quote or a line break; a leading = + - @ is escaped with ' so that a
 * spreadsheet does not run a game's title as a formula.
 */
function cell(value: string | number): string {
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** D154: the report's counted lines as CSV (a header, then a line per day, placement and game, oldest first). */
export function adReportCsv(rows: AdReport["rows"]): string {
  const lines = [COLUMNS.map(([name]) => name).join(",")];
  for (const row of rows) lines.push(COLUMNS.map(([, of]) => cell(of(row))).join(","));
  return `${lines.join("\n")}\n`;
}
