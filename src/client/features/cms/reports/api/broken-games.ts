import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useIsAdmin } from "@/features/cms/shared/api/get-admin-user";
import { adminKeys, recheckSessionOn, refetchAfterGameChange } from "@/features/cms/shared/api/keys";
import { apiRequest, withQuery } from "@/lib/api-client";
import {
  BROKEN_GAME_PAGE_SIZE,
  brokenGameListSchema,
  embedCheckNowSchema,
  type BrokenGame,
  type EmbedCheckNow,
} from "@contract/admin/broken-games";

export type BrokenGamePage = { games: BrokenGame[]; total: number; offset: number };

/** D114: GET /api/admin/broken-games?limit&offset, a page at a time; the count in X-Total-Count. */
export async function getBrokenGames(offset: number, signal?: AbortSignal): Promise<BrokenGamePage> {
  const res = await apiRequest(
    "GET",
    withQuery("/api/admin/broken-games", { limit: BROKEN_GAME_PAGE_SIZE.default, offset }),
    undefined,
    { signal },
  );
  const games = brokenGameListSchema.parse(await res.json());
  const header = res.headers.get("X-Total-Count");
  return { games, total: header === null ? offset + games.length : Number(header), offset };
}

/** The broken games list (admins and moderators), a page at a time. */
export function useBrokenGames() {
  const signedIn = useIsAdmin();
  return useInfiniteQuery({
    queryKey: adminKeys.brokenGames(),
    queryFn: ({ pageParam, signal }) => getBrokenGames(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.games.length;
      return last.games.length > 0 && next < last.total ? next : undefined;
    },
    enabled: signedIn,
  });
}

/** D114: POST /api/admin/broken-games/{id}/check, "Check now"; a third failure hides the game. */
export function useCheckGameNow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number): Promise<EmbedCheckNow> => {
      const res = await apiRequest("POST", `/api/admin/broken-games/${id}/check`);
      return embedCheckNowSchema.parse(await res.json());
    },
    onSuccess: (result) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: adminKeys.brokenGames() }),
        result.hidden ? refetchAfterGameChange(qc) : undefined,
      ]),
    onError: (err) => recheckSessionOn(qc, err),
  });
}

/** D113, D114: PATCH /api/admin/games/{id} {hiddenReason: null} shows a hidden game again (admins only). */
export function useShowGameAgain() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest("PATCH", `/api/admin/games/${id}`, { hiddenReason: null });
    },
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: adminKeys.brokenGames() }), refetchAfterGameChange(qc)]),
    onError: (err) => recheckSessionOn(qc, err),
  });
}
