import { cn } from "@/lib/utils";

/** Win rate as a bar and a percent (spec §2 Leaderboard). The bar is decoration; the percent is the text. */
export function WinRateBar({
  value,
  className,
  barClassName,
}: {
  value: number;
  className?: string;
  barClassName?: string;
}) {
  const pct = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className={cn("flex items-center justify-end gap-2", className)}>
      <div aria-hidden="true" className={cn("h-2 w-20 overflow-hidden rounded-full bg-muted", barClassName)}>
        <div className="h-full rounded-full bg-gradient-to-r from-primary to-brand-2" style={{ width: `${pct}%` }} />
      </div>
      <span className="w-10 text-right text-sm font-medium tabular-nums">{pct}%</span>
    </div>
  );
}
