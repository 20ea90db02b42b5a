import { LogIn } from "lucide-react";
import { useEffect } from "react";
import { UserAvatar } from "@/components/ui/avatar";
import { buttonClasses } from "@/components/ui/button";
import { lazyPart } from "@/lib/lazy-component";
import { setLiveSession } from "@/lib/live-session";
import { CLOSED_MENU_TRIGGER, LoadOnInteraction } from "@/lib/load-on-interaction";
import { loginUrl } from "@/lib/session";
import { AccountMenuButton } from "./account-menu-button";

/**
 * The header's account controls when signed out, in a chunk of their own: they appear once the
 * session is known. The guest menu's code loads when its button is first used (D73).
 */
const GuestMenu = lazyPart("guest-menu", () => import("./account-menu-lists").then((m) => m.GuestMenu));

export function SignedOutControls({ returnTo }: { returnTo: string }) {
  // A live connection opened while signed in is replaced (lib/live-session.ts).
  useEffect(() => setLiveSession(null), []);
  return (
    <>
      {/* Full-page navigation to the server's login endpoint (D10). */}
      <a href={loginUrl({ returnTo })} className={buttonClasses("gradient", "sm", "px-2.5 sm:px-3")}>
        <LogIn className="hidden sm:block" aria-hidden="true" />
        Sign In
      </a>
      <LoadOnInteraction
        part={GuestMenu}
        standIn={(handlers) => (
          <AccountMenuButton label="Guest account menu" {...CLOSED_MENU_TRIGGER} {...handlers}>
            <UserAvatar username={null} />
          </AccountMenuButton>
        )}
      >
        {(triggerRef) => <GuestMenu returnTo={returnTo} triggerRef={triggerRef} />}
      </LoadOnInteraction>
    </>
  );
}
