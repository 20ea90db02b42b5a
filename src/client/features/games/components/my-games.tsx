import { Clock, Gamepad2, Heart, History } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { EmptyState } from "@/components/empty-state";
import { buttonClasses } from "@/components/ui/button";
import { useTimeFormat } from "@/lib/hydration";
import type { MyGame } from "@contract/my-games";
import { useMyGames } from "../api/my-games";
import { formatPlaytime } from "../playtime";
import { FavoriteButton } from "./favorite-button";
import { GameCard, GameCardSkeleton } from "./game-card";
import { GameCardLink } from "./game-card-parts";
import { GameGrid, GameGridItem } from "./game-grid";
import { GameImage, PRIORITY_COVERS } from "./game-image";

/**
 * My Games (D86): the player's favourites (the usual cards, with their hearts) and the games they played last,
 * each with when and for how long. Rendered in the browser only (the page is personal).
 */
export function MyGamesSections({ userId }: { userId: number }) {
  const query = useMyGames(userId);
  if (query.isPending) return <MyGamesSkeleton />;
  if (query.isError) {
    return (
      <EmptyState icon={<Gamepad2 />} title="Failed to load your games" description="Please try again in a moment." />
    );
  }
  const { favorites, recent } = query.data;
  return (
    <div className="space-y-12">
      <section aria-labelledby="my-favourites">
        <SectionTitle id="my-favourites" icon={<Heart />} title="Favourites" count={favorites.length} />
        {favorites.length === 0 ? (
          <EmptyState
            icon={<Heart />}
            headingLevel={3}
            title="No favourites yet"
            description="Tap the heart on any game to keep it here."
            action={
              <Link href="/games" className={buttonClasses("gradient")}>
                Browse All Games
              </Link>
            }
            className="py-12"
          />
        ) : (
          <GameGrid label="Favourites">
            {favorites.map((g, i) => (
              <GameGridItem key={g.id}>
                <GameCard game={g} priority={i < PRIORITY_COVERS} />
              </GameGridItem>
            ))}
          </GameGrid>
        )}
      </section>
      <section aria-labelledby="my-recent">
        <SectionTitle id="my-recent" icon={<History />} title="Recently Played" count={recent.length} />
        {recent.length === 0 ? (
          <EmptyState
            icon={<History />}
            headingLevel={3}
            title="Nothing played yet"
            description="The games you play while signed in appear here."
            action={
              <Link href="/games" className={buttonClasses("outline")}>
                Find a Game
              </Link>
            }
            className="py-12"
          />
        ) : (
          <ul aria-label="Recently Played" className="grid gap-3 lg:grid-cols-2">
            {recent.map((g) => (
              <li key={g.id}>
                <RecentGameRow game={g} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function SectionTitle({ id, icon, title, count }: { id: string; icon: ReactNode; title: string; count: number }) {
  return (
    <div className="mb-5 flex items-center gap-2.5">
      <span
        className="flex size-8 items-center justify-center rounded-lg bg-primary/10 text-primary [&_svg]:size-4"
        aria-hidden="true"
      >
        {icon}
      </span>
      <h2 id={id} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      {count > 0 ? (
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground">{count}</span>
      ) : null}
    </div>
  );
}

/** A recently played game: cover, title (the link), category, when last played and the playtime counted. */
export function RecentGameRow({ game }: { game: MyGame }) {
  const time = useTimeFormat();
  return (
    <article className="group relative flex items-center gap-3 rounded-xl border bg-card p-2.5 pr-3 shadow-sm transition-all hover:border-primary/40 hover:shadow-lg hover:shadow-primary/10 focus-within:ring-2 focus-within:ring-ring sm:gap-4">
      <GameImage src={game.imageUrl} alt="" className="aspect-[4/3] w-20 shrink-0 rounded-lg sm:w-28" />
      <div className="min-w-0 flex-1 space-y-1">
        <h3 className="truncate font-semibold">
          <GameCardLink game={game} />
        </h3>
        <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{game.category}</p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm text-muted-foreground">
          {game.lastPlayedAt ? <span>Last played {time.relative(game.lastPlayedAt)}</span> : null}
          {game.playtimeMs ? (
            <span className="inline-flex items-center gap-1">
              <Clock className="size-3.5" aria-hidden="true" />
              <span className="sr-only">Playtime </span>
              {formatPlaytime(game.playtimeMs)}
            </span>
          ) : null}
        </p>
      </div>
      <FavoriteButton game={game} variant="plain" className="relative z-10 shrink-0" />
    </article>
  );
}

function MyGamesSkeleton() {
  return (
    <div role="status" aria-label="Loading your games" className="space-y-12">
      <GameGrid>
        {Array.from({ length: 4 }, (_, i) => (
          <GameCardSkeleton key={i} />
        ))}
      </GameGrid>
    </div>
  );
}
