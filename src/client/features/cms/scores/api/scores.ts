import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useIsAdmin } from "@/features/cms/shared/api/get-admin-user";
import { adminKeys, recheckSessionOn, refetchAfterScoreChange } from "@/features/cms/shared/api/keys";
import { ApiError, apiRequest, getJson, withQuery } from "@/lib/api-client";
import { adminScoreListSchema, adminScoreResetResultSchema } from "@contract/admin/scores";

/** The filters of the scores list (D93): a game, a player, both or neither (the newest scores of all). */
export type AdminScoreFilters = { gameId?: number; userId?: number };

/** How many rows the screen asks for (the server's default, at most 200). */
export const ADMIN_SCORE_LIMIT = 50;

/** GET /api/admin/scores?gameId&userId&limit (D93, admins only): the newest scores first. */
export const adminScoresQueryOptions = (filters: AdminScoreFilters) =>
  queryOptions({
    queryKey: adminKeys.scores(filters),
    queryFn: ({ signal }) =>
      getJson(
        withQuery("/api/admin/scores", { gameId: filters.gameId, userId: filters.userId, limit: ADMIN_SCORE_LIMIT }),
        {
          schema: adminScoreListSchema,
          signal,
        },
      ),
    placeholderData: keepPreviousData,
  });

export function useAdminScores(filters: AdminScoreFilters) {
  const isAdmin = useIsAdmin();
  return useQuery({ ...adminScoresQueryOptions(filters), enabled: isAdmin });
}

/** DELETE /api/admin/scores/{id} → 204 (D93): the player's best, totals and achievements are recomputed; audit-logged. */
export async function removeScore(id: number): Promise<void> {
  await apiRequest("DELETE", `/api/admin/scores/${id}`);
}

/** POST /api/admin/scores/reset {userId, gameId} → {removed} (D93): every score of the player on the game. */
export async function resetPlayerOnGame(body: { userId: number; gameId: number }): Promise<{ removed: number }> {
  const res = await apiRequest("POST", "/api/admin/scores/reset", body);
  return adminScoreResetResultSchema.parse(await res.json());
}

export function useRemoveScore() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeScore,
    onSuccess: () => refetchAfterScoreChange(qc),
    onError: (err) => {
      recheckSessionOn(qc, err);
      // 404: the score is gone already (another admin, a reset): the list catches up.
      if (err instanceof ApiError && err.status === 404) void qc.invalidateQueries({ queryKey: adminKeys.scoresAll() });
    },
  });
}

export function useResetPlayerOnGame() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: resetPlayerOnGame,
    onSuccess: () => refetchAfterScoreChange(qc),
    onError: (err) => recheckSessionOn(qc, err),
  });
}
