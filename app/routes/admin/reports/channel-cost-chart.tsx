import { useEffect, useRef } from "react";

const COLOURS = ["#3d5a80", "#2a9d8f", "#e9c46a", "#f4a261", "#bc4749", "#6a994e", "#8ab17d"];

/**
 * Spend per channel and month as stacked bars, and each channel's cost per lead as a line over them,
 * drawn by chart.js in the browser (its own chunk, after the page has shown). The canvas is hidden
 * from assistive technology: the cost table beside it is the accessible and no-script version.
 */
export function ChannelCostChart({
  months,
  channels,
  byMonth,
}: {
  months: string[];
  channels: { channelId: number; name: string }[];
  byMonth: { channelId: number; month: string; spend: number; costPerLead: number | null }[];
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    void import("chart.js/auto").then(({ default: Chart }) => {
      if (cancelled || !canvas.current) return;
      const of = (channelId: number, month: string) => byMonth.find((row) => row.channelId === channelId && row.month === month);
      chart = new Chart(canvas.current, {
        data: {
          labels: months,
          datasets: [
            ...channels.map((channel, index) => ({
              type: "bar" as const,
              label: `${channel.name} 광고비`,
              data: months.map((month) => of(channel.channelId, month)?.spend ?? 0),
              backgroundColor: COLOURS[index % COLOURS.length],
              stack: "spend",
              yAxisID: "spend",
            })),
            ...channels.map((channel, index) => ({
              type: "line" as const,
              label: `${channel.name} 고객당 비용`,
              data: months.map((month) => of(channel.channelId, month)?.costPerLead ?? null),
              borderColor: COLOURS[index % COLOURS.length],
              backgroundColor: COLOURS[index % COLOURS.length],
              borderDash: [4, 3],
              yAxisID: "perLead",
            })),
          ],
        },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          scales: {
            spend: { position: "left", stacked: true, beginAtZero: true, title: { display: true, text: "광고비(원)" } },
            perLead: {
              position: "right",
              beginAtZero: true,
              grid: { drawOnChartArea: false },
              title: { display: true, text: "고객당 비용(원)" },
            },
            x: { stacked: true },
          },
          plugins: { legend: { position: "bottom", labels: { boxWidth: 12 } } },
        },
      });
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [months, channels, byMonth]);
  if (channels.length === 0) return null;
  return (
    <div className="admin-performance__chart">
      <canvas ref={canvas} aria-hidden="true" data-testid="channel-cost-chart" />
    </div>
  );
}
