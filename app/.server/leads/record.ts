import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { LeadStatus } from "#app/vocabulary.ts";
import { recordAccess, type ChangeContext } from "../audit/records.ts";
import { db, type Executor } from "../db.ts";
import { outboxColumns } from "../outbox/console.ts";
import { withdrawLeadMessages } from "../outbox/queue.ts";
import { markBookingVisitedWithLead } from "../visits/office.ts";
import { offerFreedPlacesAfter } from "../visits/waitlist.ts";
import { admins, leadNotes, leads, leadStatusChanges, smsOutbox } from "../schema.ts";
import { effectiveStatus } from "./inbox.ts";
import { letGoOfWhatItHeld } from "./let-go.ts";
import { maySee, mayWork } from "./visibility.ts";

/**
 * One lead as the console shows and works it: its details, status history, notes and text
 * messages; the reveal of a masked number (assignment: assignment.ts). Every verb checks the person's right to
 * the lead itself (leads/visibility.ts) and writes its access record in the same transaction as
 * the change, so a change is never without its record. Leads in the bin are not found here.
 */

export type LeadChange = "done" | "not-found" | "forbidden";
/** A status change refused because the lead's changed since the page that asked was drawn: what it is now. */
export type ChangedMeanwhile = { changedMeanwhile: LeadStatus };

/** The lead, locked for the change, if it is on this site and out of the bin. */
export async function lockLead(tx: Executor, site: string, leadId: number) {
  const [lead] = await tx
    .select({ id: leads.id, assigneeId: leads.assigneeId, status: effectiveStatus, phone: leads.phone, spam: leads.spam })
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.site, site), isNull(leads.deletedAt)))
    .for("update");
  return lead;
}

export async function getLeadDetail(site: string, id: number) {
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
      marketingConsentAt: leads.marketingConsentAt,
      sourcePath: leads.sourcePath,
      utmSource: leads.utmSource,
      utmMedium: leads.utmMedium,
      utmCampaign: leads.utmCampaign,
      referrerHost: leads.referrerHost,
      userAgent: leads.userAgent,
      status: effectiveStatus,
      spamReason: leads.spamReason,
      receiptNumber: leads.receiptNumber,
      textsHeld: leads.textsHeld,
      assigneeId: leads.assigneeId,
      assigneeName: admins.name,
      customerId: leads.customerId,
      grade: leads.grade,
      nextContactAt: leads.nextContactAt,
      unitType: leads.unitType,
      unitId: leads.unitId,
      createdAt: leads.createdAt,
    })
    .from(leads)
    .leftJoin(admins, eq(admins.id, leads.assigneeId))
    .where(and(eq(leads.id, id), eq(leads.site, site), isNull(leads.deletedAt)));
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
 * "visited" marks the booking the customer came for as 방문 too (visits/office.ts), in the same
 * transaction and access record: the schedule and the lead never disagree. Choosing the status it
 * already has changes and records nothing. `shown`, the status the page showed: if the lead's has
 * changed since, nothing changes and the answer says what it is now.
 */
export async function changeLeadStatus(
  change: ChangeContext,
  leadId: number,
  status: LeadStatus,
  now = new Date(),
  { shown }: { shown?: LeadStatus } = {},
): Promise<LeadChange | ChangedMeanwhile> {
  let freedSlots: number[] = [];
  const outcome = await db().transaction(async (tx): Promise<LeadChange | ChangedMeanwhile> => {
    const current = await lockLead(tx, change.site, leadId);
    if (!current || !maySee(change.actor, current)) return "not-found";
    if (!mayWork(change.actor, current)) return "forbidden";
    if (current.status === status) return "done";
    // Changed meanwhile by someone else (a visit marked, a unit sold, a colleague): the page's status
    // was not the lead's any more, so this choice was made without seeing it.
    if (shown !== undefined && current.status !== shown) return { changedMeanwhile: current.status };
    await writeLeadStatus(tx, change, leadId, current.status, status, now);
    const bookingId = status === "visited" ? await markBookingVisitedWithLead(tx, change, leadId, current.status, now) : null;
    // A lead marked as spam is nobody to keep anything for or to text: what it held goes, and so do
    // its unsent texts, as with a wave of bookings marked as spam (visits/review.ts). Changing the
    // status back brings none of them back.
    const letGo = status === "spam" ? await letGoOfWhatItHeld(tx, change, leadId, "lead-spam", now) : null;
    if (letGo) await withdrawLeadMessages(tx, [leadId]);
    freedSlots = letGo?.freedSlots ?? [];
    await recordAccess(
      {
        ...change,
        action: "lead.status",
        leadIds: [leadId],
        detail: {
          from: current.status,
          to: status,
          ...(bookingId === null ? {} : { bookingId }),
          ...letGo?.detail,
        },
      },
      { executor: tx, now },
    );
    return "done";
  });
  if (freedSlots.length > 0) await offerFreedPlacesAfter(freedSlots, now);
  return outcome;
}

/**
 * A status change inside the caller's transaction, the lead already locked (lockLead): the status and
 * its history row. A unit's sale (units/holds.ts) changes its lead's status this way, in its own transaction.
 */
export async function writeLeadStatus(tx: Executor, change: ChangeContext, leadId: number, from: LeadStatus, to: LeadStatus, now: Date) {
  await tx
    .update(leads)
    .set({ status: to, spam: to === "spam" })
    .where(eq(leads.id, leadId));
  await tx.insert(leadStatusChanges).values({
    leadId,
    fromStatus: from,
    toStatus: to,
    authorId: change.actor.id,
    authorEmail: change.actor.email,
    createdAt: now,
  });
}

export async function addLeadNote(change: ChangeContext, leadId: number, body: string, now = new Date()): Promise<LeadChange> {
  return db().transaction(async (tx) => {
    const lead = await lockLead(tx, change.site, leadId);
    if (!lead || !maySee(change.actor, lead)) return "not-found";
    if (!mayWork(change.actor, lead)) return "forbidden";
    await tx.insert(leadNotes).values({ leadId, body, authorId: change.actor.id, authorEmail: change.actor.email, createdAt: now });
    await recordAccess({ ...change, action: "lead.note", leadIds: [leadId] }, { executor: tx, now });
    return "done";
  });
}

/**
 * The full number behind a masked one, for a person who may see the lead but does not work it (a
 * counsellor on the unassigned inbox). Every reveal is an access record.
 */
export async function revealPhone(change: ChangeContext, leadId: number, now = new Date()): Promise<string | null> {
  return db().transaction(async (tx) => {
    const lead = await lockLead(tx, change.site, leadId);
    if (!lead || !maySee(change.actor, lead)) return null;
    await recordAccess({ ...change, action: "lead.reveal-phone", leadIds: [leadId] }, { executor: tx, now });
    return lead.phone;
  });
}
