import { z } from "zod";
import { MAX_FIRST_GAMEPLAY_MS } from "./plays-constants";

export { MAX_FIRST_GAMEPLAY_MS };

/** POST /api/games/{id}/plays/{playId}/started: milliseconds from the frame's load to the game's first gameplay.start. */
export const playStartedParamsSchema = z.object({
  id: z.coerce.number({ message: "Invalid id" }).int("Invalid id").positive("Invalid id").max(2147483647, "Invalid id"),
  playId: z.string().uuid("Invalid play id"),
});
/** GET /api/games/{id}/player (D75): the player as the game's SDK init() hands them over. */
export const gameFacingUserSchema = z.object({
  user: z.object({ id: z.number().int().positive(), username: z.string(), avatarUrl: z.string().nullable() }),
});
export type GameFacingUserResponse = z.infer<typeof gameFacingUserSchema>;

export const playStartedBodySchema = z.object({
  ms: z
    .number({ message: "ms must be a number" })
    .int("ms must be a whole number")
    .min(0, "ms must be at least 0")
    .max(MAX_FIRST_GAMEPLAY_MS, "ms must be at most 3600000"),
});
