import { Cookie, X } from "lucide-react";
import { Suspense, useEffect, useState } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { saveAccountConsent } from "@/lib/account-consent";
import {
  ALL_OFF,
  ALL_ON,
  onConsentChange,
  onConsentSettingsRequest,
  readStoredConsent,
  storeConsent,
  type ConsentChoice,
} from "@/lib/cookie-consent";
import { useHydrated } from "@/lib/hydration";
import { lazyPart } from "@/lib/lazy-component";
import { useCurrentUser } from "@/lib/session";
import { useConsentTool } from "./consent-runtime";

// The dialog's code (Radix Dialog) is loaded when it is first opened, not with every page (D73).
const CookieSettingsDialog = lazyPart("cookie-settings", () =>
  import("./cookie-settings-dialog").then((m) => m.CookieSettingsDialog),
);

/**
 * Spec §2 Cookie notice: shown while no consent is stored. 'Accept All' stores `all`,
 * 'Essential Only' stores `essential`, the close icon hides it for this visit only (stores nothing).
 * D150: "Customize" (and the footer's "Cookie settings") opens a choice per purpose; a signed-in player's choice is
 * saved on the account as well; a configured consent tool replaces the notice.
 */
export function CookieNotice() {
  const [stored, setStored] = useState(() => readStoredConsent());
  const [dismissed, setDismissed] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Each opening starts a new dialog (its switches from the stored choice); it stays mounted while it closes.
  const [opened, setOpened] = useState(0);
  // The consent is stored in this browser: a server-rendered page (D70) shows the notice once hydrated.
  const hydrated = useHydrated();
  const tool = useConsentTool();
  const { user } = useCurrentUser();

  // Another tab, the account's choice or the dialog: the notice follows what is stored.
  useEffect(() => onConsentChange(() => setStored(readStoredConsent())), []);
  useEffect(() => onConsentSettingsRequest(() => openSettings()), []);

  function openSettings() {
    setOpened((n) => n + 1);
    setSettingsOpen(true);
  }

  function choose(choice: ConsentChoice) {
    storeConsent(choice);
    setStored(readStoredConsent());
    setSettingsOpen(false);
    if (user) void saveAccountConsent(choice);
  }

  if (!hydrated || tool) return null;
  const noticeShown = stored === null && !dismissed;

  return (
    <>
      {opened > 0 && (
        <Suspense fallback={null}>
          <CookieSettingsDialog
            key={opened}
            open={settingsOpen}
            initial={stored?.choice ?? null}
            onOpenChange={setSettingsOpen}
            onChoose={choose}
          />
        </Suspense>
      )}
      {noticeShown && (
        <section
          aria-label="Cookie notice"
          className="fixed inset-x-0 bottom-0 z-50 p-3 sm:bottom-4 sm:left-4 sm:right-auto sm:max-w-md sm:p-0"
        >
          <div className="relative rounded-2xl border bg-popover p-5 pr-11 text-popover-foreground shadow-2xl shadow-black/20">
            <button
              type="button"
              aria-label="Close"
              onClick={() => setDismissed(true)}
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
                  Essential cookies keep you signed in. With your consent we also use cookies for analytics and
                  advertising. Read our{" "}
                  <Link href="/cookie-policy" className="font-medium text-primary underline-offset-4 hover:underline">
                    Cookie Policy
                  </Link>
                  .
                </p>
              </div>
            </div>
            <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-end">
              <Button variant="ghost" size="sm" aria-haspopup="dialog" onClick={openSettings} className="sm:mr-auto">
                Customize
              </Button>
              <Button variant="outline" size="sm" onClick={() => choose(ALL_OFF)}>
                Essential Only
              </Button>
              <Button size="sm" onClick={() => choose(ALL_ON)}>
                Accept All
              </Button>
            </div>
          </div>
        </section>
      )}
    </>
  );
}
