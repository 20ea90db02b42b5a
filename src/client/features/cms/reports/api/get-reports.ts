import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useIsAdmin } from "@/features/cms/shared/api/get-admin-user";
import { adminKeys } from "@/features/cms/shared/api/keys";
import { getJson, withQuery } from "@/lib/api-client";
import type { ReportKind, ReportQueue } from "@contract/reports-constants";

export type ReportStatusTab = "open" | "handled";

/**
 * D97: GET /api/admin/reports?status=open|handled&kind= → {open, items}: the reports grouped by item, for admins and
 * moderators. Read without the zod schema: the client takes only the contract's zod-free types here.
 */
export const reportsQueryOptions = (status: ReportStatusTab, kind: ReportKind | "" = "") =>
  queryOptions({
    queryKey: adminKeys.reports(status, kind),
    queryFn: ({ signal }) => getJson<ReportQueue>(withQuery("/api/admin/reports", { status, kind }), { signal }),
    placeholderData: keepPreviousData,
  });

/** The queue of one tab (and kind); waits until the CMS user is known (spec §7). */
export function useReports(status: ReportStatusTab, kind: ReportKind | "" = "") {
  const signedIn = useIsAdmin();
  return useQuery({ ...reportsQueryOptions(status, kind), enabled: signedIn });
}

/** The number of open reports for the nav's badge: the Reports screen's first read, so the screen reuses it. */
export function useOpenReportCount(enabled: boolean): number | undefined {
  const signedIn = useIsAdmin();
  return useQuery({
    ...reportsQueryOptions("open"),
    enabled: enabled && signedIn,
    staleTime: 30_000,
    select: (q) => q.open,
  }).data;
}
