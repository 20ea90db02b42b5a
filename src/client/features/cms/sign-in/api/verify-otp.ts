import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { adminKeys } from "@/features/cms/shared/api/keys";
import { apiRequest } from "@/lib/api-client";
import { authKeys } from "@/lib/query-keys";
import { adminSelfSchema, type AdminSelf } from "@contract/admin/sign-in";

export type VerifyOtpInput = { email: string; otp: string; otpSecret: string };
/**
 * `secondFactor: "totp"` (no user yet) when the staff member has two-step sign-in; D106: `mustEnrol` when
 * signed in but two-step sign-in must be set up first.
 */
export type VerifyOtpResult = { user?: AdminSelf; secondFactor?: "totp"; mustEnrol?: boolean; message?: string };

const verifyResponseSchema = z.object({
  user: adminSelfSchema.optional(),
  secondFactor: z.literal("totp").optional(),
  mustEnrol: z.boolean().optional(),
  message: z.string().optional(),
});

/** POST /api/admin/verify-otp {email, otp, otpSecret} → {user, message} + admin session, or 401 {message} (D42). */
export async function verifyOtp(input: VerifyOtpInput): Promise<VerifyOtpResult> {
  const res = await apiRequest("POST", "/api/admin/verify-otp", input);
  return verifyResponseSchema.parse(await res.json());
}

export function useVerifyOtp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: verifyOtp,
    onSuccess: (data) => {
      if (!data.user) return;
      // The guard (D43) finds the admin at once; the public header re-reads the session.
      qc.setQueryData(adminKeys.user(), data.user);
      void qc.invalidateQueries({ queryKey: authKeys.all });
    },
  });
}
