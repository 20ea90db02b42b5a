import { useMutation, useQueryClient } from "@tanstack/react-query";
import { recheckSessionOn, refetchAfterContentChange } from "@/features/cms/shared/api/keys";
import { apiRequest } from "@/lib/api-client";
import type { ContentCreate } from "@contract/admin/content";
import { contentItemSchema, type ContentItem } from "@contract/content";

/** POST /api/admin/website-content {section, key, value, valueType} → 201 (409 for a duplicate section and key, D40). */
export async function createContent(body: ContentCreate): Promise<ContentItem> {
  const res = await apiRequest("POST", "/api/admin/website-content", body);
  return contentItemSchema.parse(await res.json());
}

export function useCreateContent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createContent,
    onSuccess: () => refetchAfterContentChange(qc),
    onError: (err) => recheckSessionOn(qc, err),
  });
}
