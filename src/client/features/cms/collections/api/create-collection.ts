import { useMutation, useQueryClient } from "@tanstack/react-query";
import { recheckSessionOn, refetchAfterCollectionChange } from "@/features/cms/shared/api/keys";
import { apiRequest } from "@/lib/api-client";
import type { AdminCollectionCreate } from "@contract/admin/collections";
import { collectionSchema, type Collection } from "@contract/collections";

/** POST /api/admin/collections {title, slug, description, imageUrl, sortOrder} → 201 (409 when the slug is taken; D83). */
export async function createCollection(body: AdminCollectionCreate): Promise<Collection> {
  const res = await apiRequest("POST", "/api/admin/collections", body);
  return collectionSchema.parse(await res.json());
}

export function useCreateCollection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createCollection,
    onSuccess: () => refetchAfterCollectionChange(qc),
    onError: (err) => recheckSessionOn(qc, err),
  });
}
