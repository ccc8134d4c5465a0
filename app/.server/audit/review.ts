import { and, asc, desc, eq, gt, gte, lt, sql, type SQL } from "drizzle-orm";
import type { AuditAction } from "#app/vocabulary.ts";
import { recordAccess, type ChainHead, type ChangeContext } from "./records.ts";
import { db } from "../db.ts";
import { kstMonth, nextMonth, previousMonth } from "#app/utils/kst.ts";
import { admins, auditChains, auditLog, auditReviews } from "../schema.ts";

/**
 * The owner's side of the access records (/admin/audit): finding records by person, action, lead
 * and date; each month's downloads with their reasons; and the monthly review the standard asks
 * for, recorded with who reviewed and when.
 */

const kstMonthStart = (month: string) => sql`(${`${month}-01`}::date::timestamp at time zone 'Asia/Seoul')`;

export interface AuditQuery {
  site: string;
  adminId?: number;
  action?: AuditAction;
  leadId?: number;
  /** Korean calendar days, inclusive. */
  from?: string;
  to?: string;
  beforeId?: number;
  limit?: number;
}

const kstDayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Asia/Seoul')`;

export async function listAuditRecords({ site, adminId, action, leadId, from, to, beforeId, limit = 100 }: AuditQuery) {
  const conditions: (SQL | undefined)[] = [
    eq(auditLog.site, site),
    adminId ? eq(auditLog.adminId, adminId) : undefined,
    action ? eq(auditLog.action, action) : undefined,
    leadId ? sql`${leadId} = any(${auditLog.leadIds})` : undefined,
    from ? gte(auditLog.at, kstDayStart(from)) : undefined,
    to ? lt(auditLog.at, sql`${kstDayStart(to)} + interval '1 day'`) : undefined,
    beforeId ? lt(auditLog.id, beforeId) : undefined,
  ];
  const rows = await db()
    .select({
      id: auditLog.id,
      at: auditLog.at,
      adminId: auditLog.adminId,
      adminEmail: auditLog.adminEmail,
      role: auditLog.role,
      clientAddress: auditLog.clientAddress,
      action: auditLog.action,
      leadIds: auditLog.leadIds,
      detail: auditLog.detail,
    })
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  return { records: rows.slice(0, limit), nextBeforeId: rows.length > limit ? rows[limit - 1]!.id : undefined };
}

/** A month's downloads (exports) with their reasons, for the review. */
export async function monthDownloads(site: string, month: string) {
  return db()
    .select({
      id: auditLog.id,
      at: auditLog.at,
      adminId: auditLog.adminId,
      adminEmail: auditLog.adminEmail,
      detail: auditLog.detail,
      leadCount: sql<number>`cardinality(${auditLog.leadIds})`,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.site, site),
        eq(auditLog.action, "leads.export"),
        gte(auditLog.at, kstMonthStart(month)),
        lt(auditLog.at, kstMonthStart(nextMonth(month))),
      ),
    )
    .orderBy(desc(auditLog.at));
}

export async function monthReview(site: string, month: string) {
  const [review] = await db()
    .select({ reviewedAt: auditReviews.reviewedAt, reviewerEmail: admins.email, reviewerName: admins.name, note: auditReviews.note })
    .from(auditReviews)
    .innerJoin(admins, eq(admins.id, auditReviews.reviewedBy))
    .where(and(eq(auditReviews.site, site), eq(auditReviews.month, month)));
  return review ?? null;
}

/**
 * Last month, while nobody has marked it reviewed: the dashboard reminds the owner. A console
 * that has no records from before this month (a new install) has no month to review yet.
 */
export async function unreviewedMonth(site: string, now = new Date()): Promise<string | null> {
  const thisMonth = kstMonth(now);
  const month = previousMonth(thisMonth);
  const [earlier] = await db()
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.site, site), lt(auditLog.at, kstMonthStart(thisMonth))))
    .limit(1);
  if (!earlier) return null;
  return (await monthReview(site, month)) ? null : month;
}

/** Marks a month reviewed (once; the first review stands) and records it in the access records. */
export async function markMonthReviewed(change: ChangeContext, month: string, note: string, now = new Date()): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [inserted] = await tx
      .insert(auditReviews)
      .values({ site: change.site, month, reviewedBy: change.actor.id, reviewedAt: now, note })
      .onConflictDoNothing()
      .returning({ id: auditReviews.id });
    if (!inserted) return false;
    await recordAccess({ ...change, action: "audit.review", detail: { month, note } }, { executor: tx, now });
    return true;
  });
}

/** The people the person filter offers: everyone who has a record on this site. */
export async function auditPeople(site: string) {
  const rows = await db()
    .selectDistinct({ id: auditLog.adminId, email: auditLog.adminEmail })
    .from(auditLog)
    .where(eq(auditLog.site, site));
  return rows.flatMap((row) => (row.id === null ? [] : [{ id: row.id, email: row.email }]));
}

/**
 * Each chain's last record and its hash, for the review to write down outside the database: a
 * later `npm run audit:verify -- --expect <hash>` fails if the records up to it were rewritten.
 */
export async function chainHeads(): Promise<ChainHead[]> {
  const chains = await db()
    .select({ chain: auditChains.name, recordId: auditChains.headId, hash: auditChains.headHash })
    .from(auditChains)
    .where(gt(auditChains.headId, 0))
    .orderBy(asc(auditChains.name));
  return chains;
}
