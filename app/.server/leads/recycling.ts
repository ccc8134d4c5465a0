import { and, eq, gte, inArray, isNotNull, lt, max, notExists, sql } from "drizzle-orm";
import { db } from "../db.ts";
import { logError as defaultLogError } from "../log.ts";
import { startPeriodicTask, type PeriodicTask } from "../periodic.ts";
import { admins, consoleSettings, leadContacts, leadEvents, leadNotes, leads, leadStatusChanges, smsOutbox } from "../schema.ts";
import { recordLeadEvent } from "./events.ts";
import { stillWorked, unassign } from "./handed-back.ts";

/**
 * Leads nobody works on go back to the pool: with `recycleAfterDays` set on a site, a lead assigned
 * that many days ago and untouched since (no status change, note, contact or text from the team)
 * returns to the unassigned inbox, with a "recycled" entry in its history. A lead contracted or
 * closed stays where it is. Every instance runs the job; rows are taken with SKIP LOCKED and the
 * rule is checked again in the same statement, so two runs at once recycle each lead once.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export async function recycleUntouchedLeads(now = new Date()): Promise<{ site: string; recycled: number }[]> {
  const sites = await db()
    .select({ site: consoleSettings.site, days: consoleSettings.recycleAfterDays })
    .from(consoleSettings)
    .where(isNotNull(consoleSettings.recycleAfterDays));
  const report = [];
  for (const { site, days } of sites) {
    if (days === null || days < 1) continue;
    report.push({ site, recycled: await recycleSite(site, days, now) });
  }
  return report;
}

async function recycleSite(site: string, days: number, now: Date) {
  const since = new Date(now.getTime() - days * DAY_MS);
  const touchedSince = (table: typeof leadNotes | typeof leadStatusChanges | typeof leadContacts) =>
    notExists(
      db()
        .select({ one: sql`1` })
        .from(table)
        .where(and(eq(table.leadId, leads.id), gte(table.createdAt, since))),
    );
  const lastGiven = db()
    .select({ at: max(leadEvents.createdAt) })
    .from(leadEvents)
    .where(and(eq(leadEvents.leadId, leads.id), inArray(leadEvents.kind, ["assigned", "transferred"])));
  return db().transaction(async (tx) => {
    const stale = await tx
      .select({ id: leads.id, assigneeId: leads.assigneeId, assigneeName: admins.name, assigneeEmail: admins.email })
      .from(leads)
      .leftJoin(admins, eq(admins.id, leads.assigneeId))
      .where(
        and(
          eq(leads.site, site),
          isNotNull(leads.assigneeId),
          stillWorked,
          lt(sql`coalesce((${lastGiven}), ${leads.createdAt})`, since),
          touchedSince(leadStatusChanges),
          touchedSince(leadNotes),
          touchedSince(leadContacts),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(smsOutbox)
              .where(and(eq(smsOutbox.leadId, leads.id), isNotNull(smsOutbox.sentBy), gte(smsOutbox.createdAt, since))),
          ),
        ),
      )
      .orderBy(leads.id)
      .for("update", { of: leads, skipLocked: true });
    if (stale.length === 0) return 0;
    await unassign(
      tx,
      stale.map((lead) => lead.id),
    );
    for (const lead of stale) {
      await recordLeadEvent(
        tx,
        {
          leadId: lead.id,
          kind: "recycled",
          actor: null,
          detail: { fromId: lead.assigneeId!, fromName: lead.assigneeName || lead.assigneeEmail, days },
        },
        now,
      );
    }
    return stale.length;
  });
}

/** Runs the recycling every hour on each instance, the first a few minutes after boot. */
export function startRecyclingTimer({
  firstRunMs = 5 * 60_000,
  intervalMs = 60 * 60_000,
  logError = defaultLogError,
}: { firstRunMs?: number; intervalMs?: number; logError?: (context: string, error: unknown) => void } = {}): PeriodicTask {
  return startPeriodicTask({
    task: async () => {
      await recycleUntouchedLeads();
    },
    firstRunMs,
    intervalMs,
    onError: (error) => logError("Recycling untouched leads failed; trying again in an hour", error),
  });
}
