import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatNumber } from "@/lib/format";
import type { NumbersResponse } from "@contract/numbers-constants";
import { downloadCsv, numbersCsv } from "../numbers-csv";
import { NumbersChart, type ChartSeries } from "./numbers-chart";

// Colours that read on the light and the dark theme alike.
const VIOLET = "#7c3aed";
const SKY = "#0ea5e9";
const AMBER = "#f59e0b";
const EMERALD = "#10b981";
const ROSE = "#f43f5e";

const whole = (v: number) => formatNumber(Math.round(v));
const percent = (v: number) => `${Math.round(v * 1000) / 10}%`;
const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
const minutes = (ms: number) => `${Math.round(ms / 6000) / 10} min`;
const decimal = (v: number) => (v >= 100 ? whole(v) : String(Math.round(v * 100) / 100));

/** The charts, each a question a person asks of a game: is it seen, opened, played, quick to start, kept, broken? */
const CHARTS: Array<{ title: string; series: ChartSeries[]; format: (v: number) => string }> = [
  {
    title: "Seen, opened and played",
    series: [
      { label: "card impressions", value: (d) => d.impressions, color: SKY },
      { label: "page views", value: (d) => d.pageViews, color: AMBER },
      { label: "play starts", value: (d) => d.playStarts, color: VIOLET },
    ],
    format: whole,
  },
  {
    title: "Conversion to play (play starts per page view)",
    series: [{ label: "conversion", value: (d) => d.conversion, color: VIOLET }],
    format: percent,
  },
  {
    title: "Time to first gameplay",
    series: [
      { label: "median", value: (d) => d.firstGameplayP50, color: EMERALD },
      { label: "90th percentile", value: (d) => d.firstGameplayP90, color: AMBER },
    ],
    format: seconds,
  },
  {
    title: "Playtime per session (signed-in players)",
    series: [{ label: "per session", value: (d) => d.playtimePerSessionMs, color: SKY }],
    format: minutes,
  },
  {
    title: "Sessions per player (signed-in players)",
    series: [{ label: "sessions", value: (d) => d.sessionsPerPlayer, color: VIOLET }],
    format: decimal,
  },
  {
    title: "Retention of new players (UTC days)",
    series: [
      { label: "D1", value: (d) => d.d1, color: EMERALD },
      { label: "D7", value: (d) => d.d7, color: SKY },
    ],
    format: percent,
  },
  {
    title: "Errors per 1,000 sessions",
    series: [{ label: "errors", value: (d) => d.errorsPer1000, color: ROSE }],
    format: decimal,
  },
];

/**
 * D134: a game's or the whole site's numbers: a chart per question over the last 90 UTC days and today (counting),
 * the commonest error messages, and the days as a CSV file.
 */
export function NumbersPanel({ numbers, filename }: { numbers: NumbersResponse; filename: string }) {
  const finished = numbers.days.filter((d) => !d.live);
  const week = finished.slice(-7);
  const sum = (of: (d: (typeof week)[number]) => number) => week.reduce((n, d) => n + of(d), 0);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          Last 7 days: {formatNumber(sum((d) => d.playStarts))} play starts, {formatNumber(sum((d) => d.pageViews))}{" "}
          page views, {formatNumber(sum((d) => d.impressions))} card impressions. Days are UTC; today is still counting.
        </p>
        <Button variant="outline" size="sm" onClick={() => downloadCsv(filename, numbersCsv(numbers.days))}>
          <Download aria-hidden="true" />
          Download CSV
        </Button>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {CHARTS.map((chart) => (
          <NumbersChart
            key={chart.title}
            title={chart.title}
            days={numbers.days}
            series={chart.series}
            format={chart.format}
          />
        ))}
        <section aria-label="Commonest errors" className="min-w-0 rounded-xl border bg-card p-4">
          <h3 className="mb-2 text-sm font-medium text-muted-foreground">Commonest errors (90 days)</h3>
          {numbers.topErrors.length === 0 ? (
            <p className="text-sm text-muted-foreground">No errors reported.</p>
          ) : (
            <ol className="space-y-1.5 text-sm">
              {numbers.topErrors.map((e) => (
                <li key={e.message} className="flex items-baseline justify-between gap-3">
                  <code className="min-w-0 truncate font-mono text-xs" title={e.message}>
                    {e.message}
                  </code>
                  <span className="shrink-0 tabular-nums text-muted-foreground">{formatNumber(e.n)}</span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </div>
  );
}
