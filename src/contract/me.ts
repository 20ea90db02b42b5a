import { z } from "zod";
import { passwordSchema } from "./auth";
import { isoDateTime } from "./common";
import { NOTIFICATION_PREF_KINDS, PROFILE_VISIBILITIES } from "./me-constants";

export * from "./me-constants";

// D87: the player's own settings under /api/me.

/** GET /api/me/sessions: one signed-in session; `id` is an opaque, non-secret handle (not the token). */
export const sessionInfoSchema = z.object({
  id: z.string(),
  /** e.g. "Chrome on Windows", from the User-Agent recorded at sign-in */
  device: z.string(),
  kind: z.enum(["player", "admin"]),
  createdAt: isoDateTime,
  lastSeenAt: isoDateTime,
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
export const sessionListSchema = z.array(sessionInfoSchema);

export const sessionIdParamSchema = z.object({ id: z.string().regex(/^[0-9a-f]{16}$/, "Invalid session id") });

/** POST /api/me/password: `currentPassword` may be left out only by an account that has no password yet. */
export const changePasswordSchema = z.object({
  currentPassword: z.string().max(1024).optional(),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** POST /api/me/email: a verification link goes to the new address; the old one stays until it is used. */
export const changeEmailSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254, "Please enter a valid email address")
    .pipe(z.email("Please enter a valid email address")),
});

export const verifyEmailSchema = z.object({
  token: z.string().min(1, "The link is not valid").max(200, "The link is not valid"),
});
export const verifyEmailResponseSchema = z.object({ email: z.string() });

export const notificationPrefsSchema = z.object(
  Object.fromEntries(NOTIFICATION_PREF_KINDS.map((k) => [k, z.boolean()])) as Record<
    (typeof NOTIFICATION_PREF_KINDS)[number],
    z.ZodBoolean
  >,
);
export type NotificationPrefs = z.infer<typeof notificationPrefsSchema>;

/** GET /api/me/settings */
export const accountSettingsSchema = z.object({
  profileVisibility: z.enum(PROFILE_VISIBILITIES),
  presenceEnabled: z.boolean(),
  notificationPrefs: notificationPrefsSchema,
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  /** an address waiting for its verification link to be used, if any */
  pendingEmail: z.string().nullable(),
  hasPassword: z.boolean(),
  /** D87: a deletion asked for and not yet done: when it happens */
  deleteAfter: isoDateTime.nullable(),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

/** PATCH /api/me/settings: any subset of the three choices. */
export const accountSettingsPatchSchema = z
  .object({
    profileVisibility: z.enum(PROFILE_VISIBILITIES).optional(),
    presenceEnabled: z.boolean().optional(),
    notificationPrefs: notificationPrefsSchema.partial().strict().optional(),
  })
  .strict();
export type AccountSettingsPatch = z.infer<typeof accountSettingsPatchSchema>;

/** DELETE /api/me: the password confirms it (an account without a password sends none). */
export const deleteAccountSchema = z.object({ password: z.string().max(1024).optional() });
export const deleteAccountResponseSchema = z.object({ deleteAfter: isoDateTime });

export const avatarResponseSchema = z.object({ avatarUrl: z.string().nullable() });

/** POST /api/me/step-up (D105): the current password, or the code mailed by POST /api/me/step-up/code. */
export const stepUpBodySchema = z
  .object({
    password: z.string().min(1, "Please enter your password").max(1024).optional(),
    code: z.string().trim().max(20, "Please enter the 6-digit code").optional(),
  })
  .refine(
    (b) => (b.password === undefined) !== (b.code === undefined),
    "Please enter your password or the code we sent you",
  );
export const stepUpResponseSchema = z.object({ steppedUpUntil: isoDateTime });
/** GET /api/me/step-up: how this account can confirm it's the owner, and whether this session already did. */
export const stepUpStatusSchema = z.object({
  methods: z.object({ password: z.boolean(), code: z.boolean(), google: z.boolean() }),
  steppedUp: z.boolean(),
});

/** POST /api/account/undo (D105): the token of the link mailed to the old address. */
export const undoChangeSchema = z.object({
  token: z.string().min(1, "The link is not valid").max(200, "The link is not valid"),
});
export const undoChangeResponseSchema = z.object({ message: z.string() });
