import { useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { Container } from "@/components/container";
import { FormAlert } from "@/components/form-field";
import { PageTitle } from "@/components/page-title";
import { Card } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useAuthProviders } from "@/features/auth/api/get-providers";
import { AccountPerks } from "@/features/auth/components/account-perks";
import { GoogleSignInButton } from "@/features/auth/components/google-button";
import { GoogleInviteStep } from "@/features/auth/components/google-invite-step";
import { RegisterForm } from "@/features/auth/components/register-form";
import { RegisteredEmailPanel } from "@/features/auth/components/registered-email-panel";
import { SignInForm } from "@/features/auth/components/sign-in-form";
import { SignedInPanel } from "@/features/auth/components/signed-in-panel";
import { afterSignInPath, loginErrorFromQuery } from "@/features/auth/return-to";
import { useCurrentUser } from "@/lib/session";
import { useContent } from "@/lib/site-content";
import { GOOGLE_INVITE_STEP } from "@contract/auth-constants";
import { STATIC_PAGE_META } from "@contract/pages";

type Tab = "signin" | "register";

/**
 * D10 /login: tabs Sign In and Register (`?tab=register` opens Register), 'Continue with Google'
 * only when the server has Google configured, `?error=…` from the Google flow shown, and after
 * success the same-site `returnTo` (else '/'). `?google=invite` is the invite step a first Google
 * sign-in stops at on an invite-only site.
 */
export function LoginScreen() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const tab: Tab = params.get("tab") === "register" ? "register" : "signin";
  const returnTo = afterSignInPath(params.get("returnTo"));
  const queryError = loginErrorFromQuery(params.get("error"));
  const googleInviteStep = params.get("google") === GOOGLE_INVITE_STEP;
  const { user, isLoading } = useCurrentUser();
  const providers = useAuthProviders();
  const content = useContent();
  const siteName = content("site.name");

  function selectTab(next: string) {
    const qs = new URLSearchParams(search);
    if (next === "register") qs.set("tab", "register");
    else qs.delete("tab");
    qs.delete("error");
    const s = qs.toString();
    navigate(s ? `/login?${s}` : "/login", { replace: true });
  }

  const done = () => navigate(returnTo, { replace: true });
  // Registered with an email address → say that a link was sent (the address signs in once confirmed)
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);

  return (
    <>
      <PageTitle
        title={STATIC_PAGE_META["/login"].title}
        description={STATIC_PAGE_META["/login"].description(siteName)}
      />
      <Container className="flex justify-center py-8 sm:py-14">
        <Card className="grid w-full max-w-md overflow-hidden lg:max-w-5xl lg:grid-cols-2">
          <AccountPerks siteName={siteName} />
          <div className="flex flex-col justify-center p-5 sm:p-8 lg:p-10">
            {isLoading ? (
              <div className="flex min-h-80 items-center justify-center" role="status" aria-label="Loading">
                <span
                  className="size-8 animate-spin rounded-full border-4 border-muted border-t-primary"
                  aria-hidden="true"
                />
              </div>
            ) : user && registeredEmail ? (
              <RegisteredEmailPanel user={user} email={registeredEmail} returnTo={returnTo} />
            ) : user ? (
              <SignedInPanel user={user} returnTo={returnTo} />
            ) : googleInviteStep ? (
              <GoogleInviteStep siteName={siteName} returnTo={returnTo} onSignedUp={done} />
            ) : (
              <>
                <div className="mb-6">
                  <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
                    {tab === "register" ? "Create your account" : "Welcome back"}
                  </h1>
                  <p className="mt-1.5 text-sm text-muted-foreground">
                    {tab === "register"
                      ? `Join ${siteName} for free: save scores, write reviews and chat.`
                      : `Sign in to ${siteName} to save your scores, write reviews and chat.`}
                  </p>
                </div>
                {queryError ? <FormAlert className="mb-5">{queryError}</FormAlert> : null}
                {providers.data?.google ? (
                  <>
                    <GoogleSignInButton returnTo={returnTo} />
                    <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-wide text-muted-foreground">
                      <span className="h-px flex-1 bg-border" aria-hidden="true" />
                      or
                      <span className="h-px flex-1 bg-border" aria-hidden="true" />
                    </div>
                  </>
                ) : null}
                <Tabs value={tab} onValueChange={selectTab}>
                  <TabsList className="h-11 w-full">
                    <TabsTrigger value="signin" className="h-9 flex-1">
                      Sign In
                    </TabsTrigger>
                    <TabsTrigger value="register" className="h-9 flex-1">
                      Register
                    </TabsTrigger>
                  </TabsList>
                  <TabsContent value="signin" className="mt-6">
                    <SignInForm onSignedIn={done} />
                    <p className="mt-5 text-center text-sm text-muted-foreground">
                      New to {siteName}?{" "}
                      <button
                        type="button"
                        onClick={() => selectTab("register")}
                        className="font-medium text-primary hover:underline dark:text-violet-300 focus-visible:underline focus-visible:outline-none"
                      >
                        Create an account
                      </button>
                    </p>
                  </TabsContent>
                  <TabsContent value="register" className="mt-6">
                    <RegisterForm onRegistered={(_user, email) => (email ? setRegisteredEmail(email) : done())} />
                    <p className="mt-5 text-center text-xs text-muted-foreground">
                      By creating an account you agree to our{" "}
                      <Link
                        href="/terms-of-service"
                        className="font-medium text-primary hover:underline dark:text-violet-300"
                      >
                        Terms of Service
                      </Link>{" "}
                      and{" "}
                      <Link
                        href="/privacy-policy"
                        className="font-medium text-primary hover:underline dark:text-violet-300"
                      >
                        Privacy Policy
                      </Link>
                      . You must be at least 13 years old.
                    </p>
                  </TabsContent>
                </Tabs>
              </>
            )}
          </div>
        </Card>
      </Container>
    </>
  );
}
