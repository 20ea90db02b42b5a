import { LogIn, Settings } from "lucide-react";
import { useSearch } from "wouter";
import { Container } from "@/components/container";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { PageTitle } from "@/components/page-title";
import { StepUpProvider, useGoogleStepUpOutcome } from "@/components/step-up-dialog";
import { buttonClasses } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useAccountSettings } from "@/features/settings/api/get-settings";
import { AccountSection } from "@/features/settings/components/account-section";
import { CreatorSection } from "@/features/settings/components/creator-section";
import { DangerZone } from "@/features/settings/components/danger-zone";
import { DataSection } from "@/features/settings/components/data-section";
import { NotificationsSection, PrivacySection } from "@/features/settings/components/privacy-section";
import { ProfileSection } from "@/features/settings/components/profile-section";
import { SessionsSection } from "@/features/settings/components/sessions-section";
import { loginUrl, useCurrentUser } from "@/lib/session";

const SECTIONS = [
  ["profile", "Profile"],
  ["account", "Account"],
  ["privacy", "Privacy"],
  ["notifications", "Notifications"],
  ["sessions", "Sessions"],
  ["creator", "Publish your games"],
  ["data", "Your data"],
  ["danger", "Danger zone"],
] as const;

/** /settings (D87): signed-in only, rendered in the browser (noindex, personal). */
export function SettingsScreen() {
  const { user, isLoading } = useCurrentUser();
  const settings = useAccountSettings(Boolean(user));
  useGoogleStepUpOutcome(useSearch());

  return (
    <>
      <PageTitle title="Settings" />
      <PageHeader title="Settings" icon={<Settings />} description="Your profile, account, privacy and data." />
      <Container className="py-8 lg:py-10">
        {isLoading ? (
          <SettingsSkeleton />
        ) : !user ? (
          <EmptyState
            icon={<LogIn />}
            title="Sign in to see your settings"
            description="Your settings are only shown to you."
            action={
              <a href={loginUrl({ returnTo: "/settings" })} className={buttonClasses("gradient")}>
                <LogIn aria-hidden="true" />
                Sign In
              </a>
            }
          />
        ) : settings.isPending ? (
          <SettingsSkeleton />
        ) : settings.isError ? (
          <EmptyState
            icon={<Settings />}
            title="Could not load your settings"
            description="Please try again in a moment."
          />
        ) : (
          <div className="grid gap-8 lg:grid-cols-[200px_minmax(0,1fr)]">
            <nav aria-label="Settings sections" className="hidden lg:block">
              <ul className="sticky top-24 grid gap-1 text-sm">
                {SECTIONS.filter(([id]) => id !== "creator" || user.role !== "moderator").map(([id, label]) => (
                  <li key={id}>
                    <a
                      href={`#${id}`}
                      className="block rounded-lg px-3 py-2 text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      {label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <StepUpProvider returnTo="/settings">
              <div className="grid min-w-0 max-w-3xl gap-6">
                <ProfileSection user={user} />
                <AccountSection settings={settings.data} />
                <PrivacySection settings={settings.data} />
                <NotificationsSection settings={settings.data} />
                <SessionsSection />
                <CreatorSection user={user} />
                <DataSection />
                <DangerZone settings={settings.data} />
              </div>
            </StepUpProvider>
          </div>
        )}
      </Container>
    </>
  );
}

function SettingsSkeleton() {
  return (
    <div className="grid max-w-3xl gap-6 lg:ml-[232px]" role="status" aria-label="Loading">
      <Skeleton className="h-44 rounded-xl" />
      <Skeleton className="h-72 rounded-xl" />
      <Skeleton className="h-56 rounded-xl" />
    </div>
  );
}
