/**
 * D86: a playtime as My Games shows it: "under a minute", "12 min", "1 h", "1 h 5 min" (whole minutes, rounded
 * down). Here rather than in lib/format.ts, which every page loads: only My Games needs it.
 */
export function formatPlaytime(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (!(minutes >= 1)) return "under a minute";
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
