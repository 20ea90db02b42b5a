import { Badge } from "@/components/ui/badge";
import { formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";
import { SDK_ADAPTER_LABELS, type AdminGame } from "@contract/admin/games";

/** A package's size as the CMS shows it: bytes, KB or MB (1024-based, one decimal). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${Math.round(kb * 10) / 10} KB`;
  return `${Math.round((kb / 1024) * 10) / 10} MB`;
}

/** "1.2 MB, 34 files" for an installed package whose size is known, else null (a game played from its URL). */
export function packageSummary(game: Pick<AdminGame, "packageBytes" | "packageFiles">): string | null {
  if (game.packageBytes === null || game.packageFiles === null) return null;
  return `${formatBytes(game.packageBytes)}, ${formatNumber(game.packageFiles)} ${game.packageFiles === 1 ? "file" : "files"}`;
}

/** D77: which other portal's SDK the game was made for, run here by its adapter. */
export function SdkAdapterBadge({ adapter }: { adapter: AdminGame["sdkAdapter"] }) {
  if (!adapter) return null;
  return (
    <Badge
      variant="outline"
      title={`Made for another portal: its SDK runs on Arcadium's ${SDK_ADAPTER_LABELS[adapter]} adapter`}
    >
      {SDK_ADAPTER_LABELS[adapter]}
    </Badge>
  );
}

/** "starts in 1.4 s", the median time from the frame's load to the first gameplay; null before any. */
export function startSummary(medianStartMs: number | null): string | null {
  if (medianStartMs === null) return null;
  return medianStartMs < 1000
    ? `starts in ${medianStartMs} ms`
    : `starts in ${(Math.round(medianStartMs / 100) / 10).toFixed(1)} s`;
}

/** A median start this slow is marked, so that an admin sees which games load slowly. */
export const SLOW_START_MS = 5000;

/**
 * The package cell of the CMS games table and the line of the game editor: adapter badge, size and file count,
 * and how long the game takes to start (marked when slow).
 */
export function PackageInfo({
  game,
}: {
  game: Pick<AdminGame, "sdkAdapter" | "packageBytes" | "packageFiles" | "medianStartMs">;
}) {
  const summary = packageSummary(game);
  const start = startSummary(game.medianStartMs);
  if (!summary && !game.sdkAdapter && !start) return <span className="text-muted-foreground">—</span>;
  const slow = game.medianStartMs !== null && game.medianStartMs >= SLOW_START_MS;
  return (
    <span className="flex flex-wrap items-center gap-1">
      <SdkAdapterBadge adapter={game.sdkAdapter} />
      {summary ? <span className="text-xs whitespace-nowrap text-muted-foreground tabular-nums">{summary}</span> : null}
      {start ? (
        <span
          className={cn(
            "text-xs whitespace-nowrap tabular-nums",
            slow ? "font-medium text-destructive" : "text-muted-foreground",
          )}
          title="Median time from the frame's load to the first gameplay, over the last 200 timed plays"
        >
          {slow ? `${start} (slow)` : start}
        </span>
      ) : null}
    </span>
  );
}
