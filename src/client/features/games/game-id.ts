/** A game id from the URL: 1 to 10 digits, within PostgreSQL's integer range; anything else is no game. */
export function parseGameId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 && n <= 2147483647 ? n : null;
}
