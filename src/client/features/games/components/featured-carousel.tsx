import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { SectionHeading } from "@/components/section-heading";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useFeaturedGames } from "../api/get-featured-games";
import { FeaturedCard } from "./featured-card";
import { PRIORITY_COVERS } from "./game-image";

/** Spec §4: the carousel scrolls 340 px per click and shows 4 skeletons while loading. */
export const CAROUSEL_STEP_PX = 340;
export const FEATURED_SKELETONS = 4;

/** Featured Games carousel: 340 px per click; the left button is disabled at position 0 (spec §4). */
export function FeaturedCarousel() {
  const featured = useFeaturedGames();
  const scroller = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState(0);
  const [atEnd, setAtEnd] = useState(false);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onScroll = () => {
      setPosition(el.scrollLeft);
      setAtEnd(el.scrollLeft + el.clientWidth >= el.scrollWidth - 1);
    };
    onScroll();
    el.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll);
    return () => {
      el.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
    };
  }, [featured.data]);

  const scrollBy = (dx: number) => scroller.current?.scrollBy({ left: dx, behavior: "smooth" });
  const loaded = (featured.data?.length ?? 0) > 0;

  return (
    <section aria-labelledby="featured-title">
      <SectionHeading
        id="featured-title"
        title="Featured Games"
        action={
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="icon"
              aria-label="Scroll left"
              disabled={!loaded || position <= 0}
              onClick={() => scrollBy(-CAROUSEL_STEP_PX)}
              className="rounded-full"
            >
              <ChevronLeft aria-hidden="true" />
            </Button>
            <Button
              variant="outline"
              size="icon"
              aria-label="Scroll right"
              disabled={!loaded || atEnd}
              onClick={() => scrollBy(CAROUSEL_STEP_PX)}
              className="rounded-full"
            >
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        }
      />
      {featured.isPending ? (
        <div className="flex gap-5 overflow-hidden">
          {Array.from({ length: FEATURED_SKELETONS }, (_, i) => (
            <div
              key={i}
              data-testid="featured-skeleton"
              className="w-[320px] shrink-0 overflow-hidden rounded-2xl border bg-card"
            >
              <Skeleton className="aspect-video rounded-none" />
              <div className="space-y-2 p-4">
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-3 w-full" />
                <Skeleton className="h-3 w-1/2" />
              </div>
            </div>
          ))}
        </div>
      ) : featured.isError ? (
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">
          Failed to load featured games
        </p>
      ) : featured.data.length === 0 ? (
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">
          No featured games available
        </p>
      ) : (
        <div
          ref={scroller}
          data-testid="featured-carousel"
          className="scrollbar-none -mx-4 flex snap-x scroll-px-4 gap-5 overflow-x-auto px-4 pb-4 pt-1 sm:mx-0 sm:scroll-px-0 sm:px-0"
        >
          {featured.data.map((g, i) => (
            <FeaturedCard key={g.id} game={g} priority={i < PRIORITY_COVERS} />
          ))}
        </div>
      )}
    </section>
  );
}
