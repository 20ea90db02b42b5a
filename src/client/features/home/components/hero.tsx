import { LayoutGrid, Play, Sparkles } from "lucide-react";
import { Link } from "wouter";
import { Container } from "@/components/container";
import { buttonClasses } from "@/components/ui/button";
import { useContent } from "@/lib/site-content";

/** The home hero: site name, title and subtitle from the site's content (D40), 'Play Now' and 'Browse Games'. */
export function Hero() {
  const content = useContent();
  const title = content("home.hero_title") || content("site.tagline");
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden border-b">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-br from-primary/15 via-background to-brand-2/10"
      />
      <div aria-hidden="true" className="absolute -left-24 -top-24 -z-10 size-96 rounded-full bg-primary/25 blur-3xl" />
      <div
        aria-hidden="true"
        className="absolute -bottom-32 right-0 -z-10 size-96 rounded-full bg-brand-2/20 blur-3xl"
      />
      <Container className="py-16 sm:py-24">
        <div className="max-w-3xl">
          <p className="mb-4 inline-flex items-center gap-2 rounded-full border bg-card/70 px-3 py-1 text-sm font-medium text-muted-foreground backdrop-blur">
            <Sparkles className="size-4 text-primary" aria-hidden="true" />
            {content("site.name")}
          </p>
          <h1 id="hero-title" className="text-4xl font-black tracking-tight sm:text-6xl">
            <span className="bg-gradient-to-r from-primary via-fuchsia-500 to-brand-2 bg-clip-text text-transparent">
              {title}
            </span>
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
