import { LogIn, UserPlus } from "lucide-react";
import { Link, useLocation } from "wouter";
import { buttonClasses } from "@/components/ui/button";
import { loginUrl } from "@/lib/session";

export const FRIENDS_SIGNED_OUT_TEXT = "Sign in to see how you rank against your friends";
export const FRIENDS_NONE_TEXT = "Add friends to compare scores";

/**
 * D84: the honest empty states of a friends board (home, /leaderboard, the game page): a visitor is asked to
 * sign in (and comes back here); a player without friends on the board is sent to /friends. Never invented players.
 */
export function FriendsBoardNotice({ kind, className }: { kind: "signedOut" | "noFriends"; className?: string }) {
  const [location] = useLocation();
  const signedOut = kind === "signedOut";
  const Icon = signedOut ? LogIn : UserPlus;
  return (
    <div
      className={className ?? "flex flex-col items-center gap-3 py-8 text-center"}
      data-testid="friends-board-notice"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <p className="max-w-sm font-medium">{signedOut ? FRIENDS_SIGNED_OUT_TEXT : FRIENDS_NONE_TEXT}</p>
      {signedOut ? (
        <a href={loginUrl({ returnTo: location })} className={buttonClasses("gradient", "sm")}>
          Sign In
        </a>
      ) : (
        <Link href="/friends" className={buttonClasses("outline", "sm")}>
          Find Friends
        </Link>
      )}
    </div>
  );
}
