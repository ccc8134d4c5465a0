import { and, eq, inArray, sql } from "drizzle-orm";
import { PLACE_HOLDING_STATUSES } from "#app/vocabulary.ts";
import { queryRows, type Transaction } from "../db.ts";
import { withdrawBookingMessages } from "../outbox/queue.ts";
import { visitBookings } from "../schema.ts";

/**
 * Booking a time slot. A slot's places are its capacity minus its active bookings, counted while
 * the slot's row is locked (SELECT … FOR UPDATE), so concurrent bookings of one slot take turns
 * and a slot never holds more than its capacity, on PGlite and PostgreSQL alike. Bookings of one
 * phone are already serialised by the lead's advisory lock (app/.server/leads.ts), which is what
 * keeps a phone to one future booking per site.
 */

export type SlotClaim =
  | { ok: true; slot: ClaimedSlot; alreadyBookedId: number | null }
  | { ok: false; reason: "full" | "closed" | "past" | "unknown"; day: string | null };

export interface ClaimedSlot {
  id: number;
  day: string;
  startsAt: Date;
  endsAt: Date;
}

/**
 * Locks a slot for this transaction and checks it can take one more visitor (this phone's own
 * booking of the same slot counts as taken already: a repeated submission is not refused as full).
 */
export async function claimVisitSlot(
  tx: Transaction,
  { site, slotId, phone, now }: { site: string; slotId: number; phone: string; now: Date },
): Promise<SlotClaim> {
  const [slot] = await queryRows<{
    id: number;
    day: string;
    starts_at: Date | string;
    ends_at: Date | string;
    capacity: number;
    open: boolean;
  }>(
    tx,
    sql`select id, day::text as day, starts_at, ends_at, capacity, open from visit_slots
        where id = ${slotId} and site = ${site} for update`,
  );
  if (!slot) return { ok: false, reason: "unknown", day: null };
  const claimed: ClaimedSlot = { id: slot.id, day: slot.day, startsAt: new Date(slot.starts_at), endsAt: new Date(slot.ends_at) };
  if (!slot.open) return { ok: false, reason: "closed", day: slot.day };
  if (claimed.startsAt <= now) return { ok: false, reason: "past", day: slot.day };
  const holders = await tx
    .select({ id: visitBookings.id, phone: visitBookings.phone })
    .from(visitBookings)
    .where(and(eq(visitBookings.slotId, slot.id), inArray(visitBookings.status, [...PLACE_HOLDING_STATUSES])));
  const own = holders.find((holder) => holder.phone === phone);
  if (own) return { ok: true, slot: claimed, alreadyBookedId: own.id };
  if (holders.length >= slot.capacity) return { ok: false, reason: "full", day: slot.day };
  return { ok: true, slot: claimed, alreadyBookedId: null };
}

export interface PlacedBooking {
  id: number;
  /** False when this phone already held this slot (a repeat): nothing changed, nothing to send. */
  isNew: boolean;
  slot: ClaimedSlot;
}

/** Books a claimed slot, moving this phone's other future booking at the site (one per phone). */
export async function placeVisitBooking(
  tx: Transaction,
  claim: Extract<SlotClaim, { ok: true }>,
  { site, leadId, name, phone, now }: { site: string; leadId: number; name: string; phone: string; now: Date },
): Promise<PlacedBooking> {
  if (claim.alreadyBookedId !== null) return { id: claim.alreadyBookedId, isNew: false, slot: claim.slot };
  const earlier = await queryRows<{ id: number }>(
    tx,
    sql`select b.id from visit_bookings b join visit_slots s on s.id = b.slot_id
        where b.site = ${site} and b.phone = ${phone} and b.status = 'booked' and s.starts_at > ${now.toISOString()}::timestamptz`,
  );
  if (earlier.length > 0) {
    const ids = earlier.map((row) => row.id);
    await tx.update(visitBookings).set({ status: "moved", cancelledAt: now }).where(inArray(visitBookings.id, ids));
    await withdrawBookingMessages(tx, ids);
  }
  const [booking] = await tx
    .insert(visitBookings)
    .values({ site, slotId: claim.slot.id, leadId, name, phone, createdAt: now })
    .returning({ id: visitBookings.id });
  return { id: booking!.id, isNew: true, slot: claim.slot };
}
