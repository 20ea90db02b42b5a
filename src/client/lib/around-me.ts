/**
 * D92: "around me" below a board's top rows. The server answers `around=me` with the signed-in player's row and up to
 * five rows above and below, each with its true rank ([] when the player is not on the board). Shown only when the
 * player's own row is not among the top rows already; rows the top already shows are left out.
 */
export type RankedRow = { rank: number; user: { id: number } };

/** Whether the around-me rows are worth asking for: signed in, and not among the top rows. */
export function needsAroundMe(top: readonly RankedRow[] | undefined, me: number | undefined): boolean {
  return me !== undefined && !!top && !top.some((r) => r.user.id === me);
}

/** The around-me rows to show below the top rows (none when the player is in the top rows or not on the board). */
export function aroundMeRows<T extends RankedRow>(
  top: readonly T[],
  around: readonly T[] | undefined,
  me: number | undefined,
): T[] {
  if (!around || !needsAroundMe(top, me)) return [];
  const shown = new Set(top.map((r) => r.user.id));
  const rows = around.filter((r) => !shown.has(r.user.id));
  return rows.some((r) => r.user.id === me) ? rows : [];
}

/** A gap (…) between the top rows and the around-me rows, when ranks are skipped between them. */
export function hasGap(top: readonly RankedRow[], after: readonly RankedRow[]): boolean {
  const last = top.at(-1);
  const first = after[0];
  return !!first && (!last || first.rank > last.rank + 1);
}
