import type { QueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { myGamesKeys } from "@/lib/query-keys";
import { loginUrl } from "@/lib/session";
import type { Game } from "@contract/games";

/**
 * What the heart does when it is pressed, in a chunk of its own that loads when a heart is first pointed
 * at or pressed: the cards of public pages carry only the heart's look and state (the 120 KB budget, D73).
 */

type FavoriteGame = Pick<Game, "id" | "title">;

const withFavorite = (ids: number[] | undefined, gameId: number, on: boolean) => {
  const rest = (ids ?? []).filter((id) => id !== gameId);
  return on ? [gameId, ...rest] : rest;
};

/** One game's changes go to the server one after the other, so that a quick add-then-remove arrives in that order. */
const pending = new Map<number, Promise<unknown>>();

function send(gameId: number, on: boolean): Promise<unknown> {
  const previous = pending.get(gameId) ?? Promise.resolve();
  const next = previous
    .catch(() => undefined)
    .then(() => apiRequest(on ? "PUT" : "DELETE", `/api/favorites/${gameId}`));
  pending.set(gameId, next);
  const forget = () => {
    if (pending.get(gameId) === next) pending.delete(gameId);
  };
  next.then(forget, forget);
  return next;
}

/** Changes not yet answered; when the last one settles, a read of the ids that a change interrupted is done again. */
let changing = 0;
let refetchIds = false;

/**
 * D86: makes the game a favourite (`on`) or not, optimistically: the heart changes at once (a read of the ids in
 * flight is cancelled, so that it cannot overwrite the change, and done again afterwards); on an error it changes
 * back and a toast says why. On success a toast offers "Undo" (the same call the other way, without a toast of
 * its own). My Games' lists are refreshed either way.
 */
export async function setFavorite(
  queryClient: QueryClient,
  userId: number,
  game: FavoriteGame,
  on: boolean,
  options: { undoable?: boolean } = {},
) {
  const key = myGamesKeys.favoriteIds(userId);
  if (queryClient.getQueryState(key)?.fetchStatus === "fetching") refetchIds = true;
  void queryClient.cancelQueries({ queryKey: key, exact: true });
  queryClient.setQueryData<number[]>(key, (ids) => withFavorite(ids, game.id, on));
  changing += 1;
  try {
    await send(game.id, on);
  } catch (err) {
    queryClient.setQueryData<number[]>(key, (ids) => withFavorite(ids, game.id, !on));
    toast({
      variant: "destructive",
      title: on ? `Could not add ${game.title} to favourites` : `Could not remove ${game.title} from favourites`,
      description: errorMessage(err),
    });
    return;
  } finally {
    changing -= 1;
    if (changing === 0 && refetchIds) {
      refetchIds = false;
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
    }
    void queryClient.invalidateQueries({ queryKey: myGamesKeys.lists(userId) });
  }
  if (options.undoable === false) return;
  toast({
    title: on ? `Added ${game.title} to favourites` : `Removed ${game.title} from favourites`,
    action: {
      label: "Undo",
      altText: on
        ? `Remove ${game.title} from favourites with its heart`
        : `Add ${game.title} to favourites with its heart`,
      onClick: () => void setFavorite(queryClient, userId, game, !on, { undoable: false }),
    },
  });
}

/** D86: asks a signed-out visitor to sign in, then come back here. */
export function promptSignIn(game: FavoriteGame) {
  const here = typeof window === "undefined" ? "/" : `${window.location.pathname}${window.location.search}`;
  toast({
    title: "Sign in to keep favourites",
    description: `Sign in to add ${game.title} to your favourites.`,
    action: {
      label: "Sign in",
      altText: "Sign in from the header's Sign In button",
      href: loginUrl({ returnTo: here }),
    },
  });
}
