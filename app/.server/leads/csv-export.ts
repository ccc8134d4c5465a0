import { stringify } from "csv-stringify/sync";
import { and, desc, getTableColumns, sql } from "drizzle-orm";
import { formatKst } from "#app/utils/kst.ts";
import { formatVisitTime } from "#app/utils/visit-time.ts";
import { formatPhone } from "#app/utils/phone.ts";
import type { LeadKind, LeadStatus } from "#app/vocabulary.ts";
import { SOURCE_WORDS } from "#app/forms/conversion.ts";
import { db } from "../db.ts";
import { leads } from "../schema.ts";
import {
  assigneeName,
  effectiveStatus,
  filterConditions,
  latestNote,
  nextVisitAt,
  olderThan,
  type LeadCursor,
  type LeadFilter,
} from "./inbox.ts";

/**
 * The leads of a filter as a CSV file for Excel. Each column is one entry of LEAD_CSV_COLUMNS:
 * its header and how a row's cell is read, side by side, so a column can never shift.
 *
 * - UTF-8 with a byte order mark: without it, Excel on a Korean Windows reads the file as
 *   CP949 and the Korean turns into mojibake.
 * - Phone numbers are written as "010-1234-5678". Excel turns any field that looks like a number
 *   into one (01012345678 → 1012345678, the leading 0 gone); a dashed number is not a number or a
 *   date to it, so it stays text in Excel, LibreOffice, Numbers and Google Sheets alike, and is
 *   how Korean staff write and dial numbers. `="010…"` would also keep the 0, but it is a formula:
 *   the cell's content is `="…"` in other tools and once the file is saved again.
 * - Fields that a spreadsheet would run as a formula (starting with = + - @ or a tab or a
 *   return) get a leading apostrophe, as OWASP advises against CSV injection: a visitor
 *   could type "=HYPERLINK(…)" as their name.
 */

/** Every column of a lead (so a field added to the forms reaches the export), its status as staff see it, and the paging key. */
const exportRow = {
  ...getTableColumns(leads),
  status: effectiveStatus,
  nextVisitAt,
  assigneeName,
  latestNote: latestNote(),
  cursorAt: sql<string>`${leads.createdAt}::text`,
};

export async function selectExportRows(filter: LeadFilter, after: LeadCursor | undefined, limit: number) {
  return db()
    .select(exportRow)
    .from(leads)
    .where(and(filterConditions(filter), olderThan(after)))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit);
}

export type ExportRow = Awaited<ReturnType<typeof selectExportRows>>[number];

export interface CsvLabels {
  kinds: Record<LeadKind, string>;
  statuses: Record<LeadStatus, string>;
}

export interface CsvColumn {
  /** Named in the export form and the access record (which columns went out). */
  id: string;
  header: string;
  value(lead: ExportRow, labels: CsvLabels): string;
}

export const LEAD_CSV_COLUMNS: readonly CsvColumn[] = [
  { id: "id", header: "번호", value: (lead) => String(lead.id) },
  { id: "createdAt", header: "접수 일시", value: (lead) => formatKst(lead.createdAt, { seconds: true }) },
  { id: "kind", header: "유형", value: (lead, labels) => labels.kinds[lead.kind] },
  { id: "status", header: "상태", value: (lead, labels) => labels.statuses[lead.status] },
  { id: "name", header: "이름", value: (lead) => lead.name },
  { id: "phone", header: "연락처", value: (lead) => csvPhone(lead.phone) },
  { id: "message", header: "문의 내용", value: (lead) => lead.message },
  { id: "visitAt", header: "방문 예약 일시", value: (lead) => (lead.nextVisitAt ? formatVisitTime(lead.nextVisitAt) : "") },
  { id: "assignee", header: "담당자", value: (lead) => lead.assigneeName ?? "" },
  { id: "latestNote", header: "최근 메모", value: (lead) => lead.latestNote ?? "" },
  { id: "sourcePath", header: "접수 페이지", value: (lead) => lead.sourcePath },
  { id: "utmSource", header: `${SOURCE_WORDS.utmSource}(utm_source)`, value: (lead) => lead.utmSource ?? "" },
  { id: "utmMedium", header: `${SOURCE_WORDS.utmMedium}(utm_medium)`, value: (lead) => lead.utmMedium ?? "" },
  { id: "utmCampaign", header: `${SOURCE_WORDS.utmCampaign}(utm_campaign)`, value: (lead) => lead.utmCampaign ?? "" },
  { id: "referrerHost", header: SOURCE_WORDS.referrerHost, value: (lead) => lead.referrerHost ?? "" },
  { id: "consentVersion", header: "동의 버전", value: (lead) => lead.consentVersion },
  { id: "consentedAt", header: "동의 일시", value: (lead) => formatKst(lead.consentedAt, { seconds: true }) },
  {
    id: "marketingConsentAt",
    header: "광고 문자 수신 동의 일시",
    value: (lead) => (lead.marketingConsentAt ? formatKst(lead.marketingConsentAt, { seconds: true }) : ""),
  },
];

/** The columns named, in the export's own order; unknown ids are dropped. */
export function csvColumns(ids: readonly string[]): CsvColumn[] {
  return LEAD_CSV_COLUMNS.filter((column) => ids.includes(column.id));
}

/** The ids of the leads a filter exports, for its access record: whose data went out. */
export async function exportLeadIds(filter: LeadFilter): Promise<number[]> {
  const rows = await db().select({ id: leads.id }).from(leads).where(filterConditions(filter));
  return rows.map((row) => row.id);
}

/**
 * The CSV, newest first, read from the database in batches of `batchSize` by keyset and written
 * into the stream as the reader asks for more, so an export of any size holds one batch in memory.
 */
export function leadsCsvStream(
  filter: LeadFilter,
  labels: CsvLabels,
  { batchSize = 1000, columns = LEAD_CSV_COLUMNS }: { batchSize?: number; columns?: readonly CsvColumn[] } = {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: LeadCursor | undefined;
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(`\uFEFF${csvLines([columns.map((column) => column.header)])}`));
          return;
        }
        const rows = await selectExportRows(filter, cursor, batchSize);
        if (rows.length > 0) {
          controller.enqueue(encoder.encode(csvLines(rows.map((row) => columns.map((column) => column.value(row, labels))))));
          const last = rows.at(-1)!;
          cursor = { at: last.cursorAt, id: last.id };
        }
        if (rows.length < batchSize) controller.close();
      },
    },
    // Nothing is read ahead of the client: the next batch is queried when the last was taken.
    { highWaterMark: 0 },
  );
}

export function csvPhone(digits: string) {
  const formatted = formatPhone(digits);
  // Numbers outside the mobile and sales-line formats come back as bare digits: keep them text too.
  return /^\d+$/.test(formatted) ? `="${formatted}"` : formatted;
}

/** CSV records (CRLF line ends, as Excel writes them), every cell defused against formula injection. */
export function csvLines(records: string[][]): string {
  return stringify(
    records.map((cells) => cells.map(defuseFormula)),
    { record_delimiter: "windows" },
  );
}

function defuseFormula(value: string) {
  return /^[=+\-@\t\r]/.test(value) && !/^="\d+"$/.test(value) ? `'${value}` : value;
}
