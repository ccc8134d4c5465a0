import { and, asc, desc, eq } from "drizzle-orm";
import type { LeadStatus } from "#app/vocabulary.ts";
import type { Admin } from "../auth.ts";
import { db } from "../db.ts";
import { outboxColumns } from "../outbox/console.ts";
import { leadNotes, leads, leadStatusChanges, smsOutbox } from "../schema.ts";
import { effectiveStatus } from "./inbox.ts";

/** One lead as the console shows and works it: its details, status history, notes and text messages; deletion. Logs name ids only. */

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
      sourcePath: leads.sourcePath,
      utmSource: leads.utmSource,
      utmMedium: leads.utmMedium,
      utmCampaign: leads.utmCampaign,
      referrerHost: leads.referrerHost,
      userAgent: leads.userAgent,
      status: effectiveStatus,
      spamReason: leads.spamReason,
      textsHeld: leads.textsHeld,
      createdAt: leads.createdAt,
    })
    .from(leads)
    .where(and(eq(leads.id, id), eq(leads.site, site)));
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
export async function changeLeadStatus(site: string, leadId: number, status: LeadStatus, admin: Admin, now = new Date()) {
  return db().transaction(async (tx) => {
    const [current] = await tx
      .select({ status: effectiveStatus })
      .from(leads)
      .where(and(eq(leads.id, leadId), eq(leads.site, site)))
      .for("update");
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
export async function addLeadNote(site: string, leadId: number, body: string, admin: Admin, now = new Date()) {
  const [lead] = await db()
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.site, site)));
  if (!lead) return false;
  await db().insert(leadNotes).values({ leadId, body, authorId: admin.id, authorEmail: admin.email, createdAt: now });
  return true;
}

/**
 * Deletes a lead with everything that names the person: its notes and status history (by
 * cascade) and its text messages (whose foreign key would only be cleared).
 */
export async function deleteLead(site: string, leadId: number, admin: Admin) {
  const result = await db().transaction(async (tx) => {
    const [lead] = await tx
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.id, leadId), eq(leads.site, site)))
      .for("update");
    if (!lead) return { deleted: false, messages: 0 };
    const messages = await tx.delete(smsOutbox).where(eq(smsOutbox.leadId, leadId)).returning({ id: smsOutbox.id });
    const deleted = await tx.delete(leads).where(eq(leads.id, leadId)).returning({ id: leads.id });
    return { deleted: deleted.length > 0, messages: messages.length };
  });
  if (result.deleted) {
    console.log(`Lead ${leadId} deleted by administrator ${admin.id}, with its notes and ${result.messages} text message(s).`);
  }
  return result.deleted;
}
