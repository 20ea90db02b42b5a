import { useQuery } from "@tanstack/react-query";
import { useIsAdmin } from "@/features/cms/shared/api/get-admin-user";
import { adminKeys } from "@/features/cms/shared/api/keys";
import { getJson } from "@/lib/api-client";
import { adReportSchema } from "@contract/admin/ad-reports";
import type { AD_REPORT_RANGES } from "@contract/ads-constants";

export type AdReportRange = (typeof AD_REPORT_RANGES)[number];

/** D154: GET /api/admin/ads/reports?days=, the ad counts of the last 30 or 90 UTC days. */
export function useAdReport(days: AdReportRange) {
  const isAdmin = useIsAdmin();
  return useQuery({
    queryKey: [...adminKeys.all, "ads", "reports", days],
    queryFn: ({ signal }) => getJson(`/api/admin/ads/reports?days=${days}`, { schema: adReportSchema, signal }),
    enabled: isAdmin,
    placeholderData: (previous) => previous,
  });
}
