import { z } from "zod";
import { currentUserSchema } from "./auth";
import { categorySchema } from "./categories";
import { isoDateTime } from "./common";
import { contentItemSchema, contentValueTypeSchema } from "./content";
import { gameDifficultySchema, gameSchema, SCORE_FORMATS, SCORE_ORDERS } from "./games";
import { CLOUD_SAVE_QUOTA_MESSAGE, CLOUD_SAVE_QUOTA_SETTING, parseCloudSaveQuotaKib } from "./saves-constants";
import { parseSeasonLength, SEASON_LENGTH_MESSAGE, SEASON_LENGTH_SETTING } from "./leaderboard-constants";
import {
  INVITE_CODE_MESSAGE,
  INVITE_CODE_PATTERN,
  INVITE_CODE_SETTING,
  parseRegistrationMode,
  REGISTRATION_MESSAGE,
  REGISTRATION_SETTING,
  SITE_SETTINGS_ALLOWED_EMPTY,
} from "./community-constants";
import { STAFF_TWO_STEP_SETTING } from "./two-step-constants";

/**
 * Every payload of the admin area (issue 7, spec §2 "Admin area", §5, §7, D40–D47).
 * Imported by the server routes under /api/admin and by the /cms screens.
 *
 * Validation messages are the spec's texts where the spec has one (§5); the server answers
 * 400 `{message, errors}` with `message` = the first failing rule's text (D60).
 */

// ---------------------------------------------------------------------------------------------
// Shared field rules
// ---------------------------------------------------------------------------------------------

/** Spec §5: 'Please enter a valid email address'. Trimmed and lower-cased. */
export const adminEmailSchema = z
  .string({ error: "Please enter a valid email address" })
  .trim()
  .toLowerCase()
  .pipe(z.email("Please enter a valid email address").max(254, "Please enter a valid email address"));

/** Spec §5: exactly 6 digits, trimmed ('OTP must be 6 digits'). For the /cms form. */
export const otpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "OTP must be 6 digits");

/** An http(s) URL (never javascript:, data: …). */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const u = new URL(value);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A path of a file served from DATA_DIR/uploads (D45), e.g. /uploads/images/ab12.webp. */
export function isUploadsPath(value: string): boolean {
  return /^\/uploads\/[A-Za-z0-9._\-/]+$/.test(value) && !value.split("/").includes("..") && !value.includes("//");
}

/** A same-site path such as /games or /category/action?x=1 (not //host, not /\host). */
export function isSitePath(value: string): boolean {
  return /^\/(?![/\\])[^\s\\]*$/.test(value) && value.length <= 2000;
}

/** An image is an uploaded file (/uploads/…) or an http(s) URL (D45, D40). */
export function isImageUrl(value: string): boolean {
  return isUploadsPath(value) || isHttpUrl(value);
}

const IMAGE_URL_MESSAGE = "Image URL must be an /uploads/ path or an http(s) URL";
const GAME_URL_MESSAGE = "Game URL must start with http:// or https://";

/** A value that may be blank (meaning "keep" / "default") or null: normalised to undefined. */
function blankToUndefined(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value === "string" && value.trim() === "") return undefined;
  return value;
}

/** A positive integer sent as a number or a numeric string ("3"); blank means not given. */
const intLike = (message: string) =>
  z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      if (typeof b === "string" && /^\s*\d+\s*$/.test(b)) return Number(b);
      return b;
    },
    z.number({ error: message }).int(message).positive(message).max(2147483647, message).optional(),
  );

/** A boolean sent as JSON true/false or as the multipart strings 'true'/'false' (spec §7). */
const boolLike = (message: string) =>
  z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      if (b === "true") return true;
      if (b === "false") return false;
      return b;
    },
    z.boolean({ error: message }).optional(),
  );

/** 'YYYY-MM-DD' or a full ISO timestamp (spec §7: "releaseDate is sent as a date or an ISO date"), normalised to 'YYYY-MM-DD'. */
const releaseDateSchema = z.preprocess(
  blankToUndefined,
  z
    .string({ error: "Release date must be a date (YYYY-MM-DD) or an ISO date" })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}(T[0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, "Release date must be a date (YYYY-MM-DD) or an ISO date")
    .refine((s) => !Number.isNaN(new Date(s.slice(0, 10) + "T00:00:00Z").getTime()), "Release date must be a date (YYYY-MM-DD) or an ISO date")
    .transform((s) => s.slice(0, 10))
    .optional(),
);

/**
 * D83: a game's difficulty in the CMS's forms: easy, medium or hard; blank (or absent) says nothing. In a PATCH
 * `null` clears it (the form's "Not rated"); blank keeps it, as every other field of the edit form.
 */
const difficultyField = z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), gameDifficultySchema.optional());
const difficultyPatchField = z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), gameDifficultySchema.nullable().optional());

/**
 * D90: a game's score rules in the CMS (and in POST/PATCH /api/admin/games): any subset; `null` clears a limit.
 * Changing `order` or `format` re-ranks the game's boards and the players' totals (services/score-rules.ts).
 */
export const scoreRulesPatchSchema = z
  .object({
    order: z.enum(SCORE_ORDERS, { error: "Order must be desc (more is better) or asc (less is better)" }).optional(),
    format: z.enum(SCORE_FORMATS, { error: "Format must be points or time_ms" }).optional(),
    maxScore: z
      .number({ error: "maxScore must be a whole number" })
      .int("maxScore must be a whole number")
      .min(1, "maxScore must be at least 1")
      .max(Number.MAX_SAFE_INTEGER, "maxScore is too large")
      .nullable()
      .optional(),
    minRoundMs: z
      .number({ error: "minRoundMs must be a whole number of milliseconds" })
      .int("minRoundMs must be a whole number of milliseconds")
      .min(0, "minRoundMs must be at least 0")
      .max(24 * 60 * 60 * 1000, "minRoundMs must be at most a day")
      .nullable()
      .optional(),
  })
  .strict();
export type ScoreRulesPatch = z.infer<typeof scoreRulesPatchSchema>;

/** D83: the collections a game is tagged with (all of them: the list replaces the game's tags). */
export const MAX_COLLECTIONS_PER_GAME = 50;
const collectionIdsField = z
  .array(z.number({ error: "Collections must be a list of collection ids" }).int().positive().max(2147483647), {
    error: "Collections must be a list of collection ids",
  })
  .max(MAX_COLLECTIONS_PER_GAME, `A game can be in at most ${MAX_COLLECTIONS_PER_GAME} collections`)
  .transform((ids) => [...new Set(ids)])
  .optional();

const requiredText = (message: string, max: number, tooLong: string) => z.string({ error: message }).trim().min(1, message).max(max, tooLong);

const optionalText = (max: number, tooLong: string) => z.preprocess(blankToUndefined, z.string({ error: tooLong }).trim().max(max, tooLong).optional());

// ---------------------------------------------------------------------------------------------
// Sign-in (D41, D42)
// ---------------------------------------------------------------------------------------------

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
 * Issue 17: a staff member with two-step sign-in gets `secondFactor: "totp"` (and no user, no session) for a right
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

// ---------------------------------------------------------------------------------------------
// Two-step sign-in of the signed-in staff member (issue 17)
// ---------------------------------------------------------------------------------------------

/** GET /api/admin/two-step: `mustEnrol` when the site requires it and this staff member has not set it up. */
export const twoStepStatusSchema = z.object({ enabled: z.boolean(), required: z.boolean(), mustEnrol: z.boolean(), recoveryCodesLeft: z.number().int() });
export type TwoStepStatusResponse = z.infer<typeof twoStepStatusSchema>;
/** POST /api/admin/two-step/setup: the only time the secret is sent. */
export const twoStepSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() });
export type TwoStepSetupResponse = z.infer<typeof twoStepSetupSchema>;
export const twoStepCodeBodySchema = z.object({
  code: z.string({ error: "Enter the 6-digit code" }).trim().min(1, "Enter the 6-digit code").max(40, "That code is too long"),
});
export const twoStepConfirmResponseSchema = z.object({ recoveryCodes: z.array(z.string()), message: z.string() });
export type TwoStepConfirmResponse = z.infer<typeof twoStepConfirmResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Dashboard
// ---------------------------------------------------------------------------------------------

export const dashboardResponseSchema = z.object({
  counts: z.object({
    games: z.number().int(),
    categories: z.number().int(),
    users: z.number().int(),
    admins: z.number().int(),
    reviews: z.number().int(),
    chatMessages: z.number().int(),
    scores: z.number().int(),
    contentItems: z.number().int(),
    contactMessages: z.number().int(),
    newsletterSubscriptions: z.number().int(),
    advertiserEnquiries: z.number().int(),
  }),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Games (spec §5 "Add game", §7; D44, D45)
// ---------------------------------------------------------------------------------------------

const imageUrlRequired = requiredText("Image URL is required", 2000, "Image URL is too long").refine(isImageUrl, IMAGE_URL_MESSAGE);
/** Spec §5: the category defaults to 1 when none is chosen. */
const categoryIdSchema = intLike("Category must be a category id").transform((v) => v ?? 1);

/** D77: the other portals' SDKs an installed package may load, each run by an adapter on the games origin. */
export const SDK_ADAPTERS = ["poki", "crazygames", "gamedistribution"] as const;
export type SdkAdapterName = (typeof SDK_ADAPTERS)[number];
/** How the CMS names each adapter. */
export const SDK_ADAPTER_LABELS: Record<SdkAdapterName, string> = {
  poki: "Poki SDK",
  crazygames: "CrazyGames SDK",
  gamedistribution: "GameDistribution SDK",
};

/**
 * A game as the admin games API answers it (list, add, edit, upload): the public game and, for an installed
 * package, the portal SDK adapter it uses (D77) and its size in bytes and number of files (issue 14 item 7), and
 * how long it takes to start (the median time to first gameplay).
 * All three are null for a game played from its URL, and the size until the package has been scanned.
 */
export const adminGameSchema = gameSchema.extend({
  /** D83: the ids of the collections the game is tagged with */
  collectionIds: z.array(z.number().int()),
  sdkAdapter: z.enum(SDK_ADAPTERS).nullable(),
  packageBytes: z.number().int().nonnegative().nullable(),
  packageFiles: z.number().int().nonnegative().nullable(),
  /** issue 14 item 7: the median time from the frame's load to the first gameplay.start (ms), null before any timed play */
  medianStartMs: z.number().int().nonnegative().nullable(),
});
export type AdminGame = z.infer<typeof adminGameSchema>;
export const adminGameListSchema = z.array(adminGameSchema);

/** POST /api/admin/games (URL mode). Field order = the spec's validation order. */
export const adminGameCreateSchema = z.object({
  title: requiredText("Title is required", 100, "Title must be at most 100 characters"),
  description: requiredText("Description is required", 5000, "Description must be at most 5,000 characters"),
  imageUrl: imageUrlRequired,
  externalUrl: requiredText("Game URL is required", 2000, "Game URL is too long").refine(isHttpUrl, GAME_URL_MESSAGE),
  categoryId: categoryIdSchema,
  developer: optionalText(100, "Developer must be at most 100 characters").transform((v) => v ?? "Unknown"),
  instructions: optionalText(2000, "Instructions must be at most 2,000 characters"),
  isFeatured: boolLike("isFeatured must be true or false").transform((v) => v ?? false),
  plays: z.preprocess(
    blankToUndefined,
    z
      .number({ error: "Plays must be a whole number of at least 0" })
      .int("Plays must be a whole number of at least 0")
      .min(0, "Plays must be a whole number of at least 0")
      .max(2147483647, "Plays is too large")
      .default(0),
  ),
  rating: z.preprocess(
    blankToUndefined,
    z
      .number({ error: "Rating must be a whole number from 0 to 50" })
      .int("Rating must be a whole number from 0 to 50")
      .min(0, "Rating must be a whole number from 0 to 50")
      .max(50, "Rating must be a whole number from 0 to 50")
      .default(0),
  ),
  releaseDate: releaseDateSchema,
  difficulty: difficultyField,
  collectionIds: collectionIdsField,
  scoreRules: scoreRulesPatchSchema.optional(),
});
export type AdminGameCreate = z.input<typeof adminGameCreateSchema>;

/**
 * PATCH /api/admin/games/{id}: only these fields (anything else is ignored); a blank or null
 * field keeps the existing value (spec §5 "Edit game").
 */
export const adminGamePatchSchema = z.object({
  title: optionalText(100, "Title must be at most 100 characters"),
  description: optionalText(5000, "Description must be at most 5,000 characters"),
  imageUrl: optionalText(2000, "Image URL is too long").refine((v) => v === undefined || isImageUrl(v), IMAGE_URL_MESSAGE),
  externalUrl: optionalText(2000, "Game URL is too long").refine((v) => v === undefined || isHttpUrl(v), GAME_URL_MESSAGE),
  developer: optionalText(100, "Developer must be at most 100 characters"),
  instructions: optionalText(2000, "Instructions must be at most 2,000 characters"),
  isFeatured: boolLike("isFeatured must be true or false"),
  categoryId: intLike("Category must be a category id"),
  difficulty: difficultyPatchField,
  collectionIds: collectionIdsField,
  scoreRules: scoreRulesPatchSchema.optional(),
});
export type AdminGamePatch = z.input<typeof adminGamePatchSchema>;

/**
 * The text fields of POST /api/admin/games/upload (multipart; spec §7). Checked in the spec's
 * order: title, description, image URL, then the file ('HTML file is required').
 */
export const adminGameUploadFieldsSchema = z.object({
  title: requiredText("Title is required", 100, "Title must be at most 100 characters"),
  description: requiredText("Description is required", 5000, "Description must be at most 5,000 characters"),
  imageUrl: imageUrlRequired,
  categoryId: categoryIdSchema,
  developer: optionalText(100, "Developer must be at most 100 characters").transform((v) => v ?? "Unknown"),
  instructions: optionalText(2000, "Instructions must be at most 2,000 characters"),
  isFeatured: boolLike("isFeatured must be 'true' or 'false'").transform((v) => v ?? false),
  /** D83: blank means "as the package's game.json says" (or nothing) */
  difficulty: difficultyField,
  /** D83: multipart sends the ids as one field, comma-separated ("1,3") */
  collectionIds: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : v.split(",").map((p) => (/^\s*\d+\s*$/.test(p) ? Number(p) : p))) : v),
    collectionIdsField,
  ),
});
export type AdminGameUploadFields = z.input<typeof adminGameUploadFieldsSchema>;

export const HTML_FILE_REQUIRED_MESSAGE = "HTML file is required";

/** D44/D45 limits, for the /cms screens' hints. The server enforces them. */
export const PACKAGE_LIMITS = {
  maxUploadBytes: 100 * 1024 * 1024,
  maxEntries: 2000,
  maxUncompressedBytes: 500 * 1024 * 1024,
  extensions: [".zip", ".html"],
} as const;
export const IMAGE_LIMITS = {
  maxUploadBytes: 5 * 1024 * 1024,
  maxDimension: 600,
  types: ["image/png", "image/jpeg", "image/webp", "image/gif"],
} as const;

/** POST /api/admin/upload-image → 201 */
export const uploadImageResponseSchema = z.object({ imageUrl: z.string() });
export type UploadImageResponse = z.infer<typeof uploadImageResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Categories (D46)
// ---------------------------------------------------------------------------------------------

export const RESERVED_CATEGORY_SLUGS = ["new", "hot", "featured"] as const;
const slugMessage = "Slug may contain only lowercase letters, digits and single hyphens (e.g. board-games)";

const categorySlugSchema = z
  .string({ error: "Slug is required" })
  .trim()
  .min(1, "Slug is required")
  .max(64, "Slug must be at most 64 characters")
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, slugMessage)
  .refine((s) => !(RESERVED_CATEGORY_SLUGS as readonly string[]).includes(s), "This slug is reserved (new, hot and featured are built-in lists)");

const categoryImageSchema = z
  .string({ error: IMAGE_URL_MESSAGE })
  .trim()
  .max(2000, "Image URL is too long")
  .refine((v) => v === "" || isImageUrl(v), IMAGE_URL_MESSAGE);

/** POST /api/admin/categories → 201 Category */
export const adminCategoryCreateSchema = z.object({
  name: requiredText("Name is required", 50, "Name must be at most 50 characters"),
  slug: categorySlugSchema,
  description: z.string({ error: "Description must be text" }).trim().max(500, "Description must be at most 500 characters").default(""),
  imageUrl: categoryImageSchema.default(""),
});
export type AdminCategoryCreate = z.input<typeof adminCategoryCreateSchema>;

/** PATCH /api/admin/categories/{id}: any of the fields; name and slug cannot become blank. */
export const adminCategoryPatchSchema = z.object({
  name: requiredText("Name is required", 50, "Name must be at most 50 characters").optional(),
  slug: categorySlugSchema.optional(),
  description: z.string({ error: "Description must be text" }).trim().max(500, "Description must be at most 500 characters").optional(),
  imageUrl: categoryImageSchema.optional(),
});
export type AdminCategoryPatch = z.input<typeof adminCategoryPatchSchema>;

export const adminCategoryListSchema = z.array(categorySchema);

// ---------------------------------------------------------------------------------------------
// Collections (D83)
// ---------------------------------------------------------------------------------------------

/** A drawing shipped with the site's client (src/client/public/experiences/), as the four seeded collections use. */
export function isBundledArt(value: string): boolean {
  return /^\/experiences\/[a-z0-9-]+\.svg$/.test(value);
}

const collectionSlugSchema = z
  .string({ error: "Slug is required" })
  .trim()
  .min(1, "Slug is required")
  .max(64, "Slug must be at most 64 characters")
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, slugMessage);

const collectionImageSchema = z
  .string({ error: IMAGE_URL_MESSAGE })
  .trim()
  .max(2000, "Image URL is too long")
  .refine((v) => v === "" || isImageUrl(v) || isBundledArt(v), IMAGE_URL_MESSAGE);

const sortOrderSchema = z
  .number({ error: "Order must be a whole number" })
  .int("Order must be a whole number")
  .min(-1_000_000, "Order must be between -1,000,000 and 1,000,000")
  .max(1_000_000, "Order must be between -1,000,000 and 1,000,000");

/** POST /api/admin/collections → 201 Collection (409 when the slug is taken). */
export const adminCollectionCreateSchema = z.object({
  title: requiredText("Title is required", 60, "Title must be at most 60 characters"),
  slug: collectionSlugSchema,
  description: z.string({ error: "Description must be text" }).trim().max(300, "Description must be at most 300 characters").default(""),
  imageUrl: collectionImageSchema.default(""),
  sortOrder: sortOrderSchema.default(0),
});
export type AdminCollectionCreate = z.input<typeof adminCollectionCreateSchema>;

/** PATCH /api/admin/collections/{id}: any of the fields; title and slug cannot become blank. */
export const adminCollectionPatchSchema = z.object({
  title: requiredText("Title is required", 60, "Title must be at most 60 characters").optional(),
  slug: collectionSlugSchema.optional(),
  description: z.string({ error: "Description must be text" }).trim().max(300, "Description must be at most 300 characters").optional(),
  imageUrl: collectionImageSchema.optional(),
  sortOrder: sortOrderSchema.optional(),
});
export type AdminCollectionPatch = z.input<typeof adminCollectionPatchSchema>;

// ---------------------------------------------------------------------------------------------
// Website content (D40)
// ---------------------------------------------------------------------------------------------

const contentNamePattern = /^[A-Za-z0-9_-]+$/;

/** A content item's section or key: required, at most 64 letters, digits, '_' and '-'. */
function contentName(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(64, `${label} must be at most 64 characters`)
    .regex(contentNamePattern, `${label} may contain only letters, digits, '_' and '-'`);
}

/** A content item's (or site setting's) value: not blank, at most 100,000 characters. */
const contentValue = z
  .string({ error: "Value is required" })
  .max(100_000, "Value must be at most 100,000 characters")
  .refine((v) => v.trim() !== "", "Value is required");

/** POST /api/admin/website-content → 201 ContentItem. The value is checked against its type on the server (D40). */
export const contentCreateSchema = z.object({
  section: contentName("Section"),
  key: contentName("Key"),
  value: contentValue,
  valueType: contentValueTypeSchema.default("text"),
});
export type ContentCreate = z.input<typeof contentCreateSchema>;

/** PATCH /api/admin/website-content/{id}: section and key are read-only (ignored). */
export const contentPatchSchema = z.object({
  value: contentValue.optional(),
  valueType: contentValueTypeSchema.optional(),
});
export type ContentPatch = z.input<typeof contentPatchSchema>;

// ---------------------------------------------------------------------------------------------
// Users (D47)
// ---------------------------------------------------------------------------------------------

/** GET /api/admin/games: a page of the CMS games table (issue 12 item 2); the count is in X-Total-Count. */
export const ADMIN_GAME_PAGE_SIZE = { default: 100, max: 500 } as const;
export const adminGameListQuerySchema = z.object({
  /** the title contains this (case-insensitive) */
  search: z.string().trim().max(100, "Search must be at most 100 characters").optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_GAME_PAGE_SIZE.max).default(ADMIN_GAME_PAGE_SIZE.default),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const adminUserListQuerySchema = z.object({
  search: z.string().trim().max(100, "Search must be at most 100 characters").optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const adminUserRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  role: z.enum(["player", "moderator", "admin"]),
  disabled: z.boolean(),
  /** D96: until when the player is muted (null: not muted now) */
  mutedUntil: isoDateTime.nullable(),
  /** D93: hidden from every board by an admin */
  hiddenFromBoards: z.boolean(),
  createdAt: isoDateTime,
  reviewCount: z.number().int(),
  chatCount: z.number().int(),
  scoreCount: z.number().int(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;
export const adminUserListSchema = z.array(adminUserRowSchema);

/**
 * PATCH /api/admin/users/{id}: an admin cannot demote or disable themself (400). Disabling (a ban, D97) ends the
 * user's sessions and live sockets. D96: the moderator role is given here.
 */
export const adminUserPatchSchema = z.object({
  role: z.enum(["player", "moderator", "admin"], { error: "Role must be 'player', 'moderator' or 'admin'" }).optional(),
  disabled: z.boolean({ error: "disabled must be true or false" }).optional(),
  /** D93: hide the player from every board (their scores stay), or show them again */
  hiddenFromBoards: z.boolean({ error: "hiddenFromBoards must be true or false" }).optional(),
});
export type AdminUserPatch = z.infer<typeof adminUserPatchSchema>;

// ---------------------------------------------------------------------------------------------
// Settings (D47)
// ---------------------------------------------------------------------------------------------

export const adminSettingsSchema = z.object({
  /** the `site.*` website-content items */
  content: z.array(contentItemSchema),
  mail: z.object({ configured: z.boolean(), from: z.string() }),
  google: z.object({ configured: z.boolean() }),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

/** PATCH /api/admin/settings: sets `site.{key}` text items (created when missing), e.g. {site: {name: "Arcadium", tagline: "…"}}. */
export const adminSettingsPatchSchema = z.object({
  site: z
    .record(
      z.string().regex(contentNamePattern, "Setting keys may contain only letters, digits, '_' and '-'").max(64),
      z.string({ error: "Value is required" }).max(100_000, "Value must be at most 100,000 characters"),
    )
    .refine((r) => Object.keys(r).length <= 50, "Too many settings at once")
    // D76: the cloud save quota is a number within its range; the error names the field (site.cloud_save_quota_kib).
    .superRefine((r, ctx) => {
      // Values are not blank, except D98's word lists and invite code (an empty list; no code)
      for (const [key, value] of Object.entries(r))
        if (value.trim() === "" && !SITE_SETTINGS_ALLOWED_EMPTY.includes(key)) ctx.addIssue({ code: "custom", path: [key], message: "Value is required" });
      // D98: registration is "open" or "invite"; an invite code is a short token
      const registration = r[REGISTRATION_SETTING];
      if (registration !== undefined && parseRegistrationMode(registration) === undefined)
        ctx.addIssue({ code: "custom", path: [REGISTRATION_SETTING], message: REGISTRATION_MESSAGE });
      const code = r[INVITE_CODE_SETTING]?.trim();
      if (code && !INVITE_CODE_PATTERN.test(code)) ctx.addIssue({ code: "custom", path: [INVITE_CODE_SETTING], message: INVITE_CODE_MESSAGE });
      const quota = r[CLOUD_SAVE_QUOTA_SETTING];
      if (quota !== undefined && parseCloudSaveQuotaKib(quota) === undefined)
        ctx.addIssue({ code: "custom", path: [CLOUD_SAVE_QUOTA_SETTING], message: CLOUD_SAVE_QUOTA_MESSAGE });
      // issue 17: the staff two-step switch is "true" or "false"
      const twoStep = r[STAFF_TWO_STEP_SETTING];
      if (twoStep !== undefined && !["true", "false"].includes(twoStep.trim().toLowerCase()))
        ctx.addIssue({ code: "custom", path: [STAFF_TWO_STEP_SETTING], message: "Two-step sign-in for all staff must be true or false" });
      // D91: the season length is one of its three values
      const length = r[SEASON_LENGTH_SETTING];
      if (length !== undefined && parseSeasonLength(length) === undefined)
        ctx.addIssue({ code: "custom", path: [SEASON_LENGTH_SETTING], message: SEASON_LENGTH_MESSAGE });
    }),
});
export type AdminSettingsPatch = z.infer<typeof adminSettingsPatchSchema>;

/** POST /api/admin/settings/school-mode (D98): the invite code now in force and how many profiles were made private. */
export const schoolModeResultSchema = z.object({ inviteCode: z.string(), profilesMadePrivate: z.number().int() });

// ---------------------------------------------------------------------------------------------
// Messages from the public forms (D51, D53)
// ---------------------------------------------------------------------------------------------

export const adminMessagesSchema = z.object({
  contactMessages: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      email: z.string(),
      subject: z.string().nullable(),
      message: z.string(),
      createdAt: isoDateTime,
      handledAt: isoDateTime.nullable(),
    }),
  ),
  newsletterSubscriptions: z.array(z.object({ id: z.number().int(), email: z.string(), createdAt: isoDateTime })),
  advertiserEnquiries: z.array(
    z.object({
      id: z.number().int(),
      companyName: z.string(),
      email: z.string(),
      website: z.string().nullable(),
      budget: z.string().nullable(),
      goals: z.string().nullable(),
      createdAt: isoDateTime,
    }),
  ),
});
export type AdminMessages = z.infer<typeof adminMessagesSchema>;

export { contentItemSchema, contentValueTypeSchema };

// ---------------------------------------------------------------------------------------------
// Score moderation (D93, D101)
// ---------------------------------------------------------------------------------------------

/** GET /api/admin/scores: the newest scores, of a game and/or a player. */
export const adminScoreListQuerySchema = z.object({
  gameId: z.coerce.number().int().positive().max(2147483647).optional(),
  userId: z.coerce.number().int().positive().max(2147483647).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const adminScoreRowSchema = z.object({
  id: z.number().int(),
  score: z.number(),
  won: z.boolean().nullable(),
  createdAt: isoDateTime,
  /** the player's best on the game is this score */
  isBest: z.boolean(),
  game: z.object({ id: z.number().int(), title: z.string(), format: z.enum(SCORE_FORMATS) }),
  user: z.object({ id: z.number().int(), username: z.string(), hiddenFromBoards: z.boolean() }),
});
export type AdminScoreRow = z.infer<typeof adminScoreRowSchema>;
export const adminScoreListSchema = z.array(adminScoreRowSchema);

/** D108: a score held for a moderator (GET /api/admin/held-scores), oldest first. */
export const heldScoreRowSchema = z.object({
  id: z.number().int(),
  score: z.number().int(),
  won: z.boolean().nullable(),
  /** "ten_times_top": 10x the board's top; "top_three": a new top 3 on a board of 20+ players */
  reason: z.enum(["ten_times_top", "top_three"]),
  /** the board's top when it was held (null: none) */
  boardTop: z.number().int().nullable(),
  createdAt: isoDateTime,
  user: z.object({ id: z.number().int(), username: z.string() }),
  game: z.object({ id: z.number().int(), title: z.string(), format: z.enum(SCORE_FORMATS) }),
});
export type HeldScoreRow = z.infer<typeof heldScoreRowSchema>;
export const heldScoreListSchema = z.array(heldScoreRowSchema);
export const heldScoreDecisionSchema = z.object({ id: z.number().int(), status: z.enum(["approved", "rejected"]) });

/** POST /api/admin/scores/reset: every score of a player on a game removed. */
export const adminScoreResetSchema = z.strictObject({
  userId: z.number({ error: "userId must be a user id" }).int().positive().max(2147483647),
  gameId: z.number({ error: "gameId must be a game id" }).int().positive().max(2147483647),
});
export const adminScoreResetResultSchema = z.object({ removed: z.number().int() });
