import { BadgeCheck, CircleAlert, KeyRound, Mail } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { FormAlert, FormField } from "@/components/form-field";
import { PasswordInput } from "@/components/password-input";
import { useConfirmIdentity } from "@/components/step-up-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import type { AccountSettings } from "@contract/me";
import { EMAIL_TOKEN_TTL_HOURS } from "@contract/me-constants";
import { COMMON_PASSWORD_MESSAGE } from "@contract/password-constants";
import { useChangeEmail, useChangePassword } from "../api/account";
import { SettingsCard } from "./settings-card";

/** D87: the email (with its verification state) and the password. */
export function AccountSection({ settings }: { settings: AccountSettings }) {
  return (
    <SettingsCard id="account" title="Account" description="Your email address and password.">
      <div className="grid gap-8">
        <EmailForm settings={settings} />
        <div className="h-px bg-border" aria-hidden="true" />
        <PasswordForm hasPassword={settings.hasPassword} />
      </div>
    </SettingsCard>
  );
}

function EmailForm({ settings }: { settings: AccountSettings }) {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const change = useChangeEmail();
  const confirmIdentity = useConfirmIdentity();

  function send(value: string) {
    setError(undefined);
    change.mutate(value, {
      onSuccess: (res) => {
        setEmail("");
        toast({ title: "Check your inbox", description: res.message });
      },
      // D105: a new address needs proof; once given, the link is sent
      onError: (err) => {
        if (!confirmIdentity(err, () => send(value))) setError(errorMessage(err));
      },
    });
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const value = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
      setError("Please enter a valid email address");
      return;
    }
    send(value);
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Mail className="size-5 text-muted-foreground" aria-hidden="true" />
        <span className="min-w-0 break-all font-medium">
          {settings.email ?? (settings.pendingEmail ? "No confirmed email address yet" : "No email address yet")}
        </span>
        {settings.email ? (
          settings.emailVerified ? (
            <Badge className="bg-emerald-700 text-white">
              <BadgeCheck aria-hidden="true" />
              Verified
            </Badge>
          ) : (
            <Badge variant="outline" className="border-amber-500/60 text-amber-800 dark:text-amber-300">
              <CircleAlert aria-hidden="true" />
              Not verified
            </Badge>
          )
        ) : null}
      </div>
      {settings.pendingEmail ? (
        <FormAlert tone="info">
          We sent a verification link to <strong className="break-all">{settings.pendingEmail}</strong>. Open it within{" "}
          {EMAIL_TOKEN_TTL_HOURS} hours to use this address;{" "}
          {settings.email ? "until then your current address stays." : "until then, sign in with your username."}{" "}
          <button
            type="button"
            onClick={() => send(settings.pendingEmail!)}
            disabled={change.isPending}
            className="font-medium text-primary underline-offset-2 hover:underline focus-visible:underline focus-visible:outline-none disabled:opacity-60 dark:text-violet-300"
          >
            Send the link again
          </button>
        </FormAlert>
      ) : settings.email && !settings.emailVerified ? (
        <FormAlert tone="info">
          This address signs you in once it is confirmed.{" "}
          <button
            type="button"
            onClick={() => send(settings.email!)}
            disabled={change.isPending}
            className="font-medium text-primary underline-offset-2 hover:underline focus-visible:underline focus-visible:outline-none disabled:opacity-60 dark:text-violet-300"
          >
            Send a verification link
          </button>
        </FormAlert>
      ) : null}
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <FormField label={settings.email ? "New email address" : "Email address"} error={error}>
          {(field) => (
            <Input
              {...field}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              placeholder="you@example.com"
              maxLength={254}
            />
          )}
        </FormField>
        <Button type="submit" variant="outline" disabled={change.isPending} className={error ? "sm:mb-7" : undefined}>
          {change.isPending ? "Sending…" : "Send verification link"}
        </Button>
      </form>
    </div>
  );
}

function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<{ current?: string; next?: string; confirm?: string; form?: string }>({});
  const [focusFirstError, setFocusFirstError] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const change = useChangePassword();
  const confirmIdentity = useConfirmIdentity();

  // After the server refused the new password, focus moves to it.
  useEffect(() => {
    if (!focusFirstError) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusFirstError]);

  function submit(e: FormEvent) {
    e.preventDefault();
    const found: typeof errors = {};
    if (hasPassword && !current) found.current = "Please enter your current password";
    if (next.length < 8) found.next = "Password must be at least 8 characters";
    else if (next.length > 128) found.next = "Password must be at most 128 characters";
    if (confirm !== next) found.confirm = "The passwords do not match";
    setErrors(found);
    if (Object.keys(found).length) return;
    save(hasPassword ? { currentPassword: current, newPassword: next } : { newPassword: next });
  }

  function save(input: { currentPassword?: string; newPassword: string }) {
    change.mutate(input, {
      onSuccess: () => {
        setCurrent("");
        setNext("");
        setConfirm("");
        toast({
          title: hasPassword ? "Password changed" : "Password set",
          description: "You were signed out on your other devices.",
        });
      },
      onError: (err) => {
        // D105: a first password needs proof (a code or Google); once given, it is saved
        if (confirmIdentity(err, () => save(input))) return;
        const message = errorMessage(err);
        // A common password is refused by the server (the list stays there); shown by its field
        if (message === COMMON_PASSWORD_MESSAGE) {
          setErrors({ next: message });
          setFocusFirstError((n) => n + 1);
        } else setErrors({ form: message });
      },
    });
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="grid gap-4">
      <div className="flex items-center gap-3">
        <KeyRound className="size-5 text-muted-foreground" aria-hidden="true" />
        <h3 className="font-medium">{hasPassword ? "Change password" : "Set a password"}</h3>
      </div>
      {!hasPassword ? (
        <p className="text-sm text-muted-foreground">
          You sign in without a password. A password lets you sign in with your username too; first we confirm
          it&rsquo;s you.
        </p>
      ) : null}
      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      <div className="grid items-start gap-4 sm:grid-cols-2">
        {hasPassword ? (
          <FormField label="Current password" error={errors.current} className="sm:col-span-2">
            {(field) => (
              <PasswordInput
                {...field}
                autoComplete="current-password"
                value={current}
                onChange={(e) => setCurrent(e.target.value)}
                maxLength={1024}
              />
            )}
          </FormField>
        ) : null}
        <FormField label="New password" hint="At least 8 characters, and not a common password." error={errors.next}>
          {(field) => (
            <PasswordInput
              {...field}
              autoComplete="new-password"
              value={next}
              onChange={(e) => setNext(e.target.value)}
              maxLength={128}
            />
          )}
        </FormField>
        <FormField label="Confirm new password" error={errors.confirm}>
          {(field) => (
            <PasswordInput
              {...field}
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              maxLength={128}
            />
          )}
        </FormField>
      </div>
      <div>
        <Button type="submit" variant="gradient" disabled={change.isPending}>
          {change.isPending ? "Saving…" : hasPassword ? "Change password" : "Set password"}
        </Button>
      </div>
    </form>
  );
}
