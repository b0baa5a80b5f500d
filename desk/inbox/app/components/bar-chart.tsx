import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartData,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';

// Only what a bar chart needs: the rest of Chart.js stays out of the bundle.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/** Colours that read on white (3:1 or more) and apart from each other. */
export const SERIES_COLOURS = ['#1d4ed8', '#b45309', '#047857', '#7c3aed'];

export interface BarSeries {
  label: string;
  values: number[];
}

/**
 * A horizontal bar chart on a canvas. The canvas is an image whose name is `summary` (a text
 * version of every bar); the page shows the same numbers in a table beside it.
 */
export function BarChart({
  labels,
  series,
  summary,
  unit,
}: {
  labels: string[];
  series: BarSeries[];
  summary: string;
  unit?: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!canvas.current) {
      return;
    }
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const data: ChartData<'bar'> = {
      labels,
      datasets: series.map((s, i) => ({
        label: s.label,
        data: s.values,
        backgroundColor: SERIES_COLOURS[i % SERIES_COLOURS.length],
        borderRadius: 2,
        maxBarThickness: 18,
      })),
    };
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data,
      options: {
        indexAxis: 'y',
        responsive: true,
        maintainAspectRatio: false,
        animation: reduced ? false : { duration: 300 },
        scales: {
          x: {
            beginAtZero: true,
            ticks: {
              color: '#334155',
              precision: 0,
              ...(unit && { callback: (value) => `${value} ${unit}` }),
            },
            grid: { color: '#e2e8f0' },
          },
          y: {
            ticks: {
              color: '#0f172a',
              callback(value) {
                const label = this.getLabelForValue(Number(value));
                return label.length > 28 ? `${label.slice(0, 27)}…` : label;
              },
            },
            grid: { display: false },
          },
        },
        plugins: {
          legend: { position: 'bottom', labels: { color: '#0f172a', boxWidth: 12 } },
        },
      },
    });
    return () => chart.destroy();
  }, [labels, series, unit]);

  const rows = Math.max(labels.length, 1) * Math.max(series.length, 1);
  const height = Math.min(560, 90 + rows * 16 + labels.length * 8);
  return (
    <div className="chart" style={{ height }}>
      <canvas ref={canvas} role="img" aria-label={summary}>
        {summary}
      </canvas>
    </div>
  );
}
