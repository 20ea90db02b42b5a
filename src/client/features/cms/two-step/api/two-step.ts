import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { adminKeys } from "@/features/cms/shared/api/keys";
import { apiRequest, getJson } from "@/lib/api-client";
import { authKeys } from "@/lib/query-keys";
import { adminSelfSchema, type AdminSelf } from "@contract/admin/sign-in";
import {
  twoStepConfirmResponseSchema,
  twoStepSetupSchema,
  twoStepStatusSchema,
  type TwoStepConfirmResponse,
  type TwoStepSetupResponse,
} from "@contract/admin/two-step";

/** GET /api/admin/two-step (on, required by the site, must set it up first, recovery codes left). */
export function useTwoStepStatus(enabled = true) {
  return useQuery({
    queryKey: adminKeys.twoStep(),
    queryFn: ({ signal }) => getJson("/api/admin/two-step", { schema: twoStepStatusSchema, signal }),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

/** POST /api/admin/two-step/setup: a new secret with its QR code (the only time the secret is shown). */
export function useStartTwoStep() {
  return useMutation({
    mutationFn: async (): Promise<TwoStepSetupResponse> =>
      twoStepSetupSchema.parse(await (await apiRequest("POST", "/api/admin/two-step/setup")).json()),
  });
}

/** POST /api/admin/two-step/confirm {code}: on, and the recovery codes (shown once). */
export function useConfirmTwoStep() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (code: string): Promise<TwoStepConfirmResponse> =>
      twoStepConfirmResponseSchema.parse(
        await (await apiRequest("POST", "/api/admin/two-step/confirm", { code })).json(),
      ),
    // The rest of the CMS may now answer (the Settings switch's 403 ends): every admin read is asked again.
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** POST /api/admin/two-step/disable {code}. */
export function useDisableTwoStep() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      z
        .object({ message: z.string() })
        .parse(await (await apiRequest("POST", "/api/admin/two-step/disable", { code })).json()),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export type VerifySecondFactorInput = { email: string; otpSecret: string; code: string };

/** POST /api/admin/verify-second-factor: the authenticator's code or a recovery code → {user, message} + admin session. */
export function useVerifySecondFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: VerifySecondFactorInput): Promise<{ user: AdminSelf; message: string }> =>
      z
        .object({ user: adminSelfSchema, message: z.string() })
        .parse(await (await apiRequest("POST", "/api/admin/verify-second-factor", input)).json()),
    onSuccess: (data) => {
      qc.setQueryData(adminKeys.user(), data.user);
      void qc.invalidateQueries({ queryKey: authKeys.all });
    },
  });
}
