import { useMutation, useQueryClient } from "@tanstack/react-query";
import { recheckSessionOn, refetchAfterGameChange } from "@/features/cms/shared/api/keys";
import { apiRequest } from "@/lib/api-client";
import type { AdminGamePatch } from "@contract/admin/games";
import { gameSchema, type Game } from "@contract/games";

/** PATCH /api/admin/games/{id} {title, imageUrl, description, externalUrl, developer, instructions, isFeatured, categoryId} */
export async function updateGame({ id, patch }: { id: number; patch: AdminGamePatch }): Promise<Game> {
  const res = await apiRequest("PATCH", `/api/admin/games/${id}`, patch);
  return gameSchema.parse(await res.json());
}

export function useUpdateGame() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateGame,
    onSuccess: () => refetchAfterGameChange(qc),
    onError: (err) => recheckSessionOn(qc, err),
  });
}
