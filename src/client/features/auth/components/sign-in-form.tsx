import { LogIn } from "lucide-react";
import { useState, type FormEvent } from "react";
import { FormAlert, FormField } from "@/components/form-field";
import { PasswordInput } from "@/components/password-input";
import type { CurrentUser } from "@contract/auth";
import { loginErrorMessage, useLogin } from "../api/login";
import { AuthSubmitButton, UsernameInput } from "./auth-form-parts";

/**
 * Sign In (D10): username (or email) and password. No client-side rules, both are sent as
 * typed; a failure shows the server's message or 'Login failed'.
 */
export function SignInForm({ onSignedIn }: { onSignedIn: (user: CurrentUser) => void }) {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const login = useLogin({ onSuccess: onSignedIn });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (login.isPending) return;
    setError(null);
    login.mutate(
      { username, password },
      {
        onError: (err) => {
          setError(loginErrorMessage(err));
          setPassword("");
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in" className="grid gap-4">
      {error ? <FormAlert>{error}</FormAlert> : null}
      <FormField label="Username or email">
        {(p) => <UsernameInput field={p} value={username} onChange={(e) => setUsername(e.target.value)} />}
      </FormField>
      <FormField label="Password">
        {(p) => (
          <PasswordInput
            {...p}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </FormField>
      <AuthSubmitButton pending={login.isPending} icon={LogIn} pendingLabel="Signing in...">
        Sign In
      </AuthSubmitButton>
    </form>
  );
}
