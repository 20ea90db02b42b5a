import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useIsAdmin } from "@/features/cms/shared/api/get-admin-user";
import { adminKeys, recheckSessionOn, refetchAfterScoreChange } from "@/features/cms/shared/api/keys";
import { apiRequest, getJson } from "@/lib/api-client";
import type { HeldScoreRow } from "@contract/admin/scores";

export type HeldScoreDecision = "approve" | "reject";

/** D108: GET /api/admin/held-scores → the scores waiting for a moderator, oldest first (admins and moderators). */
export function useHeldScores() {
  const signedIn = useIsAdmin();
  return useQuery({
    queryKey: adminKeys.heldScores(),
    queryFn: ({ signal }) => getJson<HeldScoreRow[]>("/api/admin/held-scores", { signal }),
    enabled: signedIn,
  });
}

/** D108: POST /api/admin/held-scores/{id}/approve|reject; approving puts the score on the boards. */
export function useHeldScoreDecision() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, decision }: { id: number; decision: HeldScoreDecision }) => {
      await apiRequest("POST", `/api/admin/held-scores/${id}/${decision}`);
    },
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: adminKeys.heldScores() }), refetchAfterScoreChange(qc)]),
    onError: (err) => recheckSessionOn(qc, err),
  });
}
