import type { ReactNode } from "react";

/** One figure of the About tab (High Score, Total Players, Difficulty), inside a <dl>. */
export function GameStat({
  icon,
  label,
  children,
  testId,
  hint,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
  testId?: string;
  /** what the figure counts, shown on hover */
  hint?: string;
}) {
  return (
    <div className="min-w-0 rounded-lg bg-muted p-2.5 sm:p-3" title={hint}>
      <dt className="flex items-center gap-1.5 text-xs text-muted-foreground [&_svg]:size-3.5 [&_svg]:shrink-0">
        {icon} {label}
      </dt>
      <dd className="mt-1 truncate text-base font-bold sm:text-lg" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
