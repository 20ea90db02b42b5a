import { z } from "zod";
import { currentUserSchema } from "../auth";
import { adminEmailSchema } from "./fields";

/** Signing in to the admin area (D41). */

/** POST /api/admin/request-otp */
export const requestOtpBodySchema = z.object({ email: adminEmailSchema });
export type RequestOtpBody = z.infer<typeof requestOtpBodySchema>;

export const REQUEST_OTP_MESSAGE = "If this address belongs to an administrator, a code has been sent.";

/** `otp` is present only when NODE_ENV=development (D42). */
export const requestOtpResponseSchema = z.object({
  otpSecret: z.string(),
  message: z.string(),
  otp: z.string().optional(),
});
export type RequestOtpResponse = z.infer<typeof requestOtpResponseSchema>;

/**
 * POST /api/admin/verify-otp. Deliberately lenient on the server: any wrong, malformed or expired
 * code is the same 401 `{message: "Invalid or expired code"}` (D42). The /cms form uses otpCodeSchema.
 */
export const verifyOtpBodySchema = z.object({
  email: z.string({ error: "Email is required" }).trim().toLowerCase().max(254, "Invalid or expired code"),
  otp: z.string({ error: "OTP is required" }).trim().max(32, "Invalid or expired code"),
  otpSecret: z.string({ error: "otpSecret is required" }).trim().max(200, "Invalid or expired code"),
});
export type VerifyOtpBody = z.infer<typeof verifyOtpBodySchema>;

export const INVALID_OTP_MESSAGE = "Invalid or expired code";

/** The signed-in admin (GET /api/admin/user): their own data, so the email is included. */
export const adminSelfSchema = currentUserSchema.extend({ email: z.string().nullable() });
export type AdminSelf = z.infer<typeof adminSelfSchema>;

/**
 * A staff member with two-step sign-in gets `secondFactor: "totp"` (and no user, no session) for a right
 * emailed code, and finishes at POST /api/admin/verify-second-factor with the same otpSecret.
 */
/** `mustEnrol` (D106): signed in, but two-step sign-in must be set up before the rest of the CMS answers. */
export const verifyOtpResponseSchema = z.object({
  user: adminSelfSchema.optional(),
  secondFactor: z.literal("totp").optional(),
  mustEnrol: z.boolean().optional(),
  message: z.string(),
});
export type VerifyOtpResponse = z.infer<typeof verifyOtpResponseSchema>;

/** POST /api/admin/verify-second-factor: a code from the authenticator app or a recovery code (lenient like verify-otp). */
export const verifySecondFactorBodySchema = z.object({
  email: z.string({ error: "Email is required" }).trim().toLowerCase().max(254, "Invalid or expired code"),
  otpSecret: z.string({ error: "otpSecret is required" }).trim().max(200, "Invalid or expired code"),
  code: z.string({ error: "Code is required" }).trim().max(40, "Invalid or expired code"),
});
export type VerifySecondFactorBody = z.infer<typeof verifySecondFactorBodySchema>;
export const verifySecondFactorResponseSchema = z.object({ user: adminSelfSchema, message: z.string() });
