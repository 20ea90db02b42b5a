import { useMutation, useQueryClient } from "@tanstack/react-query";
import { recheckSessionOn, refetchAfterCategoryChange } from "@/features/cms/shared/api/keys";
import { apiRequest } from "@/lib/api-client";
import type { AdminCategoryCreate } from "@contract/admin/categories";
import { categorySchema, type Category } from "@contract/categories";

/** POST /api/admin/categories {name, slug, description, imageUrl} → 201 (409 when the slug is taken). */
export async function createCategory(body: AdminCategoryCreate): Promise<Category> {
  const res = await apiRequest("POST", "/api/admin/categories", body);
  return categorySchema.parse(await res.json());
}

export function useCreateCategory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => refetchAfterCategoryChange(qc),
    onError: (err) => recheckSessionOn(qc, err),
  });
}
