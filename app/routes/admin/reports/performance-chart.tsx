import { useEffect, useRef } from "react";
import { PERFORMANCE_COLUMNS, type PerformanceCounts } from "#app/forms/performance.ts";

/** Bar colours per number, in the table's order: the work (blue), first contacts (teal), calls (amber), results (green). */
const COLOURS = ["#3d5a80", "#2a9d8f", "#8ab17d", "#e9c46a", "#f4a261", "#6a994e", "#bc4749"];

/**
 * The table's numbers as grouped bars, one group per person, drawn by chart.js in the browser.
 * chart.js is loaded only here, after the page has shown (its own chunk), and the canvas is
 * hidden from assistive technology: the table below is the accessible and no-script version.
 */
export function PerformanceChart({ rows }: { rows: ({ name: string } & PerformanceCounts)[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // A period without any work would draw only empty axes and a legend: a sentence says it instead.
  const anything = rows.some((row) => PERFORMANCE_COLUMNS.some((column) => row[column.key] > 0));
  useEffect(() => {
    if (!anything) return;
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    void import("chart.js/auto").then(({ default: Chart }) => {
      if (cancelled || !canvas.current) return;
      chart = new Chart(canvas.current, {
        type: "bar",
        data: {
          labels: rows.map((row) => row.name),
          datasets: PERFORMANCE_COLUMNS.map((column, index) => ({
            label: column.header,
            data: rows.map((row) => row[column.key]),
            backgroundColor: COLOURS[index % COLOURS.length],
          })),
        },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
          plugins: { legend: { position: "bottom", labels: { boxWidth: 12 } } },
        },
      });
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [rows, anything]);
  if (rows.length === 0) return null;
  if (!anything) return <p className="admin-empty__text">이 기간에는 배정·연락·방문·계약 기록이 없어 그래프가 없습니다.</p>;
  return (
    <div className="admin-performance__chart">
      <canvas ref={canvas} aria-hidden="true" data-testid="performance-chart" />
    </div>
  );
}
