import { useMutation, useQueryClient } from "@tanstack/react-query";
import { recheckSessionOn } from "@/features/cms/shared/api/keys";
import { apiRequest } from "@/lib/api-client";
import { announcementResultSchema } from "@contract/notifications";

export type AnnouncementInput = { text: string; link?: string };

/** D85: POST /api/admin/announcements {text, link?} → 201 {sent}: a notification to every player. */
export async function sendAnnouncement(body: AnnouncementInput): Promise<{ sent: number }> {
  const res = await apiRequest("POST", "/api/admin/announcements", body);
  return announcementResultSchema.parse(await res.json());
}

export function useSendAnnouncement() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: sendAnnouncement, onError: (err) => recheckSessionOn(qc, err) });
}
