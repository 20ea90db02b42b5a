import type { ComponentProps, ReactNode } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";

/** Spec §9: admin tables show 5 skeleton rows while loading. */
export const ADMIN_SKELETON_ROWS = 5;

export function DataTable({
  label,
  children,
  className,
  tableClassName,
}: {
  label: string;
  children: ReactNode;
  className?: string;
  tableClassName?: string;
}) {
  return (
    // `relative`: what is positioned inside (a button's screen-reader text) scrolls with the table, not the page.
    <div className={cn("relative overflow-x-auto rounded-xl border bg-card shadow-sm", className)}>
      <table className={cn("w-full caption-bottom text-sm", tableClassName)}>
        <caption className="sr-only">{label}</caption>
        {children}
      </table>
    </div>
  );
}

/** The actions column stays in view while a wide table scrolls sideways on a phone. */
const stickyEnd = "sticky right-0 z-[1] shadow-[-10px_0_10px_-10px_rgba(0,0,0,0.25)] md:static md:shadow-none";

export function Th({ className, sticky, ...props }: ComponentProps<"th"> & { sticky?: boolean }) {
  return (
    <th
      scope="col"
      className={cn(
        // An opaque tint (muted over card), so that a sticky header cell hides what scrolls beneath it.
        "h-11 whitespace-nowrap border-b bg-[color-mix(in_oklab,var(--color-muted)_50%,var(--color-card))] px-4 text-left align-middle text-xs font-semibold uppercase tracking-wide text-muted-foreground",
        sticky && stickyEnd,
        className,
      )}
      {...props}
    />
  );
}

export function Td({ className, sticky, ...props }: ComponentProps<"td"> & { sticky?: boolean }) {
  return (
    <td className={cn("border-b px-4 py-3 align-middle", sticky && cn(stickyEnd, "bg-card"), className)} {...props} />
  );
}

export function Tr({ className, ...props }: ComponentProps<"tr">) {
  return (
    <tr className={cn("transition-colors hover:bg-muted/40 [&:last-child>td]:border-b-0", className)} {...props} />
  );
}

/** 5 rows of placeholders with `columns` cells each. */
export function SkeletonRows({ columns, rows = ADMIN_SKELETON_ROWS }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        <tr key={r} data-testid="skeleton-row">
          {Array.from({ length: columns }, (_, c) => (
            <Td key={c}>
              <Skeleton className={cn("h-5", c === 0 ? "w-40" : "w-16")} />
            </Td>
          ))}
        </tr>
      ))}
    </>
  );
}

/** One full-width row with a message ('No games found.' …). */
export function MessageRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="px-4 py-12 text-center text-muted-foreground">
        {children}
      </td>
    </tr>
  );
}
