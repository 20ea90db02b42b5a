import { cn } from "@/lib/utils";

/**
 * D92: the signed-in player's own row on a board is highlighted wherever it appears (top rows or around me); the
 * row carries `aria-current="true"` and this visible "You" badge, so the marker is not colour alone.
 */
export const OWN_ROW_CLASS = "bg-primary/10 shadow-[inset_3px_0_0_var(--primary)] hover:bg-primary/15";

export function YouBadge({ className }: { className?: string }) {
  return (
    <span
      data-testid="you-badge"
      className={cn(
        "inline-flex shrink-0 items-center rounded-full bg-primary px-1.5 py-px text-[10px] font-bold uppercase leading-4 tracking-wide text-primary-foreground",
        className,
      )}
    >
      You
    </span>
  );
}

/** The "…" row between the top rows and the rows around the player (D92). */
export function BoardGapRow({ colSpan }: { colSpan: number }) {
  return (
    <tr data-testid="board-gap" className="border-b">
      <td colSpan={colSpan} className="py-1 text-center text-muted-foreground">
        <span aria-hidden="true">…</span>
        <span className="sr-only">Ranks skipped; your place on the board follows</span>
      </td>
    </tr>
  );
}
