import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { can } from "#app/permissions.ts";
import type { BookingReviewReason } from "#app/vocabulary.ts";
import { recordAccess, type ChangeContext } from "../audit/records.ts";
import { bumpContentVersion } from "../content/content-version.ts";
import { db, type Transaction } from "../db.ts";
import { recordLeadEvent } from "../leads/events.ts";
import { withdrawBookingMessages, withdrawLeadMessages } from "../outbox/queue.ts";
import { leads, leadStatusChanges, visitBookings, visitSlots } from "../schema.ts";
import { awaitingReview, lockSiteBursts } from "./bursts.ts";
import type { AdminDay } from "./console.ts";
import { slotLabel } from "./schedule.ts";

/**
 * The office's review of booking bursts (/admin/visits): the flagged bookings, and the two answers
 * a manager gives a wave: spam (its places are freed, its unsent texts withdrawn, its leads marked
 * as spam) or genuine (the flag is cleared). Each answer is one transaction with its access record.
 */

/** A booking as the visits page lists it (console.ts), with why it waits for review. */
export type BookingUnderReview = AdminDay["slots"][number]["bookings"][number] & {
  review: BookingReviewReason;
  /** "11월 24일 (화) 14:00". */
  when: string;
  bookedAt: Date;
  /** How many of the listed bookings came from this booking's address (itself included). */
  fromSameAddress: number;
};

/** The bookings waiting for review, oldest first (the shape the schedule lists bookings in, so the page masks them alike). */
export async function listBookingsForReview(site: string): Promise<BookingUnderReview[]> {
  const rows = await db()
    .select({
      id: visitBookings.id,
      name: visitBookings.name,
      phone: visitBookings.phone,
      status: visitBookings.status,
      partySize: visitBookings.partySize,
      leadId: visitBookings.leadId,
      assigneeId: leads.assigneeId,
      deletedAt: leads.deletedAt,
      review: visitBookings.review,
      sourceKey: visitBookings.sourceKey,
      day: visitSlots.day,
      startsAt: visitSlots.startsAt,
      bookedAt: visitBookings.createdAt,
    })
    .from(visitBookings)
    .innerJoin(visitSlots, eq(visitSlots.id, visitBookings.slotId))
    .innerJoin(leads, eq(leads.id, visitBookings.leadId))
    .where(awaitingReview(site))
    .orderBy(asc(visitBookings.createdAt), asc(visitBookings.id))
    .limit(500);
  const perAddress = new Map<string, number>();
  for (const row of rows) if (row.sourceKey) perAddress.set(row.sourceKey, (perAddress.get(row.sourceKey) ?? 0) + 1);
  return rows.map(({ sourceKey, day, startsAt, review, ...row }) => ({
    ...row,
    review: review!,
    cancelledAt: null,
    cancelledByName: null,
    movedTo: null,
    when: slotLabel(day, startsAt),
    fromSameAddress: sourceKey ? (perAddress.get(sourceKey) ?? 1) : 1,
  }));
}

/** How many bookings wait for review (the dashboard's notice). */
export async function countBookingsForReview(site: string) {
  const [row] = await db()
    .select({ value: sql<number>`count(*)::int` })
    .from(visitBookings)
    .where(awaitingReview(site));
  return Number(row?.value ?? 0);
}

export type ReviewAnswer = { ok: true; bookings: number } | { ok: false; reason: "forbidden" };

/**
 * Marks these flagged bookings as spam: each is cancelled by this person (its place goes back to
 * the schedule), its unsent texts and its lead's are withdrawn, and its lead is marked as spam
 * with a status change in its history. Bookings no longer waiting (cleared, cancelled) are left alone.
 */
export async function markBurstAsSpam(change: ChangeContext, bookingIds: number[], now = new Date()): Promise<ReviewAnswer> {
  if (!can(change.actor.role, "visits.manage")) return { ok: false, reason: "forbidden" };
  return db().transaction(async (tx) => {
    const waiting = await lockWaiting(tx, change.site, bookingIds);
    if (waiting.length === 0) return { ok: true, bookings: 0 };
    const ids = waiting.map((booking) => booking.id);
    const leadIds = [...new Set(waiting.map((booking) => booking.leadId))];
    await tx
      .update(visitBookings)
      .set({ status: "cancelled", cancelledAt: now, cancelledBy: change.actor.id, reviewedAt: now, reviewedBy: change.actor.id })
      .where(inArray(visitBookings.id, ids));
    await bumpContentVersion(tx, change.site, change.actor.id);
    await withdrawBookingMessages(tx, ids);
    await withdrawLeadMessages(tx, leadIds);
    const stillCounted = await tx
      .select({ id: leads.id, status: leads.status })
      .from(leads)
      .where(and(inArray(leads.id, leadIds), eq(leads.spam, false)))
      .orderBy(asc(leads.id))
      .for("update");
    for (const lead of stillCounted) {
      await tx.update(leads).set({ status: "spam", spam: true }).where(eq(leads.id, lead.id));
      await tx.insert(leadStatusChanges).values({
        leadId: lead.id,
        fromStatus: lead.status,
        toStatus: "spam",
        authorId: change.actor.id,
        authorEmail: change.actor.email,
        createdAt: now,
      });
    }
    for (const booking of waiting) {
      await recordLeadEvent(
        tx,
        {
          leadId: booking.leadId,
          kind: "visit-cancelled",
          actor: change.actor,
          detail: { bookingId: booking.id, by: "staff", startsAt: booking.startsAt.toISOString() },
        },
        now,
      );
    }
    await recordAccess(
      { ...change, action: "visits.change", leadIds, detail: { intent: "burst-spam", bookingIds: ids } },
      { executor: tx, now },
    );
    return { ok: true, bookings: ids.length };
  });
}

/** Clears the flag of these bookings: they are genuine, keep their places, and a later burst does not flag them again. */
export async function clearBurstReview(change: ChangeContext, bookingIds: number[], now = new Date()): Promise<ReviewAnswer> {
  if (!can(change.actor.role, "visits.manage")) return { ok: false, reason: "forbidden" };
  return db().transaction(async (tx) => {
    const waiting = await lockWaiting(tx, change.site, bookingIds);
    if (waiting.length === 0) return { ok: true, bookings: 0 };
    const ids = waiting.map((booking) => booking.id);
    await tx
      .update(visitBookings)
      .set({ reviewedAt: now, reviewedBy: change.actor.id })
      .where(and(inArray(visitBookings.id, ids), isNull(visitBookings.reviewedAt)));
    await recordAccess(
      {
        ...change,
        action: "visits.change",
        leadIds: [...new Set(waiting.map((booking) => booking.leadId))],
        detail: { intent: "burst-clear", bookingIds: ids },
      },
      { executor: tx, now },
    );
    return { ok: true, bookings: ids.length };
  });
}

/** The waiting bookings among these ids, locked (after the site's burst lock, the order flagging keeps). */
async function lockWaiting(tx: Transaction, site: string, bookingIds: number[]) {
  if (bookingIds.length === 0) return [];
  await lockSiteBursts(tx, site);
  return tx
    .select({ id: visitBookings.id, leadId: visitBookings.leadId, startsAt: visitSlots.startsAt })
    .from(visitBookings)
    .innerJoin(visitSlots, eq(visitSlots.id, visitBookings.slotId))
    .where(and(awaitingReview(site), inArray(visitBookings.id, bookingIds)))
    .orderBy(asc(visitBookings.id))
    .for("update", { of: visitBookings });
}
