import { z } from "zod";
import { GAME_HIDDEN_REASONS, type GameHiddenReason } from "../feeds-constants";
import { gameDifficultySchema, gameSchema, SCORE_FORMATS, SCORE_ORDERS } from "../games";
import {
  blankToUndefined,
  boolLike,
  IMAGE_URL_MESSAGE,
  intLike,
  isHttpUrl,
  isImageUrl,
  optionalText,
  requiredText,
} from "./fields";

/** The CMS's games: list, add, edit and upload (D44). */

const GAME_URL_MESSAGE = "Game URL must start with http:// or https://";

/** 'YYYY-MM-DD' or a full ISO timestamp (spec §7: "releaseDate is sent as a date or an ISO date"), normalised to 'YYYY-MM-DD'. */
const releaseDateSchema = z.preprocess(
  blankToUndefined,
  z
    .string({ error: "Release date must be a date (YYYY-MM-DD) or an ISO date" })
    .trim()
    .regex(
      /^\d{4}-\d{2}-\d{2}(T[0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/,
      "Release date must be a date (YYYY-MM-DD) or an ISO date",
    )
    .refine(
      (s) => !Number.isNaN(new Date(s.slice(0, 10) + "T00:00:00Z").getTime()),
      "Release date must be a date (YYYY-MM-DD) or an ISO date",
    )
    .transform((s) => s.slice(0, 10))
    .optional(),
);

/**
 * D83: a game's difficulty in the CMS's forms: easy, medium or hard; blank (or absent) says nothing. In a PATCH
 * `null` clears it (the form's "Not rated"); blank keeps it, as every other field of the edit form.
 */
const difficultyField = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  gameDifficultySchema.optional(),
);
const difficultyPatchField = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  gameDifficultySchema.nullable().optional(),
);

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

const imageUrlRequired = requiredText("Image URL is required", 2000, "Image URL is too long").refine(
  isImageUrl,
  IMAGE_URL_MESSAGE,
);
/** Spec §5: the category defaults to 1 when none is chosen. */
const categoryIdSchema = intLike("Category must be a category id").transform((v) => v ?? 1);

/** D113, D114: how the CMS says why a game is hidden. */
export const GAME_HIDDEN_LABELS: Record<GameHiddenReason, string> = {
  gone: "Hidden: gone from its feed",
  unreachable: "Hidden: unreachable",
  duplicate: "Hidden: merged into the same game from another feed",
  draft: "Hidden: a creator's new game, not shown yet",
};
export const HIDDEN_REASON_PATCH_MESSAGE = "hiddenReason can only be set to null (to show the game again)";

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
 * package, the portal SDK adapter it uses (D77) and its size in bytes and number of files, and
 * how long it takes to start (the median time to first gameplay).
 * All three are null for a game played from its URL, and the size until the package has been scanned.
 */
export const adminGameSchema = gameSchema.extend({
  /** D83: the ids of the collections the game is tagged with */
  collectionIds: z.array(z.number().int()),
  sdkAdapter: z.enum(SDK_ADAPTERS).nullable(),
  packageBytes: z.number().int().nonnegative().nullable(),
  packageFiles: z.number().int().nonnegative().nullable(),
  /** The median time from the frame's load to the first gameplay.start (ms), null before any timed play */
  medianStartMs: z.number().int().nonnegative().nullable(),
  /** D113, D114: why players cannot see the game (gone from its feed, unreachable); null while shown */
  hiddenReason: z.enum(GAME_HIDDEN_REASONS).nullable(),
});
export type AdminGame = z.infer<typeof adminGameSchema>;
export const adminGameListSchema = z.array(adminGameSchema);

/** GET /api/admin/games: a page of the CMS games table; the count is in X-Total-Count. */
export const ADMIN_GAME_PAGE_SIZE = { default: 100, max: 500 } as const;
export const adminGameListQuerySchema = z.object({
  /** the title contains this (case-insensitive) */
  search: z.string().trim().max(100, "Search must be at most 100 characters").optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_GAME_PAGE_SIZE.max).default(ADMIN_GAME_PAGE_SIZE.default),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

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
  imageUrl: optionalText(2000, "Image URL is too long").refine(
    (v) => v === undefined || isImageUrl(v),
    IMAGE_URL_MESSAGE,
  ),
  externalUrl: optionalText(2000, "Game URL is too long").refine(
    (v) => v === undefined || isHttpUrl(v),
    GAME_URL_MESSAGE,
  ),
  developer: optionalText(100, "Developer must be at most 100 characters"),
  instructions: optionalText(2000, "Instructions must be at most 2,000 characters"),
  isFeatured: boolLike("isFeatured must be true or false"),
  categoryId: intLike("Category must be a category id"),
  difficulty: difficultyPatchField,
  collectionIds: collectionIdsField,
  scoreRules: scoreRulesPatchSchema.optional(),
  /** D113, D114: `null` shows a hidden game again; only a sync or the embed check hides one */
  hiddenReason: z.null({ error: HIDDEN_REASON_PATCH_MESSAGE }).optional(),
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
    (v) =>
      typeof v === "string"
        ? v.trim() === ""
          ? undefined
          : v.split(",").map((p) => (/^\s*\d+\s*$/.test(p) ? Number(p) : p))
        : v,
    collectionIdsField,
  ),
});
export type AdminGameUploadFields = z.input<typeof adminGameUploadFieldsSchema>;

export const HTML_FILE_REQUIRED_MESSAGE = "HTML file is required";

/** The upload limits (D44), for the /cms screens' hints. The server enforces them. */
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
