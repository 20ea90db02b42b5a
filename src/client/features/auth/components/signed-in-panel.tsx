import { ArrowRight, LogOut, User } from "lucide-react";
import { Link } from "wouter";
import { UserAvatar } from "@/components/ui/avatar";
import { buttonClasses } from "@/components/ui/button";
import { LOGOUT_URL, type CurrentUser } from "@/lib/session";

/** Already signed in: say who, and offer the way onward (D10). */
export function SignedInPanel({ user, returnTo }: { user: CurrentUser; returnTo: string }) {
  return (
    <div className="flex flex-col items-center gap-4 py-4 text-center">
      <UserAvatar username={user.username} src={user.avatarUrl} className="size-16 text-base [&>span]:text-lg" />
      <div>
        <h1 className="text-2xl font-bold tracking-tight">You're signed in</h1>
        <p className="mt-1 text-muted-foreground">
          Signed in as <strong className="font-semibold text-foreground">{user.username}</strong>.
        </p>
      </div>
      <div className="mt-2 grid w-full gap-2">
        <Link href={returnTo} className={buttonClasses("gradient", "lg", "w-full")}>
          {returnTo === "/" ? "Go to the home page" : "Continue"}
          <ArrowRight aria-hidden="true" />
        </Link>
        <Link href={`/profile/${user.id}`} className={buttonClasses("outline", "lg", "w-full")}>
          <User aria-hidden="true" />
          View your profile
        </Link>
      </div>
      <p className="text-sm text-muted-foreground">
        Not you?{" "}
        <a
          href={LOGOUT_URL}
          className="inline-flex items-center gap-1 font-medium text-primary hover:underline dark:text-violet-300"
        >
          <LogOut className="size-3.5" aria-hidden="true" />
          Sign out
        </a>
      </p>
    </div>
  );
}
