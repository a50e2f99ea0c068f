import type { UsagePoint } from '@app/contract';
import {
  CategoryScale,
  Chart as ChartJS,
  type ChartOptions,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Chart } from 'react-chartjs-2';
import { bucketLabel, type SeriesLine } from './usage-series';

// Only what a line chart on a category axis needs, so the rest of chart.js stays out of the chunk.
ChartJS.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip, Legend);

export interface UsageChartCanvasProps {
  points: UsagePoint[];
  bucket: 'hour' | 'day';
  lines: SeriesLine[];
  /** The compact chart (Dashboard tab) has no legend of its own: its caption names the lines. */
  legend: boolean;
}

const TEXT = '#495057';
const GRID = 'rgba(33, 37, 41, 0.1)';

/**
 * The chart.js drawing (loaded on demand by usage-chart.tsx). It fills its frame, whose size is fixed
 * before it loads; the figures are in the frame's table for screen readers, so the canvas is hidden.
 */
export default function UsageChartCanvas({ points, bucket, lines, legend }: UsageChartCanvasProps) {
  const options: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: { display: legend, position: 'bottom', labels: { color: TEXT, boxWidth: 12, boxHeight: 2 } },
      tooltip: { enabled: true },
    },
    scales: {
      x: {
        ticks: { color: TEXT, maxRotation: 0, autoSkip: true, autoSkipPadding: 16 },
        grid: { display: false },
      },
      y: { beginAtZero: true, ticks: { color: TEXT, precision: 0 }, grid: { color: GRID } },
    },
  };
  const data = {
    labels: points.map((point) => bucketLabel(point.at, bucket)),
    datasets: lines.map((line) => ({
      label: line.label,
      data: points.map(line.value),
      borderColor: line.color,
      backgroundColor: line.color,
      borderWidth: 2,
      borderDash: line.dashed ? [6, 4] : [],
      pointRadius: points.length > 48 ? 0 : 2,
      tension: 0.2,
    })),
  };
  return (
    <Chart type="line" data={data} options={options} aria-hidden="true" data-testid="usage-chart-canvas" />
  );
}
