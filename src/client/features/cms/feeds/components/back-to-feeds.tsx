import { ArrowLeft } from "lucide-react";
import { Link } from "wouter";

/** The link above a feed's page, the inbox and the duplicates back to the feeds list. */
export function BackToFeeds() {
  return (
    <Link
      href="~/cms/feeds"
      className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      All feeds
    </Link>
  );
}
