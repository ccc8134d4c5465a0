import { parse } from "csv-parse/sync";
import type ExcelJS from "exceljs";
import { csvDelimiter, decodeCsvText } from "../csv-text.ts";
import { loadExcel } from "../lazy-modules.ts";
import { IMPORT_MAX_ROWS, IMPORT_MESSAGES, importColumnOf, type ImportColumn } from "#app/forms/lead-import.ts";
import { withoutControlCharactersExceptLineBreaks } from "#app/forms/text.ts";
import { UPLOAD_MESSAGES } from "#app/forms/uploads.ts";

/**
 * Reads an uploaded list of leads, .xlsx (exceljs) or CSV (csv-parse), into rows by their headers
 * (app/forms/lead-import.ts names every header an office writes). The first non-empty row is the
 * header; columns it does not recognise are left out. Nothing here judges a row: leads/import.ts does.
 */

export interface ImportRow {
  /** The row's line in the file (the header is line 1 when it is the first), as the office finds it in Excel. */
  line: number;
  name: string;
  phone: string;
  unitType: string;
  message: string;
  source: string;
  marketing: string;
}

export interface ImportFile {
  fileName: string;
  /** The recognised columns, each with the header the file gave it. */
  columns: { column: ImportColumn; header: string }[];
  rows: ImportRow[];
}

/** A file that cannot be read as a list: the message says why, in Korean. */
export class ImportFileRefused extends Error {}

/** A spreadsheet is a zip: its parts together may not unpack to more than this (a small file can hold gigabytes of zeros). */
const UNPACKED_MAX = 100 * 1024 * 1024;
/** Longer cells are cut here: no column of a lead holds more. */
const CELL_MAX = 2_000;

export async function readImportFile(fileName: string, bytes: Buffer): Promise<ImportFile> {
  return rowsOf(fileName, await readSpreadsheetTable(bytes));
}

/** The first sheet of an .xlsx, or a CSV, as rows of cell texts (the unit inventory's 배치표 is read with it too). */
export async function readSpreadsheetTable(bytes: Buffer): Promise<string[][]> {
  return isZip(bytes) ? xlsxTable(bytes) : csvTable(bytes);
}

function isZip(bytes: Buffer) {
  return bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;
}

/** An old binary Excel file (.xls, a Compound File), which neither reader takes. */
function isCompoundFile(bytes: Buffer) {
  return bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
}

/**
 * What a zip says its files unpack to, from its central directory (read before anything is
 * unpacked), or Infinity when it cannot tell (no directory found, a ZIP64 archive).
 */
export function declaredUnpackedSize(bytes: Buffer): number {
  const searchFrom = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let at = bytes.length - 22; at >= searchFrom; at--) {
    if (bytes.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) return Infinity;
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  let total = 0;
  for (let entry = 0; entry < entries; entry++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) return Infinity;
    const size = bytes.readUInt32LE(at + 24);
    if (size === 0xffffffff) return Infinity;
    total += size;
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return total;
}

async function xlsxTable(bytes: Buffer): Promise<string[][]> {
  if (declaredUnpackedSize(bytes) > UNPACKED_MAX) throw new ImportFileRefused(IMPORT_MESSAGES.unreadable);
  const workbook = new (await loadExcel()).Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new ImportFileRefused(IMPORT_MESSAGES.unreadable);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new ImportFileRefused(IMPORT_MESSAGES.noHeader);
  const table: string[][] = [];
  for (let number = 1; number <= sheet.rowCount; number++) {
    // One row past the most a file may hold is enough to refuse it.
    if (table.length > IMPORT_MAX_ROWS + 1) break;
    const row = sheet.getRow(number);
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column++) cells.push(cellText(row.getCell(column)));
    table.push(cells);
  }
  return table;
}

/** A cell as the office sees it: numbers without Excel's exponent, dates as days, formulas by their result. */
function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object" && "result" in value) return value.result === undefined ? "" : String(value.result);
  return cell.text;
}

function csvTable(bytes: Buffer): string[][] {
  if (isCompoundFile(bytes) || bytes.subarray(0, 4096).includes(0)) throw new ImportFileRefused(UPLOAD_MESSAGES.wrongType.spreadsheet);
  const text = decodeCsvText(bytes);
  try {
    return parse(text, {
      delimiter: csvDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      to: IMPORT_MAX_ROWS + 2,
    }) as string[][];
  } catch {
    throw new ImportFileRefused(IMPORT_MESSAGES.unreadable);
  }
}

function rowsOf(fileName: string, table: string[][]): ImportFile {
  const headerIndex = table.findIndex((cells) => cells.some((cell) => cell.trim() !== ""));
  if (headerIndex < 0) throw new ImportFileRefused(IMPORT_MESSAGES.noRows);
  const columns: { column: ImportColumn; header: string; index: number }[] = [];
  table[headerIndex]!.forEach((header, index) => {
    const column = importColumnOf(header);
    // The first column of a kind counts; a second "비고" is not merged into the first.
    if (column && !columns.some((known) => known.column === column)) columns.push({ column, header: header.trim(), index });
  });
  if (!columns.some((known) => known.column === "name") || !columns.some((known) => known.column === "phone"))
    throw new ImportFileRefused(IMPORT_MESSAGES.noHeader);
  const rows: ImportRow[] = [];
  table.slice(headerIndex + 1).forEach((cells, offset) => {
    if (cells.every((cell) => cell.trim() === "")) return;
    const row: ImportRow = { line: headerIndex + offset + 2, name: "", phone: "", unitType: "", message: "", source: "", marketing: "" };
    for (const { column, index } of columns) row[column] = clean(cells[index] ?? "");
    rows.push(row);
  });
  if (rows.length === 0) throw new ImportFileRefused(IMPORT_MESSAGES.noRows);
  if (rows.length > IMPORT_MAX_ROWS) throw new ImportFileRefused(IMPORT_MESSAGES.tooManyRows);
  return { fileName: fileName.slice(0, 200), columns: columns.map(({ column, header }) => ({ column, header })), rows };
}

function clean(cell: string) {
  return withoutControlCharactersExceptLineBreaks(cell).trim().slice(0, CELL_MAX);
}
