import { Loader2 } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/utils";
import { Button } from "./ui/button";

/** What the button needs of a TanStack infinite query. */
type Paged = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/**
 * The button under a list read a page at a time: fetches the next page, spins while
 * it comes, and is not there once everything is shown.
 */
export function LoadMoreButton({
  query,
  children,
  size = "md",
  className,
}: {
  query: Paged;
  children: ReactNode;
  size?: "md" | "lg";
  className?: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className={cn("flex justify-center", className)}>
      <Button
        variant="outline"
        size={size}
        onClick={() => void query.fetchNextPage()}
        disabled={query.isFetchingNextPage}
      >
        {query.isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {children}
      </Button>
    </div>
  );
}
