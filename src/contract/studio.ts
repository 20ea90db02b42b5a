import { z } from "zod";
import { intLike, isHttpUrl, optionalText, requiredText } from "./admin/fields";
import { isoDateTime } from "./common";
import { GAME_HIDDEN_REASONS } from "./feeds-constants";
import {
  BUILD_NOTES_MAX,
  BUILD_REVIEW_STATES,
  REVIEW_NOTES_MAX,
  CREATOR_APPLICATION_LIMITS,
  CREATOR_APPLICATION_STATUSES,
  USER_ROLES,
} from "./studio-constants";

/** D130 creators and D131 builds: the studio's API, and the CMS's applications, creators and builds. */

/** POST /api/me/creator-application */
export const creatorApplicationFormSchema = z.object({
  about: requiredText(
    "Tell us what you make",
    CREATOR_APPLICATION_LIMITS.aboutMax,
    `What you make must be at most ${CREATOR_APPLICATION_LIMITS.aboutMax.toLocaleString("en-US")} characters`,
  ),
  link: z
    .string({ error: "A link to your work is required" })
    .trim()
    .min(1, "A link to your work is required")
    .max(
      CREATOR_APPLICATION_LIMITS.linkMax,
      `The link must be at most ${CREATOR_APPLICATION_LIMITS.linkMax} characters`,
    )
    .refine(isHttpUrl, "The link must start with http:// or https://"),
});
export type CreatorApplicationForm = z.infer<typeof creatorApplicationFormSchema>;

export const creatorApplicationSchema = z.object({
  id: z.number().int(),
  about: z.string(),
  link: z.string(),
  status: z.enum(CREATOR_APPLICATION_STATUSES),
  /** why it was declined, when an admin said */
  reason: z.string().nullable(),
  createdAt: isoDateTime,
  decidedAt: isoDateTime.nullable(),
});
export type CreatorApplication = z.infer<typeof creatorApplicationSchema>;

/** GET /api/me/creator-application: the latest one, or null */
export const myCreatorApplicationSchema = z.object({ application: creatorApplicationSchema.nullable() });

export const adminCreatorApplicationSchema = creatorApplicationSchema.extend({
  user: z.object({
    id: z.number().int(),
    username: z.string(),
    avatarUrl: z.string().nullable(),
    role: z.enum(USER_ROLES),
  }),
});
export type AdminCreatorApplication = z.infer<typeof adminCreatorApplicationSchema>;
export const adminCreatorApplicationListSchema = z.array(adminCreatorApplicationSchema);

export const adminCreatorApplicationQuerySchema = z.object({
  status: z.enum(CREATOR_APPLICATION_STATUSES, { error: "Status must be pending, approved or declined" }).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

/** POST /api/admin/creator-applications/{id}/decline */
export const declineApplicationSchema = z
  .object({
    reason: optionalText(
      CREATOR_APPLICATION_LIMITS.declineReasonMax,
      `The reason must be at most ${CREATOR_APPLICATION_LIMITS.declineReasonMax} characters`,
    ),
  })
  .nullish();

export const gameCreatorSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
});
export const gameCreatorListSchema = z.array(gameCreatorSchema);
export type GameCreator = z.infer<typeof gameCreatorSchema>;

/** POST /api/admin/games/{id}/creators: a creator by name (the CMS form) or id */
export const addGameCreatorSchema = z
  .object({
    username: z.string().trim().min(1, "Username is required").max(100).optional(),
    userId: z.number().int().positive().max(2147483647).optional(),
  })
  .refine((v) => v.username !== undefined || v.userId !== undefined, "Username is required");

export const gameCreatorParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2147483647),
  userId: z.coerce.number().int().positive().max(2147483647),
});

export const buildParamsSchema = z.object({
  id: z.coerce.number({ message: "Invalid id" }).int("Invalid id").positive("Invalid id").max(2147483647, "Invalid id"),
  number: z.coerce
    .number({ message: "Invalid build number" })
    .int("Invalid build number")
    .positive("Invalid build number")
    .max(1_000_000, "Invalid build number"),
});

export const gameBuildSchema = z.object({
  number: z.number().int(),
  notes: z.string(),
  bytes: z.number().int(),
  files: z.number().int(),
  uploadedBy: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  createdAt: isoDateTime,
  live: z.boolean(),
  /** D133: where the build is in its review; `notes` are the staff's when they asked for changes */
  review: z.object({
    state: z.enum(BUILD_REVIEW_STATES),
    notes: z.string().nullable(),
    publishAt: isoDateTime.nullable(),
    submittedAt: isoDateTime.nullable(),
    reviewedAt: isoDateTime.nullable(),
    publishedAt: isoDateTime.nullable(),
  }),
});
export type GameBuild = z.infer<typeof gameBuildSchema>;

export const studioGameSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string(),
  /** why players cannot see it ("draft": a creator's new game waiting for staff), null when shown */
  hiddenReason: z.enum(GAME_HIDDEN_REASONS).nullable(),
  /** false for a game that runs from an outside address (no builds) */
  hasPackage: z.boolean(),
  liveBuild: z.number().int().nullable(),
  buildCount: z.number().int(),
});
export type StudioGame = z.infer<typeof studioGameSchema>;
export const studioGameListSchema = z.array(studioGameSchema);

/** GET …/games/{id}/builds */
export const gameBuildsSchema = z.object({ game: studioGameSchema, builds: z.array(gameBuildSchema) });
export type GameBuilds = z.infer<typeof gameBuildsSchema>;

/** GET …/builds/{number}/preview: an address on the games origin, valid for an hour */
export const buildPreviewSchema = z.object({ url: z.string(), expiresAt: isoDateTime });

/** The text fields of a build upload (multipart, beside the file `package`) */
export const buildUploadFieldsSchema = z.object({
  notes: optionalText(BUILD_NOTES_MAX, `Notes must be at most ${BUILD_NOTES_MAX.toLocaleString("en-US")} characters`),
});

/** The text fields of a creator's new game (multipart, beside the file `package`): it starts hidden (draft) */
export const studioNewGameFieldsSchema = z.object({
  title: requiredText("Title is required", 100, "Title must be at most 100 characters"),
  description: requiredText("Description is required", 5000, "Description must be at most 5,000 characters"),
  categoryId: intLike("Category must be a category id").transform((v) => v ?? 1),
  developer: optionalText(100, "Developer must be at most 100 characters"),
  instructions: optionalText(2000, "Instructions must be at most 2,000 characters"),
  notes: optionalText(BUILD_NOTES_MAX, `Notes must be at most ${BUILD_NOTES_MAX.toLocaleString("en-US")} characters`),
});

/** 201 of a build upload */
export const storedBuildSchema = z.object({ number: z.number().int(), gameId: z.number().int() });

/** POST /api/admin/build-reviews/{id}/{number}/changes: what should change (D133) */
export const requestChangesSchema = z.object({
  notes: requiredText(
    "Say what should change",
    REVIEW_NOTES_MAX,
    `Notes must be at most ${REVIEW_NOTES_MAX.toLocaleString("en-US")} characters`,
  ),
});

/** POST /api/admin/build-reviews/{id}/{number}/approve: live now (no time, or a time past) or at `publishAt` */
export const approveBuildSchema = z
  .object({
    publishAt: z.iso.datetime({ offset: true, error: "The publishing time must be an ISO date-time" }).optional(),
  })
  .nullish();

/** The answer of a staff step: the state the build is in now */
export const reviewStepSchema = z.object({ state: z.enum(BUILD_REVIEW_STATES) });

/** GET /api/admin/build-reviews: the staff's queue (D133) */
export const reviewQueueItemSchema = z.object({
  game: z.object({
    id: z.number().int(),
    title: z.string(),
    hiddenReason: z.enum(GAME_HIDDEN_REASONS).nullable(),
    liveBuild: z.number().int().nullable(),
  }),
  number: z.number().int(),
  notes: z.string(),
  bytes: z.number().int(),
  files: z.number().int(),
  uploadedBy: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  createdAt: isoDateTime,
  state: z.enum(["submitted", "approved"]),
  submittedAt: isoDateTime.nullable(),
  publishAt: isoDateTime.nullable(),
  /** the status of the game's latest check report (D132), null without one */
  checks: z.enum(["pass", "warning", "fail"]).nullable(),
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;
export const reviewQueueSchema = z.array(reviewQueueItemSchema);
