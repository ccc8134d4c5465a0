import { PassThrough, Readable } from "node:stream";
import { loadExcel } from "../lazy-modules.ts";
import { formatPhone } from "#app/utils/phone.ts";
import type { LeadCursor, LeadFilter } from "./inbox.ts";
import { LEAD_CSV_COLUMNS, selectExportRows, type CsvColumn, type CsvLabels, type ExportRow } from "./csv-export.ts";

/**
 * The leads of a filter as an Excel workbook, beside the CSV (csv-export.ts): the same columns and
 * values, with what a CSV cannot say. Phone numbers are text cells in a text-formatted column, so
 * Excel keeps the leading 0 and never reads a number; each column has a width for its content; the
 * header row is bold and frozen. A cell of a workbook is never a formula unless written as one, so
 * nothing needs the CSV's apostrophe. Written as a stream, a batch of rows at a time.
 */

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Widths in characters (Excel's unit); a column not named here gets the default. */
const WIDTHS: Partial<Record<string, number>> = {
  id: 8,
  createdAt: 20,
  kind: 10,
  status: 10,
  name: 12,
  phone: 15,
  message: 40,
  visitAt: 20,
  assignee: 12,
  latestNote: 30,
  sourcePath: 24,
  consentedAt: 20,
  marketingConsentAt: 20,
};
const DEFAULT_WIDTH = 16;

function cellValue(column: CsvColumn, lead: ExportRow, labels: CsvLabels): string | number {
  if (column.id === "id") return lead.id;
  if (column.id === "phone") return formatPhone(lead.phone);
  return column.value(lead, labels);
}

export function leadsXlsxStream(
  filter: LeadFilter,
  labels: CsvLabels,
  { batchSize = 1000, columns = LEAD_CSV_COLUMNS }: { batchSize?: number; columns?: readonly CsvColumn[] } = {},
): ReadableStream<Uint8Array> {
  const output = new PassThrough();
  const write = async () => {
    const ExcelJS = await loadExcel();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet("고객", { views: [{ state: "frozen", ySplit: 1 }] });
    sheet.columns = columns.map((column) => ({
      header: column.header,
      key: column.id,
      width: WIDTHS[column.id] ?? DEFAULT_WIDTH,
      style: column.id === "phone" ? { numFmt: "@" } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    let cursor: LeadCursor | undefined;
    for (;;) {
      const rows = await selectExportRows(filter, cursor, batchSize);
      for (const row of rows) sheet.addRow(columns.map((column) => cellValue(column, row, labels))).commit();
      if (rows.length < batchSize) break;
      const last = rows.at(-1)!;
      cursor = { at: last.cursorAt, id: last.id };
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return Readable.toWeb(output) as ReadableStream<Uint8Array>;
}
