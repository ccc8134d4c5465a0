import { and, eq, sql } from "drizzle-orm";
import { kstTime } from "#app/utils/kst.ts";
import type { BookingStatus } from "#app/vocabulary.ts";
import { db } from "../db.ts";
import { recordLeadEvent } from "../leads/events.ts";
import { enqueueSms, withdrawBookingMessages, type TextBudget } from "../outbox/queue.ts";
import { wakeOutboxWorker } from "../outbox/worker.ts";
import { visitBookings, visitSlots } from "../schema.ts";
import { receiptNumberOf } from "../leads/receipts.ts";
import { claimVisitSlot, newLinkToken, type SlotClaim } from "./booking.ts";
import { textPack } from "../content/site-settings.ts";
import { bookingSms } from "./messages.ts";
import { slotLabel } from "./schedule.ts";
import { bumpContentVersion } from "../content/content-version.ts";
import { offerFreedPlacesAfter } from "./waitlist.ts";

/**
 * A booking's personal link from its text messages (/{site}/visit/{token}): it shows the booking,
 * changes its time and, once the visitor confirms, cancels it, until the visit is over.
 */

/** A link's key as we make them (22 base64url characters; bookings from before links were random carry a UUID). */
const LINK_TOKEN = /^(?:[A-Za-z0-9_-]{22}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** How long after a missed visit its link still offers a new time. */
export const MISSED_VISIT_DAYS = 14;

export interface BookingView {
  id: number;
  site: string;
  name: string;
  /** Digits only; never shown on the page. */
  phone: string;
  day: string;
  /** "11월 24일 (화) 14:00". */
  when: string;
  time: string;
  startsAt: Date;
  endsAt: Date;
  leadId: number;
  slotId: number;
  status: BookingStatus;
  /** 방문 인원. */
  partySize: number;
}

export type CancelPageState =
  /** Not a token of ours, or its booking is gone. */
  | { state: "invalid" }
  /** The visit's time has passed: the link no longer works. */
  | { state: "expired"; booking: BookingView }
  /** Marked 노쇼 within MISSED_VISIT_DAYS: the link offers a new time (the no-show text points here). */
  | { state: "missed"; booking: BookingView }
  | { state: "active" | "cancelled"; booking: BookingView };

export async function findBookingByLink(token: string, now = new Date()): Promise<CancelPageState> {
  if (!LINK_TOKEN.test(token)) return { state: "invalid" };
  const [row] = await db()
    .select({ booking: visitBookings, startsAt: visitSlots.startsAt, endsAt: visitSlots.endsAt, day: visitSlots.day })
    .from(visitBookings)
    .innerJoin(visitSlots, eq(visitSlots.id, visitBookings.slotId))
    .where(eq(visitBookings.linkToken, token));
  if (!row) return { state: "invalid" };
  const booking: BookingView = {
    id: row.booking.id,
    site: row.booking.site,
    name: row.booking.name,
    phone: row.booking.phone,
    day: row.day,
    when: slotLabel(row.day, row.startsAt),
    time: kstTime(row.startsAt),
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    leadId: row.booking.leadId,
    slotId: row.booking.slotId,
    status: row.booking.status,
    partySize: row.booking.partySize,
  };
  if (row.booking.status === "no_show" && row.endsAt.getTime() > now.getTime() - MISSED_VISIT_DAYS * 24 * 60 * 60_000) {
    return { state: "missed", booking };
  }
  if (row.endsAt <= now) return { state: "expired", booking };
  return { state: row.booking.status === "booked" ? "active" : "cancelled", booking };
}

/**
 * Cancels the booking a link names (after the page asked the visitor to confirm), freeing its
 * place, withdrawing its unsent messages and texting the phone that booked that it is cancelled.
 * The booking stays, cancelled by nobody on the team (the customer), and the lead's history says
 * so. Only the post that changes the row queues the text, so a second post sends nothing. The
 * text needs no budget of its own: one per booking, and only a phone that got the link can ask.
 */
export async function cancelBookingByLink(token: string, now = new Date()): Promise<CancelPageState> {
  const found = await findBookingByLink(token, now);
  if (found.state !== "active") return found;
  const { booking } = found;
  const texted = await db().transaction(async (tx) => {
    const cancelled = await tx
      .update(visitBookings)
      .set({ status: "cancelled", cancelledAt: now })
      .where(and(eq(visitBookings.id, booking.id), eq(visitBookings.status, "booked")))
      .returning({ id: visitBookings.id });
    if (cancelled.length === 0) return false;
    await bumpContentVersion(tx, booking.site);
    await withdrawBookingMessages(tx, [booking.id]);
    const notice = bookingSms(await textPack(booking.site, tx), "visit-cancelled", { ...booking, linkToken: token });
    await enqueueSms(tx, [notice], { now });
    await recordLeadEvent(
      tx,
      {
        leadId: booking.leadId,
        kind: "visit-cancelled",
        actor: null,
        detail: { bookingId: booking.id, by: "customer", startsAt: booking.startsAt.toISOString() },
      },
      now,
    );
    return true;
  });
  if (texted) {
    wakeOutboxWorker();
    await offerFreedPlacesAfter([booking.slotId], now);
  }
  return { state: "cancelled", booking: { ...booking, status: "cancelled" } };
}

export type LinkChange =
  | { state: "changed"; booking: BookingView }
  /** The new time cannot take the visitor; the booking keeps its time. */
  | { state: "unavailable"; reason: Extract<SlotClaim, { ok: false }>["reason"]; day: string | null }
  | Exclude<CancelPageState, { state: "active" }>;

/**
 * Moves the booking a link names to another time, in one transaction: the new slot is claimed
 * under its row lock (so it never overfills), the booking keeps its link, its unsent messages
 * are withdrawn and a new confirmation is queued (within the site's text budget).
 */
export async function changeBookingByLink(
  token: string,
  slotId: number,
  { now = new Date(), budget }: { now?: Date; budget: TextBudget | null },
): Promise<LinkChange> {
  const found = await findBookingByLink(token, now);
  if (found.state === "missed") return rebookMissedVisit(token, found.booking, slotId, { now, budget });
  if (found.state !== "active") return found;
  const { booking } = found;
  const result = await db().transaction(async (tx): Promise<LinkChange> => {
    await tx.execute(sql`select pg_advisory_xact_lock(727003, hashtext(${`${booking.site}:${booking.phone}`}))`);
    const [current] = await tx
      .select({
        slotId: visitBookings.slotId,
        status: visitBookings.status,
        leadId: visitBookings.leadId,
        partySize: visitBookings.partySize,
      })
      .from(visitBookings)
      .where(eq(visitBookings.id, booking.id))
      .for("update");
    if (!current || current.status !== "booked") return { state: "cancelled", booking };
    if (current.slotId === slotId) return { state: "changed", booking };
    const claim = await claimVisitSlot(tx, {
      site: booking.site,
      slotId,
      phone: booking.phone,
      clientId: null,
      now,
      moving: booking.id,
      partySize: current.partySize,
    });
    if (!claim.ok) return { state: "unavailable", reason: claim.reason, day: claim.day };
    // The new time's confirmation goes now: its reminders are due again, unless their moment has passed (confirmedAt).
    await tx
      .update(visitBookings)
      .set({ slotId, reminderQueuedAt: null, sameDayReminderQueuedAt: null, confirmedAt: now })
      .where(eq(visitBookings.id, booking.id));
    await bumpContentVersion(tx, booking.site);
    await withdrawBookingMessages(tx, [booking.id]);
    const confirmation = bookingSms(await textPack(booking.site, tx), "confirmation", {
      id: booking.id,
      leadId: current.leadId,
      receiptNumber: await receiptNumberOf(tx, current.leadId),
      name: booking.name,
      phone: booking.phone,
      startsAt: claim.slot.startsAt,
      linkToken: token,
    });
    await enqueueSms(tx, [confirmation], { budget, now });
    await recordLeadEvent(
      tx,
      {
        leadId: current.leadId,
        kind: "visit-moved",
        actor: null,
        detail: {
          bookingId: booking.id,
          newBookingId: booking.id,
          from: booking.startsAt.toISOString(),
          to: claim.slot.startsAt.toISOString(),
          by: "customer",
        },
      },
      now,
    );
    const moved = {
      ...booking,
      startsAt: claim.slot.startsAt,
      day: claim.slot.day,
      when: slotLabel(claim.slot.day, claim.slot.startsAt),
      time: kstTime(claim.slot.startsAt),
    };
    return { state: "changed", booking: moved };
  });
  if (result.state === "changed") {
    wakeOutboxWorker();
    await offerFreedPlacesAfter([booking.slotId], now);
  }
  return result;
}

/**
 * A new time for a visit marked 노쇼, through the link its text carried: a new booking under the new
 * slot's lock (phone first, as every booking), the missed one kept as it was (the office's record),
 * the link going with the visitor to the new one, and its confirmation.
 */
async function rebookMissedVisit(
  token: string,
  booking: BookingView,
  slotId: number,
  { now, budget }: { now: Date; budget: TextBudget | null },
): Promise<LinkChange> {
  const result = await db().transaction(async (tx): Promise<LinkChange> => {
    await tx.execute(sql`select pg_advisory_xact_lock(727003, hashtext(${`${booking.site}:${booking.phone}`}))`);
    const [current] = await tx
      .select({ status: visitBookings.status, linkToken: visitBookings.linkToken, partySize: visitBookings.partySize })
      .from(visitBookings)
      .where(eq(visitBookings.id, booking.id))
      .for("update");
    if (!current || current.status !== "no_show" || current.linkToken !== token) return { state: "cancelled", booking };
    const claim = await claimVisitSlot(tx, {
      site: booking.site,
      slotId,
      phone: booking.phone,
      clientId: null,
      now,
      partySize: current.partySize,
    });
    if (!claim.ok) return { state: "unavailable", reason: claim.reason, day: claim.day };
    await tx.update(visitBookings).set({ linkToken: newLinkToken() }).where(eq(visitBookings.id, booking.id));
    const [created] = await tx
      .insert(visitBookings)
      .values({
        site: booking.site,
        slotId,
        leadId: booking.leadId,
        name: booking.name,
        phone: booking.phone,
        linkToken: token,
        partySize: current.partySize,
        createdAt: now,
      })
      .returning({ id: visitBookings.id });
    await bumpContentVersion(tx, booking.site);
    const confirmation = bookingSms(await textPack(booking.site, tx), "confirmation", {
      id: created!.id,
      leadId: booking.leadId,
      receiptNumber: await receiptNumberOf(tx, booking.leadId),
      name: booking.name,
      phone: booking.phone,
      startsAt: claim.slot.startsAt,
      linkToken: token,
    });
    await enqueueSms(tx, [confirmation], { budget, now });
    await recordLeadEvent(
      tx,
      {
        leadId: booking.leadId,
        kind: "visit-moved",
        actor: null,
        detail: {
          bookingId: booking.id,
          newBookingId: created!.id,
          from: booking.startsAt.toISOString(),
          to: claim.slot.startsAt.toISOString(),
          by: "customer",
        },
      },
      now,
    );
    return {
      state: "changed",
      booking: {
        ...booking,
        id: created!.id,
        slotId,
        status: "booked",
        startsAt: claim.slot.startsAt,
        day: claim.slot.day,
        when: slotLabel(claim.slot.day, claim.slot.startsAt),
        time: kstTime(claim.slot.startsAt),
      },
    };
  });
  if (result.state === "changed") wakeOutboxWorker();
  return result;
}
