import { z } from "zod";
import { publicUserSchema } from "./common";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-constants";
import { USER_ROLES } from "./studio-constants";

export { safeReturnTo } from "./auth-constants";
export { COMMON_PASSWORD_MESSAGE, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-constants";

/** The signed-in user, with role (player, creator, moderator or admin), never email or hashes (D16). */
export const currentUserSchema = publicUserSchema.extend({
  role: z.enum(USER_ROLES),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** GET /api/auth/session (ADR 011): the signed-in user, or null, always with status 200. */
export const sessionSchema = z.object({ user: currentUserSchema.nullable() });
export type SessionAnswer = z.infer<typeof sessionSchema>;

/** D11 */
export const usernameSchema = z
  .string()
  .trim()
  .min(3, "Username must be 3 to 20 characters")
  .max(20, "Username must be 3 to 20 characters")
  .regex(/^[A-Za-z0-9_]+$/, "Username may contain only letters, digits and _");
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const registerSchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  email: z
    .union([z.literal(""), z.email("Please enter a valid email address").max(254)])
    .optional()
    .transform((v) => (v ? v.trim() : undefined)),
  /** D98: required when the site's registration is by invite code */
  inviteCode: z.string().max(64, "This invite code is not valid").optional(),
});
export type RegisterInput = z.input<typeof registerSchema>;

/** POST /api/auth/google/signup (D98): the invite code that finishes a first Google sign-in. */
export const googleSignUpSchema = z.object({
  inviteCode: z.string().max(64, "This invite code is not valid"),
});

export const loginSchema = z.object({
  username: z.string().trim().min(1, "Username is required").max(254),
  password: z.string().min(1, "Password is required").max(1024),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const INVALID_LOGIN_MESSAGE = "Invalid username or password";
