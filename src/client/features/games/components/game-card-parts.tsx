import { Users } from "lucide-react";
import { Link } from "wouter";
import { StarRating } from "@/components/star-rating";
import { formatPlays } from "@/lib/format";
import type { Game } from "@contract/games";

// The parts the game cards share: the grid card and the list row (game-card.tsx), the featured card.

/** The title's link to /game/{id}; stretched over the whole card, so that all of it is clickable. */
export function GameCardLink({ game }: { game: Pick<Game, "id" | "title"> }) {
  return (
    <Link href={`/game/${game.id}`} className="outline-none after:absolute after:inset-0 after:content-['']">
      {game.title}
    </Link>
  );
}

/**
 * A game's stars and play count side by side (spec §4), at the foot of the card.
 * countInSpan: the grid card keeps the count in a span of its own, as it always had.
 */
export function GameRatingPlays({
  game,
  className,
  countInSpan = false,
}: {
  game: Pick<Game, "rating" | "plays">;
  className: string;
  countInSpan?: boolean;
}) {
  const count = formatPlays(game.plays);
  return (
    <div className={className}>
      <StarRating rating={game.rating} />
      <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
        <Users className="size-3.5" aria-hidden="true" />
        {countInSpan ? <span>{count}</span> : count}
        <span className="sr-only"> plays</span>
      </span>
    </div>
  );
}
