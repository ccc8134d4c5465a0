import crypto from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { PLACE_HOLDING_STATUSES } from "#app/vocabulary.ts";
import { queryRows, sqlList, type Transaction } from "../db.ts";
import { recordLeadEvent } from "../leads/events.ts";
import { withdrawBookingMessages } from "../outbox/queue.ts";
import { visitBookings, visitWaitlist } from "../schema.ts";
import { contentVersionBumpCte } from "../content/content-version.ts";
import { siteOpeningHours, withinOpeningHours } from "./schedule.ts";
import { keepVisitSettingsRead, placesOf, visitSettingsJson, type VisitSettings } from "./settings.ts";

/**
 * Booking a time slot. A slot's places are its capacity minus its active bookings, counted while
 * the slot's row is locked (SELECT … FOR UPDATE), so concurrent bookings of one slot take turns
 * and a slot never holds more than its capacity, on PGlite and PostgreSQL alike. Bookings of one
 * phone are already serialised by the lead's advisory lock (app/.server/leads/create.ts), so the
 * rule of one place per phone per day at a site is checked while no other booking of that phone
 * can commit.
 */

export type SlotClaim =
  | { ok: true; slot: ClaimedSlot; alreadyBookedId: number | null; partySize: number; offerId: number | null }
  | {
      ok: false;
      reason: "full" | "closed" | "outside-hours" | "past" | "unknown" | "booked-that-day" | "not-offered";
      day: string | null;
    };

export interface ClaimedSlot {
  id: number;
  day: string;
  startsAt: Date;
  endsAt: Date;
}

/**
 * Locks a slot for this transaction and checks it can take one more visitor. Only a place this
 * same browser already holds in the slot counts as theirs (a repeat of their own booking). A phone
 * holds one place a day at a site: another booking of it that day refuses the claim, unless it is
 * the booking being moved (`moving`) or one this browser's new booking replaces (placeVisitBooking).
 *
 * A party takes one place, or one per visitor when the site counts people (settings.ts). Places
 * held for a waitlist's offer count as taken until the offer's deadline, and a free place goes to
 * whoever waits for the time and fits it before anyone else (waitlist.ts): only the claim of that
 * offer (`offerId`, still offered and in time, checked under the same lock) may take it.
 */
export async function claimVisitSlot(
  tx: Transaction,
  {
    site,
    slotId,
    phone,
    clientId,
    now,
    moving = null,
    partySize = 1,
    offerId = null,
  }: {
    site: string;
    slotId: number;
    phone: string;
    clientId: string | null;
    now: Date;
    moving?: number | null;
    partySize?: number;
    offerId?: number | null;
  },
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
  // The office may have shortened the hours since the day was opened: its slots past closing are not offered.
  if (!withinOpeningHours(await siteOpeningHours(site, tx), claimed.startsAt, claimed.endsAt)) {
    return { ok: false, reason: "outside-hours", day: slot.day };
  }
  if (offerId !== null) {
    const [offer] = await tx
      .select({ id: visitWaitlist.id })
      .from(visitWaitlist)
      .where(
        and(
          eq(visitWaitlist.id, offerId),
          eq(visitWaitlist.slotId, slot.id),
          eq(visitWaitlist.status, "offered"),
          sql`${visitWaitlist.offerExpiresAt} > ${now.toISOString()}::timestamptz`,
        ),
      )
      .for("update");
    if (!offer) return { ok: false, reason: "not-offered", day: slot.day };
  }
  const { holders, line, capacityUnit, phoneHoldsThatDay } = await readSlotPlaces(tx, {
    site,
    slotId: slot.id,
    phone,
    day: slot.day,
    clientId,
    moving,
    now,
  });
  const own = clientId ? holders.find((holder) => holder.phone === phone && holder.clientId === clientId) : undefined;
  if (own) return { ok: true, slot: claimed, alreadyBookedId: own.id, partySize, offerId };
  const taken = holders.reduce((sum, holder) => sum + placesOf(capacityUnit, holder.partySize), 0);
  const held = line
    .filter((entry) => entry.status === "offered" && entry.id !== offerId)
    .reduce((sum, entry) => sum + placesOf(capacityUnit, entry.partySize), 0);
  const free = slot.capacity - taken - held;
  // A full slot answers the same to everyone first: only a time with room says the phone is booked that day.
  if (placesOf(capacityUnit, partySize) > free) return { ok: false, reason: "full", day: slot.day };
  // A freed place is first for those waiting for the time (waitlist.ts offers it to them).
  const waitingFits = line.some((entry) => entry.status === "waiting" && placesOf(capacityUnit, entry.partySize) <= free);
  if (offerId === null && waitingFits) return { ok: false, reason: "full", day: slot.day };
  if (phoneHoldsThatDay) return { ok: false, reason: "booked-that-day", day: slot.day };
  return { ok: true, slot: claimed, alreadyBookedId: null, partySize, offerId };
}

interface SlotPlacesRow {
  holders: { id: number; phone: string; clientId: string | null; partySize: number }[];
  line: { id: number; status: "waiting" | "offered"; partySize: number }[];
  settings: VisitSettings | null;
  phone_holds_that_day: boolean;
}

/**
 * What a claim weighs, read in one statement once the slot's row is locked (so its snapshot holds
 * every booking of the slot committed before): the bookings holding a place in it, its line (those
 * waiting, and the offers still in time: an offer past its deadline holds nothing), how the site
 * counts places (kept as this transaction's reading, settings.ts), and whether the phone already
 * holds a place at the site that day, besides the booking being moved and a future booking of this
 * same browser (which its new booking replaces).
 */
async function readSlotPlaces(
  tx: Transaction,
  {
    site,
    slotId,
    phone,
    day,
    clientId,
    moving,
    now,
  }: { site: string; slotId: number; phone: string; day: string; clientId: string | null; moving: number | null; now: Date },
) {
  const at = now.toISOString();
  const [row] = await queryRows<SlotPlacesRow>(
    tx,
    sql`select
          coalesce((select json_agg(json_build_object('id', b.id, 'phone', b.phone, 'clientId', l.client_id, 'partySize', b.party_size))
            from visit_bookings b join leads l on l.id = b.lead_id
            where b.slot_id = ${slotId} and b.status in (${sqlList(PLACE_HOLDING_STATUSES)})), '[]') as holders,
          coalesce((select json_agg(json_build_object('id', w.id, 'status', w.status, 'partySize', w.party_size))
            from visit_waitlist w
            where w.slot_id = ${slotId}
              and (w.status = 'waiting' or (w.status = 'offered' and w.offer_expires_at > ${at}::timestamptz))), '[]') as line,
          ${visitSettingsJson(site)} as settings,
          exists (select 1 from visit_bookings b join visit_slots s on s.id = b.slot_id join leads l on l.id = b.lead_id
            where b.site = ${site} and b.phone = ${phone} and s.day = ${day}::date
              and b.status in (${sqlList(PLACE_HOLDING_STATUSES)})
              ${moving === null ? sql`` : sql`and b.id <> ${moving}`}
              ${clientId === null ? sql`` : sql`and not (b.status = 'booked' and l.client_id = ${clientId} and s.starts_at > ${at}::timestamptz)`}
          ) as phone_holds_that_day`,
  );
  const settings = keepVisitSettingsRead(tx, site, row!.settings);
  return { holders: row!.holders, line: row!.line, capacityUnit: settings.capacityUnit, phoneHoldsThatDay: row!.phone_holds_that_day };
}

export interface PlacedBooking {
  id: number;
  /** False when this browser already held this slot for this phone (a repeat): nothing changed, nothing to send. */
  isNew: boolean;
  slot: ClaimedSlot;
  /** The key of the booking's personal link. */
  linkToken: string;
}

/**
 * Books a claimed slot. A visitor who books again from the same browser changes their time: their
 * other future booking of this phone moves. Anyone else's booking, even of the same phone, is
 * left alone (changing it takes its personal link).
 */
export async function placeVisitBooking(
  tx: Transaction,
  claim: Extract<SlotClaim, { ok: true }>,
  {
    site,
    leadId,
    name,
    phone,
    clientId,
    sourceKey = null,
    now,
  }: { site: string; leadId: number; name: string; phone: string; clientId: string | null; sourceKey?: string | null; now: Date },
): Promise<PlacedBooking> {
  if (claim.alreadyBookedId !== null) {
    const [existing] = await tx
      .select({ linkToken: visitBookings.linkToken })
      .from(visitBookings)
      .where(eq(visitBookings.id, claim.alreadyBookedId));
    return { id: claim.alreadyBookedId, isNew: false, slot: claim.slot, linkToken: existing!.linkToken };
  }
  // One statement: the booking, the content version's bump (the pages' places left change) and the
  // same browser's other future bookings of this phone, which this one replaces. RETURNING reads with
  // the statement's snapshot, so the new booking is not among them.
  const version = contentVersionBumpCte(tx, site);
  const linkToken = newLinkToken();
  const [booking] = await tx
    .with(version)
    .insert(visitBookings)
    .values({
      site,
      slotId: claim.slot.id,
      leadId,
      name,
      phone,
      linkToken,
      sourceKey,
      partySize: claim.partySize,
      createdAt: now,
    })
    .returning({
      id: visitBookings.id,
      earlier: clientId
        ? sql<
            EarlierBooking[]
          >`(select coalesce(json_agg(json_build_object('id', b.id, 'leadId', b.lead_id, 'startsAt', s.starts_at)), '[]')
            from visit_bookings b join visit_slots s on s.id = b.slot_id join leads l on l.id = b.lead_id
            where b.site = ${site} and b.phone = ${phone} and b.status = 'booked' and l.client_id = ${clientId}
              and s.starts_at > ${now.toISOString()}::timestamptz)`
        : sql<EarlierBooking[]>`'[]'::json`,
    });
  const earlier = booking!.earlier;
  if (claim.offerId !== null) {
    await tx
      .update(visitWaitlist)
      .set({ status: "claimed", closedAt: now, bookingId: booking!.id })
      .where(eq(visitWaitlist.id, claim.offerId));
  }
  if (earlier.length > 0) {
    const ids = earlier.map((row) => row.id);
    await tx.update(visitBookings).set({ status: "moved", cancelledAt: now }).where(inArray(visitBookings.id, ids));
    await withdrawBookingMessages(tx, ids);
    for (const row of earlier) {
      const detail = {
        bookingId: row.id,
        newBookingId: booking!.id,
        from: new Date(row.startsAt).toISOString(),
        to: claim.slot.startsAt.toISOString(),
        by: "customer" as const,
      };
      await recordLeadEvent(tx, { leadId: row.leadId, kind: "visit-moved", actor: null, detail }, now);
    }
  }
  return { id: booking!.id, isNew: true, slot: claim.slot, linkToken };
}

/** A future booking the same browser made for the same phone, as the new booking's insert returns it. */
interface EarlierBooking {
  id: number;
  leadId: number;
  startsAt: string;
}

/** 128 random bits: a link that names one booking and says nothing of how many there are. */
export function newLinkToken() {
  return crypto.randomBytes(16).toString("base64url");
}
