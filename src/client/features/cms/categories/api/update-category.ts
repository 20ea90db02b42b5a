import { useMutation, useQueryClient } from "@tanstack/react-query";
import { recheckSessionOn, refetchAfterCategoryChange } from "@/features/cms/shared/api/keys";
import { apiRequest } from "@/lib/api-client";
import type { AdminCategoryPatch } from "@contract/admin/categories";
import { categorySchema, type Category } from "@contract/categories";

/** PATCH /api/admin/categories/{id} {name?, slug?, description?, imageUrl?} (D46). */
export async function updateCategory({ id, patch }: { id: number; patch: AdminCategoryPatch }): Promise<Category> {
  const res = await apiRequest("PATCH", `/api/admin/categories/${id}`, patch);
  return categorySchema.parse(await res.json());
}

export function useUpdateCategory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: () => refetchAfterCategoryChange(qc),
    onError: (err) => recheckSessionOn(qc, err),
  });
}
