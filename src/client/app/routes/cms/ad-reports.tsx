import { BarChart3 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useAdReport, type AdReportRange } from "@/features/cms/ads/api/get-ad-report";
import { AdReportPanel } from "@/features/cms/ads/components/ad-report-panel";
import { CmsPageHeader } from "@/features/cms/shared/components/cms-page-header";
import { LoadError } from "@/features/cms/shared/components/list-screen";
import { AD_REPORT_RANGES } from "@contract/ads-constants";

/** /cms/ads (D154): impressions, no fills, dismissals, rewards and clicks by day, placement and game. */
export function CmsAdReportsScreen() {
  const [days, setDays] = useState<AdReportRange>(30);
  const query = useAdReport(days);
  return (
    <>
      <CmsPageHeader
        title="Ad reports"
        description="What the ads did, by placement and game, per UTC day."
        icon={<BarChart3 />}
        actions={
          <div role="group" aria-label="Range" className="flex gap-1">
            {AD_REPORT_RANGES.map((range) => (
              <Button
                key={range}
                size="sm"
                variant={days === range ? "default" : "outline"}
                aria-pressed={days === range}
                onClick={() => setDays(range)}
              >
                Last {range} days
              </Button>
            ))}
          </div>
        }
      />
      {query.data ? (
        <AdReportPanel report={query.data} />
      ) : query.isError ? (
        <LoadError what="the ad reports" query={query} />
      ) : (
        <Skeleton className="h-64 w-full" />
      )}
    </>
  );
}
