import { Library, LogIn, LogOut, MessageCircle, Settings, User, UserPlus, Users } from "lucide-react";
import { useEffect } from "react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { UserAvatar } from "@/components/ui/avatar";
import { buttonClasses } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { setLiveSession } from "@/lib/live-socket";
import { LOGOUT_URL, loginUrl, type CurrentUser } from "@/lib/session";
import { NotificationBell } from "@/features/notifications/notification-bell";
import { useUnreadMessageCount } from "@/features/messages/api/messages";
import { usePlayerLive } from "./use-player-live";

/**
 * The header's account controls, signed in and signed out (spec §2 Header), in a chunk of their own: they
 * appear once the session is known, and their menu code is not needed before that (issue 13 item 6, D73).
 */

/**
 * The round avatar button that opens the account menu (signed in or guest). Its name is what it shows (the
 * avatar's initials, e.g. "GU") followed by what it does, in text for screen readers only: a name that
 * contains the visible label (WCAG 2.5.3, issue 13 item 7), so that "click GU" works with voice control.
 */
function AccountMenuTrigger({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DropdownMenuTrigger asChild>
      <button
        type="button"
        className="rounded-full outline-none ring-offset-2 ring-offset-background transition-shadow hover:ring-2 hover:ring-primary/40 focus-visible:ring-2 focus-visible:ring-ring"
      >
        {children} <span className="sr-only">{label}</span>
      </button>
    </DropdownMenuTrigger>
  );
}

export function SignedInControls({ user }: { user: CurrentUser }) {
  // Issue 15: the player's live events (notifications, friends, presence, messages) while signed in.
  usePlayerLive(user.id);
  const unreadMessages = useUnreadMessageCount();
  return (
    <>
      <NotificationBell />
      <DropdownMenu>
        <AccountMenuTrigger label={`Account menu for ${user.username}`}>
          <UserAvatar username={user.username} src={user.avatarUrl} />
        </AccountMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuLabel className="flex items-center gap-2.5 py-2">
            <UserAvatar username={user.username} src={user.avatarUrl} className="size-8" />
            <span className="truncate text-sm font-semibold text-foreground">{user.username}</span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link href={`/profile/${user.id}`}>
              <User aria-hidden="true" />
              Profile
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link href="/friends">
              <Users aria-hidden="true" />
              Friends
            </Link>
          </DropdownMenuItem>
          {/* D88 */}
          <DropdownMenuItem asChild>
            <Link href="/messages">
              <MessageCircle aria-hidden="true" />
              Messages
              {unreadMessages ? (
                <span className="ml-auto rounded-full bg-brand-2 px-1.5 text-[10px] font-bold leading-4 text-white">
                  {unreadMessages > 99 ? "99+" : unreadMessages}
                  <span className="sr-only"> unread</span>
                </span>
              ) : null}
            </Link>
          </DropdownMenuItem>
          {/* D86 */}
          <DropdownMenuItem asChild>
            <Link href="/me/games">
              <Library aria-hidden="true" />
              My Games
            </Link>
          </DropdownMenuItem>
          {/* D87 */}
          <DropdownMenuItem asChild>
            <Link href="/settings">
              <Settings aria-hidden="true" />
              Settings
            </Link>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            {/* Full-page navigation: the server ends the session and redirects (D13). */}
            <a href={LOGOUT_URL}>
              <LogOut aria-hidden="true" />
              Sign Out
            </a>
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}

export function SignedOutControls({ returnTo }: { returnTo: string }) {
  // Issue 15: a live connection opened while signed in is replaced (lib/live-socket.ts).
  useEffect(() => setLiveSession(null), []);
  return (
    <>
      {/* Full-page navigation to the server's login endpoint (spec §7, D10). */}
      <a href={loginUrl({ returnTo })} className={buttonClasses("gradient", "sm", "px-2.5 sm:px-3")}>
        <LogIn className="hidden sm:block" aria-hidden="true" />
        Sign In
      </a>
      <DropdownMenu>
        <AccountMenuTrigger label="Guest account menu">
          <UserAvatar username={null} />
        </AccountMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuLabel>Guest</DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <a href={loginUrl({ returnTo })}>
              <LogIn aria-hidden="true" />
              Sign In
            </a>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <a href={loginUrl({ register: true, returnTo })}>
              <UserPlus aria-hidden="true" />
              Register
            </a>
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}
