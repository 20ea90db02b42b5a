import { CircleCheck, CircleX, LogIn, Undo2 } from "lucide-react";
import { useSearch } from "wouter";
import { Container } from "@/components/container";
import { EmptyState } from "@/components/empty-state";
import { PageTitle } from "@/components/page-title";
import { Button, buttonClasses } from "@/components/ui/button";
import { useUndoChange } from "@/features/settings/api/step-up";
import { errorMessage } from "@/lib/api-client";
import { loginUrl } from "@/lib/session";

/**
 * D105 /account/undo?token=…: the link of the notice mailed after an email or password change. Nothing happens until
 * the button is pressed (mail scanners open links), and no session is needed (the owner may be signed out).
 */
export function UndoChangeScreen() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const undo = useUndoChange();
  const signIn = (
    <a href={loginUrl({ returnTo: "/settings" })} className={buttonClasses("gradient")}>
      <LogIn aria-hidden="true" />
      Sign In
    </a>
  );

  let body;
  if (!token) {
    body = (
      <EmptyState
        icon={<CircleX />}
        title="This link is not complete"
        description="Please open the link from the email again."
      />
    );
  } else if (undo.isSuccess) {
    body = (
      <EmptyState
        icon={<CircleCheck />}
        title="The change was undone"
        description={`${undo.data.message} Sign in again, then choose a new password in Settings.`}
        action={signIn}
      />
    );
  } else {
    body = (
      <EmptyState
        icon={<Undo2 />}
        title="Undo the change to your account?"
        description="Use this if you did not make the change we emailed you about. Every device signed in to your account is signed out."
        action={
          <div className="grid justify-items-center gap-3">
            {undo.isError ? (
              <p role="alert" className="text-sm text-destructive">
                {errorMessage(undo.error)}
              </p>
            ) : null}
            <Button variant="gradient" disabled={undo.isPending} onClick={() => undo.mutate(token)}>
              <Undo2 aria-hidden="true" />
              {undo.isPending ? "Undoing…" : "Undo the change"}
            </Button>
          </div>
        }
      />
    );
  }

  return (
    <>
      <PageTitle title="Undo a change to your account" />
      <Container className="py-12 sm:py-16">{body}</Container>
    </>
  );
}
