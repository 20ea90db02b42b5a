import { Heart } from "lucide-react";
import { cn } from "@/lib/utils";
import type { Game } from "@contract/games";
import { loadFavoriteActions, useFavorite } from "../api/favorites";

/**
 * D86: the heart on a game card and on the game page. One button (a toggle: aria-pressed) with the icon inside;
 * unfilled in the server's HTML, filled after hydration when the game is one of the player's favourites.
 * `variant` "overlay" sits on a cover (light on dark), "plain" on the page's background.
 */
export function FavoriteButton({
  game,
  variant = "overlay",
  className,
}: {
  game: Pick<Game, "id" | "title">;
  variant?: "overlay" | "plain";
  className?: string;
}) {
  const { favorite, toggle } = useFavorite(game);
  return (
    <button
      type="button"
      aria-pressed={favorite}
      aria-label={favorite ? `Remove ${game.title} from favourites` : `Add ${game.title} to favourites`}
      onClick={toggle}
      onPointerEnter={() => void loadFavoriteActions().catch(() => undefined)}
      className={cn(
        "inline-flex items-center justify-center rounded-full outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring",
        variant === "overlay"
          ? "size-9 bg-black/45 backdrop-blur-sm hover:bg-black/65"
          : "size-10 border bg-card hover:bg-accent",
        favorite ? "text-rose-500" : variant === "overlay" ? "text-white" : "text-muted-foreground",
        className,
      )}
    >
      <Heart className={cn("size-[18px]", favorite && "fill-current")} aria-hidden="true" />
    </button>
  );
}
