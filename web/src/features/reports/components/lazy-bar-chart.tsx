import { lazy, Suspense } from "react";
import type { BarChartProps } from "./bar-chart";

/**
 * The chart library arrives in its own chunk (Chart.js, 56 kB gzipped), asked for by the report
 * screen only: `preloadBarChart` when the screen opens, so it downloads while the reports are
 * read, and a grey box of the chart's size stands in until it is there.
 */
const load = () => import("./bar-chart");
const BarChart = lazy(load);

export const preloadBarChart = () => {
  load().catch(() => undefined); // a failed download is tried again by the chart itself, which then shows the error
};

export function LazyBarChart(props: BarChartProps) {
  return (
    <Suspense fallback={<div aria-hidden="true" className="w-full animate-pulse rounded-xl bg-stone-100" style={{ height: props.height }} />}>
      <BarChart {...props} />
    </Suspense>
  );
}
