import { Gamepad2 } from "lucide-react";

/**
 * `art`: the tile's decorative drawing, a local SVG file (src/client/public/experiences/, no external images).
 * Shown as an image rather than inline SVG: the home page was 1,200 elements, a fifth of them these drawings,
 * and every element costs a phone style and layout time before the first paint (D73).
 */
export type GamingExperience = { title: string; description: string; games: number; art: string };

/** Spec §2 Home: a static block with four tiles (image, title, description, games count). */
export const GAMING_EXPERIENCES: readonly GamingExperience[] = [
  {
    title: "Modern Games",
    description: "Polished HTML5 titles with rich graphics and smooth, responsive controls.",
    games: 250,
    art: "/experiences/modern-games.svg",
  },
  {
    title: "Retro Arcade",
    description: "Pixel-perfect classics and arcade action for a quick hit of nostalgia.",
    games: 180,
    art: "/experiences/retro-arcade.svg",
  },
  {
    title: "Mobile Favorites",
    description: "Touch-friendly games that play great on any phone or tablet.",
    games: 320,
    art: "/experiences/mobile-favorites.svg",
  },
  {
    title: "Multiplayer Arena",
    description: "Take on other players and AI opponents, then climb the leaderboards.",
    games: 150,
    art: "/experiences/multiplayer-arena.svg",
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
        {GAMING_EXPERIENCES.map(({ title, description, games, art }) => (
          <li
            key={title}
            data-testid="experience-tile"
            className="group flex overflow-hidden rounded-2xl border bg-card shadow-sm transition-all hover:-translate-y-1 hover:shadow-xl hover:shadow-primary/10 sm:flex-col"
          >
            <div className="w-2/5 shrink-0 overflow-hidden sm:aspect-video sm:w-auto">
              <img
                src={art}
                alt=""
                loading="lazy"
                decoding="async"
                width={320}
                height={180}
                className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
              />
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
