import { Play } from "lucide-react";
import { useEffect, useRef } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import type { Game } from "@contract/games";
import { watchGameCard } from "../numbers-beacon";
import { FavoriteButton } from "./favorite-button";
import { GameFlagBadges } from "./game-badges";
import { GameCardLink, GameRatingPlays } from "./game-card-parts";
import { GameImage } from "./game-image";

export type GameCardGame = Pick<
  Game,
  "id" | "title" | "imageUrl" | "category" | "rating" | "plays" | "new" | "hot" | "isFeatured"
>;

/**
 * Grid card: cover, title, category, stars, plays, the heart (D86); the whole card links to /game/{id}. `headingLevel` 2 where
 * the list sits right under the page's h1 (All Games, a category): no skipped heading level (Lighthouse).
 */
export function GameCard({
  game,
  className,
  headingLevel = 3,
  priority = false,
}: {
  game: GameCardGame;
  className?: string;
  headingLevel?: 2 | 3;
  /** one of the first cards, in view when the page opens (GameImage `priority`) */
  priority?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  // D134: a card impression, counted once per page view when half the card is in view
  const card = useRef<HTMLElement>(null);
  useEffect(() => (card.current ? watchGameCard(card.current, game.id) : undefined), [game.id]);
  return (
    <article
      ref={card}
      className={cn(
        "group relative flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-all duration-200",
        "hover:-translate-y-1 hover:border-primary/40 hover:shadow-xl hover:shadow-primary/10 focus-within:ring-2 focus-within:ring-ring",
        className,
      )}
    >
      <div className="relative">
        <GameImage
          src={game.imageUrl}
          alt=""
          priority={priority}
          className="aspect-[4/3]"
          imgClassName="transition-transform duration-300 group-hover:scale-105"
        />
        <GameFlagBadges game={game} className="absolute left-2 top-2 flex flex-wrap gap-1" />
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center bg-black/0 opacity-0 transition-all duration-200 group-hover:bg-black/35 group-hover:opacity-100">
          <span className="flex size-12 items-center justify-center rounded-full bg-white/95 text-primary shadow-lg">
            <Play className="ml-0.5 size-5 fill-current" aria-hidden="true" />
          </span>
        </div>
        <FavoriteButton game={game} className="absolute right-2 top-2 z-10" />
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-3.5">
        <Heading className="line-clamp-1 font-semibold leading-snug">
          <GameCardLink game={game} />
        </Heading>
        <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{game.category}</p>
        <GameRatingPlays game={game} className="mt-auto flex items-center justify-between gap-2 pt-1" countInSpan />
      </div>
    </article>
  );
}

export function GameCardSkeleton() {
  return (
    <div data-testid="game-card-skeleton" className="overflow-hidden rounded-xl border bg-card">
      <Skeleton className="aspect-[4/3] rounded-none" />
      <div className="space-y-2 p-3.5">
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-3 w-1/3" />
        <Skeleton className="h-3 w-1/2" />
      </div>
    </div>
  );
}

/** Horizontal row for the category page's list view (under the page's h1: its title is an h2). */
export function GameListItem({
  game,
  description,
  priority = false,
}: {
  game: GameCardGame;
  description?: string;
  priority?: boolean;
}) {
  return (
    <article className="group relative flex items-center gap-4 rounded-xl border bg-card p-3 shadow-sm transition-all hover:border-primary/40 hover:shadow-lg hover:shadow-primary/10 focus-within:ring-2 focus-within:ring-ring">
      <GameImage
        src={game.imageUrl}
        alt=""
        priority={priority}
        className="aspect-[4/3] w-28 shrink-0 rounded-lg sm:w-36"
      />
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="truncate font-semibold">
            <GameCardLink game={game} />
          </h2>
          <GameFlagBadges game={game} className="flex gap-1" />
        </div>
        <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{game.category}</p>
        {description ? <p className="line-clamp-2 text-sm text-muted-foreground">{description}</p> : null}
        <GameRatingPlays game={game} className="flex items-center gap-3 pt-0.5" />
      </div>
      <FavoriteButton game={game} variant="plain" className="relative z-10 shrink-0" />
    </article>
  );
}

export function GameListItemSkeleton() {
  return (
    <div data-testid="game-card-skeleton" className="flex items-center gap-4 rounded-xl border bg-card p-3">
      <Skeleton className="aspect-[4/3] w-28 shrink-0 sm:w-36" />
      <div className="flex-1 space-y-2">
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-3 w-1/4" />
        <Skeleton className="h-3 w-3/4" />
      </div>
    </div>
  );
}
