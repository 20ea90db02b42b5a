import { LogIn } from "lucide-react";
import type { ReactNode } from "react";
import { useLocation } from "wouter";
import { EmptyState } from "@/components/empty-state";
import { buttonClasses } from "@/components/ui/button";
import { loginUrl, useCurrentUser, type CurrentUser } from "@/lib/session";

/**
 * A player's own screens (/friends, /notifications, …): shown to a signed-in player; a visitor is
 * asked to sign in and comes back here afterwards. Nothing personal renders on the server (D70).
 */
export function SignedInOnly({ what, children }: { what: string; children: (user: CurrentUser) => ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  const [location] = useLocation();
  if (isLoading) return <div role="status" aria-label="Loading" className="min-h-[60vh]" />;
  if (!user) {
    return (
      <EmptyState
        icon={<LogIn aria-hidden="true" />}
        title="Please sign in"
        description={`Sign in to see ${what}.`}
        action={
          <a href={loginUrl({ returnTo: location })} className={buttonClasses("gradient")}>
            Sign In
          </a>
        }
      />
    );
  }
  return <>{children(user)}</>;
}
