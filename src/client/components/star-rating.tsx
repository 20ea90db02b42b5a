import { Star, StarHalf } from "lucide-react";
import { ratingOutOfFive, stars } from "@/lib/format";
import { cn } from "@/lib/utils";

/** Five stars for a rating in tenths (0 to 50), half star at a fraction of 0.5 or more (spec §4). */
export function StarRating({
  rating,
  className,
  size = "sm",
}: {
  rating: number;
  className?: string;
  size?: "sm" | "md";
}) {
  const { full, half, empty } = stars(rating);
  const icon = size === "sm" ? "size-3.5" : "size-5";
  return (
    <span
      role="img"
      aria-label={`Rated ${ratingOutOfFive(rating)} out of 5`}
      className={cn("inline-flex items-center gap-0.5 text-star", className)}
    >
      {Array.from({ length: full }, (_, i) => (
        <Star key={`f${i}`} data-star="full" className={cn(icon, "fill-current")} aria-hidden="true" />
      ))}
      {half ? (
        <span data-star="half" className={cn("relative inline-block", icon)} aria-hidden="true">
          <Star className={cn("absolute inset-0 text-muted-foreground/40", icon)} />
          <StarHalf className={cn("absolute inset-0 fill-current", icon)} />
        </span>
      ) : null}
      {Array.from({ length: empty }, (_, i) => (
        <Star key={`e${i}`} data-star="empty" className={cn(icon, "text-muted-foreground/40")} aria-hidden="true" />
      ))}
    </span>
  );
}
