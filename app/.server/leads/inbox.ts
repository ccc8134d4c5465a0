import { and, asc, count, desc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { NO_CAMPAIGN, UNASSIGNED, type LeadUrlFilter } from "#app/forms/admin.ts";
import { addDays } from "#app/utils/kst.ts";
import type { ContactResult, LeadStatus } from "#app/vocabulary.ts";
import { db } from "../db.ts";
import { looksLikeReceiptNumber } from "./receipts.ts";
import { leads } from "../schema.ts";
import { can } from "#app/permissions.ts";
import { visibleTo, type Viewer } from "./visibility.ts";
import { readWholeNumber } from "#app/forms/numbers.ts";

/**
 * The inbox: the leads of a filter, newest first, paged by keyset on (created_at, id), with
 * the counts and campaign choices its filter form offers.
 */

export interface LeadFilter extends LeadUrlFilter {
  /** The site whose leads these are: every console query is one site's. */
  site: string;
  /** Whose view: a counsellor sees their own leads and the unassigned inbox, nobody sees the bin (leads/visibility.ts). */
  viewer: Viewer;
  /** A name, or three or more digits of a phone number. */
  search?: string;
}

/** A lead's status as managers see it: a lead the spam check flagged reads "spam" until someone decides otherwise. */
export const effectiveStatus = sql<LeadStatus>`case when ${leads.spam} then 'spam' else ${leads.status} end`;

// A day in the filter is a Korean calendar day.
export const kstMidnight = (day: string) => sql`(${day}::date::timestamp at time zone 'Asia/Seoul')`;

export function filterConditions(filter: LeadFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(leads.site, filter.site), visibleTo(filter.viewer)];
  if (filter.mine) conditions.push(eq(leads.assigneeId, filter.viewer.id));
  if (filter.assignedTo) {
    conditions.push(filter.assignedTo === UNASSIGNED ? isNull(leads.assigneeId) : eq(leads.assigneeId, Number(filter.assignedTo)));
  }
  if (filter.kind) conditions.push(eq(leads.kind, filter.kind));
  if (filter.status === "spam") conditions.push(eq(leads.spam, true));
  else conditions.push(eq(leads.spam, false), filter.status ? eq(leads.status, filter.status) : undefined);
  if (filter.source) conditions.push(filter.source === NO_CAMPAIGN ? isNull(leads.utmSource) : eq(leads.utmSource, filter.source));
  if (filter.campaign) {
    conditions.push(filter.campaign === NO_CAMPAIGN ? isNull(leads.utmCampaign) : eq(leads.utmCampaign, filter.campaign));
  }
  if (filter.from) conditions.push(gte(leads.createdAt, kstMidnight(filter.from)));
  if (filter.to) conditions.push(lt(leads.createdAt, kstMidnight(addDays(filter.to, 1))));
  if (filter.search) {
    const digits = filter.search.replace(/\D/g, "");
    // Digits match the whole number of the leads a person works; on masked leads only the four
    // digits they can already see, so searching cannot uncover the hidden middle of a number.
    const phoneMatch =
      digits.length < 3
        ? undefined
        : can(filter.viewer.role, "leads.all")
          ? sql`${leads.phone} like ${`%${digits}%`}`
          : or(
              and(eq(leads.assigneeId, filter.viewer.id), sql`${leads.phone} like ${`%${digits}%`}`),
              sql`right(${leads.phone}, 4) like ${`%${digits}%`}`,
            );
    // A receipt number ("DG-20261125-0042", or its start) names its lead; the caller already limits what the person sees.
    const receiptMatch = looksLikeReceiptNumber(filter.search)
      ? ilike(leads.receiptNumber, `${escapeLike(filter.search.trim())}%`)
      : undefined;
    conditions.push(or(ilike(leads.name, `%${escapeLike(filter.search)}%`), phoneMatch, receiptMatch));
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
  const number = readWholeNumber(id);
  return number === undefined ? undefined : { at, id: number };
}

/** Rows after the cursor in the newest-first order. */
export const olderThan = (cursor: LeadCursor | undefined) =>
  cursor ? sql`(${leads.createdAt}, ${leads.id}) < (${cursor.at}::timestamptz, ${cursor.id})` : undefined;

const asDate = (value: unknown) => new Date(value as string | Date);

// The subqueries below name the outer row as "leads": Drizzle writes a lone table's columns
// unqualified, which inside a subquery would mean the subquery's own columns.

/**
 * The lead's next visit still to come: its earliest booking that holds a place and has not ended.
 * Found through visit_bookings (site, phone), the index a lead's bookings share with its customer's.
 */
export const nextVisitAt = sql<Date | null>`(
  select s.starts_at from visit_bookings b join visit_slots s on s.id = b.slot_id
  where b.site = leads.site and b.phone = leads.phone and b.lead_id = leads.id
    and b.status = 'booked' and s.ends_at > now()
  order by s.starts_at limit 1
)`.mapWith(asDate);

/** The name of the person working the lead (their email when they gave no name). */
export const assigneeName = sql<string | null>`(select coalesce(nullif(a.name, ''), a.email) from admins a where a.id = leads.assignee_id)`;

/** The newest note's text, by lead_notes (lead_id, created_at); `max` letters of it when given. */
export const latestNote = (max?: number) =>
  sql<string | null>`(
    select ${max ? sql`left(n.body, ${max})` : sql`n.body`} from lead_notes n
    where n.lead_id = leads.id order by n.created_at desc, n.id desc limit 1
  )`;

/** How many calls (made or taken) were logged on the lead, by lead_contacts (lead_id, created_at). */
export const callCount = sql<number>`(
  select count(*)::int from lead_contacts c where c.lead_id = leads.id and c.channel in ('call-out', 'call-in')
)`;

/** The newest contact of any channel: when, and what came of it. */
export const lastContactAt = sql<Date | null>`(
  select c.created_at from lead_contacts c where c.lead_id = leads.id order by c.created_at desc, c.id desc limit 1
)`.mapWith(asDate);
export const lastContactResult = sql<ContactResult | null>`(
  select c.result from lead_contacts c where c.lead_id = leads.id order by c.created_at desc, c.id desc limit 1
)`;

export const inboxColumns = {
  id: leads.id,
  kind: leads.kind,
  name: leads.name,
  phone: leads.phone,
  assigneeId: leads.assigneeId,
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
  nextVisitAt,
  assigneeName,
  // A little more than the inbox shows, so its ellipsis knows the note goes on.
  latestNote: latestNote(60),
  grade: leads.grade,
  callCount,
  lastContactAt,
  lastContactResult,
  cursorAt: sql<string>`${leads.createdAt}::text`,
};

export async function selectLeads(filter: LeadFilter, after: LeadCursor | undefined, limit: number) {
  return db()
    .select(inboxColumns)
    .from(leads)
    .where(and(filterConditions(filter), olderThan(after)))
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
export async function listCampaignChoices(site: string) {
  const [sources, campaigns] = await Promise.all(
    [leads.utmSource, leads.utmCampaign].map((column) =>
      db()
        .select({ value: column, leads: count() })
        .from(leads)
        .where(and(eq(leads.site, site), sql`${column} is not null`))
        .groupBy(column)
        .orderBy(desc(count()), asc(column))
        .limit(100),
    ),
  );
  const values = (rows: { value: string | null }[] | undefined) => (rows ?? []).flatMap((row) => (row.value ? [row.value] : []));
  return { sources: values(sources), campaigns: values(campaigns) };
}
