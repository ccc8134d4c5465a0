import { CsvError, parse } from "csv-parse/sync";
import { and, desc, eq, inArray, isNull, lt, max } from "drizzle-orm";
import { OPT_OUT_LIST_MESSAGES, type OptOutRowStatus } from "#app/forms/consent.ts";
import { headerKey } from "#app/forms/text.ts";
import { UPLOAD_MESSAGES } from "#app/forms/uploads.ts";
import { formatKst, isCalendarDay, kstInstant } from "#app/utils/kst.ts";
import { formatPhone, normalizePhone } from "#app/utils/phone.ts";
import { recordAccess, type ChangeContext } from "../audit/records.ts";
import { csvDelimiter, decodeCsvText } from "../csv-text.ts";
import { textPack } from "../content/site-settings.ts";
import { db, type Executor } from "../db.ts";
import { wakeOutboxWorker } from "../outbox/worker.ts";
import { customers, leads, optOutLists, type OptOutListEntry } from "../schema.ts";
import { recordWithdrawal } from "./ledger.ts";

/**
 * The 080 service's opt-out list (the numbers that called the free 080 number, with the date), as
 * the office downloads it: read into a preview that says what each row will do, then applied in one
 * transaction, each number a withdrawal of the consent ledger ("080-list") with its confirmation
 * text. A number the site does not know as a customer is reported and skipped: the list is the 080
 * service's, shared by every sender that rents it.
 */

/** The most rows one list may have: a large office's month of 080 calls, several times over. */
export const OPT_OUT_LIST_MAX_ROWS = 20_000;

const PHONE_HEADERS = ["전화번호", "수신번호", "번호", "휴대폰번호", "휴대전화번호", "핸드폰번호", "수신거부번호", "발신번호", "phone"];
const DATE_HEADERS = ["날짜", "수신거부일시", "수신거부일", "거부일시", "일시", "등록일시", "등록일", "접수일시", "date"];

/** A mobile number as digits ("+82 10-…" becomes "010…"), or null. */
function mobileNumber(cell: string): string | null {
  let digits = normalizePhone(cell);
  if (/^8210\d{7,8}$/.test(digits)) digits = `0${digits.slice(2)}`;
  return /^01[016789]\d{7,8}$/.test(digits) ? digits : null;
}

/** "2026-11-25", "2026.11.25 14:02", "2026/11/25 14:02:33", "20261125", "20261125140233", as Korean time; null when unreadable. */
function instantOf(cell: string): Date | null {
  const text = cell.trim();
  const match =
    /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})\.?(?:[ T]+(\d{1,2}):(\d{2})(?::\d{2})?)?$/.exec(text) ??
    /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(?:\d{2})?)?$/.exec(text);
  if (!match) return null;
  const [, year, month, day, hour = "00", minute = "00"] = match;
  const date = `${year}-${month!.padStart(2, "0")}-${day!.padStart(2, "0")}`;
  if (!isCalendarDay(date) || Number(hour) > 23 || Number(minute) > 59) return null;
  return kstInstant(date, `${hour.padStart(2, "0")}:${minute}`);
}

/**
 * The rows of an 080 list: a header naming the phone column (전화번호, 수신번호, 번호 …) and
 * optionally the date (날짜, 수신거부일시 …), or no header (the number first, the date second). A row
 * without a date counts from `now`.
 */
export function readOptOutCsv(bytes: Buffer, now = new Date()): OptOutListEntry[] {
  const text = decodeCsvText(bytes);
  const records: string[][] = parse(text, {
    delimiter: csvDelimiter(text),
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    trim: true,
  });
  if (records.length === 0) return [];
  const header = records[0]!.map(headerKey);
  const phoneColumn = header.findIndex((cell) => PHONE_HEADERS.includes(cell));
  const hasHeader = phoneColumn >= 0;
  const dateColumn = hasHeader ? header.findIndex((cell) => DATE_HEADERS.includes(cell)) : 1;
  const rows = hasHeader ? records.slice(1) : records;
  return rows
    .map((cells, index) => ({ cells, line: index + (hasHeader ? 2 : 1) }))
    .filter(({ cells }) => cells.some((cell) => cell !== ""))
    .map(({ cells, line }): OptOutListEntry => {
      const rawPhone = cells[hasHeader ? phoneColumn : 0] ?? "";
      const rawDate = dateColumn >= 0 ? (cells[dateColumn] ?? "") : "";
      const written = { raw: rawPhone.slice(0, 40), rawDate: rawDate.slice(0, 40) };
      const phone = mobileNumber(rawPhone);
      if (!phone) return { line, ...written, phone: null, at: null, problem: "bad-number" };
      const at = rawDate ? instantOf(rawDate) : now;
      if (!at) return { line, ...written, phone, at: null, problem: "bad-date" };
      if (at > now) return { line, ...written, phone, at: at.toISOString(), problem: "future-date" };
      return { line, ...written, phone, at: at.toISOString(), problem: null };
    });
}

export type StoreOutcome = { ok: true; id: number } | { ok: false; message: string };

/** Reads an uploaded list and keeps it for its preview (a list left unapplied for a day is deleted: forgetStaleOptOutLists). */
export async function storeOptOutList(
  change: ChangeContext,
  file: { name: string; bytes: Buffer },
  now = new Date(),
): Promise<StoreOutcome> {
  if (file.bytes.includes(0)) return { ok: false, message: UPLOAD_MESSAGES.wrongType.csv };
  let entries: OptOutListEntry[];
  try {
    entries = readOptOutCsv(file.bytes, now);
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    return { ok: false, message: UPLOAD_MESSAGES.wrongType.csv };
  }
  if (entries.length === 0) return { ok: false, message: OPT_OUT_LIST_MESSAGES.empty };
  if (entries.length > OPT_OUT_LIST_MAX_ROWS) return { ok: false, message: OPT_OUT_LIST_MESSAGES.tooManyRows(OPT_OUT_LIST_MAX_ROWS) };
  return db().transaction(async (tx) => {
    const [list] = await tx
      .insert(optOutLists)
      .values({ site: change.site, fileName: file.name.slice(0, 200), entries, uploadedBy: change.actor.id, createdAt: now })
      .returning({ id: optOutLists.id });
    await recordAccess(
      { ...change, action: "consent.upload", detail: { listId: list!.id, stage: "read", rows: entries.length } },
      { executor: tx, now },
    );
    return { ok: true as const, id: list!.id };
  });
}

/** Lists read but never applied are deleted after a day: they hold numbers the office did not act on. */
export async function forgetStaleOptOutLists(now = new Date()) {
  await db()
    .delete(optOutLists)
    .where(and(isNull(optOutLists.appliedAt), lt(optOutLists.createdAt, new Date(now.getTime() - 86_400_000))));
}

interface Standing {
  known: boolean;
  optedOutAt: Date | null;
  consentedAt: Date | null;
}

/** Each number's standing at the site, read in bulk (the rule of sms/advertising.ts). */
async function standingsOf(executor: Executor, site: string, phones: string[]): Promise<Map<string, Standing>> {
  const standings = new Map<string, Standing>();
  for (let start = 0; start < phones.length; start += 1000) {
    const chunk = phones.slice(start, start + 1000);
    const known = await executor
      .select({ phone: customers.phone, optedOutAt: customers.marketingOptOutAt })
      .from(customers)
      .where(and(eq(customers.site, site), inArray(customers.phone, chunk)));
    const consents = await executor
      .select({ phone: leads.phone, at: max(leads.marketingConsentAt) })
      .from(leads)
      .where(and(eq(leads.site, site), inArray(leads.phone, chunk), eq(leads.spam, false), isNull(leads.deletedAt)))
      .groupBy(leads.phone);
    const consentOf = new Map(consents.map((row) => [row.phone, row.at ? new Date(row.at) : null]));
    for (const row of known)
      standings.set(row.phone, { known: true, optedOutAt: row.optedOutAt, consentedAt: consentOf.get(row.phone) ?? null });
  }
  return standings;
}

function statusOf(entry: OptOutListEntry, standing: Standing | undefined, seen: Set<string>): OptOutRowStatus {
  if (entry.problem) return entry.problem;
  const phone = entry.phone!;
  if (seen.has(phone)) return "duplicate";
  seen.add(phone);
  if (!standing?.known) return "unknown";
  const { optedOutAt, consentedAt } = standing;
  if (optedOutAt && (!consentedAt || optedOutAt >= consentedAt)) return "already";
  if (consentedAt && consentedAt > new Date(entry.at!)) return "consented-since";
  return "withdraw";
}

async function classify(executor: Executor, site: string, entries: OptOutListEntry[]) {
  const phones = [...new Set(entries.flatMap((entry) => (entry.phone ? [entry.phone] : [])))];
  const standings = await standingsOf(executor, site, phones);
  const seen = new Set<string>();
  return entries.map((entry) => ({ entry, status: statusOf(entry, entry.phone ? standings.get(entry.phone) : undefined, seen) }));
}

const countBy = (statuses: OptOutRowStatus[]) =>
  statuses.reduce<Partial<Record<OptOutRowStatus, number>>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

/** What the page shows of a list: each row and what applying it will do, or (applied) what it did. */
export async function optOutListPreview(site: string, id: number) {
  const [list] = await db()
    .select()
    .from(optOutLists)
    .where(and(eq(optOutLists.id, id), eq(optOutLists.site, site)));
  if (!list) return null;
  const rows = list.appliedAt ? [] : await classify(db(), site, list.entries);
  return {
    id: list.id,
    fileName: list.fileName,
    appliedAt: list.appliedAt,
    summary: list.summary,
    counts: countBy(rows.map((row) => row.status)),
    rows: rows.map(({ entry, status }) => ({
      line: entry.line,
      raw: entry.raw,
      rawDate: entry.rawDate ?? "",
      phone: entry.phone ? formatPhone(entry.phone) : null,
      at: entry.at ? formatKst(entry.at) : null,
      status,
    })),
  };
}

/** The site's latest lists, for the page's record of what was applied. */
export async function recentOptOutLists(site: string) {
  return db()
    .select({
      id: optOutLists.id,
      fileName: optOutLists.fileName,
      appliedAt: optOutLists.appliedAt,
      summary: optOutLists.summary,
      createdAt: optOutLists.createdAt,
    })
    .from(optOutLists)
    .where(eq(optOutLists.site, site))
    .orderBy(desc(optOutLists.createdAt), desc(optOutLists.id))
    .limit(10);
}

export type ApplyOutcome = { outcome: "applied"; withdrawn: number; skipped: number } | { outcome: "not-found" | "already-applied" };

/**
 * Applies a list in one transaction: each row the preview would record becomes a withdrawal (with its
 * confirmation text); the rows are read again, so a number withdrawn meanwhile is skipped. The list
 * keeps only its counts afterwards, and the access record names the list and the counts.
 */
export async function applyOptOutList(change: ChangeContext, id: number, now = new Date()): Promise<ApplyOutcome> {
  const result = await db().transaction(async (tx): Promise<ApplyOutcome> => {
    const [list] = await tx
      .select()
      .from(optOutLists)
      .where(and(eq(optOutLists.id, id), eq(optOutLists.site, change.site)))
      .for("update");
    if (!list) return { outcome: "not-found" };
    if (list.appliedAt) return { outcome: "already-applied" };
    const pack = await textPack(change.site, tx);
    const classified = await classify(tx, change.site, list.entries);
    const summary: Record<string, number> = { withdrawn: 0, skipped: 0, ...countBy(classified.map((row) => row.status)) };
    for (const { entry, status } of classified) {
      if (status !== "withdraw") continue;
      const done = await recordWithdrawal(
        tx,
        { site: change.site, phone: entry.phone!, via: "080-list", at: new Date(entry.at!), actorId: change.actor.id },
        { now, pack },
      );
      if (done.outcome === "withdrawn") summary.withdrawn! += 1;
    }
    summary.skipped = classified.length - summary.withdrawn!;
    await tx.update(optOutLists).set({ appliedAt: now, entries: [], summary }).where(eq(optOutLists.id, id));
    await recordAccess(
      { ...change, action: "consent.upload", detail: { listId: id, stage: "applied", ...summary } },
      { executor: tx, now },
    );
    return { outcome: "applied", withdrawn: summary.withdrawn!, skipped: summary.skipped };
  });
  if (result.outcome === "applied" && result.withdrawn > 0) wakeOutboxWorker();
  return result;
}
