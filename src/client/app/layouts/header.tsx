import { Gamepad2, Menu, Search, X } from "lucide-react";
import { Suspense, useEffect, useId, useState, type FormEvent } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { lazyPart } from "@/lib/lazy-component";
import { CLOSED_MENU_TRIGGER, LoadOnInteraction } from "@/lib/load-on-interaction";
import { useCurrentUser } from "@/lib/session";
import { useContent } from "@/lib/site-content";
import { cn } from "@/lib/utils";
import { ThemeToggleButton } from "./theme-toggle-button";

/**
 * The header's menus (Radix dropdowns and their positioning, about 30 KB gzip) load when their button is first
 * used (D73, lib/load-on-interaction.tsx): the theme switch's button is in the server's HTML; the account
 * controls (a chunk of their own, without the menus) appear once the session is known.
 */
const ThemeToggle = lazyPart("theme-toggle", () => import("./theme-toggle").then((m) => m.ThemeToggle));
const SignedInControls = lazyPart("signed-in-controls", () =>
  import("./account-menus").then((m) => m.SignedInControls),
);
const SignedOutControls = lazyPart("signed-out-controls", () =>
  import("./account-signed-out").then((m) => m.SignedOutControls),
);

/** What stands where the account controls go while the session or their code loads. */
const AccountPending = () => <span className="size-9 animate-pulse rounded-full bg-muted" aria-hidden="true" />;

/** Spec §2 Header: the four navigation links. */
export const NAV_LINKS = [
  { href: "/", label: "Home" },
  { href: "/category/action", label: "Categories" },
  { href: "/category/new", label: "New Games" },
  { href: "/leaderboard", label: "Leaderboards" },
] as const;

/** Spec §9: the header gets its blurred, bordered background after 10 px of scroll. */
export const HEADER_SCROLL_THRESHOLD = 10;

function useScrolled(threshold: number): boolean {
  // Known only in the browser: false until the effect reads it, as in the server's HTML (D70).
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [threshold]);
  return scrolled;
}

function isActive(location: string, href: string): boolean {
  return href === "/" ? location === "/" : location === href || location.startsWith(`${href}/`);
}

/** D52: the header search goes to All Games with the query in the URL. */
function HeaderSearch({
  className,
  onSearched,
  inputClassName,
}: {
  className?: string;
  onSearched?: () => void;
  inputClassName?: string;
}) {
  const [, navigate] = useLocation();
  const [value, setValue] = useState("");
  const id = useId();
  function submit(e: FormEvent) {
    e.preventDefault();
    const q = value.trim();
    navigate(q ? `/games?search=${encodeURIComponent(q)}` : "/games");
    onSearched?.();
  }
  return (
    <form role="search" onSubmit={submit} className={cn("relative", className)}>
      <label htmlFor={id} className="sr-only">
        Quick search
      </label>
      <Search
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        id={id}
        type="search"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder="Search..."
        autoComplete="off"
        className={cn("h-9 rounded-full bg-muted/60 pl-9 focus-visible:bg-card", inputClassName)}
      />
    </form>
  );
}

/** Spec §2: the four navigation links, in the bar (md and up) and in the mobile menu, each with its own look. */
function NavList({
  location,
  className,
  linkClassName,
  idleClassName,
}: {
  location: string;
  className: string;
  linkClassName: string;
  idleClassName: string;
}) {
  return (
    <ul className={className}>
      {NAV_LINKS.map((l) => {
        const active = isActive(location, l.href);
        return (
          <li key={l.href}>
            <Link
              href={l.href}
              aria-current={active ? "page" : undefined}
              className={cn(linkClassName, active ? "bg-accent text-accent-foreground" : idleClassName)}
            >
              {l.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Where Sign In / Register should come back to: the current page with its query, except on the
 * login screen itself, which passes its own returnTo on.
 */
function currentReturnTo(location: string, search: string): string {
  if (location === "/login") return new URLSearchParams(search).get("returnTo") ?? "/";
  return search ? `${location}?${search}` : location;
}

export function Header() {
  const [location] = useLocation();
  const search = useSearch();
  const scrolled = useScrolled(HEADER_SCROLL_THRESHOLD);
  const [menuOpen, setMenuOpen] = useState(false);
  const { user, isLoading } = useCurrentUser();
  const content = useContent();
  const siteName = content("site.name");

  // Close the mobile menu on navigation.
  useEffect(() => setMenuOpen(false), [location]);

  return (
    <header
      data-scrolled={scrolled ? "true" : "false"}
      className={cn(
        "sticky top-0 z-40 w-full border-b transition-[background-color,border-color,box-shadow] duration-200",
        scrolled || menuOpen
          ? "border-border bg-background/75 shadow-sm backdrop-blur-lg supports-[backdrop-filter]:bg-background/65"
          : "border-transparent bg-background",
      )}
    >
      <div className="mx-auto flex h-16 w-full max-w-7xl items-center gap-2 px-4 sm:gap-3 sm:px-6 lg:px-8">
        <Link
          href="/"
          className="flex min-w-0 items-center gap-2 rounded-lg font-extrabold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring md:shrink-0"
        >
          <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-primary to-brand-2 text-white shadow-md shadow-primary/30">
            <Gamepad2 className="size-5" aria-hidden="true" />
          </span>
          <span className="truncate text-lg sm:text-xl">{siteName}</span>
        </Link>

        <nav aria-label="Main" className="ml-4 hidden md:block">
          <NavList
            location={location}
            className="flex items-center gap-1"
            linkClassName="rounded-lg px-3 py-2 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring"
            idleClassName="text-muted-foreground hover:bg-accent/60 hover:text-foreground"
          />
        </nav>

        <div className="ml-auto flex shrink-0 items-center gap-0.5 sm:gap-2">
          <HeaderSearch className="hidden w-56 lg:block xl:w-64" />
          <LoadOnInteraction
            part={ThemeToggle}
            standIn={(handlers) => <ThemeToggleButton {...CLOSED_MENU_TRIGGER} {...handlers} />}
          >
            {(triggerRef) => <ThemeToggle triggerRef={triggerRef} />}
          </LoadOnInteraction>
          {isLoading ? (
            <AccountPending />
          ) : (
            <Suspense fallback={<AccountPending />}>
              {user ? (
                <SignedInControls user={user} />
              ) : (
                <SignedOutControls returnTo={currentReturnTo(location, search)} />
              )}
            </Suspense>
          )}
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label="Toggle menu"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
        </div>
      </div>

      {/* Below 768 px (Tailwind md): the same four links plus a search box (spec §2). */}
      <div id="mobile-menu" hidden={!menuOpen} className="border-t bg-background md:hidden">
        <div className="mx-auto w-full max-w-7xl space-y-3 px-4 py-4 sm:px-6">
          <HeaderSearch onSearched={() => setMenuOpen(false)} inputClassName="h-10" />
          <nav aria-label="Mobile">
            <NavList
              location={location}
              className="grid gap-1"
              linkClassName="block rounded-lg px-3 py-2.5 font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring"
              idleClassName="hover:bg-accent/60"
            />
          </nav>
        </div>
      </div>
    </header>
  );
}
