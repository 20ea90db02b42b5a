import { z } from "zod";
import { isoDateTime } from "./common";
import { gameSchema } from "./games";
import {
  GAMEPLAY_STATES,
  MAX_FAVORITES,
  MAX_GAMEPLAY_STRETCH_MS,
  MAX_PLAYTIME_PER_PLAY_MS,
  RECENT_GAMES_LIMIT,
} from "./my-games-constants";

export { GAMEPLAY_STATES, MAX_FAVORITES, MAX_GAMEPLAY_STRETCH_MS, MAX_PLAYTIME_PER_PLAY_MS, RECENT_GAMES_LIMIT };
export type { GameplayState } from "./my-games-constants";

/** D86: `GET /api/favorites/ids`: the ids of the signed-in player's favourite games, newest first (the hearts). */
export const favoriteIdsSchema = z.object({ ids: z.array(z.number().int()) });
export type FavoriteIds = z.infer<typeof favoriteIdsSchema>;

/** D100: a game of `GET /api/me/games`, with the player's own figures where known (never played: null). */
export const myGameSchema = gameSchema.extend({
  /** when the player last started a play of it */
  lastPlayedAt: isoDateTime.nullable(),
  /** gameplay counted from gameplay start/stop, capped per play (D86) */
  playtimeMs: z.number().int().min(0).nullable(),
});
export type MyGame = z.infer<typeof myGameSchema>;

/** D100: `GET /api/me/games` → favourites (newest first) and the games played last (RECENT_GAMES_LIMIT). */
export const myGamesSchema = z.object({ favorites: z.array(myGameSchema), recent: z.array(myGameSchema) });
export type MyGames = z.infer<typeof myGamesSchema>;

/** D86: `POST /api/games/{id}/plays/{playId}/gameplay {state}`: the play's gameplay started or stopped. */
export const gameplayBodySchema = z.object({
  state: z.enum(GAMEPLAY_STATES, { message: 'state must be "start" or "stop"' }),
});
