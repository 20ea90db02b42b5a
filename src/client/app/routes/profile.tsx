import { Home, UserX } from "lucide-react";
import { Suspense } from "react";
import { Link, useLocation } from "wouter";
import { Container } from "@/components/container";
import { EmptyState } from "@/components/empty-state";
import { PageTitle } from "@/components/page-title";
import { buttonClasses } from "@/components/ui/button";
import { PlainProfileActions, SignedOutProfileActions } from "@/features/friends/profile-plain-actions";
import { useUserProfile, useViewerProfile } from "@/features/profile/api/get-user-profile";
import { useUserStats } from "@/features/profile/api/get-user-stats";
import { ProfileHeader, ProfileHeaderSkeleton } from "@/features/profile/components/profile-header";
import { ProfileTabs } from "@/features/profile/components/profile-tabs";
import { ApiError } from "@/lib/api-client";
import { lazyPart } from "@/lib/lazy-component";
import { loginUrl, useCurrentUser } from "@/lib/session";
import { useContent } from "@/lib/site-content";
import { MISSING_TITLES, profileDescription } from "@contract/pages";

/**
 * D73: Message / Add Friend with their menus and dialog, loaded only once a signed-in visitor is known to be on
 * someone else's profile; until then (on the server, while hydrating, for a visitor who is not signed in) the plain
 * buttons of profile-plain-actions.tsx stand there, the same as ProfileActions' own in those cases.
 */
const ProfileActions = lazyPart("profile-actions", () =>
  import("@/features/friends/profile-actions").then((m) => m.ProfileActions),
);
/**
 * The report button's chunk (here only its dialog's holder; the dialog is another chunk, loaded when "Report
 * profile" is chosen); neither is loaded before the first interaction (D73): the first comes once a signed-in player is
 * shown someone else's profile. Nobody is signed in on the server's render, so it never renders there.
 */
const ReportButton = lazyPart("report-profile", () =>
  import("@/features/reports/report-button").then((m) => m.ReportButton),
);
/** Opened by "Report profile" in the profile's More menu (the dialog only: the menu item is the button). */
const reportProfile = (
  { id, author }: { id: number; author: string },
  dialog: { open: boolean; onOpenChange: (open: boolean) => void },
) => (
  <Suspense fallback={null}>
    <ReportButton kind="profile" targetId={id} author={author} {...dialog} />
  </Suspense>
);

function ProfileActionsSlot({ user }: { user: { id: number; username: string } }) {
  const me = useCurrentUser();
  const [location] = useLocation();
  if (me.isLoading) return <PlainProfileActions />;
  if (!me.user) return <SignedOutProfileActions login={loginUrl({ returnTo: location })} />;
  if (me.user.id === user.id) return null;
  return (
    <Suspense fallback={<PlainProfileActions waiting />}>
      <ProfileActions user={user} renderReport={reportProfile} />
    </Suspense>
  );
}

/** A positive integer id, else null (then the user cannot exist: no request is made). */
function parseUserId(id: string): number | null {
  if (!/^\d{1,10}$/.test(id)) return null;
  const n = Number(id);
  return n > 0 && n <= 2147483647 ? n : null;
}

function UserNotFound() {
  return (
    <>
      <PageTitle title={MISSING_TITLES.profile} />
      <Container className="py-16">
        <EmptyState
          icon={<UserX />}
          title={MISSING_TITLES.profile}
          description="Sorry, we couldn't find the player you're looking for."
          action={
            <Link href="/" className={buttonClasses("gradient")}>
              <Home aria-hidden="true" />
              Return Home
            </Link>
          }
        />
      </Container>
    </>
  );
}

/** /profile/{id} (D25: real data only, never random numbers). */
export function ProfileScreen({ id }: { id: string }) {
  const userId = parseUserId(id);
  const profile = useUserProfile(userId);
  const { user: me } = useCurrentUser();
  // D87: a restricted answer (the server's render is a signed-out visitor's) is asked again with the visitor's session.
  const asViewer = useViewerProfile(userId, profile.data?.restricted === true && me !== null);
  const shown = asViewer.data ?? profile.data;
  const stats = useUserStats(shown && !shown.restricted ? userId : null);
  const siteName = useContent()("site.name");

  if (userId === null) return <UserNotFound />;
  if (profile.isPending) {
    return (
      <>
        <PageTitle title="Player Profile" />
        <ProfileHeaderSkeleton />
      </>
    );
  }
  if (profile.isError) {
    if (profile.error instanceof ApiError && (profile.error.status === 404 || profile.error.status === 400))
      return <UserNotFound />;
    return (
      <>
        <PageTitle title="Player Profile" />
        <Container className="py-16">
          <EmptyState
            icon={<UserX />}
            title="Failed to load this profile"
            description="Please try again in a moment."
          />
        </Container>
      </>
    );
  }
  const p = shown ?? profile.data;
  return (
    <>
      <PageTitle title={p.username} description={profileDescription(siteName, p.username)} />
      <ProfileHeader profile={p} isSelf={me?.id === p.id} actions={<ProfileActionsSlot user={p} />} />
      {p.restricted ? null : (
        <Container className="py-8 lg:py-10">
          <ProfileTabs
            stats={stats.data}
            isPending={stats.isPending}
            isError={stats.isError}
            username={p.username}
            userId={p.id}
          />
        </Container>
      )}
    </>
  );
}
