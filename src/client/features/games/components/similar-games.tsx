import { ArrowRight, Users } from "lucide-react";
import { Link } from "wouter";
import { StarRating } from "@/components/star-rating";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatPlays } from "@/lib/format";
import type { Game } from "@contract/games";
import { useGames } from "../api/get-games";
import { GameImage } from "./game-image";

export const SIMILAR_GAMES_COUNT = 3;

/** D54: three games of the same category, this one excluded, in the API's order. */
export function pickSimilarGames<T extends Pick<Game, "id">>(
  games: T[],
  currentId: number,
  count = SIMILAR_GAMES_COUNT,
): T[] {
  return games.filter((g) => g.id !== currentId).slice(0, count);
}

/** Side card 'Similar Games' (D54) with a 'View More' button to /category/{slug}. */
export function SimilarGames({ game }: { game: Pick<Game, "id" | "category" | "categorySlug"> }) {
  // Only as many as needed (this game may be among them).
  const games = useGames({ category: game.categorySlug, sort: "newest", limit: SIMILAR_GAMES_COUNT + 1 });
  const similar = games.data ? pickSimilarGames(games.data.games, game.id) : [];

  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Similar Games</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {games.isPending ? (
          <div aria-busy="true" className="space-y-3">
            <span className="sr-only">Loading similar games</span>
            {Array.from({ length: SIMILAR_GAMES_COUNT }, (_, i) => (
              <div key={i} data-testid="similar-game-skeleton" className="flex items-center gap-3">
                <Skeleton className="aspect-[4/3] w-20 shrink-0 rounded-lg" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-3/4" />
                  <Skeleton className="h-3 w-1/2" />
                </div>
              </div>
            ))}
          </div>
        ) : similar.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {games.isError ? "Similar games could not be loaded." : `No other ${game.category} games yet.`}
          </p>
        ) : (
          <ul aria-label="Similar games" className="space-y-2">
            {similar.map((g) => (
              <li key={g.id}>
                <Link
                  href={`/game/${g.id}`}
                  className="group flex items-center gap-3 rounded-lg p-1.5 outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <GameImage src={g.imageUrl} alt="" className="aspect-[4/3] w-20 shrink-0 rounded-md" />
                  <span className="min-w-0 flex-1 space-y-1">
                    <span className="block truncate text-sm font-semibold group-hover:text-primary">{g.title}</span>
                    <span className="flex items-center gap-2 text-xs text-muted-foreground">
                      <StarRating rating={g.rating} />
                      <span className="inline-flex items-center gap-0.5">
                        <Users className="size-3" aria-hidden="true" />
                        {formatPlays(g.plays)}
                        <span className="sr-only"> plays</span>
                      </span>
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Link href={`/category/${game.categorySlug}`} className={buttonClasses("outline", "sm", "w-full")}>
          View More
          <ArrowRight aria-hidden="true" />
        </Link>
      </CardContent>
    </Card>
  );
}
