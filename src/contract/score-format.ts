/*
 * D90: how a score reads. Re-exported by ./games-constants; a module of its own so that the bundler can leave these
 * out of the chunk that the public pages share when only a lazily loaded screen (the CMS's scores) shows scores.
 */

export const SCORE_FORMATS = ["points", "time_ms"] as const;
export type ScoreFormat = (typeof SCORE_FORMATS)[number];

/** D90: a time in milliseconds as `m:ss.mmm` (`h:mm:ss.mmm` from an hour on). */
export function formatTimeMs(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const millis = total % 1000;
  const seconds = Math.floor(total / 1000) % 60;
  const minutes = Math.floor(total / 60_000) % 60;
  const hours = Math.floor(total / 3_600_000);
  const ss = String(seconds).padStart(2, "0");
  const mmm = String(millis).padStart(3, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${ss}.${mmm}` : `${minutes}:${ss}.${mmm}`;
}

/** D90: a score as its game shows it: a time, or points with thousands separators (no Intl, to keep pages light). */
export function formatScore(score: number, format: ScoreFormat): string {
  if (format === "time_ms") return formatTimeMs(score);
  const sign = score < 0 ? "-" : "";
  return sign + String(Math.abs(Math.trunc(score))).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
