import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { getJson } from "@/lib/api-client";
import { useAsServerRendered } from "@/lib/hydration";
import { myGamesKeys } from "@/lib/query-keys";
import { currentUserQueryOptions, useCurrentUser } from "@/lib/session";
import type { Game } from "@contract/games";

/**
 * Favourites (D86): which hearts are filled, and the heart's toggle. The filled state is personal: it is asked
 * in the browser only (`meta.clientOnly`), so that a server-rendered card is the same for every visitor and
 * fills after hydration. What pressing it does is in favorite-actions.ts, loaded on demand.
 */

type FavoriteGame = Pick<Game, "id" | "title">;

/** GET /api/favorites/ids → the signed-in player's favourite game ids, newest first. */
export async function getFavoriteIds(signal?: AbortSignal): Promise<number[]> {
  return (await getJson<{ ids: number[] }>("/api/favorites/ids", { signal })).ids;
}

export const favoriteIdsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: myGamesKeys.favoriteIds(userId),
    queryFn: ({ signal }) => getFavoriteIds(signal),
    meta: { clientOnly: true },
  });

/** The heart's actions (a chunk of their own); `preload` on pointing at a heart, so that a press finds them loaded. */
export const loadFavoriteActions = () => import("./favorite-actions");

/**
 * The heart of one game: whether it is a favourite (false on the server, during hydration and while unknown) and
 * its toggle (a sign-in prompt for a visitor).
 */
export function useFavorite(game: FavoriteGame): { favorite: boolean; toggle: () => void } {
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const userId = user?.id ?? null;
  const ids = useAsServerRendered(useQuery({ ...favoriteIdsQueryOptions(userId ?? 0), enabled: userId !== null }));
  const favorite = userId !== null && (ids.data?.includes(game.id) ?? false);
  const toggle = () => {
    // The session not known yet (a press right after the page loaded): wait for it rather than guess.
    const who =
      userId !== null ? Promise.resolve({ id: userId }) : queryClient.ensureQueryData(currentUserQueryOptions());
    void Promise.all([who, loadFavoriteActions()])
      .then(([current, actions]) => {
        if (!current) return actions.promptSignIn(game);
        const on = !(queryClient.getQueryData<number[]>(myGamesKeys.favoriteIds(current.id)) ?? []).includes(game.id);
        return actions.setFavorite(queryClient, current.id, game, on);
      })
      .catch((err: unknown) => console.warn("Could not change the favourite", err));
  };
  return { favorite, toggle };
}
