import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
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
ChartJS.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface ChartPoint {
  label: string;
  value: number;
  shipments: number;
}

interface Props {
  /** A sentence that says what the chart shows (the canvas's accessible name). */
  label: string;
  points: ChartPoint[];
  valueLabel: string;
  shipmentsLabel: string;
  formatValue: (value: number) => string;
  formatCount: (count: number) => string;
}

const PRIMARY = "#0f766e";
const ACCENT = "#b45309";

/** Value per period as bars on the left axis, shipments as a line on the right axis. */
export default function ShipmentChart({ label, points, valueLabel, shipmentsLabel, formatValue, formatCount }: Props) {
  const data: ChartData<"bar" | "line", number[], string> = {
    labels: points.map((point) => point.label),
    datasets: [
      {
        type: "bar",
        label: valueLabel,
        data: points.map((point) => point.value),
        backgroundColor: `${PRIMARY}b3`,
        yAxisID: "value",
        order: 2,
      },
      {
        type: "line",
        label: shipmentsLabel,
        data: points.map((point) => point.shipments),
        borderColor: ACCENT,
        backgroundColor: ACCENT,
        yAxisID: "shipments",
        tension: 0.25,
        order: 1,
      },
    ],
  };
  const options: ChartOptions<"bar" | "line"> = {
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: "index", intersect: false },
    plugins: {
      legend: { position: "bottom" },
      tooltip: {
        callbacks: {
          label: (item) =>
            `${item.dataset.label ?? ""}: ${item.dataset.yAxisID === "value" ? formatValue(item.parsed.y ?? 0) : formatCount(item.parsed.y ?? 0)}`,
        },
      },
    },
    scales: {
      value: { type: "linear", position: "left", beginAtZero: true, ticks: { callback: (tick) => formatValue(Number(tick)) } },
      shipments: {
        type: "linear",
        position: "right",
        beginAtZero: true,
        grid: { drawOnChartArea: false },
        ticks: { precision: 0, callback: (tick) => formatCount(Number(tick)) },
      },
    },
  };
  return (
    <div className="chart-box">
      <Chart type="bar" data={data} options={options} role="img" aria-label={label} />
    </div>
  );
}
