import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiRequest, getJson } from "@/lib/api-client";
import { STEP_UP_REQUIRED_CODE, type StepUpMethods } from "@contract/step-up-constants";

/** D105: the query key of GET /api/me/step-up (under ["me"], so what invalidates the account refreshes it too). */
export const STEP_UP_KEY = ["me", "step-up"] as const;

/** D105: a refusal that asks the player to confirm it's them, then try again. */
export function needsStepUp(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === STEP_UP_REQUIRED_CODE;
}

/** GET /api/me/step-up: the ways this account can confirm it's the owner, and whether this session just did. */
export function useStepUpStatus(enabled: boolean) {
  return useQuery({
    queryKey: STEP_UP_KEY,
    queryFn: ({ signal }) => getJson<{ methods: StepUpMethods; steppedUp: boolean }>("/api/me/step-up", { signal }),
    enabled,
    meta: { clientOnly: true },
  });
}

/** POST /api/me/step-up {password} | {code} → {steppedUpUntil}. */
export function useStepUp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (proof: { password: string } | { code: string }) =>
      (await apiRequest("POST", "/api/me/step-up", proof)).json() as Promise<{ steppedUpUntil: string }>,
    onSuccess: () => qc.invalidateQueries({ queryKey: STEP_UP_KEY }),
  });
}

/** POST /api/me/step-up/code → 202 {message}: a code to the account's verified address. */
export function useSendStepUpCode() {
  return useMutation({
    mutationFn: async () => (await apiRequest("POST", "/api/me/step-up/code")).json() as Promise<{ message: string }>,
  });
}

/** D105: where "Continue with Google" goes to confirm it's the owner; it comes back to `returnTo` with `stepUp=google`. */
export function googleStepUpUrl(returnTo: string): string {
  return `/api/auth/google?${new URLSearchParams({ returnTo, stepUp: "1" })}`;
}
