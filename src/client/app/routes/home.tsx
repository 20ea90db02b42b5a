import { ArrowRight, ChevronLeft, ChevronRight, Gamepad2, LayoutGrid, MessageCircle, Play, Sparkles, Trophy, Users } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link } from "wouter";
import type { Game } from "@contract/games";
import { Container } from "@/components/container";
import { EmptyState } from "@/components/empty-state";
import { PageTitle } from "@/components/page-title";
import { StarRating } from "@/components/star-rating";
import { Button, buttonClasses } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useCategories } from "@/features/categories/api/get-categories";
import { ChatPanel } from "@/features/chat/components/chat-panel";
import { useFeaturedGames } from "@/features/games/api/get-featured-games";
import { useGames } from "@/features/games/api/get-games";
import { GameCard, GameCardSkeleton } from "@/features/games/components/game-card";
import { GameGrid, GameGridItem } from "@/features/games/components/game-grid";
import { GameImage } from "@/features/games/components/game-image";
import { GamingExperiences } from "@/features/home/components/gaming-experiences";
import { TopPlayers } from "@/features/leaderboard/components/top-players";
import { formatPlays, truncate } from "@/lib/format";
import { useContent } from "@/lib/site-content";
import { cn } from "@/lib/utils";

/** Spec §4 / §9 home constants. */
export const HOME_GAMES_STEP = 10;
export const CAROUSEL_STEP_PX = 340;
export const FEATURED_SKELETONS = 4;
export const CATEGORY_CHIP_SKELETONS = 5;
export const FEATURED_DESCRIPTION_MAX = 60;

const HOME_DESCRIPTION =
  "Play free browser games, some with AI-powered opponents, chat with other players and climb the weekly leaderboards.";

function Hero() {
  const content = useContent();
  const title = content("home.hero_title") || content("site.tagline");
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden border-b">
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-br from-primary/15 via-background to-brand-2/10" />
      <div aria-hidden="true" className="absolute -left-24 -top-24 -z-10 size-96 rounded-full bg-primary/25 blur-3xl" />
      <div aria-hidden="true" className="absolute -bottom-32 right-0 -z-10 size-96 rounded-full bg-brand-2/20 blur-3xl" />
      <Container className="py-16 sm:py-24">
        <div className="max-w-3xl">
          <p className="mb-4 inline-flex items-center gap-2 rounded-full border bg-card/70 px-3 py-1 text-sm font-medium text-muted-foreground backdrop-blur">
            <Sparkles className="size-4 text-primary" aria-hidden="true" />
            {content("site.name")}
          </p>
          <h1 id="hero-title" className="text-4xl font-black tracking-tight sm:text-6xl">
            <span className="bg-gradient-to-r from-primary via-fuchsia-500 to-brand-2 bg-clip-text text-transparent">{title}</span>
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-muted-foreground sm:text-xl">{content("home.hero_subtitle")}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link href="/games/featured" className={buttonClasses("gradient", "lg", "rounded-full")}>
              <Play className="fill-current" aria-hidden="true" />
              Play Now
            </Link>
            <Link href="/games" className={buttonClasses("outline", "lg", "rounded-full bg-card/60 backdrop-blur")}>
              <LayoutGrid aria-hidden="true" />
              Browse Games
            </Link>
          </div>
        </div>
      </Container>
    </section>
  );
}

function SectionHeading({ id, title, action }: { id: string; title: string; action?: ReactNode }) {
  return (
    <div className="mb-5 flex items-end justify-between gap-4">
      <h2 id={id} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      {action}
    </div>
  );
}

function FeaturedCard({ game }: { game: Game }) {
  return (
    <article className="group relative w-[320px] shrink-0 snap-start overflow-hidden rounded-2xl border bg-card shadow-sm transition-all hover:-translate-y-1 hover:shadow-xl hover:shadow-primary/10 focus-within:ring-2 focus-within:ring-ring">
      <GameImage src={game.imageUrl} alt="" className="aspect-video" imgClassName="transition-transform duration-300 group-hover:scale-105" />
      <div className="space-y-2 p-4">
        <h3 className="font-semibold">
          <Link href={`/game/${game.id}`} className="outline-none after:absolute after:inset-0 after:content-['']">
            {game.title}
          </Link>
        </h3>
        <p className="min-h-10 text-sm text-muted-foreground">{truncate(game.description, FEATURED_DESCRIPTION_MAX)}</p>
        <div className="flex items-center justify-between">
          <StarRating rating={game.rating} />
          <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
            <Users className="size-3.5" aria-hidden="true" />
            {formatPlays(game.plays)}
            <span className="sr-only"> plays</span>
          </span>
        </div>
      </div>
    </article>
  );
}

/** Featured Games carousel: 340 px per click; the left button is disabled at position 0 (spec §4). */
function FeaturedCarousel() {
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
            <Button variant="outline" size="icon" aria-label="Scroll left" disabled={!loaded || position <= 0} onClick={() => scrollBy(-CAROUSEL_STEP_PX)} className="rounded-full">
              <ChevronLeft aria-hidden="true" />
            </Button>
            <Button variant="outline" size="icon" aria-label="Scroll right" disabled={!loaded || atEnd} onClick={() => scrollBy(CAROUSEL_STEP_PX)} className="rounded-full">
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        }
      />
      {featured.isPending ? (
        <div className="flex gap-5 overflow-hidden">
          {Array.from({ length: FEATURED_SKELETONS }, (_, i) => (
            <div key={i} data-testid="featured-skeleton" className="w-[320px] shrink-0 overflow-hidden rounded-2xl border bg-card">
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
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">Failed to load featured games</p>
      ) : featured.data.length === 0 ? (
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">No featured games available</p>
      ) : (
        <div
          ref={scroller}
          data-testid="featured-carousel"
          className="scrollbar-none -mx-4 flex snap-x scroll-px-4 gap-5 overflow-x-auto px-4 pb-4 pt-1 sm:mx-0 sm:scroll-px-0 sm:px-0"
        >
          {featured.data.map((g) => (
            <FeaturedCard key={g.id} game={g} />
          ))}
        </div>
      )}
    </section>
  );
}

function CategoryChips() {
  const categories = useCategories();
  return (
    <section aria-labelledby="categories-title">
      <SectionHeading id="categories-title" title="Browse by Category" />
      {categories.isError ? <p className="text-sm text-muted-foreground">Failed to load categories</p> : null}
      <ul className="flex flex-wrap gap-3">
        {categories.isPending
          ? Array.from({ length: CATEGORY_CHIP_SKELETONS }, (_, i) => (
              <li key={i}>
                <Skeleton data-testid="category-skeleton" className="h-11 w-32 rounded-full" />
              </li>
            ))
          : (categories.data ?? []).map((c) => (
              <li key={c.slug}>
                <Link
                  href={`/category/${c.slug}`}
                  className="inline-flex h-11 items-center gap-2 rounded-full border bg-card px-4 text-sm font-medium shadow-sm transition-all hover:-translate-y-0.5 hover:border-primary/50 hover:text-primary hover:shadow-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <Gamepad2 className="size-4 text-primary" aria-hidden="true" />
                  {c.name}
                  <span className="rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">{c.gameCount}</span>
                </Link>
              </li>
            ))}
      </ul>
    </section>
  );
}

type HomeFilter = { kind: "all" } | { kind: "new" } | { kind: "hot" } | { kind: "category"; name: string };

function matches(filter: HomeFilter, game: Game): boolean {
  switch (filter.kind) {
    case "all":
      return true;
    case "new":
      return game.new;
    case "hot":
      return game.hot;
    case "category":
      return game.category === filter.name;
  }
}

function filterLabel(f: HomeFilter): string {
  return f.kind === "category" ? f.name : f.kind === "all" ? "All" : f.kind === "new" ? "New" : "Hot";
}

/** Home games: All, New, Hot or a category; 10 shown, 'Load More Games' adds 10 (spec §4). */
function HomeGames() {
  const games = useGames({ limit: 100 });
  const categories = useCategories();
  const [filter, setFilter] = useState<HomeFilter>({ kind: "all" });
  const [visible, setVisible] = useState(HOME_GAMES_STEP);

  const filters: HomeFilter[] = [
    { kind: "all" },
    { kind: "new" },
    { kind: "hot" },
    ...(categories.data ?? []).map((c) => ({ kind: "category" as const, name: c.name })),
  ];
  const list = (games.data?.games ?? []).filter((g) => matches(filter, g));

  return (
    <section aria-labelledby="games-title">
      <SectionHeading
        id="games-title"
        title="Popular Games"
        action={
          <Link href="/games" className="inline-flex items-center gap-1 rounded text-sm font-medium text-primary hover:underline outline-none focus-visible:ring-2 focus-visible:ring-ring">
            View all <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        }
      />
      <div role="group" aria-label="Filter games" className="scrollbar-none -mx-4 mb-5 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0">
        {filters.map((f) => {
          const label = filterLabel(f);
          const active = filter.kind === f.kind && filterLabel(filter) === label;
          return (
            <button
              key={`${f.kind}-${label}`}
              type="button"
              aria-pressed={active}
              onClick={() => {
                setFilter(f);
                setVisible(HOME_GAMES_STEP);
              }}
              className={cn(
                "h-9 shrink-0 rounded-full border px-4 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring",
                active ? "border-transparent bg-primary text-primary-foreground shadow-sm" : "bg-card text-muted-foreground hover:text-foreground",
              )}
            >
              {label}
            </button>
          );
        })}
      </div>
      {games.isPending ? (
        <GameGrid label="Loading games" wide>
          {Array.from({ length: HOME_GAMES_STEP }, (_, i) => (
            <GameGridItem key={i}>
              <GameCardSkeleton />
            </GameGridItem>
          ))}
        </GameGrid>
      ) : games.isError ? (
        <EmptyState icon={<Gamepad2 />} headingLevel={3} title="Failed to load games" description="Please try again in a moment." />
      ) : list.length === 0 ? (
        <EmptyState icon={<Gamepad2 />} headingLevel={3} title="No games found" description="Try another filter." />
      ) : (
        <>
          <GameGrid label="Games" wide>
            {list.slice(0, visible).map((g) => (
              <GameGridItem key={g.id}>
                <GameCard game={g} />
              </GameGridItem>
            ))}
          </GameGrid>
          {visible < list.length ? (
            <div className="mt-8 flex justify-center">
              <Button variant="outline" size="lg" onClick={() => setVisible((v) => v + HOME_GAMES_STEP)}>
                Load More Games
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

/** 'Top Players This Week' (D24 period=week) beside the public chat (issue 6 widget). */
function CommunitySection() {
  return (
    <div className="grid gap-10 lg:grid-cols-2 lg:gap-8">
      <section aria-labelledby="top-players-title" className="min-w-0">
        <div className="mb-5 flex items-center gap-2">
          <Trophy className="size-6 text-amber-500" aria-hidden="true" />
          <h2 id="top-players-title" className="text-2xl font-bold tracking-tight">
            Top Players This Week
          </h2>
        </div>
        <TopPlayers />
      </section>
      <section aria-labelledby="chat-title" className="min-w-0">
        <div className="mb-5 flex items-center gap-2">
          <MessageCircle className="size-6 text-primary" aria-hidden="true" />
          <h2 id="chat-title" className="text-2xl font-bold tracking-tight">
            Community Chat
          </h2>
        </div>
        <ChatPanel />
      </section>
    </div>
  );
}

/** Fixed colours in both themes: white text stays readable on the banner's gradient (light and dark). */
const BANNER_BUTTON =
  "inline-flex h-12 items-center justify-center gap-2 whitespace-nowrap rounded-full px-6 text-base font-semibold transition-all " +
  "outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-violet-700";

function ClosingBanner() {
  const content = useContent();
  return (
    <section
      aria-labelledby="banner-title"
      className="relative isolate overflow-hidden rounded-3xl bg-gradient-to-br from-violet-700 to-pink-700 px-6 py-12 text-center text-white shadow-xl shadow-primary/20 sm:px-12"
    >
      <div aria-hidden="true" className="absolute -right-16 -top-16 -z-10 size-64 rounded-full bg-white/10 blur-2xl" />
      <h2 id="banner-title" className="text-3xl font-extrabold tracking-tight">
        {content("home.banner_title")}
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-white/85">Save your scores, climb the leaderboards and chat with players from everywhere.</p>
      <div className="mt-7 flex flex-wrap justify-center gap-3">
        <Link href="/login?tab=register" className={cn(BANNER_BUTTON, "bg-white text-violet-700 shadow-md hover:bg-violet-50")}>
          Sign Up - It's Free!
        </Link>
        <Link href="/games" className={cn(BANNER_BUTTON, "border border-white/70 text-white hover:bg-white/10")}>
          Browse Games
        </Link>
      </div>
    </section>
  );
}

export function HomeScreen() {
  return (
    <>
      <PageTitle description={HOME_DESCRIPTION} />
      <Hero />
      <Container className="space-y-14 py-12">
        <FeaturedCarousel />
        <CategoryChips />
        <HomeGames />
        <GamingExperiences />
        <CommunitySection />
        <ClosingBanner />
      </Container>
    </>
  );
}
