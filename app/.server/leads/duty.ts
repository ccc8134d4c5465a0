import { and, asc, eq, gte } from "drizzle-orm";
import { can } from "#app/permissions.ts";
import { kstDay } from "#app/utils/kst.ts";
import { recordAccess, type ChangeContext } from "../audit/records.ts";
import { db } from "../db.ts";
import { adminSites, staffDaysOff, staffDuty } from "../schema.ts";
import type { LeadChange } from "./record.ts";

/**
 * Who is at work, as automatic assignment reads it (leads/assignment.ts): a counsellor marks
 * 출근/퇴근 for themselves, a manager gives days off and sets each counsellor's daily cap and weight.
 * Nobody marking anything leaves everyone available, as before these existed.
 */

/** 출근 (true) or 퇴근 (false) for today, on this console's site. */
export async function markDuty(change: ChangeContext, onDuty: boolean, now = new Date()) {
  const day = kstDay(now);
  await db()
    .insert(staffDuty)
    .values({ adminId: change.actor.id, site: change.site, day, onDuty, changedAt: now })
    .onConflictDoUpdate({ target: [staffDuty.adminId, staffDuty.site, staffDuty.day], set: { onDuty, changedAt: now } });
}

/** What the person marked today on the site (null: nothing yet) and whether today is a day off for them. */
export async function dutyOf(site: string, adminId: number, now = new Date()) {
  const day = kstDay(now);
  const [[mark], [off]] = await Promise.all([
    db()
      .select({ onDuty: staffDuty.onDuty, changedAt: staffDuty.changedAt })
      .from(staffDuty)
      .where(and(eq(staffDuty.adminId, adminId), eq(staffDuty.site, site), eq(staffDuty.day, day))),
    db()
      .select({ day: staffDaysOff.day })
      .from(staffDaysOff)
      .where(and(eq(staffDaysOff.adminId, adminId), eq(staffDaysOff.site, site), eq(staffDaysOff.day, day))),
  ]);
  return { onDuty: mark?.onDuty ?? null, changedAt: mark?.changedAt ?? null, dayOff: off !== undefined };
}

/** Days off from today on, per person, for the settings page. */
export async function upcomingDaysOff(site: string, now = new Date()) {
  return db()
    .select({ adminId: staffDaysOff.adminId, day: staffDaysOff.day })
    .from(staffDaysOff)
    .where(and(eq(staffDaysOff.site, site), gte(staffDaysOff.day, kstDay(now))))
    .orderBy(asc(staffDaysOff.day));
}

/** Whether the person is a counsellor of this site (the only people automatic assignment weighs). */
async function isCounsellorHere(site: string, adminId: number) {
  const [row] = await db()
    .select({ role: adminSites.role })
    .from(adminSites)
    .where(and(eq(adminSites.adminId, adminId), eq(adminSites.site, site)));
  return row?.role === "counsellor";
}

/** A manager gives a counsellor a day off (or takes it back), recorded as a settings change. */
export async function setDayOff(change: ChangeContext, adminId: number, day: string, off: boolean, now = new Date()): Promise<LeadChange> {
  if (!can(change.actor.role, "leads.assign")) return "forbidden";
  if (!(await isCounsellorHere(change.site, adminId))) return "not-found";
  await db().transaction(async (tx) => {
    if (off)
      await tx
        .insert(staffDaysOff)
        .values({ adminId, site: change.site, day, createdBy: change.actor.id, createdAt: now })
        .onConflictDoNothing();
    else
      await tx
        .delete(staffDaysOff)
        .where(and(eq(staffDaysOff.adminId, adminId), eq(staffDaysOff.site, change.site), eq(staffDaysOff.day, day)));
    await recordAccess({ ...change, action: "console.settings", detail: { counsellor: adminId, dayOff: day, off } }, { executor: tx, now });
  });
  return "done";
}

/** A counsellor's daily cap (null: none) and weight on this site. */
export async function saveCounsellorRules(
  change: ChangeContext,
  adminId: number,
  rules: { dailyCap: number | null; weight: number },
  now = new Date(),
): Promise<LeadChange> {
  if (!can(change.actor.role, "leads.assign")) return "forbidden";
  if (!(await isCounsellorHere(change.site, adminId))) return "not-found";
  await db().transaction(async (tx) => {
    await tx
      .update(adminSites)
      .set({ dailyCap: rules.dailyCap, assignWeight: rules.weight })
      .where(and(eq(adminSites.adminId, adminId), eq(adminSites.site, change.site)));
    await recordAccess({ ...change, action: "console.settings", detail: { counsellor: adminId, ...rules } }, { executor: tx, now });
  });
  return "done";
}
