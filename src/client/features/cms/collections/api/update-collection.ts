import { useMutation, useQueryClient } from "@tanstack/react-query";
import { recheckSessionOn, refetchAfterCollectionChange } from "@/features/cms/shared/api/keys";
import { apiRequest } from "@/lib/api-client";
import type { AdminCollectionPatch } from "@contract/admin/collections";
import { collectionSchema, type Collection } from "@contract/collections";

/** PATCH /api/admin/collections/{id} {title?, slug?, description?, imageUrl?, sortOrder?} (D83). */
export async function updateCollection({
  id,
  patch,
}: {
  id: number;
  patch: AdminCollectionPatch;
}): Promise<Collection> {
  const res = await apiRequest("PATCH", `/api/admin/collections/${id}`, patch);
  return collectionSchema.parse(await res.json());
}

export function useUpdateCollection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateCollection,
    onSuccess: () => refetchAfterCollectionChange(qc),
    onError: (err) => recheckSessionOn(qc, err),
  });
}
