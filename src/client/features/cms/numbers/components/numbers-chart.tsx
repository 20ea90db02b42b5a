import { useEffect, useRef } from "react";
import type uPlot from "uplot";
import type { NumbersDay } from "@contract/numbers-constants";

/** A day of a chart: a UTC day, and whether it is still counting (today). */
export type ChartDay = { day: string; live?: boolean };
export type ChartSeries<D extends ChartDay = NumbersDay> = {
  label: string;
  value: (day: D) => number | null;
  color: string;
};

const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
const shortDay = (seconds: number) => {
  const at = new Date(seconds * 1000);
  return `${at.getUTCMonth() + 1}/${at.getUTCDate()}`;
};
const cssVar = (name: string, fallback: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/**
 * The headline next to the title: the series' value on the latest finished day that has one (today is still
 * counting; a D1 is known only the day after next).
 */
function latestKnown<D extends ChartDay>(days: readonly D[], series: ChartSeries<D>): number | null {
  for (let i = days.length - 1; i >= 0; i--) {
    const value = days[i].live ? null : series.value(days[i]);
    if (value !== null) return value;
  }
  return null;
}

/**
 * D134: one chart of the numbers screens, drawn by uPlot (ADR 032) once the browser can measure it; uPlot is loaded
 * here on first use, so only the staff screens that show a chart load it. The title and the latest finished day's
 * values are text, so the chart reads at a glance and without it. `headline` replaces that value (e.g. a sum).
 */
export function NumbersChart<D extends ChartDay = NumbersDay>({
  title,
  days,
  series,
  format,
  headline = latestKnown,
}: {
  title: string;
  days: readonly D[];
  series: readonly ChartSeries<D>[];
  format: (value: number) => string;
  headline?: (days: readonly D[], series: ChartSeries<D>) => number | null;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    // jsdom and very old browsers: the text above stays, the drawing does not
    if (!el || typeof ResizeObserver === "undefined" || typeof window.matchMedia !== "function") return;
    let plot: uPlot | null = null;
    let cancelled = false;
    let build = () => {};
    const resize = new ResizeObserver(() => plot?.setSize({ width: el.clientWidth, height: 160 }));
    const theme = new MutationObserver(() => build());
    void Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")]).then(([{ default: UPlot }]) => {
      if (cancelled) return;
      build = () => {
        plot?.destroy();
        const axis = cssVar("--muted-foreground", "#5d5b70");
        const grid = cssVar("--border", "#e2e0ec");
        const data: uPlot.AlignedData = [
          days.map((d) => dayStart(d.day)),
          ...series.map((s) => days.map((d) => s.value(d))),
        ];
        plot = new UPlot(
          {
            width: el.clientWidth,
            height: 160,
            legend: { show: false },
            cursor: { y: false },
            scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
            axes: [
              {
                stroke: axis,
                grid: { stroke: grid, width: 1 },
                ticks: { show: false },
                size: 28,
                // days are UTC days: month/day of UTC, one line
                values: (_u, splits) => splits.map((v) => shortDay(v)),
              },
              {
                stroke: axis,
                grid: { stroke: grid, width: 1 },
                ticks: { show: false },
                size: 56,
                values: (_u, splits) => splits.map((v) => format(v)),
              },
            ],
            series: [
              { value: (_u, v) => (v === null ? "" : new Date(v * 1000).toISOString().slice(0, 10)) },
              ...series.map((s) => ({
                label: s.label,
                stroke: s.color,
                width: 2,
                fill: series.length === 1 ? `${s.color}22` : undefined,
                spanGaps: false,
                points: { show: false },
              })),
            ],
          },
          data,
          el,
        );
      };
      build();
      resize.observe(el);
      theme.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    });
    return () => {
      cancelled = true;
      resize.disconnect();
      theme.disconnect();
      plot?.destroy();
    };
  }, [days, series, format]);

  return (
    <figure className="min-w-0 rounded-xl border bg-card p-4">
      <figcaption className="mb-2">
        <span className="text-sm font-medium text-muted-foreground">{title}</span>
        <span className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {series.map((s) => {
            const value = headline(days, s);
            return (
              <span key={s.label} className="flex items-baseline gap-1.5">
                <span
                  aria-hidden="true"
                  className="size-2.5 self-center rounded-full"
                  style={{ background: s.color }}
                />
                <span className="text-xl font-semibold tabular-nums">{value === null ? "–" : format(value)}</span>
                <span className="text-xs text-muted-foreground">{s.label}</span>
              </span>
            );
          })}
        </span>
      </figcaption>
      <div ref={box} aria-hidden="true" className="h-40 w-full" />
    </figure>
  );
}
