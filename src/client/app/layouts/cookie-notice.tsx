import { Cookie, X } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { readCookieConsent, storeCookieConsent, type CookieConsent } from "@/lib/cookie-consent";
import { useHydrated } from "@/lib/hydration";

/**
 * Spec §2 Cookie notice: shown while no consent is stored. 'Accept All' stores `all`,
 * 'Essential Only' stores `essential`, the close icon hides it for this visit only (stores nothing).
 */
export function CookieNotice() {
  const [visible, setVisible] = useState(() => readCookieConsent() === null);
  // The consent is stored in this browser: a server-rendered page (D70) shows the notice once hydrated.
  const hydrated = useHydrated();
  if (!visible || !hydrated) return null;

  function choose(value: CookieConsent) {
    storeCookieConsent(value);
    setVisible(false);
  }

  return (
    <section
      aria-label="Cookie notice"
      className="fixed inset-x-0 bottom-0 z-50 p-3 sm:bottom-4 sm:left-4 sm:right-auto sm:max-w-md sm:p-0"
    >
      <div className="relative rounded-2xl border bg-popover p-5 pr-11 text-popover-foreground shadow-2xl shadow-black/20">
        <button
          type="button"
          aria-label="Close"
          onClick={() => setVisible(false)}
          className="absolute right-3 top-3 rounded-md p-1 text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
        <div className="flex items-start gap-3">
          <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-primary">
            <Cookie className="size-5" aria-hidden="true" />
          </span>
          <div className="space-y-1">
            <h2 className="font-semibold">We use cookies</h2>
            <p className="text-sm text-muted-foreground">
              Essential cookies keep you signed in. With your consent we also use cookies for analytics and advertising.
              Read our{" "}
              <Link href="/cookie-policy" className="font-medium text-primary underline-offset-4 hover:underline">
                Cookie Policy
              </Link>
              .
            </p>
          </div>
        </div>
        <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" size="sm" onClick={() => choose("essential")}>
            Essential Only
          </Button>
          <Button size="sm" onClick={() => choose("all")}>
            Accept All
          </Button>
        </div>
      </div>
    </section>
  );
}
