import { SDK_ADAPTER_LABELS, type AdminGame } from "@contract/admin";
import { Badge } from "@/components/ui/badge";
import { formatNumber } from "@/lib/format";

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
    <Badge variant="outline" title={`Made for another portal: its SDK runs on Arcadium's ${SDK_ADAPTER_LABELS[adapter]} adapter`}>
      {SDK_ADAPTER_LABELS[adapter]}
    </Badge>
  );
}

/** The package cell of the CMS games table and the line of the game editor: adapter badge, size and file count. */
export function PackageInfo({ game }: { game: Pick<AdminGame, "sdkAdapter" | "packageBytes" | "packageFiles"> }) {
  const summary = packageSummary(game);
  if (!summary && !game.sdkAdapter) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="flex flex-wrap items-center gap-1">
      <SdkAdapterBadge adapter={game.sdkAdapter} />
      {summary ? <span className="text-xs whitespace-nowrap text-muted-foreground tabular-nums">{summary}</span> : null}
    </span>
  );
}
