import { UserPlus } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { FormAlert, FormField } from "@/components/form-field";
import { PasswordInput } from "@/components/password-input";
import { Input } from "@/components/ui/input";
import { ApiError } from "@/lib/api-client";
import { checkWith, fieldErrorsOf, type FieldErrors } from "@/lib/api-form";
import { useContent } from "@/lib/site-content";
import type { CurrentUser } from "@contract/auth";
import { REGISTRATION_SETTING, registrationMode } from "@contract/community-constants";
import { COMMON_PASSWORD_MESSAGE } from "@contract/password-constants";
import { useRegister } from "../api/register";
import { AuthSubmitButton, UsernameInput } from "./auth-form-parts";

type Field = "username" | "email" | "password" | "inviteCode";
const FIELDS: Field[] = ["username", "email", "password", "inviteCode"];

/** The contract's rules, loaded when the form is used rather than with the page. */
const loadRegisterSchema = () => import("@contract/auth").then((m) => m.registerSchema);

/**
 * Which field a 409 or a 400 without field errors is about ('Username is already taken', a common password;
 * a taken email address is not refused).
 */
function conflictField(message: string): Field | null {
  if (message === COMMON_PASSWORD_MESSAGE) return "password";
  if (/invite code/i.test(message)) return "inviteCode";
  if (/user\s?name/i.test(message)) return "username";
  if (/e-?mail/i.test(message)) return "email";
  return null;
}

/**
 * Register (D11): username, password and an optional email. The contract's rules are checked
 * before sending (same messages as the server); the server's field errors (400 `errors[]`) and
 * conflicts (409) are shown by their fields, anything else above the form.
 */
export function RegisterForm({
  onRegistered,
}: {
  onRegistered: (user: CurrentUser, email: string | undefined) => void;
}) {
  const [values, setValues] = useState<Record<Field, string>>({
    username: "",
    email: "",
    password: "",
    inviteCode: "",
  });
  // D98: on an invite-only site (public content site.registration) the form asks for the invite code
  const inviteOnly = registrationMode(useContent()(`site.${REGISTRATION_SETTING}`)) === "invite";
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [focusFirstError, setFocusFirstError] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const checking = useRef(false);
  const registration = useRegister({ onSuccess: onRegistered });

  // After a failed submit, move focus to the first field with an error.
  useEffect(() => {
    if (!focusFirstError) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusFirstError]);

  function set(field: Field, value: string) {
    // Typing starts loading the rules, so that a submit seldom waits for them.
    void loadRegisterSchema().catch(() => undefined);
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  }

  function fail(fieldErrors: FieldErrors, message: string | null) {
    setErrors(fieldErrors);
    setFormError(message);
    setFocusFirstError((n) => n + 1);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (registration.isPending || checking.current) return;
    checking.current = true;
    const { inviteCode, ...rest } = values;
    const checked = await checkWith(loadRegisterSchema, { ...rest, email: values.email.trim() }).finally(() => {
      checking.current = false;
    });
    const inviteError: FieldErrors =
      inviteOnly && !inviteCode.trim() ? { inviteCode: "Please enter the invite code you were given" } : {};
    if (!checked.ok) return fail({ ...checked.fieldErrors, ...inviteError }, null);
    if (inviteError.inviteCode) return fail(inviteError, null);
    setErrors({});
    setFormError(null);
    registration.mutate(
      {
        username: checked.data.username,
        password: checked.data.password,
        email: checked.data.email,
        inviteCode: inviteOnly ? inviteCode.trim() : undefined,
      },
      {
        onError: (err) => {
          const byField = fieldErrorsOf(err);
          const known = Object.fromEntries(Object.entries(byField).filter(([k]) => (FIELDS as string[]).includes(k)));
          const message = err instanceof ApiError ? err.serverMessage : "Registration failed. Please try again.";
          // 409 (a taken name or address), or a 400 without field errors that names one (a blocked word, the invite
          // code, a common password)
          if (
            err instanceof ApiError &&
            (err.status === 409 || (err.status === 400 && Object.keys(byField).length === 0))
          ) {
            const field = conflictField(message);
            if (field) return fail({ [field]: message }, null);
          }
          fail(known, Object.keys(known).length > 0 ? null : message || "Registration failed. Please try again.");
        },
      },
    );
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Register" className="grid gap-4">
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <FormField label="Username" hint="3 to 20 characters: letters, digits and _" error={errors.username}>
        {(p) => (
          <UsernameInput
            field={p}
            maxLength={20}
            value={values.username}
            onChange={(e) => set("username", e.target.value)}
          />
        )}
      </FormField>
      <FormField
        label="Email"
        optional
        hint="We send a link to confirm it; once confirmed, it signs you in too."
        error={errors.email}
      >
        {(p) => (
          <Input
            {...p}
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(e) => set("email", e.target.value)}
          />
        )}
      </FormField>
      <FormField label="Password" hint="At least 8 characters, and not a common password" error={errors.password}>
        {(p) => (
          <PasswordInput
            {...p}
            name="password"
            autoComplete="new-password"
            value={values.password}
            onChange={(e) => set("password", e.target.value)}
          />
        )}
      </FormField>
      {inviteOnly ? (
        <FormField
          label="Invite code"
          hint="This site is invite-only: enter the code you were given."
          error={errors.inviteCode}
        >
          {(p) => (
            <Input
              {...p}
              name="inviteCode"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              value={values.inviteCode}
              onChange={(e) => set("inviteCode", e.target.value)}
            />
          )}
        </FormField>
      ) : null}
      <AuthSubmitButton pending={registration.isPending} icon={UserPlus} pendingLabel="Creating account...">
        Create Account
      </AuthSubmitButton>
    </form>
  );
}
