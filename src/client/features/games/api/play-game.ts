import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { gameKeys } from "@/lib/query-keys";
import type { GameDetail, PlayResponse } from "@contract/games";

/** POST /api/games/{id}/play → {plays, playId} (D21): counts a play and opens a play session. */
export async function playGame(id: number): Promise<PlayResponse> {
  const res = await apiRequest("POST", `/api/games/${id}/play`);
  return (await res.json()) as PlayResponse;
}

export function usePlayGame(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => playGame(id),
    onSuccess: ({ plays }) => {
      qc.setQueryData<GameDetail>(gameKeys.detail(id), (g) => (g ? { ...g, plays } : g));
      // lists sorted by plays are now out of date
      void qc.invalidateQueries({ queryKey: gameKeys.lists(), refetchType: "none" });
    },
  });
}
