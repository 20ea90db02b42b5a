import { useEffect, type ReactNode } from "react";
import { useLocation } from "wouter";
import { ConsentRuntime } from "./consent-runtime";
import { CookieNotice } from "./cookie-notice";
import { Footer } from "./footer";
import { Header } from "./header";

/** Spec §2: the public layout has a sticky header, a footer and a cookie notice. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  // A new screen starts at the top (an SPA keeps the old scroll position otherwise).
  useEffect(() => {
    if (window.scrollY > 0) window.scrollTo(0, 0);
  }, [location]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-3"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <Footer />
      <CookieNotice />
      <ConsentRuntime />
    </div>
  );
}
