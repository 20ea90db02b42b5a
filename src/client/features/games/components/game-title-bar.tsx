import { Users } from "lucide-react";
import { Link } from "wouter";
import { StarRating } from "@/components/star-rating";
import { Badge } from "@/components/ui/badge";
import { formatPlays, ratingOutOfFive } from "@/lib/format";
import type { Game } from "@contract/games";
import { FavoriteButton } from "./favorite-button";
import { GameFlagBadges } from "./game-badges";

/** The game page's heading: title, category and flag badges, rating and plays, the heart (D86). */
export function GameTitleBar({ game }: { game: Game }) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0 space-y-2">
        <h1 className="break-words text-3xl font-extrabold tracking-tight sm:text-4xl">{game.title}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <Link
            href={`/category/${game.categorySlug}`}
            className="rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Badge variant="secondary">{game.category}</Badge>
          </Link>
          <GameFlagBadges game={game} className="flex flex-wrap gap-2" />
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-4 text-sm text-muted-foreground">
        <span className="flex items-center gap-1.5" data-testid="game-rating">
          <StarRating rating={game.rating} size="md" />
          <span className="font-medium text-foreground">{ratingOutOfFive(game.rating)}</span>
        </span>
        <span className="flex items-center gap-1.5">
          <Users className="size-4" aria-hidden="true" />
          {formatPlays(game.plays)} {game.plays === 1 ? "play" : "plays"}
        </span>
        <FavoriteButton game={game} variant="plain" />
      </div>
    </div>
  );
}
