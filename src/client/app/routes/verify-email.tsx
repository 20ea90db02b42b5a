import { CircleCheck, CircleX, LogIn, MailCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useSearch } from "wouter";
import { Container } from "@/components/container";
import { EmptyState } from "@/components/empty-state";
import { PageTitle } from "@/components/page-title";
import { buttonClasses } from "@/components/ui/button";
import { useVerifyEmail } from "@/features/settings/api/account";
import { errorMessage } from "@/lib/api-client";
import { loginUrl, useCurrentUser } from "@/lib/session";

/** D87 /settings/verify-email?token=…: the link of the verification mail; posts the token once and says how it went. */
export function VerifyEmailScreen() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const { user, isLoading } = useCurrentUser();
  const verify = useVerifyEmail();
  const sent = useRef(false);

  useEffect(() => {
    if (!user || !token || sent.current) return;
    sent.current = true;
    verify.mutate(token);
  }, [user, token, verify]);

  const settingsLink = (
    <Link href="/settings" className={buttonClasses("gradient")}>
      Go to Settings
    </Link>
  );
  let body;
  if (!token) {
    body = (
      <EmptyState
        icon={<CircleX />}
        title="This link is not complete"
        description="Please open the link from the email again, or ask for a new one in Settings."
        action={settingsLink}
      />
    );
  } else if (isLoading || (user && (verify.isIdle || verify.isPending))) {
    body = (
      <div role="status" className="flex min-h-60 flex-col items-center justify-center gap-3 text-muted-foreground">
        <MailCheck className="size-8 animate-pulse" aria-hidden="true" />
        Confirming your email address…
      </div>
    );
  } else if (!user) {
    const here = `/settings/verify-email?token=${encodeURIComponent(token)}`;
    body = (
      <EmptyState
        icon={<LogIn />}
        title="Sign in to confirm your email"
        description="Sign in to the account that asked for this link; the address is confirmed right after."
        action={
          <a href={loginUrl({ returnTo: here })} className={buttonClasses("gradient")}>
            <LogIn aria-hidden="true" />
            Sign In
          </a>
        }
      />
    );
  } else if (verify.isSuccess) {
    body = (
      <EmptyState
        icon={<CircleCheck />}
        title="Email address confirmed"
        description={`Your email address is now ${verify.data.email}.`}
        action={settingsLink}
      />
    );
  } else {
    body = (
      <EmptyState
        icon={<CircleX />}
        title="Could not confirm your email"
        description={errorMessage(verify.error)}
        action={settingsLink}
      />
    );
  }

  return (
    <>
      <PageTitle title="Confirm your email" />
      <Container className="py-12 sm:py-16">{body}</Container>
    </>
  );
}
