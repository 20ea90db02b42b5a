import { useMutation, useQueryClient } from "@tanstack/react-query";
import { recheckSessionOn, refetchAfterModeration } from "@/features/cms/shared/api/keys";
import { apiRequest } from "@/lib/api-client";
import type { MuteResult } from "@contract/reports-constants";

/** D96: POST /api/admin/moderation/mutes/{userId} → {userId, mutedUntil, step}: the next step of the ladder. */
export async function mutePlayer(userId: number): Promise<MuteResult> {
  const res = await apiRequest("POST", `/api/admin/moderation/mutes/${userId}`);
  return (await res.json()) as MuteResult;
}

/** D96: DELETE /api/admin/moderation/mutes/{userId} → 204: the mute ends now. */
export async function unmutePlayer(userId: number): Promise<void> {
  await apiRequest("DELETE", `/api/admin/moderation/mutes/${userId}`);
}

export function useMute() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: mutePlayer,
    onSuccess: () => refetchAfterModeration(qc),
    onError: (err) => recheckSessionOn(qc, err),
  });
}

export function useUnmute() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: unmutePlayer,
    onSuccess: () => refetchAfterModeration(qc),
    onError: (err) => recheckSessionOn(qc, err),
  });
}
