import { loadExcel } from "../lazy-modules.ts";
import { formatRate } from "#app/forms/conversion.ts";
import { PERFORMANCE_COLUMNS, periodLabel, type PerformanceCounts, type PerformancePeriod } from "#app/forms/performance.ts";
import { csvLines } from "./csv-export.ts";
import type { teamPerformance } from "./performance.ts";
import { XLSX_TYPE } from "./xlsx-export.ts";

/** The performance table as files, the same rows and columns as the page: CSV for any tool, a workbook for Excel. */

type Report = Awaited<ReturnType<typeof teamPerformance>>;

const PERSON_HEADER = "담당자";
const TOTAL_LABEL = "합계";
const CONVERSION_HEADER = "전환율(계약/배정)";

function tableRows(report: Report): { name: string; counts: PerformanceCounts }[] {
  const rows = report.rows.map((row) => ({ name: row.name, counts: row }));
  return report.everyone && report.total ? [...rows, { name: TOTAL_LABEL, counts: report.total }] : rows;
}

export function performanceFileName(period: PerformancePeriod, extension: "csv" | "xlsx") {
  return `performance-${period.unit}-${period.from.replaceAll("-", "")}.${extension}`;
}

export function performanceCsv(report: Report): string {
  const header = [PERSON_HEADER, ...PERFORMANCE_COLUMNS.map((column) => column.header), CONVERSION_HEADER];
  const body = tableRows(report).map(({ name, counts }) => [
    name,
    ...PERFORMANCE_COLUMNS.map((column) => String(counts[column.key])),
    formatRate(counts.contracts, counts.assigned),
  ]);
  return `\uFEFF${csvLines([header, ...body])}`;
}

export async function performanceXlsx(report: Report, period: PerformancePeriod): Promise<Buffer> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(`팀 성과 ${period.from}`, { views: [{ state: "frozen", ySplit: 1, xSplit: 1 }] });
  sheet.columns = [
    { header: PERSON_HEADER, key: "name", width: 16 },
    ...PERFORMANCE_COLUMNS.map((column) => ({ header: column.header, key: column.key, width: Math.max(8, column.header.length * 2 + 2) })),
    { header: CONVERSION_HEADER, key: "conversion", width: 18, style: { numFmt: "0.0%" } },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const { name, counts } of tableRows(report)) {
    sheet.addRow({ name, ...counts, conversion: counts.assigned === 0 ? null : counts.contracts / counts.assigned });
  }
  sheet.addRow([]);
  sheet.addRow([`기간: ${periodLabel(period)}`]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export { XLSX_TYPE };
