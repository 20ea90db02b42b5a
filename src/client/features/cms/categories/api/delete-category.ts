import { useMutation, useQueryClient } from "@tanstack/react-query";
import { recheckSessionOn, refetchAfterCategoryChange } from "@/features/cms/shared/api/keys";
import { apiRequest } from "@/lib/api-client";

/** DELETE /api/admin/categories/{id} → 204, or 409 while the category has games (D46). */
export async function deleteCategory(id: number): Promise<void> {
  await apiRequest("DELETE", `/api/admin/categories/${id}`);
}

export function useDeleteCategory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => refetchAfterCategoryChange(qc),
    onError: (err) => recheckSessionOn(qc, err),
  });
}
