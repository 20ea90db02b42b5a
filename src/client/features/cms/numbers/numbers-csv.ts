import type { NumbersDay } from "@contract/numbers-constants";

/** The CSV columns, in order: a header and how a day's value is written (rates as plain decimals, empty when unknown). */
const COLUMNS: Array<[string, (d: NumbersDay) => number | string | boolean | null]> = [
  ["day", (d) => d.day],
  ["live", (d) => d.live],
  ["card_impressions", (d) => d.impressions],
  ["page_views", (d) => d.pageViews],
  ["play_starts", (d) => d.playStarts],
  ["conversion_to_play", (d) => d.conversion],
  ["first_gameplay_p50_ms", (d) => d.firstGameplayP50],
  ["first_gameplay_p90_ms", (d) => d.firstGameplayP90],
  ["playtime_per_session_ms", (d) => d.playtimePerSessionMs],
  ["sessions_per_player", (d) => d.sessionsPerPlayer],
  ["players", (d) => d.players],
  ["new_players", (d) => d.newPlayers],
  ["d1_retention", (d) => d.d1],
  ["d7_retention", (d) => d.d7],
  ["errors", (d) => d.errors],
  ["errors_per_1000_sessions", (d) => d.errorsPer1000],
];

const cell = (v: number | string | boolean | null): string =>
  v === null ? "" : typeof v === "number" ? String(Math.round(v * 10_000) / 10_000) : String(v);

/** D134: the days as CSV (one header line, a line per day, oldest first). */
export function numbersCsv(days: readonly NumbersDay[]): string {
  const lines = [COLUMNS.map(([name]) => name).join(",")];
  for (const day of days) lines.push(COLUMNS.map(([, of]) => cell(of(day))).join(","));
  return `${lines.join("\n")}\n`;
}

/** Saves the CSV as a file through a temporary link. */
export function downloadCsv(filename: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
