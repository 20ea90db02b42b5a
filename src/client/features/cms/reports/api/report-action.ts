import { useMutation, useQueryClient } from "@tanstack/react-query";
import { recheckSessionOn, refetchAfterModeration } from "@/features/cms/shared/api/keys";
import { apiRequest } from "@/lib/api-client";
import type { ReportAction, ReportActionResult } from "@contract/reports-constants";

/**
 * D97: POST /api/admin/reports/{id}/action {action} → {handled, mutedUntil}; `id` is a group's id. Every report of
 * the item is closed and each reporter is told. A moderator's "ban" is a 403.
 */
export async function actOnReport({ id, action }: { id: number; action: ReportAction }): Promise<ReportActionResult> {
  const res = await apiRequest("POST", `/api/admin/reports/${id}/action`, { action });
  return (await res.json()) as ReportActionResult;
}

export function useReportAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: actOnReport,
    onSuccess: () => refetchAfterModeration(qc),
    onError: (err) => recheckSessionOn(qc, err),
  });
}
