import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { PERFORMANCE_COLUMNS, type PerformanceCounts } from "#app/forms/performance.ts";
import { PerformanceChart } from "./performance-chart.tsx";

const nothing = Object.fromEntries(PERFORMANCE_COLUMNS.map((column) => [column.key, 0])) as PerformanceCounts;

describe("PerformanceChart", () => {
  test("a period in which nobody did anything says so in a sentence instead of drawing empty axes", () => {
    const html = renderToString(<PerformanceChart rows={[{ name: "김상담", ...nothing }]} />);
    expect(html).not.toContain("<canvas");
    expect(html).toContain("이 기간에는 배정·연락·방문·계약 기록이 없어 그래프가 없습니다.");
  });

  test("a period with one call draws the chart's canvas, hidden from assistive technology", () => {
    const html = renderToString(
      <PerformanceChart
        rows={[
          { name: "김상담", ...nothing },
          { name: "이상담", ...nothing, calls: 1 },
        ]}
      />,
    );
    expect(html).toContain('<canvas aria-hidden="true" data-testid="performance-chart"');
    expect(html).not.toContain("그래프가 없습니다");
  });

  test("no people, no chart and no sentence: the table says there is nobody", () => {
    expect(renderToString(<PerformanceChart rows={[]} />)).toBe("");
  });
});
