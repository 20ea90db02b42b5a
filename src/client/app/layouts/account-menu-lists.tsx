import { Library, LogIn, LogOut, MessageCircle, Palette, Settings, User, UserPlus, Users } from "lucide-react";
import type { ReactNode, Ref } from "react";
import { Link } from "wouter";
import { UserAvatar } from "@/components/ui/avatar";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { LOGOUT_URL, loginUrl, type CurrentUser } from "@/lib/session";
import { AccountMenuButton } from "./account-menu-button";

/**
 * The header's account menus, signed in and signed out: loaded when their avatar button is first
 * used (account-menus.tsx renders the button until then, D73).
 */

function AccountMenuTrigger({
  label,
  triggerRef,
  children,
}: {
  label: string;
  triggerRef?: Ref<HTMLButtonElement>;
  children: ReactNode;
}) {
  return (
    <DropdownMenuTrigger asChild>
      <AccountMenuButton label={label} ref={triggerRef}>
        {children}
      </AccountMenuButton>
    </DropdownMenuTrigger>
  );
}

export function AccountMenu({
  user,
  unreadMessages,
  triggerRef,
}: {
  user: CurrentUser;
  unreadMessages: number | null;
  triggerRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <DropdownMenu>
      <AccountMenuTrigger label={`Account menu for ${user.username}`} triggerRef={triggerRef}>
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
        {/* D130: the studio, for creators (admins reach it from the CMS) */}
        {user.role === "creator" || user.role === "admin" ? (
          <DropdownMenuItem asChild>
            <Link href="/studio">
              <Palette aria-hidden="true" />
              Studio
            </Link>
          </DropdownMenuItem>
        ) : null}
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
  );
}

export function GuestMenu({ returnTo, triggerRef }: { returnTo: string; triggerRef?: Ref<HTMLButtonElement> }) {
  return (
    <DropdownMenu>
      <AccountMenuTrigger label="Guest account menu" triggerRef={triggerRef}>
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
  );
}
