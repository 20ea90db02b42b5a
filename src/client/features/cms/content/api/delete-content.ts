import { useMutation, useQueryClient } from "@tanstack/react-query";
import { recheckSessionOn, refetchAfterContentChange } from "@/features/cms/shared/api/keys";
import { apiRequest } from "@/lib/api-client";

/** DELETE /api/admin/website-content/{id} → 204; the public site falls back to its default (D40). */
export async function deleteContent(id: number): Promise<void> {
  await apiRequest("DELETE", `/api/admin/website-content/${id}`);
}

export function useDeleteContent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteContent,
    onSuccess: () => refetchAfterContentChange(qc),
    onError: (err) => recheckSessionOn(qc, err),
  });
}
