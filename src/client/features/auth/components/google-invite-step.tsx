import { UserPlus } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link } from "wouter";
import { FormAlert, FormField } from "@/components/form-field";
import { Input } from "@/components/ui/input";
import { ApiError } from "@/lib/api-client";
import type { CurrentUser } from "@contract/auth";
import { GOOGLE_SIGN_UP_EXPIRED } from "@contract/auth-constants";
import { useFinishGoogleSignUp } from "../api/google-signup";
import { AuthSubmitButton } from "./auth-form-parts";
import { GoogleSignInButton } from "./google-button";

/**
 * D98: the step a first Google sign-in stops at on an invite-only site (`/login?google=invite`). The
 * account is created only once the invite code is accepted; a wrong code is said by the field and can be retyped;
 * an expired step offers Google again.
 */
export function GoogleInviteStep({
  siteName,
  returnTo,
  onSignedUp,
}: {
  siteName: string;
  returnTo: string;
  onSignedUp: (user: CurrentUser) => void;
}) {
  const [code, setCode] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [focusField, setFocusField] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const signUp = useFinishGoogleSignUp({ onSuccess: onSignedUp });

  useEffect(() => {
    if (focusField) inputRef.current?.focus();
  }, [focusField]);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (signUp.isPending) return;
    if (!code.trim()) {
      setFieldError("Please enter the invite code you were given");
      setFocusField((n) => n + 1);
      return;
    }
    setFieldError(null);
    setFormError(null);
    signUp.mutate(code.trim(), {
      onError: (err) => {
        const message = err instanceof ApiError ? err.serverMessage : "";
        if (message === GOOGLE_SIGN_UP_EXPIRED) {
          setExpired(true);
          setFormError(message);
        } else if (err instanceof ApiError && err.status === 400 && /invite code/i.test(message)) {
          setFieldError(message);
          setFocusField((n) => n + 1);
        } else {
          setFormError(message || "Your account could not be created. Please try again.");
        }
      },
    });
  }

  return (
    <div>
      <div className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">One more step</h1>
        <p className="mt-1.5 text-sm text-muted-foreground">
          {siteName} is invite-only. Enter the invite code you were given (by your teacher or the site&apos;s team) to
          finish creating your account with Google.
        </p>
      </div>
      {expired ? (
        <div className="grid gap-4">
          <FormAlert>{formError}</FormAlert>
          <GoogleSignInButton returnTo={returnTo} />
        </div>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Finish creating your account" className="grid gap-4">
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <FormField
            label="Invite code"
            hint="Letters, digits, '-' or '_'. Capitals do not matter."
            error={fieldError ?? undefined}
          >
            {(p) => (
              <Input
                {...p}
                ref={inputRef}
                name="inviteCode"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                autoFocus
                value={code}
                onChange={(e) => {
                  setCode(e.target.value);
                  if (fieldError) setFieldError(null);
                }}
              />
            )}
          </FormField>
          <AuthSubmitButton pending={signUp.isPending} icon={UserPlus} pendingLabel="Creating account...">
            Create Account
          </AuthSubmitButton>
        </form>
      )}
      <p className="mt-5 text-center text-sm text-muted-foreground">
        Already have an account?{" "}
        <Link href="/login" className="font-medium text-primary hover:underline dark:text-violet-300">
          Sign in
        </Link>
      </p>
    </div>
  );
}
