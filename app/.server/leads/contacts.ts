import { and, desc, eq, gte, isNull } from "drizzle-orm";
import { proposedNextContact, REACHED_RESULTS } from "#app/forms/contacts.ts";
import type { ContactChannel, ContactResult, LeadGrade, LeadStatus } from "#app/vocabulary.ts";
import { recordAccess, type ChangeContext } from "../audit/records.ts";
import { textPack } from "../content/site-settings.ts";
import { db, type Executor } from "../db.ts";
import { leadContacts, leads, leadStatusChanges, smsOutbox } from "../schema.ts";
import { recordLeadEvent } from "./events.ts";
import { effectiveStatus } from "./inbox.ts";
import type { LeadChange } from "./record.ts";
import { filledTemplates, textLead, type TextOutcome } from "./texts.ts";
import { maySee, mayWork } from "./visibility.ts";

/**
 * What a counsellor logs between calls: each contact (a row in lead_contacts, which the team's
 * performance figures count, a sentence in the lead's history, an access record, in one
 * transaction), the 가망 등급, and when to contact the customer again (오늘 할 일 and the live
 * alerts bring it back). Whoever works the lead may log; a counsellor only their own leads.
 */

export interface ContactInput {
  channel: ContactChannel;
  result: ContactResult;
  note: string;
  /** When to try again; null: what the result proposes (부재: two hours later), otherwise nothing due. */
  nextContactAt: Date | null;
}

/** The person acting, with the name their sentences in the history carry. */
export type NamedChange = ChangeContext & { actorName: string };

async function lockLead(tx: Executor, site: string, leadId: number) {
  const [lead] = await tx
    .select({ id: leads.id, assigneeId: leads.assigneeId, status: effectiveStatus, grade: leads.grade })
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.site, site), isNull(leads.deletedAt)))
    .for("update");
  return lead;
}

export type ContactOutcome = { outcome: "done"; contactId: number; nextContactAt: Date | null } | { outcome: "not-found" | "forbidden" };

/**
 * Logs one contact. A customer reached on a lead still 신규 makes it 연락 완료 (a status change by
 * the same person, as the status buttons would record it). The next contact time becomes the one
 * given, else the one the result proposes, else nothing: logging a contact is doing the follow-up.
 */
export async function recordContact(change: NamedChange, leadId: number, input: ContactInput, now = new Date()): Promise<ContactOutcome> {
  return db().transaction(async (tx): Promise<ContactOutcome> => {
    const lead = await lockLead(tx, change.site, leadId);
    if (!lead || !maySee(change.actor, lead)) return { outcome: "not-found" };
    if (!mayWork(change.actor, lead)) return { outcome: "forbidden" };
    return { outcome: "done", ...(await writeContact(tx, change, lead, input, now)) };
  });
}

/**
 * The contact's rows, in the caller's transaction with the lead locked (or just made): the contact,
 * the next contact time, 신규 → 연락 완료 when the customer was reached, the history's sentence and
 * the access record.
 */
export async function writeContact(
  tx: Executor,
  change: NamedChange,
  lead: { id: number; status: LeadStatus },
  input: ContactInput,
  now: Date,
): Promise<{ contactId: number; nextContactAt: Date | null }> {
  const leadId = lead.id;
  const nextContactAt = input.nextContactAt ?? proposedNextContact(input.result, now);
  const [contact] = await tx
    .insert(leadContacts)
    .values({
      leadId,
      site: change.site,
      actorId: change.actor.id,
      channel: input.channel,
      result: input.result,
      note: input.note,
      createdAt: now,
    })
    .returning({ id: leadContacts.id });
  const contactId = contact!.id;
  const reached = (REACHED_RESULTS as readonly ContactResult[]).includes(input.result);
  const becomes: LeadStatus | null = reached && lead.status === "new" ? "contacted" : null;
  await tx
    .update(leads)
    .set({ nextContactAt, ...(becomes ? { status: becomes } : {}) })
    .where(eq(leads.id, leadId));
  if (becomes) {
    await tx.insert(leadStatusChanges).values({
      leadId,
      fromStatus: lead.status,
      toStatus: becomes,
      authorId: change.actor.id,
      authorEmail: change.actor.email,
      createdAt: now,
    });
  }
  await recordLeadEvent(
    tx,
    {
      leadId,
      kind: "contact",
      actor: change.actor,
      detail: {
        contactId,
        actorName: change.actorName,
        channel: input.channel,
        result: input.result,
        nextContactAt: nextContactAt?.toISOString() ?? null,
      },
    },
    now,
  );
  await recordAccess(
    {
      ...change,
      action: "lead.contact",
      leadIds: [leadId],
      detail: { contactId, channel: input.channel, result: input.result, ...(becomes ? { status: becomes } : {}) },
    },
    { executor: tx, now },
  );
  return { contactId, nextContactAt };
}

/** Sets the 가망 등급 (null takes it away), with the site's label in the history. The same grade again changes nothing. */
export async function setLeadGrade(change: ChangeContext, leadId: number, grade: LeadGrade | null, now = new Date()): Promise<LeadChange> {
  const labels = (await textPack(change.site)).leads.grades;
  return db().transaction(async (tx) => {
    const lead = await lockLead(tx, change.site, leadId);
    if (!lead || !maySee(change.actor, lead)) return "not-found";
    if (!mayWork(change.actor, lead)) return "forbidden";
    if (lead.grade === grade) return "done";
    await tx.update(leads).set({ grade }).where(eq(leads.id, leadId));
    await recordLeadEvent(
      tx,
      { leadId, kind: "graded", actor: change.actor, detail: { from: lead.grade, to: grade, toLabel: grade ? labels[grade].label : null } },
      now,
    );
    await recordAccess(
      { ...change, action: "lead.grade", leadIds: [leadId], detail: { from: lead.grade, to: grade } },
      { executor: tx, now },
    );
    return "done";
  });
}

/** Sets when to contact the customer again, or clears it (null: done, nothing due). */
export async function setNextContact(change: ChangeContext, leadId: number, at: Date | null, now = new Date()): Promise<LeadChange> {
  return db().transaction(async (tx) => {
    const lead = await lockLead(tx, change.site, leadId);
    if (!lead || !maySee(change.actor, lead)) return "not-found";
    if (!mayWork(change.actor, lead)) return "forbidden";
    await tx.update(leads).set({ nextContactAt: at }).where(eq(leads.id, leadId));
    await recordLeadEvent(tx, { leadId, kind: "follow-up", actor: change.actor, detail: { at: at?.toISOString() ?? null } }, now);
    await recordAccess(
      { ...change, action: "lead.follow-up", leadIds: [leadId], detail: { at: at?.toISOString() ?? null } },
      { executor: tx, now },
    );
    return "done";
  });
}

/** The lead's newest contact: its result and when, or undefined before the first. */
export async function latestContact(leadId: number) {
  const [contact] = await db()
    .select({ id: leadContacts.id, result: leadContacts.result, channel: leadContacts.channel, createdAt: leadContacts.createdAt })
    .from(leadContacts)
    .where(eq(leadContacts.leadId, leadId))
    .orderBy(desc(leadContacts.createdAt), desc(leadContacts.id))
    .limit(1);
  return contact;
}

/** Whether the one-tap text is on offer: the newest contact is a 부재 and the team has not texted since. */
export async function missedCallTextDue(leadId: number) {
  const contact = await latestContact(leadId);
  if (contact?.result !== "no-answer") return false;
  const [since] = await db()
    .select({ id: smsOutbox.id })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.leadId, leadId), eq(smsOutbox.purpose, "manual"), gte(smsOutbox.createdAt, contact.createdAt)))
    .limit(1);
  return since === undefined;
}

export type MissedCallTextOutcome = TextOutcome | { outcome: "nothing-missed" | "already-texted" };

/**
 * The informational text after a 부재, in one tap: the pack's missed-call template filled for this
 * customer and sender, through the outbox like any text from the lead's page (its history, its
 * access record). Offered once per 부재: a second tap finds the text already sent.
 */
export async function sendMissedCallText(change: NamedChange, leadId: number, now = new Date()): Promise<MissedCallTextOutcome> {
  const [lead] = await db()
    .select({ name: leads.name, assigneeId: leads.assigneeId })
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.site, change.site), isNull(leads.deletedAt)));
  if (!lead || !maySee(change.actor, lead)) return { outcome: "not-found" };
  if (!mayWork(change.actor, lead)) return { outcome: "forbidden" };
  const contact = await latestContact(leadId);
  if (contact?.result !== "no-answer") return { outcome: "nothing-missed" };
  if (!(await missedCallTextDue(leadId))) return { outcome: "already-texted" };
  const pack = await textPack(change.site);
  const key = pack.leads.sms.missedCallTemplate;
  const template = filledTemplates(pack, { customerName: lead.name, staffName: change.actorName }).find((each) => each.key === key);
  if (!template) throw new Error(`The content pack of ${change.site} has no "${key}" template for missed calls`);
  return textLead(change, leadId, { intent: "send", template: key, advertising: false, body: template.text }, now);
}
