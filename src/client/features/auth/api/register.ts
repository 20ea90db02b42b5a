import { useMutation, useQueryClient } from "@tanstack/react-query";
import { postForm } from "@/lib/api-form";
import { authKeys } from "@/lib/query-keys";
import type { CurrentUser, RegisterInput } from "@contract/auth";

/**
 * POST /api/auth/register {username, password, email?, inviteCode?} (D11) → 201 the user + a session cookie;
 * 400 with `errors[]` per field, 409 'Username is already taken'. An email address is answered alike whether or
 * not another account has it; it is the account's once its mailed link is followed.
 */
export async function register(input: RegisterInput): Promise<CurrentUser> {
  const body: RegisterInput = { username: input.username, password: input.password };
  if (input.email) body.email = input.email;
  // D98: an invite-only site's code
  if (input.inviteCode) body.inviteCode = input.inviteCode;
  return postForm<CurrentUser>("/api/auth/register", body);
}

/** Registers (and so signs in); on success the current-user query holds the new user and is refetched. */
export function useRegister(options: { onSuccess?: (user: CurrentUser, email: string | undefined) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user, input) => {
      qc.setQueryData(authKeys.user(), user);
      void qc.invalidateQueries({ queryKey: authKeys.user() });
      // Hook-level, so it runs even though the form unmounts once the user is known.
      options.onSuccess?.(user, input.email || undefined);
    },
  });
}
