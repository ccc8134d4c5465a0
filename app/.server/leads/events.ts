import type {
  BookingStatus,
  ContactChannel,
  ContactResult,
  HandBackReason,
  ImportConsentBasis,
  LeadEventKind,
  LeadGrade,
  LeadStatus,
} from "#app/vocabulary.ts";
import { inSlices, type Executor } from "../db.ts";
import { leadEvents } from "../schema.ts";

/**
 * What each kind of lead event carries (`lead_events.detail`), so whoever writes one and whoever
 * reads one agree. Never a phone number or a message body: the history shows those from their own
 * rows (the outbox, the booking), which the purge destroys with the lead.
 */
export interface LeadEventDetails {
  /** `returning`: a new lead of a customer someone already works, given to them (leads/create.ts). */
  assigned: { assigneeId: number | null; assigneeName: string | null; how: "manual" | "bulk" | "round-robin" | "taken" | "returning" };
  "text-sent": { outboxId: number; advertising: boolean };
  /** Attendance marked (or undone); `leadStatusBefore` is what 방문 replaced, restored when it is undone. */
  /** `door`: checked in at the model house's door (its QR or the desk's search), which tells the counsellor live. */
  "visit-marked": { bookingId: number; from: BookingStatus; to: BookingStatus; leadStatusBefore?: LeadStatus; door?: boolean };
  /** Booked by someone on the team for the customer (visits/staff-booking.ts); a booking from the site is its lead's own. */
  "visit-booked": { bookingId: number; startsAt: string; partySize: number };
  "visit-cancelled": { bookingId: number; by: "customer" | "staff"; startsAt: string };
  "visit-moved": { bookingId: number; newBookingId: number; from: string; to: string; by: "customer" | "staff" };
  "day-closed": { bookingId: number; date: string; texted: boolean };
  /** The same phone sent the same form again within the folding window (leads/create.ts), from this lead's browser or another. */
  resubmitted: { sameBrowser: boolean; receiptNumber?: string };
  /** A contact logged (its row in lead_contacts, whose note the history shows); the next try it set, as an ISO instant. */
  contact: { contactId: number; actorName: string; channel: ContactChannel; result: ContactResult; nextContactAt: string | null };
  /** The 가망 등급 set (null: taken away), with the site's label at the time. */
  graded: { from: LeadGrade | null; to: LeadGrade | null; toLabel: string | null };
  /** The next contact time set by hand (an ISO instant), or cleared (null). */
  "follow-up": { at: string | null };
  /** A manager approved the counsellor's request (leads/transfers.ts): from them to another person. */
  transferred: { transferId: number; fromId: number | null; fromName: string | null; assigneeId: number; assigneeName: string };
  /** Left untouched `days` days, it went back to the unassigned inbox (leads/recycling.ts). */
  recycled: { fromId: number; fromName: string | null; days: number };
  /** Its counsellor's account was disabled, or taken off this site, so it went back to the unassigned inbox (leads/handed-back.ts). */
  "handed-back": { fromId: number; fromName: string | null; why: HandBackReason };
  /** Its customer and another turned out to be one person (leads/merge.ts): `intoId` is kept, `fromId` folded in. */
  "customer-merged": { fromId: number; intoId: number };
  /** Brought in from a spreadsheet (leads/import.ts): the source label the office gave and the consent basis it declared. */
  imported: { source: string; basis: ImportConsentBasis; marketingFromFile: boolean };
  /** A unit held for the customer (until an ISO instant), its hold released, sold to them, or its sale undone (units/holds.ts). */
  unit: { unitId: number; unit: string; change: "held" | "released" | "contracted" | "contract-undone"; until?: string };
}

type Kinds = keyof LeadEventDetails;
// Every kind in the vocabulary has a detail shape, and nothing else does.
type _Exhaustive = [LeadEventKind] extends [Kinds] ? ([Kinds] extends [LeadEventKind] ? true : never) : never;
const _exhaustive: _Exhaustive = true;
void _exhaustive;

/** Who did it: a person on the team, or null for the customer (their link) or the system. */
export interface EventActor {
  id: number;
  email: string;
}

export async function recordLeadEvent<K extends Kinds>(
  executor: Executor,
  event: { leadId: number; kind: K; actor: EventActor | null; detail: LeadEventDetails[K] },
  now = new Date(),
) {
  await executor.insert(leadEvents).values(eventRow(event, now));
}

/** An event of any kind, for recordLeadEvents. */
export type LeadEvent = { [K in Kinds]: { leadId: number; kind: K; actor: EventActor | null; detail: LeadEventDetails[K] } }[Kinds];

/** Many events (an import's history entries) in a statement per ROWS_PER_STATEMENT: the rows recordLeadEvent writes one at a time. */
export async function recordLeadEvents(executor: Executor, events: readonly LeadEvent[], now = new Date()) {
  for (const slice of inSlices(events)) await executor.insert(leadEvents).values(slice.map((event) => eventRow(event, now)));
}

function eventRow(event: { leadId: number; kind: Kinds; actor: EventActor | null; detail: LeadEventDetails[Kinds] }, now: Date) {
  return {
    leadId: event.leadId,
    kind: event.kind,
    actorId: event.actor?.id ?? null,
    actorEmail: event.actor?.email ?? null,
    detail: event.detail as unknown as Record<string, unknown>,
    createdAt: now,
  };
}
