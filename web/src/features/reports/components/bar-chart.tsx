import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip, type ChartOptions } from "chart.js";
import { Bar } from "react-chartjs-2";

/**
 * A bar chart drawn by Chart.js on a canvas. Only this module imports the library, and the
 * report screen loads it with React.lazy: no other screen downloads it. Chart.js is tree-shaken
 * by registering just the pieces a bar chart needs.
 */
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);
Chart.defaults.font.family = '"Inter", ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
Chart.defaults.color = "#57534e";

export interface BarSeries {
  readonly label: string;
  readonly color: string;
  readonly values: readonly number[];
}

export interface BarChartProps {
  /** what the canvas is, for screen readers (the numbers are in the table beside it) */
  readonly label: string;
  /** one per bar; an array is a label of several lines */
  readonly labels: ReadonlyArray<string | readonly string[]>;
  readonly series: readonly BarSeries[];
  /** the series piled into one bar per label (their sum is the bar's height) */
  readonly stacked?: boolean;
  /** bars along the x axis, one row per label (long names, as courts and players have) */
  readonly horizontal?: boolean;
  /** a value in the tooltip ("$14.50") */
  readonly format: (value: number) => string;
  /** a value on the axis ("$15") */
  readonly tick: (value: number) => string;
  /** in CSS pixels */
  readonly height: number;
}

/** Whether this browser draws on a canvas; one that does not (or a test's DOM) reads the table beside the chart. */
let canvasDraws: boolean | undefined;
const drawsCanvas = () => (canvasDraws ??= document.createElement("canvas").getContext("2d") !== null);

export default function BarChart({ label, labels, series, stacked = false, horizontal = false, format, tick, height }: BarChartProps) {
  if (!drawsCanvas()) return null;
  const valueAxis = horizontal ? "x" : "y";
  const options: ChartOptions<"bar"> = {
    indexAxis: horizontal ? "y" : "x",
    responsive: true,
    maintainAspectRatio: false,
    // no motion: the chart is read, not watched (and prefers-reduced-motion is respected as a result)
    animation: false,
    scales: {
      x: { stacked, grid: { display: horizontal }, ...(horizontal ? { beginAtZero: true, ticks: { callback: (v) => tick(Number(v)) } } : {}) },
      y: { stacked, grid: { display: !horizontal }, ...(horizontal ? {} : { beginAtZero: true, ticks: { callback: (v) => tick(Number(v)) } }) },
    },
    plugins: {
      legend: { display: series.length > 1, position: "bottom", labels: { boxWidth: 12, boxHeight: 12 } },
      tooltip: { callbacks: { label: (item) => `${item.dataset.label ?? ""}: ${format(Number(item.parsed[valueAxis]))}` } },
    },
  };
  return (
    <div className="relative w-full" style={{ height }}>
      <Bar
        role="img"
        aria-label={label}
        options={options}
        data={{
          labels: labels.map((l) => (typeof l === "string" ? l : [...l])),
          datasets: series.map((s) => ({
            label: s.label,
            data: [...s.values],
            backgroundColor: s.color,
            borderRadius: stacked ? 0 : 4,
            maxBarThickness: 48,
          })),
        }}
      />
    </div>
  );
}
