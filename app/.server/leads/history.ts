import { and, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { actorLabel, LEAD_EVENT_SENTENCES } from "#app/forms/lead-history.ts";
import { LOGGED_ONLY_LABEL, OUTBOX_STATUS_LABELS, SMS_PURPOSE_LABELS, STATUS_LABELS } from "#app/forms/admin.ts";
import { deliveryLabel, type ShownDelivery } from "#app/forms/message-templates.ts";
import { ROLE_LABELS } from "#app/forms/staff.ts";
import type { LeadEventKind, LeadStatus, OutboxStatus, Role } from "#app/vocabulary.ts";
import { loggedOnly, reportsDeliveries } from "../sms/answers.ts";
import { db } from "../db.ts";
import { admins, adminSites, leadContacts, leadEvents, leadNotes, leadStatusChanges, smsOutbox } from "../schema.ts";
import type { LeadEventDetails } from "./events.ts";
import { mayWork, type Viewer } from "./visibility.ts";

/**
 * What happened to leads, newest first, as one list: status changes, notes, the lead events others
 * record (assignments, texts from the team, visits marked, cancelled, moved, days closed) and the
 * texts of the outbox. The caller has already decided the person may see these leads; a text's
 * body is shown only to whoever works its lead (it carries the customer's number and booking link).
 */

export interface HistoryEntry {
  key: string;
  leadId: number;
  at: Date;
  type: "status" | "note" | "event" | "text";
  eventKind: LeadEventKind | null;
  /** What happened, in one Korean sentence. */
  sentence: string;
  /** Who did it: "관리자 이매니저", "고객", "자동". */
  actor: string;
  /** A note's text, a contact's note, or a text message's body for whoever works the lead. */
  body: string | null;
  /** A text message's state in the outbox. */
  textStatus: OutboxStatus | null;
  /** The text's state in words: "기록됨(미발송)" for what the log provider took. */
  textLabel: string | null;
}

const person = alias(admins, "history_person");
// A person's role is theirs on the lead's site (docs/decisions/022-role-per-site.md).
const personSite = alias(adminSites, "history_person_site");
const personColumns = { name: person.name, role: personSite.role };

type Person = { name: string | null; role: Role | null };
const who = (row: Person, email: string | null, kind?: LeadEventKind) =>
  actorLabel({ name: row.name, roleLabel: row.role ? ROLE_LABELS[row.role] : null, email }, kind);

const statusLabel = (status: string) => STATUS_LABELS[status as LeadStatus] ?? status;

/** The history of some leads of one site (a lead's page, a customer's). */
export async function leadHistory(
  viewer: Viewer,
  leads: readonly { id: number; site: string; assigneeId: number | null }[],
): Promise<HistoryEntry[]> {
  const ids = leads.map((lead) => lead.id);
  if (ids.length === 0) return [];
  const onSite = and(eq(personSite.adminId, person.id), eq(personSite.site, leads[0]!.site));
  const works = new Set(leads.filter((lead) => mayWork(viewer, lead)).map((lead) => lead.id));
  const [changes, notes, events, texts, contactNotes] = await Promise.all([
    db()
      .select({
        id: leadStatusChanges.id,
        leadId: leadStatusChanges.leadId,
        from: leadStatusChanges.fromStatus,
        to: leadStatusChanges.toStatus,
        email: leadStatusChanges.authorEmail,
        at: leadStatusChanges.createdAt,
        ...personColumns,
      })
      .from(leadStatusChanges)
      .leftJoin(person, eq(person.id, leadStatusChanges.authorId))
      .leftJoin(personSite, onSite)
      .where(inArray(leadStatusChanges.leadId, ids)),
    db()
      .select({
        id: leadNotes.id,
        leadId: leadNotes.leadId,
        body: leadNotes.body,
        email: leadNotes.authorEmail,
        at: leadNotes.createdAt,
        ...personColumns,
      })
      .from(leadNotes)
      .leftJoin(person, eq(person.id, leadNotes.authorId))
      .leftJoin(personSite, onSite)
      .where(inArray(leadNotes.leadId, ids)),
    db()
      .select({
        id: leadEvents.id,
        leadId: leadEvents.leadId,
        kind: leadEvents.kind,
        detail: leadEvents.detail,
        email: leadEvents.actorEmail,
        at: leadEvents.createdAt,
        ...personColumns,
      })
      .from(leadEvents)
      .leftJoin(person, eq(person.id, leadEvents.actorId))
      .leftJoin(personSite, onSite)
      .where(inArray(leadEvents.leadId, ids)),
    db()
      .select({
        id: smsOutbox.id,
        leadId: smsOutbox.leadId,
        purpose: smsOutbox.purpose,
        status: smsOutbox.status,
        provider: smsOutbox.provider,
        body: smsOutbox.body,
        at: smsOutbox.createdAt,
        channel: smsOutbox.channel,
        fallbackReason: smsOutbox.fallbackReason,
        receiptState: smsOutbox.receiptState,
        receiptCode: smsOutbox.receiptCode,
        receiptMessage: smsOutbox.receiptMessage,
        email: person.email,
        ...personColumns,
      })
      .from(smsOutbox)
      .leftJoin(person, eq(person.id, smsOutbox.sentBy))
      .leftJoin(personSite, onSite)
      .where(inArray(smsOutbox.leadId, ids)),
    db().select({ id: leadContacts.id, note: leadContacts.note }).from(leadContacts).where(inArray(leadContacts.leadId, ids)),
  ]);
  const contactNote = new Map(contactNotes.map((contact) => [contact.id, contact.note]));

  const textsById = new Map(texts.map((text) => [text.id, text]));
  // A text from the team is an event and an outbox row: shown once, as the event with the row's state.
  const told = new Set<number>();
  const entries: HistoryEntry[] = [];
  for (const change of changes) {
    entries.push({
      key: `s${change.id}`,
      leadId: change.leadId,
      at: change.at,
      type: "status",
      eventKind: null,
      sentence: `상태 변경: ${statusLabel(change.from)} → ${statusLabel(change.to)}`,
      actor: who(change, change.email),
      body: null,
      textStatus: null,
      textLabel: null,
    });
  }
  for (const note of notes) {
    entries.push({
      key: `n${note.id}`,
      leadId: note.leadId,
      at: note.at,
      type: "note",
      eventKind: null,
      sentence: "메모",
      actor: who(note, note.email),
      body: note.body,
      textStatus: null,
      textLabel: null,
    });
  }
  for (const event of events) {
    const text =
      event.kind === "text-sent" ? textsById.get((event.detail as unknown as LeadEventDetails["text-sent"]).outboxId) : undefined;
    if (text) told.add(text.id);
    entries.push({
      key: `e${event.id}`,
      leadId: event.leadId,
      at: event.at,
      type: "event",
      eventKind: event.kind,
      sentence: eventSentence(event.kind, event.detail),
      actor: who(event, event.email, event.kind),
      // A contact's note reads like a note: whoever may see the lead reads it.
      body:
        event.kind === "contact"
          ? contactNote.get((event.detail as unknown as LeadEventDetails["contact"]).contactId) || null
          : text && works.has(event.leadId)
            ? text.body
            : null,
      textStatus: text?.status ?? null,
      textLabel: text ? textLabel(text) : null,
    });
  }
  for (const text of texts) {
    if (told.has(text.id) || text.leadId === null) continue;
    entries.push({
      key: `t${text.id}`,
      leadId: text.leadId,
      at: text.at,
      type: "text",
      eventKind: null,
      sentence: `문자: ${SMS_PURPOSE_LABELS[text.purpose]} (${textLabel(text)})`,
      actor: who(text, text.email),
      body: works.has(text.leadId) ? text.body : null,
      textStatus: text.status,
      textLabel: textLabel(text),
    });
  }
  return entries.sort((a, b) => b.at.getTime() - a.at.getTime() || b.key.localeCompare(a.key));
}

/** The event's sentence; its detail is read as the shape its kind was written with (events.ts). */
function eventSentence(kind: LeadEventKind, stored: Record<string, unknown>): string {
  const detail = stored as unknown;
  switch (kind) {
    case "assigned":
      return LEAD_EVENT_SENTENCES.assigned(detail as LeadEventDetails["assigned"]);
    case "text-sent":
      return LEAD_EVENT_SENTENCES["text-sent"](detail as LeadEventDetails["text-sent"]);
    case "visit-marked":
      return LEAD_EVENT_SENTENCES["visit-marked"](detail as LeadEventDetails["visit-marked"]);
    case "visit-booked":
      return LEAD_EVENT_SENTENCES["visit-booked"](detail as LeadEventDetails["visit-booked"]);
    case "visit-cancelled":
      return LEAD_EVENT_SENTENCES["visit-cancelled"](detail as LeadEventDetails["visit-cancelled"]);
    case "visit-moved":
      return LEAD_EVENT_SENTENCES["visit-moved"](detail as LeadEventDetails["visit-moved"]);
    case "day-closed":
      return LEAD_EVENT_SENTENCES["day-closed"](detail as LeadEventDetails["day-closed"]);
    case "resubmitted":
      return LEAD_EVENT_SENTENCES.resubmitted(detail as LeadEventDetails["resubmitted"]);
    case "contact":
      return LEAD_EVENT_SENTENCES.contact(detail as LeadEventDetails["contact"]);
    case "graded":
      return LEAD_EVENT_SENTENCES.graded(detail as LeadEventDetails["graded"]);
    case "follow-up":
      return LEAD_EVENT_SENTENCES["follow-up"](detail as LeadEventDetails["follow-up"]);
    case "transferred":
      return LEAD_EVENT_SENTENCES.transferred(detail as LeadEventDetails["transferred"]);
    case "recycled":
      return LEAD_EVENT_SENTENCES.recycled(detail as LeadEventDetails["recycled"]);
    case "handed-back":
      return LEAD_EVENT_SENTENCES["handed-back"](detail as LeadEventDetails["handed-back"]);
    case "customer-merged":
      return LEAD_EVENT_SENTENCES["customer-merged"](detail as LeadEventDetails["customer-merged"]);
    case "imported":
      return LEAD_EVENT_SENTENCES.imported(detail as LeadEventDetails["imported"]);
    case "unit":
      return LEAD_EVENT_SENTENCES.unit(detail as LeadEventDetails["unit"]);
  }
}

/** "발송 완료 · 알림톡 수신", "기록됨(미발송) · 모의 결과: 실패: 없는 번호" … */
function textLabel(text: ShownDelivery & { status: OutboxStatus; provider: string | null }) {
  const logged = loggedOnly(text);
  const delivery = deliveryLabel({ ...text, loggedOnly: logged, receiptExpected: reportsDeliveries(text.provider) });
  const status = logged ? LOGGED_ONLY_LABEL : OUTBOX_STATUS_LABELS[text.status];
  return delivery ? `${status} · ${delivery}` : status;
}
