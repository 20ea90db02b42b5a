import type { ReactNode } from "react";
import { SafeHtml } from "@/components/safe-html";
import { Skeleton } from "@/components/ui/skeleton";
import { useContentEntry } from "@/lib/content-items";
import { Prose, proseClasses } from "./prose";

function BodySkeleton() {
  return (
    <div className="max-w-3xl space-y-3" aria-hidden="true" data-testid="page-body-skeleton">
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-11/12" />
      <Skeleton className="h-4 w-4/5" />
      <Skeleton className="mt-8 h-6 w-1/3" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-3/4" />
    </div>
  );
}

/**
 * The body of a static page: the site's own content when it has the key (D40), else the built-in
 * default. Plain text is split into paragraphs at blank lines.
 */
export function ContentBody({ contentKey, children }: { contentKey: string; children: ReactNode }) {
  const entry = useContentEntry(contentKey);
  if (entry === undefined) return <BodySkeleton />;
  if (entry === null) return <>{children}</>;
  if (entry.valueType === "html") return <SafeHtml html={entry.value} className={proseClasses} />;
  return (
    <Prose>
      {entry.value
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p, i) => (
          <p key={i} className="whitespace-pre-line">
            {p}
          </p>
        ))}
    </Prose>
  );
}
