import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useIsAdmin } from "@/features/cms/shared/api/get-admin-user";
import { adminKeys, recheckSessionOn } from "@/features/cms/shared/api/keys";
import { apiRequest, getJson } from "@/lib/api-client";
import { studioKeys } from "@/lib/studio";
import type { ReviewQueueItem } from "@contract/studio";

/** D133: GET /api/admin/build-reviews → the builds waiting for staff, then the approved ones waiting for their time. */
export function useBuildReviews() {
  const signedIn = useIsAdmin();
  return useQuery({
    queryKey: adminKeys.buildReviews(),
    queryFn: ({ signal }) => getJson<ReviewQueueItem[]>("/api/admin/build-reviews", { signal }),
    enabled: signedIn,
  });
}

export type ReviewStep =
  | { kind: "changes"; gameId: number; number: number; notes: string }
  | { kind: "approve"; gameId: number; number: number; publishAt?: string };

/** D133: request changes (notes) or approve (now, or at `publishAt`). */
export function useReviewStep() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (step: ReviewStep) => {
      const url = `/api/admin/build-reviews/${step.gameId}/${step.number}/${step.kind}`;
      const body =
        step.kind === "changes" ? { notes: step.notes } : step.publishAt ? { publishAt: step.publishAt } : {};
      return (await (await apiRequest("POST", url, body)).json()) as { state: string };
    },
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: adminKeys.buildReviews() }),
        qc.invalidateQueries({ queryKey: studioKeys.all }),
      ]),
    onError: (err) => recheckSessionOn(qc, err),
  });
}
