/** D84: a board is everyone's (`global`, the default) or the signed-in player's and their friends' (`friends`). */
export const BOARD_SCOPES = ["global", "friends"] as const;
export type BoardScope = (typeof BOARD_SCOPES)[number];

/** D91: the site's season length (Settings, `site.season_length`): weekly by default, monthly, or none (one endless season). */
export const SEASON_LENGTHS = ["week", "month", "none"] as const;
export type SeasonLength = (typeof SEASON_LENGTHS)[number];
export const SEASON_LENGTH_SETTING = "season_length";
export const DEFAULT_SEASON_LENGTH: SeasonLength = "week";
export const SEASON_LENGTH_MESSAGE = "Season length must be 'week', 'month' or 'none'";
export function parseSeasonLength(value: string): SeasonLength | undefined {
  const v = value.trim().toLowerCase();
  return (SEASON_LENGTHS as readonly string[]).includes(v) ? (v as SeasonLength) : undefined;
}

/** D92: `around=me` asks for the signed-in player's row with this many rows above and below. */
export const AROUND_ME_ROWS = 5;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * D91: a season's name, dates in UTC (seasons turn at 00:00 UTC): "Season 12 · 3–9 Nov", "Season 13 · 28 Nov – 4 Dec",
 * "Season 14 · 29 Dec 2026 – 4 Jan 2027", and "Season 1 · since 3 Nov" for an endless one.
 */
export function seasonLabel(s: { number: number; startsAt: string; endsAt: string | null }): string {
  const start = new Date(s.startsAt);
  const day = (d: Date) => d.getUTCDate();
  const mon = (d: Date) => MONTHS[d.getUTCMonth()]!;
  if (s.endsAt === null) return `Season ${s.number} · since ${day(start)} ${mon(start)}`;
  const last = new Date(new Date(s.endsAt).getTime() - 1); // the last day included
  let span: string;
  if (start.getUTCFullYear() !== last.getUTCFullYear())
    span = `${day(start)} ${mon(start)} ${start.getUTCFullYear()} – ${day(last)} ${mon(last)} ${last.getUTCFullYear()}`;
  else if (start.getUTCMonth() !== last.getUTCMonth()) span = `${day(start)} ${mon(start)} – ${day(last)} ${mon(last)}`;
  else if (day(start) === day(last)) span = `${day(start)} ${mon(start)}`;
  else span = `${day(start)}–${day(last)} ${mon(start)}`;
  return `Season ${s.number} · ${span}`;
}
