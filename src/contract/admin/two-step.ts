import { z } from "zod";

/** Two-step sign-in of the signed-in staff member. */

/** GET /api/admin/two-step: `mustEnrol` when the site requires it and this staff member has not set it up. */
export const twoStepStatusSchema = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  mustEnrol: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoStepStatusResponse = z.infer<typeof twoStepStatusSchema>;
/** POST /api/admin/two-step/setup: the only time the secret is sent. */
export const twoStepSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() });
export type TwoStepSetupResponse = z.infer<typeof twoStepSetupSchema>;
export const twoStepCodeBodySchema = z.object({
  code: z
    .string({ error: "Enter the 6-digit code" })
    .trim()
    .min(1, "Enter the 6-digit code")
    .max(40, "That code is too long"),
});
export const twoStepConfirmResponseSchema = z.object({ recoveryCodes: z.array(z.string()), message: z.string() });
export type TwoStepConfirmResponse = z.infer<typeof twoStepConfirmResponseSchema>;
