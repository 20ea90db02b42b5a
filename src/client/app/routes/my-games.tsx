import { Library, LogIn } from "lucide-react";
import { Container } from "@/components/container";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { PageTitle } from "@/components/page-title";
import { buttonClasses } from "@/components/ui/button";
import { MyGamesSections } from "@/features/games/components/my-games";
import { loginUrl, useCurrentUser } from "@/lib/session";

/** My Games (/me/games, D86): signed-in only, rendered in the browser, noindex (the server marks the page). */
export function MyGamesScreen() {
  const { user, isLoading } = useCurrentUser();
  return (
    <>
      <PageTitle title="My Games" />
      <meta name="robots" content="noindex" />
      <PageHeader title="My Games" icon={<Library />} description="Your favourites and the games you played last." />
      <Container className="py-8 sm:py-10">
        {isLoading ? (
          <div role="status" aria-label="Loading" className="min-h-[40vh]" />
        ) : user ? (
          <MyGamesSections userId={user.id} />
        ) : (
          <EmptyState
            icon={<LogIn />}
            title="Sign in to see your games"
            description="Your favourites, recently played games and playtime are kept with your account."
            action={
              <a href={loginUrl({ returnTo: "/me/games" })} className={buttonClasses("gradient")}>
                Sign In
              </a>
            }
          />
        )}
      </Container>
    </>
  );
}
