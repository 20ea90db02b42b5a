import { TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime, relativeTime } from "@/lib/format";
import { cn } from "@/lib/utils";

/** Amber for what needs an admin's attention (D164), readable in both themes. */
export const WARN_SURFACE =
  "border-amber-400 bg-amber-50 text-amber-950 dark:border-amber-500/60 dark:bg-amber-500/10 dark:text-amber-50";
export const WARN_TEXT = "text-amber-800 dark:text-amber-200";

/** A time written relative to `now` ("4 hours ago"), the exact time on hover. */
export function When({ at, now }: { at: string; now: string }) {
  return (
    <time
      dateTime={at}
      title={formatDateTime(at)}
      className="underline decoration-dotted decoration-muted-foreground/60 underline-offset-2"
    >
      {relativeTime(at, Date.parse(now))}
    </time>
  );
}

/** One fact of a card: a label and its value on one line. */
export function Fact({ label, children, warn }: { label: string; children: ReactNode; warn?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1">
      <dt className="shrink-0 text-muted-foreground">{label}</dt>
      <dd className={cn("min-w-0 truncate text-right font-medium", warn && WARN_TEXT)}>{children}</dd>
    </div>
  );
}

/**
 * A card of the system page: an icon, a title, the headline value and its facts. With `warning` it is outlined in amber
 * and says why under the facts.
 */
export function StatusCard({
  title,
  icon,
  headline,
  loading,
  warning,
  footer,
  children,
}: {
  title: string;
  icon: ReactNode;
  headline: ReactNode;
  loading: boolean;
  warning?: string;
  /** under the facts: a link to the screen that says more */
  footer?: ReactNode;
  children?: ReactNode;
}) {
  const id = `system-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <Card
      role="region"
      aria-labelledby={id}
      className={cn("flex flex-col", warning && "border-amber-400 ring-1 ring-amber-400/60 dark:border-amber-500/60")}
    >
      <CardHeader className="flex-row items-center gap-3 pb-2">
        <span
          className={cn(
            "flex size-9 shrink-0 items-center justify-center rounded-lg [&_svg]:size-[18px]",
            warning
              ? "bg-amber-100 text-amber-800 dark:bg-amber-500/20 dark:text-amber-200"
              : "bg-primary/10 text-primary",
          )}
        >
          {warning ? <TriangleAlert aria-hidden="true" /> : icon}
        </span>
        <CardTitle id={id} className="text-base">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col">
        {loading ? <Skeleton className="h-8 w-32" /> : <p className="text-2xl font-bold tracking-tight">{headline}</p>}
        {loading ? null : <dl className="mt-2 divide-y text-sm">{children}</dl>}
        {warning && !loading ? (
          <p className={cn("mt-3 rounded-lg border px-3 py-2 text-sm", WARN_SURFACE)}>{warning}</p>
        ) : null}
        {footer && !loading ? <div className="mt-2">{footer}</div> : null}
      </CardContent>
    </Card>
  );
}
