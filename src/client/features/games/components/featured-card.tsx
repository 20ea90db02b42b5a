import { truncate } from "@/lib/format";
import type { Game } from "@contract/games";
import { FavoriteButton } from "./favorite-button";
import { GameCardLink, GameRatingPlays } from "./game-card-parts";
import { GameImage } from "./game-image";

/** Spec §4: a featured card's description is cut at 60 characters. */
export const FEATURED_DESCRIPTION_MAX = 60;

/** A game in the home page's Featured Games carousel. */
export function FeaturedCard({ game, priority = false }: { game: Game; priority?: boolean }) {
  return (
    <article className="group relative w-[320px] shrink-0 snap-start overflow-hidden rounded-2xl border bg-card shadow-sm transition-all hover:-translate-y-1 hover:shadow-xl hover:shadow-primary/10 focus-within:ring-2 focus-within:ring-ring">
      <GameImage
        src={game.imageUrl}
        alt=""
        priority={priority}
        className="aspect-video"
        imgClassName="transition-transform duration-300 group-hover:scale-105"
      />
      <FavoriteButton game={game} className="absolute right-2 top-2 z-10" />
      <div className="space-y-2 p-4">
        <h3 className="font-semibold">
          <GameCardLink game={game} />
        </h3>
        <p className="min-h-10 text-sm text-muted-foreground">{truncate(game.description, FEATURED_DESCRIPTION_MAX)}</p>
        <GameRatingPlays game={game} className="flex items-center justify-between" />
      </div>
    </article>
  );
}
