"use client";

import { useEffect, useRef } from "react";
import type uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

export type ChartSeries = { label: string; color: string; values: (number | null)[]; kind: "bars" | "line" };

type Props = {
  /** Accessible name; the numbers are also in the screen's tables. */
  label: string;
  days: string[];
  series: ChartSeries[];
  /** How the y axis reads a value (counts, or durations). */
  format: (value: number) => string;
  height?: number;
};

/**
 * A chart per day drawn by uPlot (a kept charting library, ~50 kB, loaded only by the Reports screen):
 * bars for counts, lines for medians. Days are plotted at UTC midnight and shown in UTC, so the axis says
 * the company's calendar day whatever the browser's zone.
 */
export function DayChart({ label, days, series, format, height = 240 }: Props) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let chart: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    void import("uplot").then(({ default: UPlot }) => {
      if (cancelled) return;
      const x = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
      // Side by side: the first count's bars left of the day, the second's right of it.
      const bars = (align: -1 | 1) => UPlot.paths.bars!({ size: [0.35, 24], gap: 1, align });
      chart = new UPlot(
        {
          width: el.clientWidth,
          height,
          tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
          legend: { live: false },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: true } },
          axes: [{ stroke: "#64748b", grid: { stroke: "#f1f5f9" } }, { stroke: "#64748b", grid: { stroke: "#f1f5f9" }, size: 56, values: (_u, splits) => splits.map(format) }],
          series: [
            {},
            ...series.map((s, i) => ({
              label: s.label,
              stroke: s.color,
              fill: s.kind === "bars" ? `${s.color}cc` : undefined,
              width: s.kind === "bars" ? 0 : 2,
              paths: s.kind === "bars" ? bars(i === 0 ? -1 : 1) : undefined,
              points: { show: s.kind === "line" && days.length < 40 },
              spanGaps: true,
              value: (_u: uPlot, v: number | null) => (v === null ? "—" : format(v)),
            })),
          ],
        },
        [x, ...series.map((s) => s.values)],
        el,
      );
      observer = new ResizeObserver(() => chart?.setSize({ width: el.clientWidth, height }));
      observer.observe(el);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [days, series, format, height]);
  return <div ref={box} role="img" aria-label={label} className="min-h-[240px] w-full" data-testid="day-chart" />;
}
