import { MessageSquare } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { LoadMoreButton } from "@/components/load-more-button";
import { StarRating } from "@/components/star-rating";
import { UserAvatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { useTimeFormat } from "@/lib/hydration";
import type { Review } from "@contract/reviews";
import { useReviews } from "../api/get-reviews";

/** D97: how the app puts a report button on a review (see GameReviews). */
export type RenderReport = (target: { id: number; author: string }) => ReactNode;

/** One review: avatar (initials fallback), username, stars, the comment as plain text, relative date; `report`: D97's button. */
export function ReviewItem({ review, isOwn, report }: { review: Review; isOwn?: boolean; report?: ReactNode }) {
  const time = useTimeFormat();
  return (
    <li className="group flex gap-3 py-4 first:pt-0 last:pb-0">
      <UserAvatar username={review.user.username} src={review.user.avatarUrl} />
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Link
            href={`/profile/${review.userId}`}
            className="truncate font-semibold outline-none hover:text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {review.user.username}
          </Link>
          {isOwn ? <Badge variant="secondary">You</Badge> : null}
          <StarRating rating={review.rating * 10} />
          <time
            dateTime={review.createdAt}
            title={time.date(review.createdAt)}
            className="text-xs text-muted-foreground"
          >
            {time.relative(review.createdAt)}
          </time>
        </div>
        {/* Text, never HTML: React escapes it; line breaks are kept. */}
        {review.comment ? (
          <p className="whitespace-pre-line break-words text-sm text-foreground/90">{review.comment}</p>
        ) : null}
      </div>
      {report ? (
        <div className="-mt-1.5 pointer-fine:opacity-0 pointer-fine:group-hover:opacity-100 pointer-fine:focus-within:opacity-100">
          {report}
        </div>
      ) : null}
    </li>
  );
}

export function ReviewList({
  gameId,
  currentUserId,
  renderReport,
}: {
  gameId: number;
  currentUserId: number | null;
  renderReport?: RenderReport;
}) {
  const reviews = useReviews(gameId);
  if (reviews.isPending) {
    return (
      <div className="space-y-4" aria-busy="true">
        <span className="sr-only">Loading reviews</span>
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="flex gap-3">
            <Skeleton className="size-9 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-3/4" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (reviews.isError)
    return (
      <p className="py-6 text-center text-muted-foreground">The reviews could not be loaded. Please try again later.</p>
    );
  const list = reviews.data.pages.flatMap((p) => p.reviews);
  if (list.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 py-8 text-center text-muted-foreground">
        <MessageSquare className="size-8" aria-hidden="true" />
        <p>No reviews yet. Be the first to share your opinion!</p>
      </div>
    );
  }
  return (
    <>
      <ul aria-label="Reviews" className="divide-y">
        {list.map((r) => (
          <ReviewItem
            key={r.id}
            review={r}
            isOwn={r.userId === currentUserId}
            // D97: a signed-in player may report the reviews of others.
            report={
              currentUserId !== null && r.userId !== currentUserId
                ? renderReport?.({ id: r.id, author: r.user.username })
                : null
            }
          />
        ))}
      </ul>
      {/* The reviews come a page at a time. */}
      <LoadMoreButton query={reviews} className="mt-4">
        Show More Reviews
      </LoadMoreButton>
    </>
  );
}
