import { and, eq, isNull, sql } from "drizzle-orm";
import { recordAccess, type ChangeContext } from "../audit/records.ts";
import { textPack } from "../content/site-settings.ts";
import { db } from "../db.ts";
import { recordLeadEvent } from "../leads/events.ts";
import { lockLead } from "../leads/record.ts";
import { maySee, mayWork } from "../leads/visibility.ts";
import { enqueueSms } from "../outbox/queue.ts";
import { wakeOutboxWorker } from "../outbox/worker.ts";
import { leads } from "../schema.ts";
import { sitePack } from "../site.ts";
import { claimVisitSlot, placeVisitBooking, type SlotClaim } from "./booking.ts";
import { bookingSms } from "./messages.ts";
import { maxPartySizeOf } from "./settings.ts";

/**
 * 방문 예약 잡기: someone on the team books a time for a customer they work, from the customer's page
 * (the customer asked on the phone). The booking is the lead's, as one made on the site is, under
 * the same rules: the slot's row lock (never over its places), the phone's one place a day, the
 * waitlist first for a freed place. The customer gets the same confirmation with their personal
 * link (to see, change or cancel it), the office's decision, so the text budget does not hold it;
 * the lead's history and the access record say who booked it, in the same transaction.
 */

export type StaffBookingOutcome = "done" | "not-found" | "forbidden" | "spam" | "party-size" | Extract<SlotClaim, { ok: false }>["reason"];

export async function bookVisitForLead(
  change: ChangeContext,
  leadId: number,
  { slotId, partySize }: { slotId: number; partySize: number },
  now = new Date(),
): Promise<StaffBookingOutcome> {
  if (partySize < 1 || partySize > maxPartySizeOf(sitePack(change.site))) return "party-size";
  const [customer] = await db()
    .select({
      name: leads.name,
      phone: leads.phone,
      receiptNumber: leads.receiptNumber,
      assigneeId: leads.assigneeId,
      spam: leads.spam,
    })
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.site, change.site), isNull(leads.deletedAt)));
  if (!customer) return "not-found";
  // Refused before any lock; asked again below under the lead's lock, in case it changed meanwhile.
  const refusal = refusalFor(change, customer);
  if (refusal) return refusal;
  const result = await db().transaction(async (tx): Promise<StaffBookingOutcome> => {
    // In the order the site's own booking takes them (leads/create.ts): the phone's turn, the slot, then the lead.
    await tx.execute(sql`select pg_advisory_xact_lock(727003, hashtext(${`${change.site}:${customer.phone}`}))`);
    const claim = await claimVisitSlot(tx, { site: change.site, slotId, phone: customer.phone, clientId: null, now, partySize });
    if (!claim.ok) return claim.reason;
    const locked = refusalFor(change, await lockLead(tx, change.site, leadId));
    if (locked) return locked;
    const booking = await placeVisitBooking(tx, claim, {
      site: change.site,
      leadId,
      name: customer.name,
      phone: customer.phone,
      clientId: null,
      now,
    });
    const confirmation = bookingSms(await textPack(change.site, tx), "confirmation", {
      id: booking.id,
      leadId,
      receiptNumber: customer.receiptNumber,
      name: customer.name,
      phone: customer.phone,
      startsAt: claim.slot.startsAt,
      linkToken: booking.linkToken,
    });
    await enqueueSms(tx, [confirmation], { now });
    await recordLeadEvent(
      tx,
      {
        leadId,
        kind: "visit-booked",
        actor: change.actor,
        detail: { bookingId: booking.id, startsAt: claim.slot.startsAt.toISOString(), partySize },
      },
      now,
    );
    await recordAccess(
      { ...change, action: "visits.change", leadIds: [leadId], detail: { bookingId: booking.id, slotId, booked: true } },
      { executor: tx, now },
    );
    return "done";
  });
  if (result === "done") wakeOutboxWorker();
  return result;
}

/** Why this person may not book for this lead (absent, another's, marked spam), or null when they may. */
function refusalFor(
  change: ChangeContext,
  lead: { assigneeId: number | null; spam: boolean } | undefined,
): "not-found" | "forbidden" | "spam" | null {
  if (!lead || !maySee(change.actor, lead)) return "not-found";
  if (!mayWork(change.actor, lead)) return "forbidden";
  return lead.spam ? "spam" : null;
}
