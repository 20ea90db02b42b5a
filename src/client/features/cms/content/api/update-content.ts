import { useMutation, useQueryClient } from "@tanstack/react-query";
import { recheckSessionOn, refetchAfterContentChange } from "@/features/cms/shared/api/keys";
import { apiRequest } from "@/lib/api-client";
import type { ContentPatch } from "@contract/admin/content";
import { contentItemSchema, type ContentItem } from "@contract/content";

/** PATCH /api/admin/website-content/{id} {value?, valueType?}: section and key are read-only. */
export async function updateContent({ id, patch }: { id: number; patch: ContentPatch }): Promise<ContentItem> {
  const res = await apiRequest("PATCH", `/api/admin/website-content/${id}`, patch);
  return contentItemSchema.parse(await res.json());
}

export function useUpdateContent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateContent,
    onSuccess: () => refetchAfterContentChange(qc),
    onError: (err) => recheckSessionOn(qc, err),
  });
}
