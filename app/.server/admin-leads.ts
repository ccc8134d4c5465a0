import crypto from "node:crypto";
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { LeadKind } from "#app/forms/lead.ts";
import { NO_CAMPAIGN, type LeadStatus, type LeadUrlFilter, type OutboxView } from "#app/forms/admin.ts";
import { formatKst, kstDay, shiftDay } from "#app/utils/kst.ts";
import { formatPhone } from "#app/utils/phone.ts";
import type { Admin } from "./auth.ts";
import { db, queryRows } from "./db.ts";
import { wakeOutboxWorker } from "./outbox.ts";
import { leadNotes, leads, leadSearches, leadStatusChanges, smsOutbox } from "./schema.ts";

/**
 * The sales office's view of the leads: the inbox with its filters and keyset paging, the CSV
 * export, a lead's notes and status history, deletion, the dashboard's counts and the SMS
 * outbox as managers see it. Logs name ids only, never a person.
 */

export interface LeadFilter extends LeadUrlFilter {
  /** A name, or three or more digits of a phone number. */
  search?: string;
}

/** A lead's status as managers see it: a lead the spam check flagged reads "spam" until someone decides otherwise. */
const effectiveStatus = sql<LeadStatus>`case when ${leads.spam} then 'spam' else ${leads.status} end`;

// A day in the filter is a Korean calendar day.
const kstMidnight = (day: string) => sql`(${day}::date::timestamp at time zone 'Asia/Seoul')`;

function filterConditions(filter: LeadFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.kind) conditions.push(eq(leads.kind, filter.kind));
  if (filter.status === "spam") conditions.push(eq(leads.spam, true));
  else conditions.push(eq(leads.spam, false), filter.status ? eq(leads.status, filter.status) : undefined);
  if (filter.source) conditions.push(filter.source === NO_CAMPAIGN ? isNull(leads.utmSource) : eq(leads.utmSource, filter.source));
  if (filter.campaign) {
    conditions.push(filter.campaign === NO_CAMPAIGN ? isNull(leads.utmCampaign) : eq(leads.utmCampaign, filter.campaign));
  }
  if (filter.from) conditions.push(gte(leads.createdAt, kstMidnight(filter.from)));
  if (filter.to) conditions.push(lt(leads.createdAt, kstMidnight(shiftDay(filter.to, -1))));
  if (filter.search) {
    const digits = filter.search.replace(/\D/g, "");
    conditions.push(
      or(ilike(leads.name, `%${escapeLike(filter.search)}%`), digits.length >= 3 ? sql`${leads.phone} like ${`%${digits}%`}` : undefined),
    );
  }
  return and(...conditions);
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

// --- Keyset paging: newest first by (created_at, id) ---

export interface LeadCursor {
  /** created_at as Postgres prints it: microseconds survive the round trip, which a JS Date would cut. */
  at: string;
  id: number;
}

export function formatLeadCursor(cursor: LeadCursor) {
  return Buffer.from(`${cursor.at}|${cursor.id}`).toString("base64url");
}

export function parseLeadCursor(value: string | null | undefined): LeadCursor | undefined {
  if (!value || value.length > 100) return undefined;
  const [at, id] = Buffer.from(value, "base64url").toString().split("|");
  if (!at || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/.test(at)) return undefined;
  const number = Number(id);
  return Number.isSafeInteger(number) && number > 0 ? { at, id: number } : undefined;
}

const before = (cursor: LeadCursor | undefined) =>
  cursor ? sql`(${leads.createdAt}, ${leads.id}) < (${cursor.at}::timestamptz, ${cursor.id})` : undefined;

const inboxColumns = {
  id: leads.id,
  kind: leads.kind,
  name: leads.name,
  phone: leads.phone,
  message: leads.message,
  sourcePath: leads.sourcePath,
  utmSource: leads.utmSource,
  utmMedium: leads.utmMedium,
  utmCampaign: leads.utmCampaign,
  referrerHost: leads.referrerHost,
  consentVersion: leads.consentVersion,
  consentedAt: leads.consentedAt,
  status: effectiveStatus,
  createdAt: leads.createdAt,
  cursorAt: sql<string>`${leads.createdAt}::text`,
};

async function selectLeads(filter: LeadFilter, after: LeadCursor | undefined, limit: number) {
  return db()
    .select(inboxColumns)
    .from(leads)
    .where(and(filterConditions(filter), before(after)))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit);
}

/** One page of the inbox and the cursor of the next, if there is one. */
export async function listLeadsPage(filter: LeadFilter, { after, limit = 50 }: { after?: LeadCursor; limit?: number } = {}) {
  const rows = await selectLeads(filter, after, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    leads: page.map(({ cursorAt: _, ...lead }) => lead),
    next: rows.length > limit && last ? { at: last.cursorAt, id: last.id } : undefined,
  };
}

export async function countLeads(filter: LeadFilter) {
  const [row] = await db().select({ value: count() }).from(leads).where(filterConditions(filter));
  return row?.value ?? 0;
}

/** The campaign values the filter offers: every utm_source and utm_campaign seen, most used first. */
export async function listCampaignChoices() {
  const [sources, campaigns] = await Promise.all(
    [leads.utmSource, leads.utmCampaign].map((column) =>
      db()
        .select({ value: column, leads: count() })
        .from(leads)
        .where(sql`${column} is not null`)
        .groupBy(column)
        .orderBy(desc(count()), asc(column))
        .limit(100),
    ),
  );
  const values = (rows: { value: string | null }[] | undefined) => (rows ?? []).flatMap((row) => (row.value ? [row.value] : []));
  return { sources: values(sources), campaigns: values(campaigns) };
}

// --- Kept searches: the URL carries an id, the term stays on the server ---

const SEARCH_LIFETIME_MS = 12 * 60 * 60 * 1000;

export async function keepLeadSearch(adminId: number, term: string, now = new Date()): Promise<string> {
  const id = crypto.randomBytes(12).toString("base64url");
  await db().insert(leadSearches).values({ id, adminId, term, createdAt: now });
  await db()
    .delete(leadSearches)
    .where(lt(leadSearches.createdAt, new Date(now.getTime() - SEARCH_LIFETIME_MS)));
  return id;
}

/** The term behind a kept search of this administrator, or null when it is unknown or has run out. */
export async function readLeadSearch(adminId: number, id: string | null | undefined, now = new Date()): Promise<string | null> {
  // Ids are 16 base64url characters (above); anything else, a NUL byte included, names no search.
  if (!id || !/^[A-Za-z0-9_-]{1,32}$/.test(id)) return null;
  const [row] = await db()
    .select({ term: leadSearches.term })
    .from(leadSearches)
    .where(
      and(
        eq(leadSearches.id, id),
        eq(leadSearches.adminId, adminId),
        gte(leadSearches.createdAt, new Date(now.getTime() - SEARCH_LIFETIME_MS)),
      ),
    );
  return row?.term ?? null;
}

// --- One lead ---

export async function getLeadDetail(id: number) {
  const [lead] = await db()
    .select({
      id: leads.id,
      kind: leads.kind,
      site: leads.site,
      name: leads.name,
      phone: leads.phone,
      message: leads.message,
      consentVersion: leads.consentVersion,
      consentedAt: leads.consentedAt,
      sourcePath: leads.sourcePath,
      utmSource: leads.utmSource,
      utmMedium: leads.utmMedium,
      utmCampaign: leads.utmCampaign,
      referrerHost: leads.referrerHost,
      userAgent: leads.userAgent,
      status: effectiveStatus,
      spamReason: leads.spamReason,
      createdAt: leads.createdAt,
    })
    .from(leads)
    .where(eq(leads.id, id));
  if (!lead) return null;
  const [notes, changes, messages] = await Promise.all([
    db()
      .select({ id: leadNotes.id, body: leadNotes.body, authorEmail: leadNotes.authorEmail, createdAt: leadNotes.createdAt })
      .from(leadNotes)
      .where(eq(leadNotes.leadId, id))
      .orderBy(desc(leadNotes.createdAt), desc(leadNotes.id)),
    db()
      .select({
        id: leadStatusChanges.id,
        fromStatus: leadStatusChanges.fromStatus,
        toStatus: leadStatusChanges.toStatus,
        authorEmail: leadStatusChanges.authorEmail,
        createdAt: leadStatusChanges.createdAt,
      })
      .from(leadStatusChanges)
      .where(eq(leadStatusChanges.leadId, id))
      .orderBy(desc(leadStatusChanges.createdAt), desc(leadStatusChanges.id)),
    db().select(outboxColumns).from(smsOutbox).where(eq(smsOutbox.leadId, id)).orderBy(asc(smsOutbox.id)),
  ]);
  return { lead, notes, changes, messages };
}

/**
 * Sets a lead's status and records who changed it from what. "spam" also sets the lead's spam
 * flag (so it leaves the inbox, the counts and duplicate folding); any other status clears it.
 * Answers false when the lead does not exist; choosing the status it already has records nothing.
 */
export async function changeLeadStatus(leadId: number, status: LeadStatus, admin: Admin, now = new Date()) {
  return db().transaction(async (tx) => {
    const [current] = await tx.select({ status: effectiveStatus }).from(leads).where(eq(leads.id, leadId)).for("update");
    if (!current) return false;
    if (current.status === status) return true;
    await tx
      .update(leads)
      .set({ status, spam: status === "spam" })
      .where(eq(leads.id, leadId));
    await tx.insert(leadStatusChanges).values({
      leadId,
      fromStatus: current.status,
      toStatus: status,
      authorId: admin.id,
      authorEmail: admin.email,
      createdAt: now,
    });
    return true;
  });
}

/** Answers false when the lead does not exist. */
export async function addLeadNote(leadId: number, body: string, admin: Admin, now = new Date()) {
  const [lead] = await db().select({ id: leads.id }).from(leads).where(eq(leads.id, leadId));
  if (!lead) return false;
  await db().insert(leadNotes).values({ leadId, body, authorId: admin.id, authorEmail: admin.email, createdAt: now });
  return true;
}

/**
 * Deletes a lead with everything that names the person: its notes and status history (by
 * cascade) and its text messages (whose foreign key would only be cleared).
 */
export async function deleteLead(leadId: number, admin: Admin) {
  const result = await db().transaction(async (tx) => {
    const messages = await tx.delete(smsOutbox).where(eq(smsOutbox.leadId, leadId)).returning({ id: smsOutbox.id });
    const deleted = await tx.delete(leads).where(eq(leads.id, leadId)).returning({ id: leads.id });
    return { deleted: deleted.length > 0, messages: messages.length };
  });
  if (result.deleted) {
    console.log(`Lead ${leadId} deleted by administrator ${admin.id}, with its notes and ${result.messages} text message(s).`);
  }
  return result.deleted;
}

// --- CSV export ---

export interface CsvLabels {
  kinds: Record<LeadKind, string>;
  statuses: Record<LeadStatus, string>;
}

const CSV_HEADER = [
  "번호",
  "접수 일시",
  "유형",
  "상태",
  "이름",
  "연락처",
  "문의 내용",
  "접수 페이지",
  "유입 매체(utm_source)",
  "유입 방식(utm_medium)",
  "캠페인(utm_campaign)",
  "유입 사이트",
  "동의 버전",
  "동의 일시",
];

/**
 * The leads of a filter as CSV for Excel, newest first, read from the database in batches of
 * `batchSize` by keyset and written into the stream as the reader asks for more, so an export
 * of any size holds one batch in memory at a time.
 *
 * - UTF-8 with a byte order mark: without it, Excel on a Korean Windows reads the file as
 *   CP949 and the Korean turns into mojibake.
 * - Phone numbers are written as "010-1234-5678". Excel turns any field that looks like a number
 *   into one (01012345678 → 1012345678, the leading 0 gone); a dashed number is not a number or a
 *   date to it, so it stays text in Excel, LibreOffice, Numbers and Google Sheets alike, and is
 *   how Korean staff write and dial numbers. `="010…"` would also keep the 0, but it is a formula:
 *   the cell's content is `="…"` in other tools and once the file is saved again, and
 *   a leading tab or apostrophe stays in the cell as a visible or invisible character.
 * - Fields that a spreadsheet would run as a formula (starting with = + - @ or a tab or a
 *   return) get a leading apostrophe, as OWASP advises against CSV injection: a visitor
 *   could type "=HYPERLINK(…)" as their name.
 */
export function leadsCsvStream(filter: LeadFilter, labels: CsvLabels, { batchSize = 1000 } = {}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: LeadCursor | undefined;
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(`\uFEFF${csvLine(CSV_HEADER)}`));
          return;
        }
        const rows = await selectLeads(filter, cursor, batchSize);
        if (rows.length > 0) {
          controller.enqueue(encoder.encode(rows.map((row) => csvLine(csvRow(row, labels))).join("")));
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

type InboxRow = Awaited<ReturnType<typeof selectLeads>>[number];

function csvRow(lead: InboxRow, labels: CsvLabels) {
  return [
    String(lead.id),
    formatKst(lead.createdAt, { seconds: true }),
    labels.kinds[lead.kind],
    labels.statuses[lead.status],
    lead.name,
    csvPhone(lead.phone),
    lead.message,
    lead.sourcePath,
    lead.utmSource ?? "",
    lead.utmMedium ?? "",
    lead.utmCampaign ?? "",
    lead.referrerHost ?? "",
    lead.consentVersion,
    formatKst(lead.consentedAt, { seconds: true }),
  ];
}

export function csvPhone(digits: string) {
  const formatted = formatPhone(digits);
  // Numbers outside the mobile and sales-line formats come back as bare digits: keep them text too.
  return /^\d+$/.test(formatted) ? `="${formatted}"` : formatted;
}

export function csvLine(fields: string[]) {
  return `${fields.map(csvField).join(",")}\r\n`;
}

function csvField(value: string) {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^="\d+"$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

// --- Dashboard ---

const KINDS = ["interest", "visit", "inquiry"] as const satisfies readonly LeadKind[];
export const DASHBOARD_DAYS = 30;

/** Counts for the dashboard: per kind for each of the last 30 Korean days, per campaign, and the newest leads. */
export async function dashboardSummary(now = new Date()) {
  const today = kstDay(now);
  const firstDay = shiftDay(today, DASHBOARD_DAYS - 1);
  const since = kstMidnight(firstDay);
  const [daily, campaigns, statuses, newest] = await Promise.all([
    queryRows<{ day: string; kind: LeadKind; leads: number }>(
      db(),
      sql`select to_char(${leads.createdAt} at time zone 'Asia/Seoul', 'YYYY-MM-DD') as day, ${leads.kind} as kind, count(*)::int as leads
          from ${leads}
          where ${leads.spam} = false and ${leads.createdAt} >= ${since}
          group by 1, 2`,
    ),
    db()
      .select({
        source: leads.utmSource,
        campaign: leads.utmCampaign,
        interest: sql<number>`count(*) filter (where ${leads.kind} = 'interest')::int`,
        visit: sql<number>`count(*) filter (where ${leads.kind} = 'visit')::int`,
        inquiry: sql<number>`count(*) filter (where ${leads.kind} = 'inquiry')::int`,
        total: sql<number>`count(*)::int`,
      })
      .from(leads)
      .where(and(eq(leads.spam, false), gte(leads.createdAt, since)))
      .groupBy(leads.utmSource, leads.utmCampaign)
      .orderBy(desc(sql`count(*)`), asc(leads.utmSource), asc(leads.utmCampaign))
      .limit(20),
    db()
      .select({ status: effectiveStatus, leads: sql<number>`count(*)::int` })
      .from(leads)
      .groupBy(effectiveStatus),
    listLeadsPage({}, { limit: 8 }),
  ]);
  const days = Array.from({ length: DASHBOARD_DAYS }, (_, index) => {
    const day = shiftDay(firstDay, -index);
    const counts = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<LeadKind, number>;
    for (const row of daily) if (row.day === day) counts[row.kind] = Number(row.leads);
    return { day, ...counts };
  });
  const sum = (kind: LeadKind) => days.reduce((total, day) => total + day[kind], 0);
  return {
    today: days.at(-1)!,
    last30: { interest: sum("interest"), visit: sum("visit"), inquiry: sum("inquiry") },
    days,
    campaigns,
    statuses: Object.fromEntries(statuses.map((row) => [row.status, Number(row.leads)])) as Partial<Record<LeadStatus, number>>,
    newest: newest.leads,
  };
}

// --- The SMS outbox, as managers see it ---

const outboxColumns = {
  id: smsOutbox.id,
  leadId: smsOutbox.leadId,
  purpose: smsOutbox.purpose,
  recipient: smsOutbox.recipient,
  body: smsOutbox.body,
  status: smsOutbox.status,
  attempts: smsOutbox.attempts,
  nextAttemptAt: smsOutbox.nextAttemptAt,
  provider: smsOutbox.provider,
  providerMessageId: smsOutbox.providerMessageId,
  lastResponse: smsOutbox.lastResponse,
  sentAt: smsOutbox.sentAt,
  createdAt: smsOutbox.createdAt,
};

const VIEW_STATUSES: Record<OutboxView, ("pending" | "sending" | "sent" | "failed")[]> = {
  pending: ["pending", "sending"],
  sent: ["sent"],
  failed: ["failed"],
};

/** Messages newest first, optionally of one view (pending includes those being sent), paged by id. */
export async function listOutboxPage({ view, beforeId, limit = 50 }: { view?: OutboxView; beforeId?: number; limit?: number }) {
  const rows = await db()
    .select({ ...outboxColumns, leadName: leads.name, leadKind: leads.kind })
    .from(smsOutbox)
    .leftJoin(leads, eq(leads.id, smsOutbox.leadId))
    .where(and(view ? inArray(smsOutbox.status, VIEW_STATUSES[view]) : undefined, beforeId ? lt(smsOutbox.id, beforeId) : undefined))
    .orderBy(desc(smsOutbox.id))
    .limit(limit + 1);
  const messages = rows.slice(0, limit);
  return { messages, nextBeforeId: rows.length > limit ? messages.at(-1)?.id : undefined };
}

export async function outboxCounts() {
  const rows = await db().select({ status: smsOutbox.status, messages: count() }).from(smsOutbox).groupBy(smsOutbox.status);
  const of = (status: string) => rows.find((row) => row.status === status)?.messages ?? 0;
  return { pending: of("pending") + of("sending"), sent: of("sent"), failed: of("failed") };
}

/**
 * Puts a failed message back in the queue with a fresh set of attempts and wakes this
 * instance's worker. Answers false unless the message exists and had failed.
 */
export async function retryFailedMessage(id: number, admin: Admin, now = new Date()) {
  const rows = await db()
    .update(smsOutbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: now, lockedBy: null, lockedUntil: null })
    .where(and(eq(smsOutbox.id, id), eq(smsOutbox.status, "failed")))
    .returning({ id: smsOutbox.id });
  if (rows.length === 0) return false;
  console.log(`Text message ${id} queued again by administrator ${admin.id}.`);
  wakeOutboxWorker();
  return true;
}
