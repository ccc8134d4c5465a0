import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, notExists, type SQL } from "drizzle-orm";
import { can } from "#app/permissions.ts";
import { addDays, kstDay } from "#app/utils/kst.ts";
import { PLACE_HOLDING_STATUSES } from "#app/vocabulary.ts";
import { db } from "../db.ts";
import { leadContacts, leads, visitBookings, visitSlots } from "../schema.ts";
import { assigneeName, callCount, effectiveStatus, kstMidnight, lastContactAt, lastContactResult } from "./inbox.ts";
import { visibleTo, type Viewer } from "./visibility.ts";

/**
 * 오늘 할 일 (/admin/today): what a counsellor has to do today. Callbacks due by the end of the
 * Korean day, the most overdue first; today's visitors among their customers; leads given to them
 * that nobody has contacted yet. A counsellor's list is their own; owners and managers see the
 * whole team's, or one person's.
 */

/** Whose work: one person on the team, or (owners and managers only) everyone's. */
export type WorkOf = { assigneeId: number } | { everyone: true };

/** The work a person may ask for: a counsellor only their own, whatever they ask. */
export function workOf(viewer: Viewer, asked: number | null): WorkOf | "forbidden" {
  if (can(viewer.role, "leads.all")) return asked === null ? { everyone: true } : { assigneeId: asked };
  return asked === null || asked === viewer.id ? { assigneeId: viewer.id } : "forbidden";
}

const LIMIT = 200;

const rowColumns = {
  id: leads.id,
  kind: leads.kind,
  name: leads.name,
  phone: leads.phone,
  grade: leads.grade,
  status: effectiveStatus,
  assigneeId: leads.assigneeId,
  assigneeName,
  nextContactAt: leads.nextContactAt,
  callCount,
  lastContactAt,
  lastContactResult,
  createdAt: leads.createdAt,
};

export async function todaysWork(site: string, viewer: Viewer, work: WorkOf, now = new Date()) {
  const today = kstDay(now);
  const endOfToday = kstMidnight(addDays(today, 1));
  const whose: SQL | undefined = "assigneeId" in work ? eq(leads.assigneeId, work.assigneeId) : undefined;
  const worked = and(eq(leads.site, site), visibleTo(viewer), eq(leads.spam, false), whose);
  const [callbacks, fresh, visitors] = await Promise.all([
    db()
      .select(rowColumns)
      .from(leads)
      .where(and(worked, isNotNull(leads.nextContactAt), lt(leads.nextContactAt, endOfToday)))
      .orderBy(asc(leads.nextContactAt), asc(leads.id))
      .limit(LIMIT),
    db()
      .select(rowColumns)
      .from(leads)
      .where(
        and(
          worked,
          isNotNull(leads.assigneeId),
          eq(leads.status, "new"),
          notExists(db().select({ id: leadContacts.id }).from(leadContacts).where(eq(leadContacts.leadId, leads.id))),
        ),
      )
      .orderBy(asc(leads.createdAt), asc(leads.id))
      .limit(LIMIT),
    db()
      .select({ ...rowColumns, bookingId: visitBookings.id, startsAt: visitSlots.startsAt, bookingStatus: visitBookings.status })
      .from(visitBookings)
      .innerJoin(visitSlots, eq(visitSlots.id, visitBookings.slotId))
      .innerJoin(leads, eq(leads.id, visitBookings.leadId))
      .where(and(worked, eq(visitSlots.site, site), eq(visitSlots.day, today), inArray(visitBookings.status, PLACE_HOLDING_STATUSES)))
      .orderBy(asc(visitSlots.startsAt), asc(visitBookings.id))
      .limit(LIMIT),
  ]);
  return {
    today,
    callbacks: callbacks.map((lead) => ({ ...lead, overdueMs: Math.max(0, now.getTime() - lead.nextContactAt!.getTime()) })),
    visitors,
    // A lead already in the callbacks (a promise made before the first logged call) is listed there only.
    fresh: fresh.filter((lead) => !callbacks.some((callback) => callback.id === lead.id)),
  };
}

/**
 * Callbacks that came due in (since, until]: what the live alerts announce to the person working
 * each lead. Read from the database, so whichever instance saved the time, every instance's
 * streams hear of it.
 */
export async function callbacksComingDue(site: string, since: Date, until: Date) {
  return db()
    .select({ id: leads.id, kind: leads.kind, name: leads.name, assigneeId: leads.assigneeId, nextContactAt: leads.nextContactAt })
    .from(leads)
    .where(
      and(
        eq(leads.site, site),
        isNull(leads.deletedAt),
        eq(leads.spam, false),
        isNotNull(leads.assigneeId),
        gt(leads.nextContactAt, since),
        lte(leads.nextContactAt, until),
      ),
    )
    .orderBy(asc(leads.nextContactAt))
    .limit(100);
}
