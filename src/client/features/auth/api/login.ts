import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiFieldError, postForm } from "@/lib/api-form";
import { authKeys } from "@/lib/query-keys";
import type { CurrentUser, LoginInput } from "@contract/auth";

/** Spec §7: a failed sign-in shows the response's `message` field, else 'Login failed'. */
export const LOGIN_FAILED_MESSAGE = "Login failed";

/** POST /api/auth/login {username, password} (D11) → 200 the user + a session cookie. */
export async function login(input: LoginInput): Promise<CurrentUser> {
  return postForm<CurrentUser>("/api/auth/login", input);
}

export function loginErrorMessage(error: unknown): string {
  return error instanceof ApiFieldError && error.bodyMessage ? error.bodyMessage : LOGIN_FAILED_MESSAGE;
}

/** Signs in; on success the current-user query holds the new user and is refetched. */
export function useLogin(options: { onSuccess?: (user: CurrentUser) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      qc.setQueryData(authKeys.user(), user);
      void qc.invalidateQueries({ queryKey: authKeys.user() });
      // Hook-level, so it runs even though the form unmounts once the user is known.
      options.onSuccess?.(user);
    },
  });
}
