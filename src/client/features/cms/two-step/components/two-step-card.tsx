import { Check, Copy, Loader2, ShieldCheck, ShieldOff, Smartphone } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { useConfirmIdentity } from "@/components/step-up-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { Field, fieldAria } from "@/features/cms/shared/components/field";
import { ApiError, errorMessage } from "@/lib/api-client";
import type { TwoStepSetupResponse } from "@contract/admin/two-step";
import { TWO_STEP_TEXTS } from "@contract/two-step-constants";
import { useConfirmTwoStep, useDisableTwoStep, useStartTwoStep, useTwoStepStatus } from "../api/two-step";

const SIX_DIGITS = /^\d{6}$/;

/** The secret in groups of four, easier to type into an app by hand. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, "$1 ").trim();
}

/** A 400/409's own words, or a generic line for anything else. */
function failure(err: unknown): string {
  return err instanceof ApiError && err.status < 500 ? err.serverMessage : `Something went wrong: ${errorMessage(err)}`;
}

/**
 * The signed-in staff member's two-step sign-in. Off: "Set up" shows a QR code and the secret as text
 * (once), and the first code from the app turns it on; then the 10 recovery codes are shown once. On: how many
 * recovery codes are left, and turning it off with a current code (inside a `StepUpProvider`, which asks for
 * fresh proof when the server wants it). While the staff member must enrol (right
 * after an admin's first sign-in) it is a walk-through whose last step, the saved recovery codes, calls `onEnrolled`
 * (the screen goes on into the CMS).
 */
export function TwoStepCard({ onEnrolled }: { onEnrolled?: () => void }) {
  const uid = useId();
  const status = useTwoStepStatus();
  const start = useStartTwoStep();
  const confirm = useConfirmTwoStep();
  const disable = useDisableTwoStep();
  const confirmIdentity = useConfirmIdentity();
  const [setup, setSetup] = useState<TwoStepSetupResponse | null>(null);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [copied, setCopied] = useState(false);
  // whether this set-up is the walk-through that must end before the rest of the CMS answers
  const [enrolling, setEnrolling] = useState(false);

  function begin() {
    setEnrolling(status.data?.mustEnrol === true);
    start.mutate(undefined, {
      onSuccess: (data) => {
        setSetup(data);
        setCode("");
        setCodeError(undefined);
      },
      onError: (err) =>
        toast({ title: "Could not start the set-up", description: failure(err), variant: "destructive" }),
    });
  }

  function submitConfirm(e: FormEvent) {
    e.preventDefault();
    const value = code.trim();
    if (!SIX_DIGITS.test(value)) {
      setCodeError("Enter the 6-digit code your app shows");
      return;
    }
    confirm.mutate(value, {
      onSuccess: (data) => {
        setSetup(null);
        setCode("");
        setRecoveryCodes(data.recoveryCodes);
        toast({ title: "Two-step sign-in is on" });
      },
      onError: (err) => setCodeError(failure(err)),
    });
  }

  function submitDisable(e: FormEvent) {
    e.preventDefault();
    const value = code.trim();
    if (!value) {
      setCodeError(TWO_STEP_TEXTS.codeFormat);
      return;
    }
    turnOff(value);
  }

  // D105: a refusal for want of fresh proof opens "Confirm it's you"; once confirmed, the same code is sent again.
  function turnOff(value: string) {
    disable.mutate(value, {
      onSuccess: (data) => {
        setCode("");
        setCodeError(undefined);
        toast({ title: data.message });
      },
      onError: (err) => {
        if (!confirmIdentity(err, () => turnOff(value))) setCodeError(failure(err));
      },
    });
  }

  async function copyCodes() {
    if (!recoveryCodes) return;
    try {
      await navigator.clipboard.writeText(recoveryCodes.join("\n"));
      setCopied(true);
    } catch {
      toast({
        title: "Could not copy",
        description: "Select the codes and copy them by hand.",
        variant: "destructive",
      });
    }
  }

  const data = status.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {data?.enabled ? (
            <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
          ) : (
            <Smartphone className="size-5" aria-hidden="true" />
          )}
          Authenticator app
        </CardTitle>
        <CardDescription>
          After the emailed code, your sign-in also asks for a code from an authenticator app on your phone (such as
          Google Authenticator, Microsoft Authenticator, 1Password or Aegis).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {data?.mustEnrol && !recoveryCodes ? (
          <section
            aria-labelledby={`${uid}-enrol`}
            className="grid gap-2 rounded-lg border border-primary/30 bg-primary/5 px-4 py-3 text-sm"
          >
            <h2 id={`${uid}-enrol`} className="font-semibold">
              {TWO_STEP_TEXTS.enrolTitle}
            </h2>
            <p className="text-muted-foreground">{TWO_STEP_TEXTS.enrolIntro}</p>
            <EnrolSteps current={setup ? 2 : 1} />
          </section>
        ) : null}

        {recoveryCodes ? (
          <section aria-labelledby={`${uid}-codes`} className="grid gap-3">
            <h2 id={`${uid}-codes`} className="font-semibold">
              Your recovery codes
            </h2>
            <p className="text-sm text-muted-foreground">
              {enrolling ? "Step 3 of 3. " : ""}
              {TWO_STEP_TEXTS.enabled} If you lose your phone, sign in with one of them instead of the app&apos;s code.
              They are shown only now.
            </p>
            <ul className="grid grid-cols-1 gap-2 rounded-lg border bg-muted/50 p-3 font-mono text-sm min-[420px]:grid-cols-2">
              {recoveryCodes.map((c) => (
                <li key={c} className="select-all">
                  {c}
                </li>
              ))}
            </ul>
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="outline" onClick={copyCodes}>
                {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                {copied ? "Copied" : "Copy codes"}
              </Button>
              <Button
                type="button"
                variant="gradient"
                onClick={() => {
                  setRecoveryCodes(null);
                  if (enrolling) onEnrolled?.();
                }}
              >
                {enrolling && onEnrolled ? TWO_STEP_TEXTS.savedContinue : "I have saved them"}
              </Button>
            </div>
          </section>
        ) : !data ? (
          status.isError ? (
            <p className="text-sm text-destructive">
              Could not load your two-step sign-in: {errorMessage(status.error)}
            </p>
          ) : (
            <Skeleton className="h-24 w-full" />
          )
        ) : data.enabled ? (
          <form onSubmit={submitDisable} noValidate className="grid gap-4">
            <p className="text-sm">
              <span className="font-medium">Two-step sign-in is on.</span>{" "}
              <span className="text-muted-foreground">
                {data.recoveryCodesLeft} unused recovery code{data.recoveryCodesLeft === 1 ? "" : "s"} left.
              </span>
            </p>
            {data.required ? (
              <p className="text-sm text-muted-foreground">
                This site requires two-step sign-in of your account: if you turn it off, you must set it up again before
                you can use the CMS.
              </p>
            ) : null}
            <Field
              id={`${uid}-off`}
              label="Turn off with a current code"
              hint="The 6-digit code from your app, or an unused recovery code."
              error={codeError}
            >
              <Input
                id={`${uid}-off`}
                autoComplete="one-time-code"
                autoCapitalize="off"
                spellCheck={false}
                maxLength={20}
                className="max-w-xs font-mono tracking-widest"
                value={code}
                onChange={(e) => {
                  setCode(e.target.value);
                  setCodeError(undefined);
                }}
                {...fieldAria(`${uid}-off`, codeError, true)}
              />
            </Field>
            <div>
              <Button type="submit" variant="outline" disabled={disable.isPending}>
                {disable.isPending ? (
                  <Loader2 className="animate-spin" aria-hidden="true" />
                ) : (
                  <ShieldOff aria-hidden="true" />
                )}
                {disable.isPending ? "Turning off..." : "Turn off two-step sign-in"}
              </Button>
            </div>
          </form>
        ) : setup ? (
          <form onSubmit={submitConfirm} noValidate className="grid gap-4">
            <ol className="grid gap-4 text-sm md:grid-cols-[auto_1fr] md:items-start">
              <li className="grid justify-items-center gap-2 md:justify-items-start">
                <span className="font-medium">1. Scan this QR code with your authenticator app</span>
                <img
                  src={setup.qrCode}
                  alt="QR code for your authenticator app"
                  width={192}
                  height={192}
                  className="rounded-lg border bg-white p-2"
                />
              </li>
              <li className="grid min-w-0 gap-2">
                <span className="font-medium">…or type this key into the app</span>
                <code className="break-words rounded-lg border bg-muted/50 px-3 py-2 font-mono text-sm">
                  {grouped(setup.secret)}
                </code>
                <span className="text-xs text-muted-foreground">
                  Time-based, 6 digits, every 30 seconds. The key is shown only during this set-up.
                </span>
              </li>
            </ol>
            <Field id={`${uid}-confirm`} label="2. Enter the code the app shows" error={codeError}>
              <Input
                id={`${uid}-confirm`}
                inputMode="numeric"
                autoComplete="one-time-code"
                placeholder="123456"
                maxLength={6}
                className="max-w-xs font-mono tracking-[0.4em]"
                value={code}
                autoFocus
                onChange={(e) => {
                  setCode(e.target.value.replace(/\s/g, "").slice(0, 6));
                  setCodeError(undefined);
                }}
                {...fieldAria(`${uid}-confirm`, codeError)}
              />
            </Field>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" variant="gradient" disabled={confirm.isPending}>
                {confirm.isPending ? (
                  <Loader2 className="animate-spin" aria-hidden="true" />
                ) : (
                  <ShieldCheck aria-hidden="true" />
                )}
                {confirm.isPending ? "Checking..." : "Turn on two-step sign-in"}
              </Button>
              {/* D106: while it must be set up there is nowhere to go back to but its first step */}
              <Button type="button" variant="ghost" onClick={() => setSetup(null)}>
                {data.mustEnrol ? "Start over" : "Cancel"}
              </Button>
            </div>
          </form>
        ) : (
          <div className="grid gap-3">
            <p className="text-sm">
              <span className="font-medium">Two-step sign-in is off.</span>{" "}
              <span className="text-muted-foreground">
                {data.mustEnrol
                  ? TWO_STEP_TEXTS.offRequired
                  : "Anyone who can read your mailbox can sign in to the CMS as you."}
              </span>
            </p>
            <div>
              <Button type="button" variant="gradient" onClick={begin} disabled={start.isPending}>
                {start.isPending ? (
                  <Loader2 className="animate-spin" aria-hidden="true" />
                ) : (
                  <Smartphone aria-hidden="true" />
                )}
                {start.isPending ? "Preparing..." : "Set up an authenticator app"}
              </Button>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

const ENROL_STEPS = ["Scan the QR code", "Enter the app's code", "Keep your recovery codes"] as const;

/** D106: where the walk-through is (1 to 3). */
function EnrolSteps({ current }: { current: 1 | 2 | 3 }) {
  return (
    <ol className="flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-label="Set-up steps">
      {ENROL_STEPS.map((label, i) => (
        <li
          key={label}
          aria-current={i + 1 === current ? "step" : undefined}
          className={i + 1 === current ? "font-semibold text-foreground" : "text-muted-foreground"}
        >
          {i + 1}. {label}
        </li>
      ))}
    </ol>
  );
}
