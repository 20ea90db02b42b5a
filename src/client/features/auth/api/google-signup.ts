import { useMutation, useQueryClient } from "@tanstack/react-query";
import { postForm } from "@/lib/api-form";
import { authKeys } from "@/lib/query-keys";
import type { CurrentUser } from "@contract/auth";

/**
 * POST /api/auth/google/signup {inviteCode} (D98): finishes a first Google sign-in on an invite-only site
 * → 201 the new user + a session cookie; 400 'Registration on this site needs an invite code' / 'This invite code is
 * not valid', or (the step's cookie gone or expired) 'Your Google sign-in for this step has expired…'.
 */
export async function finishGoogleSignUp(inviteCode: string): Promise<CurrentUser> {
  return postForm<CurrentUser>("/api/auth/google/signup", { inviteCode });
}

/** On success the current-user query holds the new user and is refetched (like registration). */
export function useFinishGoogleSignUp(options: { onSuccess?: (user: CurrentUser) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: finishGoogleSignUp,
    onSuccess: (user) => {
      qc.setQueryData(authKeys.user(), user);
      void qc.invalidateQueries({ queryKey: authKeys.user() });
      options.onSuccess?.(user);
    },
  });
}
