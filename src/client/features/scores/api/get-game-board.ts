import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson, withQuery } from "@/lib/api-client";
import { aroundMeRows, needsAroundMe } from "@/lib/around-me";
import { useCurrentUser } from "@/lib/session";
import type { BoardScope } from "@contract/leaderboard-constants";
import type { ScoreEntry } from "@contract/scores";
import { GAME_SCORES_LIMIT, useGameScores } from "./get-game-scores";
import { scoreKeys } from "./keys";

/** The board parameters of GET /api/scores/game/{id}: a season, friends, around me (D92). */
export type GameBoardParams = {
  /** D91: a season's board by its id; without it, all time */
  season?: number;
  scope?: BoardScope;
  around?: "me";
  limit?: number;
  /** the signed-in player a personal board is for (part of the key only: the server reads the session) */
  viewer?: number;
};

/** GET /api/scores/game/{id}?season&scope&around&limit: rows with their true `rank` on that board. */
export function getGameBoard(
  gameId: number,
  { viewer: _viewer, ...params }: GameBoardParams,
  signal?: AbortSignal,
): Promise<ScoreEntry[]> {
  return getJson<ScoreEntry[]>(withQuery(`/api/scores/game/${gameId}`, params), { signal });
}

/** Under `scoreKeys.game(gameId)`, so a new score refetches these too (invalidateAfterScore). Personal ones are asked in the browser only (D70). */
export const gameBoardQueryOptions = (gameId: number, params: GameBoardParams) =>
  queryOptions({
    queryKey: [...scoreKeys.game(gameId), "board", params] as const,
    queryFn: ({ signal }) => getGameBoard(gameId, params, signal),
    meta: params.scope === "friends" || params.around ? { clientOnly: true } : undefined,
  });

/**
 * The top rows of a game's board: all time global is the same query as the game's high score (useGameScores); a
 * season or the friends board is its own.
 */
export function useGameBoardTop(
  gameId: number,
  { season, friends }: { season?: number; friends?: boolean },
  viewer?: number,
) {
  const allTime = useGameScores(gameId);
  const own = useQuery({
    ...gameBoardQueryOptions(gameId, {
      season,
      scope: friends ? "friends" : undefined,
      limit: GAME_SCORES_LIMIT,
      viewer: friends ? viewer : undefined,
    }),
    enabled: (season !== undefined || friends === true) && (!friends || viewer !== undefined),
  });
  return season === undefined && !friends ? allTime : own;
}

/** D92: the signed-in player's id and the rows around them to show below `top` (none when they are in it). */
export function useGameAroundMe(
  gameId: number,
  { season, friends }: { season?: number; friends?: boolean },
  top: ScoreEntry[] | undefined,
) {
  const { user } = useCurrentUser();
  const me = user?.id;
  const enabled = needsAroundMe(top, me);
  const around = useQuery({
    ...gameBoardQueryOptions(gameId, { season, scope: friends ? "friends" : undefined, around: "me", viewer: me }),
    enabled,
  });
  return { me, after: enabled && top ? aroundMeRows(top, around.data, me) : [] };
}
