import { useMutation, useQueryClient } from "@tanstack/react-query";
import { recheckSessionOn, refetchAfterGameChange } from "@/features/cms/shared/api/keys";
import { apiRequest } from "@/lib/api-client";

/** DELETE /api/admin/games/{id} → 204 (the package files go too, D44). */
export async function deleteGame(id: number): Promise<void> {
  await apiRequest("DELETE", `/api/admin/games/${id}`);
}

export function useDeleteGame() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteGame,
    onSuccess: () => refetchAfterGameChange(qc),
    onError: (err) => recheckSessionOn(qc, err),
  });
}
