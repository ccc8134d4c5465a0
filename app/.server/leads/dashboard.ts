import { and, asc, desc, eq, gte, isNull, sql } from "drizzle-orm";
import { can } from "#app/permissions.ts";
import { addDays, kstDay } from "#app/utils/kst.ts";
import { LEAD_KINDS, type LeadKind, type LeadStatus } from "#app/vocabulary.ts";
import { db, queryRows } from "../db.ts";
import { leads } from "../schema.ts";
import { heldTextsSummary } from "../outbox/console.ts";
import { countBookingsForReview } from "../visits/review.ts";
import { effectiveStatus, kstMidnight, listLeadsPage } from "./inbox.ts";
import type { Viewer } from "./visibility.ts";

export const DASHBOARD_DAYS = 30;

/** Counts for the dashboard: per kind for each of the last 30 Korean days, per campaign, and the newest leads. */
export async function dashboardSummary(site: string, viewer: Viewer, now = new Date()) {
  const today = kstDay(now);
  const firstDay = addDays(today, -(DASHBOARD_DAYS - 1));
  const since = kstMidnight(firstDay);
  const [daily, campaigns, statuses, newest, heldTexts, bookingsForReview] = await Promise.all([
    queryRows<{ day: string; kind: LeadKind; leads: number }>(
      db(),
      sql`select to_char(${leads.createdAt} at time zone 'Asia/Seoul', 'YYYY-MM-DD') as day, ${leads.kind} as kind, count(*)::int as leads
          from ${leads}
          where ${leads.site} = ${site} and ${leads.spam} = false and ${leads.deletedAt} is null and ${leads.createdAt} >= ${since}
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
      .where(and(eq(leads.site, site), eq(leads.spam, false), isNull(leads.deletedAt), gte(leads.createdAt, since)))
      .groupBy(leads.utmSource, leads.utmCampaign)
      .orderBy(desc(sql`count(*)`), asc(leads.utmSource), asc(leads.utmCampaign))
      .limit(20),
    db()
      .select({
        status: effectiveStatus,
        leads: sql<number>`count(*)::int`,
        // What the inbox shows with 담당자 미배정 (spam is a status of its own here): nobody works these yet.
        unassigned: sql<number>`count(*) filter (where ${leads.assigneeId} is null)::int`,
      })
      .from(leads)
      .where(and(eq(leads.site, site), isNull(leads.deletedAt)))
      .groupBy(effectiveStatus),
    listLeadsPage({ site, viewer }, { limit: 8 }),
    heldTextsSummary(site, now),
    // Only those who can answer a burst are asked to.
    can(viewer.role, "visits.manage") ? countBookingsForReview(site) : 0,
  ]);
  const days = Array.from({ length: DASHBOARD_DAYS }, (_, index) => {
    const day = addDays(firstDay, index);
    const counts = Object.fromEntries(LEAD_KINDS.map((kind) => [kind, 0])) as Record<LeadKind, number>;
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
    /** Leads nobody is assigned to, spam and the bin left out. */
    unassigned: statuses.filter((row) => row.status !== "spam").reduce((total, row) => total + Number(row.unassigned), 0),
    newest: newest.leads,
    /** Confirmations the text budget held in the last day, and bookings of a burst waiting for review: the office should know. */
    heldTexts,
    bookingsForReview,
  };
}
