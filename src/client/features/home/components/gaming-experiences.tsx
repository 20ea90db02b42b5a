import type { ReactNode } from "react";
import { Gamepad2 } from "lucide-react";
import { ModernGamesArt, MobileFavoritesArt, MultiplayerArenaArt, RetroArcadeArt } from "./experience-art";

export type GamingExperience = { title: string; description: string; games: number; art: () => ReactNode };

/** Spec §2 Home: a static block with four tiles (image, title, description, games count). */
export const GAMING_EXPERIENCES: readonly GamingExperience[] = [
  {
    title: "Modern Games",
    description: "Polished HTML5 titles with rich graphics and smooth, responsive controls.",
    games: 250,
    art: ModernGamesArt,
  },
  {
    title: "Retro Arcade",
    description: "Pixel-perfect classics and arcade action for a quick hit of nostalgia.",
    games: 180,
    art: RetroArcadeArt,
  },
  {
    title: "Mobile Favorites",
    description: "Touch-friendly games that play great on any phone or tablet.",
    games: 320,
    art: MobileFavoritesArt,
  },
  {
    title: "Multiplayer Arena",
    description: "Take on other players and AI opponents, then climb the leaderboards.",
    games: 150,
    art: MultiplayerArenaArt,
  },
];

export function GamingExperiences() {
  return (
    <section aria-labelledby="experiences-title">
      <div className="mb-5">
        <h2 id="experiences-title" className="text-2xl font-bold tracking-tight">
          All Your Favorite Gaming Experiences
        </h2>
        <p className="mt-1 text-muted-foreground">Whatever you like to play, there is a corner of the arcade for you.</p>
      </div>
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {GAMING_EXPERIENCES.map(({ title, description, games, art: Art }) => (
          <li
            key={title}
            data-testid="experience-tile"
            className="group flex overflow-hidden rounded-2xl border bg-card shadow-sm transition-all hover:-translate-y-1 hover:shadow-xl hover:shadow-primary/10 sm:flex-col"
          >
            <div className="w-2/5 shrink-0 overflow-hidden sm:aspect-video sm:w-auto">
              <div className="size-full transition-transform duration-300 group-hover:scale-105">
                <Art />
              </div>
            </div>
            <div className="min-w-0 space-y-2 p-4">
              <h3 className="text-lg font-semibold">{title}</h3>
              <p className="text-sm text-muted-foreground">{description}</p>
              <p className="inline-flex items-center gap-1.5 rounded-full bg-primary/10 px-2.5 py-1 text-xs font-semibold text-primary">
                <Gamepad2 className="size-3.5" aria-hidden="true" />
                {games} games
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
