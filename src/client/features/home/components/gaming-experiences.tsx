import { Gamepad2 } from "lucide-react";
import { Link } from "wouter";
import { Skeleton } from "@/components/ui/skeleton";
import type { Collection } from "@contract/collections";

/** Spec §2 Home: four tiles; as many skeletons while the collections load. */
export const EXPERIENCE_SKELETONS = 4;

/** "1 game", "12 games", "0 games". */
export function gamesCount(n: number): string {
  return `${n} ${n === 1 ? "game" : "games"}`;
}

/**
 * Home's 'All Your Favorite Gaming Experiences' (D83): one tile per collection (title, description,
 * picture, the real number of its games), each a link to the collection's page. The home screen reads the
 * collections and passes them in. A collection without games still shows, with "0 games": the block keeps its
 * shape and says the truth (an administrator fills it in the CMS); with no collection at all the block is left
 * out.
 *
 * The picture is an image rather than inline SVG: the home page was 1,200 elements, a fifth of them these
 * drawings, and every element costs a phone style and layout time before the first paint.
 */
export function GamingExperiences({
  collections,
  pending,
}: {
  collections: readonly Collection[] | undefined;
  pending: boolean;
}) {
  if (!pending && (!collections || collections.length === 0)) return null;
  return (
    <section aria-labelledby="experiences-title">
      <div className="mb-5">
        <h2 id="experiences-title" className="text-2xl font-bold tracking-tight">
          All Your Favorite Gaming Experiences
        </h2>
        <p className="mt-1 text-muted-foreground">
          Whatever you like to play, there is a corner of the arcade for you.
        </p>
      </div>
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {pending || !collections
          ? Array.from({ length: EXPERIENCE_SKELETONS }, (_, i) => (
              <li key={i}>
                <Skeleton data-testid="experience-skeleton" className="h-32 rounded-2xl sm:h-72" />
              </li>
            ))
          : collections.map((c) => (
              <li key={c.id} data-testid="experience-tile">
                <Link
                  href={`/collection/${c.slug}`}
                  className="group flex h-full overflow-hidden rounded-2xl border bg-card shadow-sm transition-all outline-none hover:-translate-y-1 hover:shadow-xl hover:shadow-primary/10 focus-visible:ring-2 focus-visible:ring-ring sm:flex-col"
                >
                  <div className="w-2/5 shrink-0 overflow-hidden bg-gradient-to-br from-primary/20 to-brand-2/20 sm:aspect-video sm:w-auto">
                    {c.imageUrl ? (
                      <img
                        src={c.imageUrl}
                        alt=""
                        loading="lazy"
                        decoding="async"
                        width={320}
                        height={180}
                        className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
                      />
                    ) : (
                      <div className="flex size-full min-h-24 items-center justify-center text-primary">
                        <Gamepad2 className="size-10" aria-hidden="true" />
                      </div>
                    )}
                  </div>
                  <div className="min-w-0 space-y-2 p-4">
                    <h3 className="text-lg font-semibold group-hover:text-primary">{c.title}</h3>
                    {c.description ? <p className="text-sm text-muted-foreground">{c.description}</p> : null}
                    <p className="inline-flex items-center gap-1.5 rounded-full bg-primary/10 px-2.5 py-1 text-xs font-semibold text-primary">
                      <Gamepad2 className="size-3.5" aria-hidden="true" />
                      {gamesCount(c.gameCount)}
                    </p>
                  </div>
                </Link>
              </li>
            ))}
      </ul>
    </section>
  );
}
