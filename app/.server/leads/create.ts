import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { StoredLeadFields } from "#app/forms/lead-schema.ts";
import type { LeadKind, SpamReason } from "#app/vocabulary.ts";
import type { Attribution } from "../attribution.ts";
import { db } from "../db.ts";
import { getEnv } from "../env.ts";
import { enqueueSms, type OutgoingSms } from "../outbox/queue.ts";
import { wakeOutboxWorker } from "../outbox/worker.ts";
import { leads } from "../schema.ts";
import { sitePack } from "../site.ts";
import { claimVisitSlot, placeVisitBooking, type PlacedBooking, type SlotClaim } from "../visits/booking.ts";
import { bookingSms } from "../visits/messages.ts";
import { leadMessages } from "./messages.ts";

/** A lead to store: the form's stored fields (name, phone digits, message, …) and what the server adds. */
export interface NewLead extends StoredLeadFields {
  kind: LeadKind;
  site: string;
  submissionId: string;
  consentVersion: string;
  sourcePath: string;
  attribution: Attribution;
  userAgent: string;
  spamReason: SpamReason | null;
  /** A visit lead's chosen time slot, when the site books visits by slot. */
  visitSlotId?: number;
}

// Every field the forms store needs a lead column of the same name; a missing one is named here by the type checker.
type FieldsWithoutColumn = Exclude<keyof StoredLeadFields, keyof typeof leads.$inferInsert>;
const everyStoredFieldHasAColumn: [FieldsWithoutColumn] extends [never] ? true : FieldsWithoutColumn = true;
void everyStoredFieldHasAColumn;

export type CreateLeadOutcome =
  /** A new lead (and, unless it is spam, its SMS) was committed. */
  | { outcome: "created"; leadId: number; booking: PlacedBooking | null }
  /** The same submission arrived again (double click, retried request): nothing new. */
  | { outcome: "retried"; leadId: number; booking: null }
  /** The same phone registered the same kind within the folding window: merged into that lead. */
  | { outcome: "folded"; leadId: number; booking: PlacedBooking | null }
  /** The chosen visit slot cannot take this visitor (full, closed, past or unknown): nothing was stored. */
  | { outcome: "unavailable"; reason: Extract<SlotClaim, { ok: false }>["reason"]; day: string | null };

/** Repeats of one phone and kind within this window are one lead. */
export const FOLD_WINDOW_MS = 10 * 60_000;

/**
 * Saves a lead and, in the same transaction, the visitor's confirmation SMS and the staff
 * notes — and for a visit with a chosen slot, the booking, or nothing at all when the slot has
 * no place. Resolves only after the commit, so a success answer means the lead is stored.
 * Spam-flagged leads are kept for review but fold nothing, book nothing and get no SMS.
 */
export async function createLead(
  input: NewLead,
  { now = new Date(), staffRecipients = getEnv().SMS_STAFF_TO }: { now?: Date; staffRecipients?: string[] } = {},
): Promise<CreateLeadOutcome> {
  const result = await db().transaction(async (tx): Promise<CreateLeadOutcome> => {
    let claim: Extract<SlotClaim, { ok: true }> | null = null;
    const book = async (leadId: number) =>
      claim ? placeVisitBooking(tx, claim, { site: input.site, leadId, name: input.name, phone: input.phone, now }) : null;

    // A repeat of a recent submission (double click, retried request) folds like any repeat of
    // the phone; an older one, or a spam one, meets the unique submission id below.
    if (!input.spamReason) {
      // Two first submissions of one phone at the same moment (two tabs, two instances) must
      // not both see "no recent lead" (nor both book); this lock orders them, for this phone and kind only.
      await tx.execute(sql`select pg_advisory_xact_lock(727003, hashtext(${`${input.kind}:${input.phone}`}))`);
      if (input.kind === "visit" && input.visitSlotId !== undefined) {
        const claimed = await claimVisitSlot(tx, { site: input.site, slotId: input.visitSlotId, phone: input.phone, now });
        if (!claimed.ok) return { outcome: "unavailable", reason: claimed.reason, day: claimed.day };
        claim = claimed;
      }
      const [recent] = await tx
        .select({ id: leads.id, message: leads.message })
        .from(leads)
        .where(
          and(
            eq(leads.kind, input.kind),
            eq(leads.phone, input.phone),
            eq(leads.spam, false),
            gte(leads.createdAt, new Date(now.getTime() - FOLD_WINDOW_MS)),
          ),
        )
        .orderBy(desc(leads.createdAt))
        .limit(1);
      if (recent) {
        if (input.message && !recent.message.includes(input.message)) {
          const merged = recent.message ? `${recent.message}\n\n${input.message}` : input.message;
          await tx.update(leads).set({ message: merged }).where(eq(leads.id, recent.id));
        }
        const booking = await book(recent.id);
        // A new time for the same visitor is news to them; the same time again is not.
        if (booking?.isNew) await enqueueSms(tx, [bookingMessage(input, recent.id, booking)]);
        return { outcome: "folded", leadId: recent.id, booking };
      }
    }

    const [inserted] = await tx
      .insert(leads)
      .values({
        ...leadColumns(input),
        consentedAt: now,
        sourcePath: input.sourcePath.slice(0, 300),
        ...input.attribution,
        userAgent: input.userAgent.slice(0, 400),
        spam: input.spamReason !== null,
        spamReason: input.spamReason,
        createdAt: now,
      })
      .onConflictDoNothing({ target: leads.submissionId })
      .returning({ id: leads.id });
    if (!inserted) {
      // The same submission committed a moment ago in another transaction.
      const [winner] = await tx.select({ id: leads.id }).from(leads).where(eq(leads.submissionId, input.submissionId));
      if (!winner) throw new Error(`Lead ${input.submissionId} conflicted but cannot be found.`);
      return { outcome: "retried", leadId: winner.id, booking: null };
    }
    if (input.spamReason) return { outcome: "created", leadId: inserted.id, booking: null };
    const booking = await book(inserted.id);
    const messages = leadMessages(sitePack(input.site), { ...input, id: inserted.id }, staffRecipients);
    await enqueueSms(
      tx,
      booking
        ? messages.map((message) => (message.purpose === "confirmation" ? bookingMessage(input, inserted.id, booking) : message))
        : messages,
    );
    return { outcome: "created", leadId: inserted.id, booking };
  });
  if ((result.outcome === "created" && !input.spamReason) || (result.outcome === "folded" && result.booking?.isNew)) wakeOutboxWorker();
  return result;
}

/** What a new lead stores as given: the form's fields (whatever the schema adds) and the kind, site, submission and consent version. */
function leadColumns(input: NewLead) {
  const {
    attribution: _attribution,
    sourcePath: _sourcePath,
    userAgent: _userAgent,
    spamReason: _spamReason,
    visitSlotId: _visitSlotId,
    ...columns
  } = input;
  return columns;
}

/** The visitor's booking confirmation: date, time, address and the personal cancel link. */
function bookingMessage(input: NewLead, leadId: number, booking: PlacedBooking): OutgoingSms {
  return bookingSms("confirmation", {
    id: booking.id,
    site: input.site,
    leadId,
    name: input.name,
    phone: input.phone,
    startsAt: booking.slot.startsAt,
  });
}
