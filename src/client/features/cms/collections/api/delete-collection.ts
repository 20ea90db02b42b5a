import { useMutation, useQueryClient } from "@tanstack/react-query";
import { recheckSessionOn, refetchAfterCollectionChange } from "@/features/cms/shared/api/keys";
import { apiRequest } from "@/lib/api-client";

/** DELETE /api/admin/collections/{id} → 204; its games stay (D83). */
export async function deleteCollection(id: number): Promise<void> {
  await apiRequest("DELETE", `/api/admin/collections/${id}`);
}

export function useDeleteCollection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteCollection,
    onSuccess: () => refetchAfterCollectionChange(qc),
    onError: (err) => recheckSessionOn(qc, err),
  });
}
