import { Flame, Sparkles, Star } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { Game } from "@contract/games";

/** New, Hot and Featured flags (spec §2 Game detail). */
export function GameFlagBadges({
  game,
  className,
}: {
  game: Pick<Game, "new" | "hot" | "isFeatured">;
  className?: string;
}) {
  if (!game.new && !game.hot && !game.isFeatured) return null;
  return (
    <div className={className}>
      {game.new ? (
        <Badge variant="new">
          <Sparkles aria-hidden="true" />
          New
        </Badge>
      ) : null}
      {game.hot ? (
        <Badge variant="hot">
          <Flame aria-hidden="true" />
          Hot
        </Badge>
      ) : null}
      {game.isFeatured ? (
        <Badge variant="featured">
          <Star aria-hidden="true" />
          Featured
        </Badge>
      ) : null}
    </div>
  );
}
