import { LogIn } from "lucide-react";
import { Suspense } from "react";
import { StarRating } from "@/components/star-rating";
import { buttonClasses } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber } from "@/lib/format";
import { lazyPart } from "@/lib/lazy-component";
import { loginUrl, useCurrentUser } from "@/lib/session";
import { useRating } from "../api/get-rating";
import { useUserReview } from "../api/get-user-review";
import { ReviewList, type RenderReport } from "./review-list";

/**
 * The form is a chunk of its own, loaded for a signed-in player only (D73): it is never in the server's HTML (nobody is
 * signed in there).
 */
const ReviewForm = lazyPart("review-form", () => import("./review-form").then((m) => m.ReviewForm));

export const LOGIN_TO_REVIEW_TEXT = "Please log in to write a review";

/** The rating aggregate (D32): average out of 5, count and the 5…1 distribution. */
function RatingSummary({ gameId }: { gameId: number }) {
  const rating = useRating(gameId);
  if (rating.isPending) return <Skeleton className="h-28 w-full" />;
  if (rating.isError) return null;
  const { average, count, distribution } = rating.data;
  return (
    <section
      aria-label="Rating summary"
      className="flex flex-col gap-4 rounded-xl border p-4 sm:flex-row sm:items-center sm:gap-8"
    >
      <div className="flex flex-col items-center gap-1 sm:w-36">
        <span className="text-4xl font-extrabold tabular-nums" data-testid="rating-average">
          {count > 0 ? average.toFixed(1) : "–"}
        </span>
        <StarRating rating={rating.data.rating} size="md" />
        <span className="text-sm text-muted-foreground" data-testid="rating-count">
          {count === 1 ? "1 review" : `${formatNumber(count)} reviews`}
        </span>
      </div>
      <ul className="flex-1 space-y-1.5" aria-label="Rating distribution">
        {(["5", "4", "3", "2", "1"] as const).map((star) => {
          const n = distribution[star];
          const pct = count > 0 ? Math.round((100 * n) / count) : 0;
          return (
            <li key={star} className="flex items-center gap-2 text-xs">
              <span className="w-12 shrink-0 text-muted-foreground">
                {star} star{star === "1" ? "" : "s"}
              </span>
              <span className="h-2 flex-1 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                <span className="block h-full rounded-full bg-star" style={{ width: `${pct}%` }} />
              </span>
              <span className="w-8 shrink-0 text-right tabular-nums text-muted-foreground">{formatNumber(n)}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Signed in: the form (prefilled once the own review is known). Visitor: 'Please log in to write a review'. */
function ReviewFormSection({ gameId }: { gameId: number }) {
  const { user, isLoading } = useCurrentUser();
  const own = useUserReview(gameId, user?.id ?? null);
  const pending = <Skeleton className="h-56 w-full" />;

  if (isLoading || (user && own.isPending)) return pending;
  if (!user) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-6 text-center">
        <p className="font-medium">{LOGIN_TO_REVIEW_TEXT}</p>
        <a href={loginUrl({ returnTo: `/game/${gameId}` })} className={buttonClasses("default", "sm")}>
          <LogIn aria-hidden="true" />
          Sign In
        </a>
      </div>
    );
  }
  // A failed own-review lookup falls back to the empty form; the server still upserts (D30).
  const existing = own.data ?? null;
  return (
    <Suspense fallback={pending}>
      <ReviewForm key={existing ? `review-${existing.id}` : "new"} gameId={gameId} user={user} existing={existing} />
    </Suspense>
  );
}

/** The game page's Reviews tab (D30); `renderReport`: the report button on others' reviews. */
export function GameReviews({ gameId, renderReport }: { gameId: number; renderReport?: RenderReport }) {
  const { user } = useCurrentUser();
  return (
    <div className="space-y-6">
      <RatingSummary gameId={gameId} />
      <ReviewFormSection gameId={gameId} />
      <section aria-labelledby="reviews-heading" className="space-y-4">
        <h3 id="reviews-heading" className="text-lg font-semibold">
          Player Reviews
        </h3>
        <ReviewList gameId={gameId} currentUserId={user?.id ?? null} renderReport={renderReport} />
      </section>
    </div>
  );
}
