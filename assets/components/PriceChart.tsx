import {
  CategoryScale,
  Chart as ChartJS,
  Filler,
  Legend,
  LineController,
  LineElement,
  LinearScale,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from "chart.js";
import { Chart } from "react-chartjs-2";

// Only the parts this chart draws, so the bundle stays small.
ChartJS.register(LineController, LineElement, PointElement, CategoryScale, LinearScale, Filler, Tooltip, Legend);

export interface PriceSeries {
  label: string;
  values: (number | null)[];
}

interface Props {
  /** A sentence that says what the chart shows (the canvas's accessible name). */
  label: string;
  labels: string[];
  /** The band between the 25th and the 75th percentile, and the median through it. */
  p25: (number | null)[];
  median: (number | null)[];
  p75: (number | null)[];
  names: { p25: string; median: string; p75: string };
  /** Medians of groups (countries), drawn as thin lines. */
  groups: PriceSeries[];
  formatPrice: (value: number) => string;
}

const PRIMARY = "#0f766e";
const GROUP_COLOURS = ["#b45309", "#1d4ed8", "#7c3aed", "#be123c", "#4d7c0f", "#0e7490"];

/** Unit prices per period: the interquartile band, the median, and group medians. */
export default function PriceChart({ label, labels, p25, median, p75, names, groups, formatPrice }: Props) {
  const data: ChartData<"line", (number | null)[], string> = {
    labels,
    datasets: [
      { label: names.p75, data: p75, borderColor: `${PRIMARY}66`, backgroundColor: `${PRIMARY}26`, pointRadius: 0, fill: "+2" },
      { label: names.median, data: median, borderColor: PRIMARY, backgroundColor: PRIMARY, borderWidth: 3, fill: false },
      { label: names.p25, data: p25, borderColor: `${PRIMARY}66`, backgroundColor: `${PRIMARY}26`, pointRadius: 0, fill: false },
      ...groups.map((group, index) => ({
        label: group.label,
        data: group.values,
        borderColor: GROUP_COLOURS[index % GROUP_COLOURS.length],
        backgroundColor: GROUP_COLOURS[index % GROUP_COLOURS.length],
        borderDash: [6, 3],
        borderWidth: 1.5,
        spanGaps: true,
        fill: false,
      })),
    ],
  };
  const options: ChartOptions<"line"> = {
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: "index", intersect: false },
    plugins: {
      legend: { position: "bottom" },
      tooltip: {
        callbacks: {
          label: (item) => `${item.dataset.label ?? ""}: ${item.parsed.y === null ? "—" : formatPrice(item.parsed.y)}`,
        },
      },
    },
    scales: {
      y: { type: "linear", beginAtZero: false, ticks: { callback: (tick) => formatPrice(Number(tick)) } },
    },
  };
  return (
    <div className="chart-box">
      <Chart type="line" data={data} options={options} role="img" aria-label={label} />
    </div>
  );
}
