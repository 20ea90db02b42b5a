import { useMutation, useQueryClient } from "@tanstack/react-query";
import { recheckSessionOn, refetchAfterGameChange } from "@/features/cms/shared/api/keys";
import { apiRequest } from "@/lib/api-client";
import type { AdminGameCreate } from "@contract/admin/games";
import { gameSchema, type Game } from "@contract/games";

/** POST /api/admin/games (URL mode, spec §7) → 201 the game. */
export async function createGame(body: AdminGameCreate): Promise<Game> {
  const res = await apiRequest("POST", "/api/admin/games", body);
  return gameSchema.parse(await res.json());
}

export function useCreateGame() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createGame,
    onSuccess: () => refetchAfterGameChange(qc),
    onError: (err) => recheckSessionOn(qc, err),
  });
}
