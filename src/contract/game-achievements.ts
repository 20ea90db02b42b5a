import { z } from "zod";

/** D78: a game's own achievements (declared in game.json or in the CMS) and their unlocks. */
export const GAME_ACHIEVEMENT_LIMITS = {
  keyPattern: /^[a-z0-9_-]{1,64}$/,
  titleMax: 60,
  descriptionMax: 200,
  perGame: 50,
} as const;
/** What a hidden achievement shows to everybody (D78). */
export const HIDDEN_ACHIEVEMENT_TITLE = "Hidden achievement";

export const gameAchievementKeySchema = z
  .string()
  .regex(GAME_ACHIEVEMENT_LIMITS.keyPattern, "Use 1 to 64 lowercase letters, digits, _ or -");

/** An icon is a relative path inside the game's package (no scheme, no leading slash, no `..`). */
export const packageIconPathSchema = z
  .string()
  .min(1)
  .max(200)
  .refine(
    (p) =>
      !/^[a-z][a-z0-9+.-]*:/i.test(p) && !p.startsWith("/") && !p.startsWith("\\") && !p.split(/[\\/]/).includes(".."),
    {
      message: "The icon must be a relative path inside the game package",
    },
  );

/** One entry of `achievements` in game.json. */
export const manifestAchievementSchema = z.object({
  key: gameAchievementKeySchema,
  title: z.string().trim().min(1).max(GAME_ACHIEVEMENT_LIMITS.titleMax),
  description: z.string().trim().max(GAME_ACHIEVEMENT_LIMITS.descriptionMax).default(""),
  icon: packageIconPathSchema.optional(),
  hidden: z.boolean().default(false),
});
export type ManifestAchievement = z.output<typeof manifestAchievementSchema>;

export const manifestAchievementsSchema = z
  .array(manifestAchievementSchema)
  .max(GAME_ACHIEVEMENT_LIMITS.perGame, `At most ${GAME_ACHIEVEMENT_LIMITS.perGame} achievements per game`)
  .refine((list) => new Set(list.map((a) => a.key)).size === list.length, {
    message: "Achievement keys must be unique",
  });

/** GET /api/games/{id}/achievements: public and the same for everybody (D70). */
export const gameAchievementSchema = z.object({
  key: z.string(),
  title: z.string(),
  description: z.string(),
  iconUrl: z.string().nullable(),
  hidden: z.boolean(),
  /** percent (0..100, whole) of the game's players (a score or an unlock) who have it */
  players: z.number().int().min(0).max(100),
});
export type GameAchievement = z.infer<typeof gameAchievementSchema>;
export const gameAchievementListSchema = z.array(gameAchievementSchema);

/** GET /api/games/{id}/achievements/mine: the signed-in player's unlocked keys. */
export const myGameAchievementsSchema = z.object({
  unlocked: z.array(z.object({ key: z.string(), unlockedAt: z.string() })),
});
export type MyGameAchievements = z.infer<typeof myGameAchievementsSchema>;

/** POST /api/games/{id}/achievements/unlock */
export const unlockGameAchievementSchema = z.object({
  key: gameAchievementKeySchema,
  playId: z.string().min(1).max(64),
});
export const unlockGameAchievementResponseSchema = z.object({ unlocked: z.boolean() });

/** GET /api/users/{id}/game-achievements: what a user unlocked, newest first. */
export const userGameAchievementSchema = z.object({
  gameId: z.number().int(),
  gameTitle: z.string(),
  key: z.string(),
  title: z.string(),
  description: z.string(),
  iconUrl: z.string().nullable(),
  unlockedAt: z.string(),
});
export type UserGameAchievement = z.infer<typeof userGameAchievementSchema>;
export const userGameAchievementListSchema = z.array(userGameAchievementSchema);

/** Admin (CMS): the full record, hidden ones included as they are. */
export const adminGameAchievementSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  title: z.string(),
  description: z.string(),
  iconUrl: z.string().nullable(),
  hidden: z.boolean(),
  sortOrder: z.number().int(),
  unlocks: z.number().int(),
});
export type AdminGameAchievement = z.infer<typeof adminGameAchievementSchema>;
export const adminGameAchievementListSchema = z.array(adminGameAchievementSchema);

const iconUrlInput = z
  .string()
  .trim()
  .max(500)
  .refine(
    (v) =>
      v === "" || /^https?:\/\//.test(v) || v.startsWith("/uploads/") || packageIconPathSchema.safeParse(v).success,
    {
      message: "Use an http(s) address, an /uploads/ image or a path inside the game package",
    },
  )
  .transform((v) => (v === "" ? null : v))
  .nullable();

export const adminGameAchievementCreateSchema = z.object({
  key: gameAchievementKeySchema,
  title: z.string().trim().min(1).max(GAME_ACHIEVEMENT_LIMITS.titleMax),
  description: z.string().trim().max(GAME_ACHIEVEMENT_LIMITS.descriptionMax).default(""),
  iconUrl: iconUrlInput.optional(),
  hidden: z.boolean().default(false),
});
export const adminGameAchievementPatchSchema = z
  .object({
    key: gameAchievementKeySchema,
    title: z.string().trim().min(1).max(GAME_ACHIEVEMENT_LIMITS.titleMax),
    description: z.string().trim().max(GAME_ACHIEVEMENT_LIMITS.descriptionMax),
    iconUrl: iconUrlInput,
    hidden: z.boolean(),
  })
  .partial()
  .strict();
/** PUT …/achievements/order: every achievement id of the game, in the new order. */
export const adminGameAchievementOrderSchema = z.object({
  ids: z.array(z.number().int().positive()).max(GAME_ACHIEVEMENT_LIMITS.perGame),
});
export const gameAchievementParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2147483647),
  achievementId: z.coerce.number().int().positive().max(2147483647),
});
