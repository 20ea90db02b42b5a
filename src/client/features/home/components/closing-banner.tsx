import { Link } from "wouter";
import { useContent } from "@/lib/site-content";
import { cn } from "@/lib/utils";

/** Fixed colours in both themes: white text stays readable on the banner's gradient (light and dark). */
const BANNER_BUTTON =
  "inline-flex h-12 items-center justify-center gap-2 whitespace-nowrap rounded-full px-6 text-base font-semibold transition-all " +
  "outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-violet-700";

/** The home page's closing call to sign up, titled by the site's content (D40 'home.banner_title'). */
export function ClosingBanner() {
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
      <p className="mx-auto mt-3 max-w-xl text-white/85">
        Save your scores, climb the leaderboards and chat with players from everywhere.
      </p>
      <div className="mt-7 flex flex-wrap justify-center gap-3">
        <Link
          href="/login?tab=register"
          className={cn(BANNER_BUTTON, "bg-white text-violet-700 shadow-md hover:bg-violet-50")}
        >
          Sign Up - It's Free!
        </Link>
        <Link href="/games" className={cn(BANNER_BUTTON, "border border-white/70 text-white hover:bg-white/10")}>
          Browse Games
        </Link>
      </div>
    </section>
  );
}
