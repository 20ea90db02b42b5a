import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** Responsive card grid; `wide` adds a fifth column on extra-large screens (lists stepping by 10). */
export function GameGrid({
  children,
  className,
  label,
  wide,
}: {
  children: ReactNode;
  className?: string;
  label?: string;
  wide?: boolean;
}) {
  return (
    <div
      role="list"
      aria-label={label}
      className={cn(
        "grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-4 [&>*]:min-w-0",
        wide && "xl:grid-cols-5",
        className,
      )}
    >
      {children}
    </div>
  );
}

export function GameGridItem({ children }: { children: ReactNode }) {
  return <div role="listitem">{children}</div>;
}
