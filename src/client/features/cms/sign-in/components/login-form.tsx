import { ArrowLeft, KeyRound, Loader2, Mail, ShieldCheck, Smartphone } from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { Field, fieldAria } from "@/features/cms/shared/components/field";
import { useVerifySecondFactor } from "@/features/cms/two-step/api/two-step";
import { ApiError } from "@/lib/api-client";
import { adminEmailSchema, otpCodeSchema } from "@contract/admin/fields";
import type { AdminSelf } from "@contract/admin/sign-in";
import { TWO_STEP_TEXTS } from "@contract/two-step-constants";
import { useRequestOtp } from "../api/request-otp";
import { useVerifyOtp } from "../api/verify-otp";

export const OTP_LENGTH = 6;
export const EMAIL_MESSAGE = "Please enter a valid email address";
export const OTP_MESSAGE = "OTP must be 6 digits";
const NEUTRAL_MESSAGE = "If this address belongs to an administrator, a code has been sent.";

/** The second step takes the authenticator's 6 digits or a recovery code (xxxxx-xxxxx). */
export function secondFactorError(value: string): string | undefined {
  const v = value.trim();
  return /^\d{6}$/.test(v) || /^[a-z0-9]{5}[\s-]?[a-z0-9]{5}$/i.test(v) ? undefined : TWO_STEP_TEXTS.codeFormat;
}

/** The OTP field's rule (spec §5): exactly 6 digits after trimming. */
export function otpError(value: string): string | undefined {
  return otpCodeSchema.safeParse(value).success ? undefined : OTP_MESSAGE;
}

/**
 * /cms sign-in (D41). Step 1 asks for the email and requests a code; it
 * moves on only when the answer carries an otpSecret, otherwise the neutral message shows and the
 * step stays. Step 2 asks for the 6-digit code (auto-filled in development) and verifies it, then goes to
 * `landingFor(role, mustEnrol)`: the app's list of screens says where (an admin's dashboard, a moderator's reports;
 * the two-step set-up first for a staff member who must enrol).
 */
export function CmsLoginForm({ landingFor }: { landingFor: (role: AdminSelf["role"], mustEnrol?: boolean) => string }) {
  const [, navigate] = useLocation();
  const uid = useId();
  const emailId = `${uid}-email`;
  const otpId = `${uid}-otp`;
  const secondId = `${uid}-second`;
  const [step, setStep] = useState<"email" | "otp" | "second">("email");
  const [second, setSecond] = useState("");
  const [secondErr, setSecondErr] = useState<string>();
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState<string>();
  const [otp, setOtp] = useState("");
  const [otpErr, setOtpErr] = useState<string>();
  const [otpSecret, setOtpSecret] = useState("");
  const [notice, setNotice] = useState<string>();
  const emailRef = useRef<HTMLInputElement>(null);
  const requestOtp = useRequestOtp();
  const verifyOtp = useVerifyOtp();
  const verifySecond = useVerifySecondFactor();

  function submitEmail(e: FormEvent) {
    e.preventDefault();
    const parsed = adminEmailSchema.safeParse(email);
    if (!parsed.success) {
      setEmailError(EMAIL_MESSAGE);
      emailRef.current?.focus();
      return;
    }
    setEmailError(undefined);
    setNotice(undefined);
    requestOtp.mutate(parsed.data, {
      onSuccess: (data) => {
        if (data.otpSecret) {
          setOtpSecret(data.otpSecret);
          setNotice(data.message || NEUTRAL_MESSAGE);
          setOtp(data.otp ?? "");
          setOtpErr(undefined);
          setStep("otp");
        } else {
          setNotice(data.message || NEUTRAL_MESSAGE);
        }
      },
      onError: (err) => {
        // The server's own words for a refusal (400, 429); the spec's text for a network failure (§8).
        const description =
          err instanceof ApiError && err.status < 500 ? err.serverMessage : "Failed to request OTP. Please try again.";
        toast({ title: "Error", description, variant: "destructive" });
      },
    });
  }

  function submitOtp(e: FormEvent) {
    e.preventDefault();
    const code = otp.trim();
    const error = otpError(code);
    if (error) {
      setOtpErr(error);
      return;
    }
    verifyOtp.mutate(
      { email: email.trim().toLowerCase(), otp: code, otpSecret },
      {
        onSuccess: (data) => {
          if (data.user) {
            toast({ title: "Login Successful", description: `Welcome, ${data.user.username}.` });
            // D106: a staff member who must set up two-step sign-in goes straight to the set-up
            navigate(`~${landingFor(data.user.role, data.mustEnrol === true)}`);
          } else if (data.secondFactor) {
            // The emailed code was right; this staff member's authenticator is asked for next
            setNotice(data.message || TWO_STEP_TEXTS.secondFactorRequired);
            setSecond("");
            setSecondErr(undefined);
            setStep("second");
          } else {
            toast({
              title: "Login Failed",
              description: data.message || "Invalid OTP. Please try again.",
              variant: "destructive",
            });
          }
        },
        onError: (err) => {
          if (err instanceof ApiError) {
            toast({
              title: "Login Failed",
              description: err.serverMessage || "Invalid OTP. Please try again.",
              variant: "destructive",
            });
          } else {
            toast({ title: "Error", description: "Failed to verify OTP. Please try again.", variant: "destructive" });
          }
        },
      },
    );
  }

  function submitSecond(e: FormEvent) {
    e.preventDefault();
    const code = second.trim();
    const error = secondFactorError(code);
    if (error) {
      setSecondErr(error);
      return;
    }
    verifySecond.mutate(
      { email: email.trim().toLowerCase(), otpSecret, code },
      {
        onSuccess: (data) => {
          toast({ title: "Login Successful", description: `Welcome, ${data.user.username}.` });
          navigate(`~${landingFor(data.user.role)}`);
        },
        onError: (err) => {
          const description =
            err instanceof ApiError && err.status < 500
              ? err.serverMessage
              : "Failed to verify the code. Please try again.";
          toast({ title: "Login Failed", description, variant: "destructive" });
          setSecond("");
        },
      },
    );
  }

  function differentEmail() {
    setStep("email");
    setEmail("");
    setOtp("");
    setOtpSecret("");
    setEmailError(undefined);
    setOtpErr(undefined);
    setNotice(undefined);
    setSecond("");
    setSecondErr(undefined);
    requestOtp.reset();
    verifyOtp.reset();
    verifySecond.reset();
  }

  return (
    <Card className="shadow-xl">
      <CardHeader className="items-center text-center">
        <span className="mb-2 flex size-12 items-center justify-center rounded-2xl bg-gradient-to-br from-primary to-brand-2 text-white">
          <ShieldCheck className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">Admin Sign In</h1>
        <CardDescription>
          {step === "email"
            ? "Enter your administrator email to receive a one-time code."
            : step === "otp"
              ? `Enter the 6-digit code sent to ${email.trim()}.`
              : "Two-step sign-in: one more code, from your authenticator app."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {step === "email" ? (
          <form onSubmit={submitEmail} noValidate className="grid gap-4">
            <Field id={emailId} label="Email" error={emailError}>
              <div className="relative">
                <Mail
                  className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
                  aria-hidden="true"
                />
                <Input
                  id={emailId}
                  ref={emailRef}
                  type="email"
                  autoComplete="email"
                  placeholder="admin@example.com"
                  className="pl-9"
                  value={email}
                  autoFocus
                  onChange={(e) => {
                    setEmail(e.target.value);
                    if (emailError && adminEmailSchema.safeParse(e.target.value).success) setEmailError(undefined);
                  }}
                  {...fieldAria(emailId, emailError)}
                />
              </div>
            </Field>
            {notice ? (
              <p role="status" className="rounded-lg bg-muted px-3 py-2 text-sm text-muted-foreground">
                {notice}
              </p>
            ) : null}
            <Button type="submit" variant="gradient" disabled={requestOtp.isPending}>
              {requestOtp.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {requestOtp.isPending ? "Sending code..." : "Send code"}
            </Button>
          </form>
        ) : step === "second" ? (
          <form onSubmit={submitSecond} noValidate className="grid gap-4">
            {notice ? (
              <p role="status" className="rounded-lg bg-muted px-3 py-2 text-sm text-muted-foreground">
                {notice}
              </p>
            ) : null}
            <Field id={secondId} label="Authenticator code or recovery code" error={secondErr}>
              <div className="relative">
                <Smartphone
                  className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
                  aria-hidden="true"
                />
                <Input
                  id={secondId}
                  autoComplete="one-time-code"
                  autoCapitalize="off"
                  spellCheck={false}
                  placeholder="123456"
                  maxLength={20}
                  className="pl-9 font-mono tracking-widest"
                  value={second}
                  autoFocus
                  onChange={(e) => {
                    setSecond(e.target.value);
                    if (secondErr) setSecondErr(secondFactorError(e.target.value));
                  }}
                  {...fieldAria(secondId, secondErr)}
                />
              </div>
            </Field>
            <Button type="submit" variant="gradient" disabled={verifySecond.isPending}>
              {verifySecond.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {verifySecond.isPending ? "Verifying..." : "Verify & Sign In"}
            </Button>
            <Button type="button" variant="ghost" onClick={differentEmail}>
              <ArrowLeft aria-hidden="true" />
              Start again
            </Button>
          </form>
        ) : (
          <form onSubmit={submitOtp} noValidate className="grid gap-4">
            {notice ? (
              <p role="status" className="rounded-lg bg-muted px-3 py-2 text-sm text-muted-foreground">
                {notice}
              </p>
            ) : null}
            <Field id={otpId} label="Verification code" error={otpErr}>
              <div className="relative">
                <KeyRound
                  className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
                  aria-hidden="true"
                />
                <Input
                  id={otpId}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  placeholder="123456"
                  maxLength={OTP_LENGTH}
                  className="pl-9 font-mono tracking-[0.4em]"
                  value={otp}
                  autoFocus
                  onFocus={() => {
                    // Browsers sometimes autofill the email here (spec §5): start clean.
                    if (otp.includes("@")) setOtp("");
                  }}
                  onChange={(e) => {
                    const next = e.target.value.slice(0, OTP_LENGTH);
                    setOtp(next);
                    setOtpErr(otpError(next));
                  }}
                  {...fieldAria(otpId, otpErr)}
                />
              </div>
            </Field>
            <Button type="submit" variant="gradient" disabled={verifyOtp.isPending}>
              {verifyOtp.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {verifyOtp.isPending ? "Verifying..." : "Verify & Sign In"}
            </Button>
            <Button type="button" variant="ghost" onClick={differentEmail}>
              <ArrowLeft aria-hidden="true" />
              Try a different email
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
