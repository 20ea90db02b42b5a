import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { NumbersChart, type ChartSeries } from "@/features/cms/numbers/components/numbers-chart";
import { downloadCsv } from "@/features/cms/numbers/numbers-csv";
import { formatNumber } from "@/lib/format";
import type { AdReport } from "@contract/admin/ad-reports";
import { adReportCsv } from "../ad-report-csv";

type Day = AdReport["days"][number];
type Counts = AdReport["totals"];

// Colours that read on the light and the dark theme alike (as the numbers' charts).
const VIOLET = "#7c3aed";
const SKY = "#0ea5e9";
const AMBER = "#f59e0b";
const EMERALD = "#10b981";
const ROSE = "#f43f5e";

const whole = (v: number) => formatNumber(Math.round(v));
/** A chart's headline: the range's sum, not one day. */
const sumOf = (days: readonly Day[], series: ChartSeries<Day>) => days.reduce((n, d) => n + (series.value(d) ?? 0), 0);

const CHARTS: Array<{ title: string; series: ChartSeries<Day>[] }> = [
  {
    title: "Ads shown and asked for in vain",
    series: [
      { label: "impressions", value: (d) => d.impressions, color: VIOLET },
      { label: "no fills", value: (d) => d.noFills, color: AMBER },
    ],
  },
  {
    title: "What players did with them",
    series: [
      { label: "dismissals", value: (d) => d.dismissals, color: SKY },
      { label: "rewards", value: (d) => d.rewards, color: EMERALD },
      { label: "clicks", value: (d) => d.clicks, color: ROSE },
    ],
  },
];

const COUNT_COLUMNS: Array<[string, keyof Counts]> = [
  ["Impressions", "impressions"],
  ["No fills", "noFills"],
  ["Dismissals", "dismissals"],
  ["Rewards", "rewards"],
  ["Clicks", "clicks"],
];

function CountsTable<R extends Counts>({
  caption,
  first,
  rows,
  name,
  rowKey,
}: {
  caption: string;
  first: string;
  rows: readonly R[];
  name: (row: R) => string;
  rowKey: (row: R) => string | number;
}) {
  return (
    <section aria-label={caption} className="min-w-0 rounded-xl border bg-card p-4">
      <h2 className="mb-2 text-sm font-medium text-muted-foreground">{caption}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing counted in this range.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm tabular-nums">
            <thead className="text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  {first}
                </th>
                {COUNT_COLUMNS.map(([label]) => (
                  <th key={label} scope="col" className="px-2 py-1 text-right font-medium whitespace-nowrap">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)} className="border-t">
                  <th scope="row" className="max-w-48 truncate py-1.5 pr-3 font-medium" title={name(row)}>
                    {name(row)}
                  </th>
                  {COUNT_COLUMNS.map(([label, key]) => (
                    <td key={label} className="px-2 py-1.5 text-right">
                      {formatNumber(row[key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * D154: the ad counts of a range: the totals, a chart per question, the counts by placement and by game, and the
 * counted lines as a CSV file.
 */
export function AdReportPanel({ report }: { report: AdReport }) {
  const { totals } = report;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          {report.from} to {report.to} (UTC days; today is still counting): {formatNumber(totals.impressions)}{" "}
          impressions, {formatNumber(totals.noFills)} no fills, {formatNumber(totals.dismissals)} dismissals,{" "}
          {formatNumber(totals.rewards)} rewards, {formatNumber(totals.clicks)} clicks.
        </p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => downloadCsv(`arcadium-ads-${report.from}-${report.to}.csv`, adReportCsv(report.rows))}
        >
          <Download aria-hidden="true" />
          Download CSV
        </Button>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {CHARTS.map((chart) => (
          <NumbersChart
            key={chart.title}
            title={chart.title}
            days={report.days}
            series={chart.series}
            format={whole}
            headline={sumOf}
          />
        ))}
        <CountsTable
          caption="By placement"
          first="Placement"
          rows={report.byPlacement}
          name={(r) => r.placement}
          rowKey={(r) => r.placement}
        />
        <CountsTable
          caption="By game"
          first="Game"
          rows={report.byGame}
          name={(r) => r.gameTitle}
          rowKey={(r) => r.gameId}
        />
      </div>
    </div>
  );
}
