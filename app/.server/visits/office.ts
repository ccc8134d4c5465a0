import { and, desc, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import { can } from "#app/permissions.ts";
import { kstDay, kstTime } from "#app/utils/kst.ts";
import type { AttendanceStatus, LeadStatus } from "#app/vocabulary.ts";
import { recordAccess, type ChangeContext } from "../audit/records.ts";
import { db, queryRows, type Transaction } from "../db.ts";
import { recordLeadEvent, type LeadEventDetails } from "../leads/events.ts";
import { maySee, mayWork } from "../leads/visibility.ts";
import { enqueueSms, withdrawBookingMessages } from "../outbox/queue.ts";
import { wakeOutboxWorker } from "../outbox/worker.ts";
import { leadEvents, leads, leadStatusChanges, smsOutbox, visitBookings, visitSlots } from "../schema.ts";
import { receiptNumberOf } from "../leads/receipts.ts";
import { claimVisitSlot, newLinkToken, type SlotClaim } from "./booking.ts";
import { textPack } from "../content/site-settings.ts";
import { bookingSms } from "./messages.ts";
import { bumpContentVersion } from "../content/content-version.ts";
import { offerFreedPlacesAfter } from "./waitlist.ts";

/**
 * What the sales office does to bookings from /admin/visits: marks how a visit went (and the lead
 * follows), cancels or moves a booking, closes a day that has bookings and tells its visitors.
 * Each change writes the lead's history (lead_events, lead_status_changes) and its access record
 * in the same transaction, and a cancelled or moved booking stays in the schedule.
 */

export type VisitChange = "done" | "not-found" | "forbidden";
/** A mark refused because the booking's changed since the page that asked was drawn: what it is now. */
export type MarkedMeanwhile = { markedMeanwhile: AttendanceStatus };

/** Statuses 방문 moves a lead on from; a lead already contracted or closed is never moved back. */
const BEFORE_VISIT: readonly LeadStatus[] = ["new", "contacted"];

/** The lead's bookings on this site still 예약 (neither marked nor cancelled nor moved). */
const bookedFor = (leadId: number, site: string) =>
  and(eq(visitBookings.leadId, leadId), eq(visitBookings.site, site), eq(visitBookings.status, "booked"));

/** The booking, locked for the change, with its slot's day and time, if it is on this site. */
export async function lockBooking(tx: Transaction, site: string, bookingId: number) {
  const [row] = await tx
    .select({ booking: visitBookings, day: visitSlots.day, startsAt: visitSlots.startsAt })
    .from(visitBookings)
    .innerJoin(visitSlots, eq(visitSlots.id, visitBookings.slotId))
    .where(and(eq(visitBookings.id, bookingId), eq(visitBookings.site, site)))
    .for("update", { of: visitBookings });
  return row;
}

export async function lockLeadStatus(tx: Transaction, leadId: number) {
  const [lead] = await tx
    .select({ status: leads.status, spam: leads.spam, assigneeId: leads.assigneeId, deletedAt: leads.deletedAt })
    .from(leads)
    .where(eq(leads.id, leadId))
    .for("update");
  return lead;
}

async function setLeadStatus(tx: Transaction, change: ChangeContext, leadId: number, from: LeadStatus, to: LeadStatus, now: Date) {
  await tx.update(leads).set({ status: to }).where(eq(leads.id, leadId));
  await tx
    .insert(leadStatusChanges)
    .values({ leadId, fromStatus: from, toStatus: to, authorId: change.actor.id, authorEmail: change.actor.email, createdAt: now });
}

/**
 * Marks how a visit went, from the visits page, the lead page or the customer page: the booking and
 * its lead change together, in one transaction with one access record. 방문 and 노쇼 from the visit's
 * day on (Korean time), 예약 to undo. 방문 moves a new or contacted lead to "visited" with a history
 * entry; undoing it gives the lead back the status 방문 replaced, if nobody has changed it since.
 * 노쇼 is recorded without touching the lead's status: the customer may still come another day, and
 * the counsellor decides. Whoever works the lead may mark it (a counsellor their own customers);
 * `leadId`, when the page is the lead's, must be the booking's lead; `shown`, the mark the page showed:
 * if someone has marked the booking otherwise since, nothing changes and the answer says what it is now.
 */
export async function markAttendance(
  change: ChangeContext,
  bookingId: number,
  status: AttendanceStatus,
  now = new Date(),
  { leadId: expectedLead, shown }: { leadId?: number; shown?: AttendanceStatus } = {},
): Promise<VisitChange | "too-early" | MarkedMeanwhile> {
  if (!can(change.actor.role, "visits.view")) return "forbidden";
  const result = await db().transaction(async (tx): Promise<VisitChange | "too-early" | MarkedMeanwhile> => {
    const row = await lockBooking(tx, change.site, bookingId);
    if (!row || !["booked", "visited", "no_show"].includes(row.booking.status)) return "not-found";
    const { leadId } = row.booking;
    if (expectedLead !== undefined && expectedLead !== leadId) return "not-found";
    const lead = await lockLeadStatus(tx, leadId);
    if (!lead) return "not-found";
    // The office manages every booking (a lead in the bin included); a counsellor those of leads they work.
    if (!can(change.actor.role, "visits.manage") && (lead.deletedAt || !mayWork(change.actor, lead))) {
      // On a lead's own page a lead the person may not see does not exist; the schedule shows every booking.
      return expectedLead !== undefined && !maySee(change.actor, lead) ? "not-found" : "forbidden";
    }
    if (status !== "booked" && kstDay(now) < row.day) return "too-early";
    const from = row.booking.status as AttendanceStatus;
    // Marked meanwhile by someone else (at the door, on another page): the page's mark was not the
    // booking's any more. The same mark meanwhile is done already.
    if (shown !== undefined && from !== shown && from !== status) return { markedMeanwhile: from };
    if (status === "no_show" && from !== "no_show") await textAfterNoShow(tx, row, now);
    await writeAttendance(tx, change, { bookingId, leadId, from, lead }, status, now);
    return "done";
  });
  if (result === "done" && status === "no_show") wakeOutboxWorker();
  return result;
}

/**
 * After a missed visit, the customer is told once, with the booking's own page to choose a new time
 * (informational, not advertising). Once per booking however often it is marked: the claim on
 * `noShowQueuedAt` keeps it single; unmarking it before it goes withdraws it (withdrawNoShowText).
 */
async function textAfterNoShow(tx: Transaction, row: NonNullable<Awaited<ReturnType<typeof lockBooking>>>, now: Date) {
  const claimed = await tx
    .update(visitBookings)
    .set({ noShowQueuedAt: now })
    .where(and(eq(visitBookings.id, row.booking.id), isNull(visitBookings.noShowQueuedAt)))
    .returning({ id: visitBookings.id });
  if (claimed.length === 0) return;
  const { id, leadId, name, phone, linkToken } = row.booking;
  const notice = bookingSms(await textPack(row.booking.site, tx), "no-show", {
    id,
    leadId,
    name,
    phone,
    startsAt: row.startsAt,
    linkToken,
  });
  await enqueueSms(tx, [notice], { now });
}

/** A 노쇼 marked by mistake: its text, if still unsent, is withdrawn, and a later 노쇼 may text again (one sent at most). */
async function withdrawNoShowText(tx: Transaction, bookingId: number) {
  const withdrawn = await tx
    .update(smsOutbox)
    .set({ status: "withdrawn" })
    .where(and(eq(smsOutbox.bookingId, bookingId), eq(smsOutbox.purpose, "no-show"), eq(smsOutbox.status, "pending")))
    .returning({ id: smsOutbox.id });
  if (withdrawn.length > 0) await tx.update(visitBookings).set({ noShowQueuedAt: null }).where(eq(visitBookings.id, bookingId));
}

/**
 * Writes a visit's new attendance, inside the caller's transaction, with the booking and its lead
 * locked: the booking, the lead's status (방문 moves a new or contacted lead on; undoing it gives
 * back the status it replaced), the lead's history and the access record. `door` marks a check-in
 * at the model house's door (visits/check-in.ts), which the counsellor's live alerts announce.
 */
export async function writeAttendance(
  tx: Transaction,
  change: ChangeContext,
  {
    bookingId,
    leadId,
    from,
    lead,
  }: { bookingId: number; leadId: number; from: AttendanceStatus; lead: { status: LeadStatus; spam: boolean } },
  status: AttendanceStatus,
  now: Date,
  { door = false }: { door?: boolean } = {},
) {
  if (from === status) return;
  await tx.update(visitBookings).set({ status }).where(eq(visitBookings.id, bookingId));
  // A 노쇼 undone (by the visits page, or the visitor checked in at the door after all): its text, if unsent, is withdrawn.
  if (from === "no_show") await withdrawNoShowText(tx, bookingId);
  const detail: LeadEventDetails["visit-marked"] = { bookingId, from, to: status, ...(door ? { door: true } : {}) };
  if (!lead.spam) {
    if (status === "visited" && BEFORE_VISIT.includes(lead.status)) {
      detail.leadStatusBefore = lead.status;
      await setLeadStatus(tx, change, leadId, lead.status, "visited", now);
    } else if (from === "visited" && lead.status === "visited") {
      const before = await statusBeforeVisit(tx, leadId, bookingId);
      if (before) await setLeadStatus(tx, change, leadId, "visited", before, now);
    }
  }
  await recordLeadEvent(tx, { leadId, kind: "visit-marked", actor: change.actor, detail }, now);
  await recordAccess(
    { ...change, action: "visits.change", leadIds: [leadId], detail: { bookingId, from, to: status, ...(door ? { door: true } : {}) } },
    { executor: tx, now },
  );
}

/**
 * Inside a lead's status change to 방문 완료: the booking the customer came for (the latest still
 * 예약 on or before today) is marked 방문 too, with its history entry, so the schedule agrees with
 * the lead. Answers the booking's id, or null for a walk-in without a booking.
 */
export async function markBookingVisitedWithLead(
  tx: Transaction,
  change: ChangeContext,
  leadId: number,
  leadStatusBefore: LeadStatus,
  now: Date,
): Promise<number | null> {
  const [booking] = await tx
    .select({ id: visitBookings.id })
    .from(visitBookings)
    .innerJoin(visitSlots, eq(visitSlots.id, visitBookings.slotId))
    .where(and(bookedFor(leadId, change.site), lte(visitSlots.day, kstDay(now))))
    .orderBy(desc(visitSlots.startsAt))
    .limit(1)
    .for("update", { of: visitBookings });
  if (!booking) return null;
  await tx.update(visitBookings).set({ status: "visited" }).where(eq(visitBookings.id, booking.id));
  await recordLeadEvent(
    tx,
    {
      leadId,
      kind: "visit-marked",
      actor: change.actor,
      detail: { bookingId: booking.id, from: "booked", to: "visited", leadStatusBefore },
    },
    now,
  );
  return booking.id;
}

/** The status the latest 방문 of this booking replaced, if that 방문 moved the lead at all. */
async function statusBeforeVisit(tx: Transaction, leadId: number, bookingId: number): Promise<LeadStatus | null> {
  const [marked] = await tx
    .select({ detail: leadEvents.detail })
    .from(leadEvents)
    .where(
      and(
        eq(leadEvents.leadId, leadId),
        eq(leadEvents.kind, "visit-marked"),
        sql`(${leadEvents.detail}->>'bookingId')::int = ${bookingId}`,
        sql`${leadEvents.detail}->>'to' = 'visited'`,
      ),
    )
    .orderBy(desc(leadEvents.id))
    .limit(1);
  const detail = marked?.detail as LeadEventDetails["visit-marked"] | undefined;
  return detail?.leadStatusBefore ?? null;
}

/** Cancels a booking for the customer (they called): its place is freed, its unsent texts withdrawn, and it stays in the schedule. */
export async function cancelBookingByStaff(change: ChangeContext, bookingId: number, now = new Date()): Promise<VisitChange> {
  if (!can(change.actor.role, "visits.manage")) return "forbidden";
  let freed: number | null = null;
  const result = await db().transaction(async (tx): Promise<VisitChange> => {
    const row = await lockBooking(tx, change.site, bookingId);
    if (!row || row.booking.status !== "booked") return "not-found";
    freed = row.booking.slotId;
    await tx
      .update(visitBookings)
      .set({ status: "cancelled", cancelledAt: now, cancelledBy: change.actor.id })
      .where(eq(visitBookings.id, bookingId));
    await bumpContentVersion(tx, change.site, change.actor.id);
    await withdrawBookingMessages(tx, [bookingId]);
    await recordLeadEvent(
      tx,
      {
        leadId: row.booking.leadId,
        kind: "visit-cancelled",
        actor: change.actor,
        detail: { bookingId, by: "staff", startsAt: row.startsAt.toISOString() },
      },
      now,
    );
    await recordAccess(
      { ...change, action: "visits.change", leadIds: [row.booking.leadId], detail: { bookingId, to: "cancelled" } },
      { executor: tx, now },
    );
    return "done";
  });
  if (freed !== null) await offerFreedPlacesAfter([freed], now);
  return result;
}

/**
 * Inside the transaction of a verb that takes a lead out of the lists (leads/bin.ts, a spam mark in
 * leads/record.ts): its visits still to come are cancelled by that person, their places freed and
 * their unsent texts withdrawn. Someone who is not a customer is not expected at the door, and the
 * visitor is not texted about it (the bin texts nobody; spam should not be answered). Answers the
 * cancelled bookings and their slots, whose waitlists the caller offers the places to after the commit.
 */
export async function cancelUpcomingVisitsOf(tx: Transaction, change: ChangeContext, leadId: number, now: Date) {
  const upcoming = await tx
    .select({ id: visitBookings.id, slotId: visitBookings.slotId, startsAt: visitSlots.startsAt })
    .from(visitBookings)
    .innerJoin(visitSlots, eq(visitSlots.id, visitBookings.slotId))
    .where(and(bookedFor(leadId, change.site), gt(visitSlots.startsAt, now)))
    .orderBy(visitBookings.id)
    .for("update", { of: visitBookings });
  if (upcoming.length === 0) return { bookingIds: [], slotIds: [] };
  const bookingIds = upcoming.map((booking) => booking.id);
  await tx
    .update(visitBookings)
    .set({ status: "cancelled", cancelledAt: now, cancelledBy: change.actor.id })
    .where(inArray(visitBookings.id, bookingIds));
  await withdrawBookingMessages(tx, bookingIds);
  await bumpContentVersion(tx, change.site, change.actor.id);
  for (const booking of upcoming) {
    await recordLeadEvent(
      tx,
      {
        leadId,
        kind: "visit-cancelled",
        actor: change.actor,
        detail: { bookingId: booking.id, by: "staff", startsAt: booking.startsAt.toISOString() },
      },
      now,
    );
  }
  return { bookingIds, slotIds: upcoming.map((booking) => booking.slotId) };
}

export type StaffMove = VisitChange | Extract<SlotClaim, { ok: false }>["reason"];

/**
 * Moves a booking to another open time with room, as the customer's own link does: the new slot is
 * claimed under its row lock (after the phone's lock, the order booking.ts keeps), so it never
 * overfills. The old booking stays in its slot as moved (by this person) and the new one takes its
 * personal link; the old booking's unsent texts are withdrawn and the customer gets a confirmation
 * of the new time (the office's own decision: the text budget does not hold it).
 */
export async function moveBookingByStaff(
  change: ChangeContext,
  bookingId: number,
  slotId: number,
  { now = new Date() }: { now?: Date } = {},
): Promise<StaffMove> {
  if (!can(change.actor.role, "visits.manage")) return "forbidden";
  const [target] = await db()
    .select({ phone: visitBookings.phone, slotId: visitBookings.slotId })
    .from(visitBookings)
    .where(and(eq(visitBookings.id, bookingId), eq(visitBookings.site, change.site)));
  if (!target) return "not-found";
  const result = await db().transaction(async (tx): Promise<StaffMove> => {
    await tx.execute(sql`select pg_advisory_xact_lock(727003, hashtext(${`${change.site}:${target.phone}`}))`);
    const row = await lockBooking(tx, change.site, bookingId);
    if (!row || row.booking.status !== "booked") return "not-found";
    if (row.booking.slotId === slotId) return "done";
    const claim = await claimVisitSlot(tx, {
      site: change.site,
      slotId,
      phone: row.booking.phone,
      clientId: null,
      now,
      moving: bookingId,
      partySize: row.booking.partySize,
    });
    if (!claim.ok) return claim.reason;
    const { leadId, name, phone, linkToken } = row.booking;
    // The link follows the visitor to the new booking; the old row keeps a key nobody holds.
    await tx
      .update(visitBookings)
      .set({ status: "moved", cancelledAt: now, cancelledBy: change.actor.id, linkToken: newLinkToken() })
      .where(eq(visitBookings.id, bookingId));
    const [moved] = await tx
      .insert(visitBookings)
      .values({
        site: change.site,
        slotId,
        leadId,
        name,
        phone,
        linkToken,
        partySize: row.booking.partySize,
        createdAt: now,
      })
      .returning({ id: visitBookings.id });
    await bumpContentVersion(tx, change.site, change.actor.id);
    await withdrawBookingMessages(tx, [bookingId]);
    const confirmation = bookingSms(await textPack(change.site, tx), "confirmation", {
      id: moved!.id,
      leadId,
      receiptNumber: await receiptNumberOf(tx, leadId),
      name,
      phone,
      startsAt: claim.slot.startsAt,
      linkToken,
    });
    await enqueueSms(tx, [confirmation], { now });
    await recordLeadEvent(
      tx,
      {
        leadId,
        kind: "visit-moved",
        actor: change.actor,
        detail: {
          bookingId,
          newBookingId: moved!.id,
          from: row.startsAt.toISOString(),
          to: claim.slot.startsAt.toISOString(),
          by: "staff",
        },
      },
      now,
    );
    await recordAccess(
      { ...change, action: "visits.change", leadIds: [leadId], detail: { bookingId, newBookingId: moved!.id, slotId } },
      { executor: tx, now },
    );
    return "done";
  });
  if (result === "done") {
    wakeOutboxWorker();
    await offerFreedPlacesAfter([target.slotId], now);
  }
  return result;
}

export interface BookedVisitor {
  id: number;
  leadId: number;
  name: string;
  phone: string;
  time: string;
}

/** The bookings still to come on a day: whom closing it would cancel. */
export async function bookedVisitorsOfDay(site: string, day: string, now = new Date()): Promise<BookedVisitor[]> {
  const rows = await db()
    .select({
      id: visitBookings.id,
      leadId: visitBookings.leadId,
      name: visitBookings.name,
      phone: visitBookings.phone,
      startsAt: visitSlots.startsAt,
    })
    .from(visitBookings)
    .innerJoin(visitSlots, eq(visitSlots.id, visitBookings.slotId))
    .where(and(eq(visitSlots.site, site), eq(visitSlots.day, day), eq(visitBookings.status, "booked"), gt(visitSlots.startsAt, now)))
    .orderBy(visitSlots.startsAt, visitBookings.id);
  return rows.map(({ startsAt, ...row }) => ({ ...row, time: kstTime(startsAt) }));
}

/**
 * Closes a day and cancels its bookings still to come, texting each visitor the pack's notice
 * (through the outbox, "day-closed"). The slots close first: a booking racing this one either
 * committed before (and is cancelled and told here) or finds the slot closed.
 */
export async function closeDayAndTellVisitors(change: ChangeContext, day: string, now = new Date()): Promise<{ cancelled: number }> {
  if (!can(change.actor.role, "visits.manage")) return { cancelled: 0 };
  const cancelled = await db().transaction(async (tx) => {
    await tx
      .update(visitSlots)
      .set({ open: false })
      .where(and(eq(visitSlots.site, change.site), eq(visitSlots.day, day)));
    await bumpContentVersion(tx, change.site, change.actor.id);
    const bookings = await queryRows<{
      id: number;
      lead_id: number;
      name: string;
      phone: string;
      link_token: string;
      starts_at: Date | string;
    }>(
      tx,
      sql`select b.id, b.lead_id, b.name, b.phone, b.link_token, s.starts_at from visit_bookings b join visit_slots s on s.id = b.slot_id
          where s.site = ${change.site} and s.day = ${day}::date and b.status = 'booked' and s.starts_at > ${now.toISOString()}::timestamptz
          order by s.starts_at, b.id for update of b`,
    );
    const ids = bookings.map((booking) => booking.id);
    if (ids.length > 0) {
      await tx
        .update(visitBookings)
        .set({ status: "cancelled", cancelledAt: now, cancelledBy: change.actor.id })
        .where(inArray(visitBookings.id, ids));
      await withdrawBookingMessages(tx, ids);
    }
    const pack = await textPack(change.site, tx);
    const notices = bookings.map((booking) =>
      bookingSms(pack, "day-closed", {
        id: booking.id,
        leadId: booking.lead_id,
        name: booking.name,
        phone: booking.phone,
        startsAt: new Date(booking.starts_at),
        linkToken: booking.link_token,
      }),
    );
    // The office's own decision, one notice per booking it cancels: not held by the text budget.
    await enqueueSms(tx, notices, { now });
    for (const booking of bookings) {
      await recordLeadEvent(
        tx,
        { leadId: booking.lead_id, kind: "day-closed", actor: change.actor, detail: { bookingId: booking.id, date: day, texted: true } },
        now,
      );
    }
    await recordAccess(
      {
        ...change,
        action: "visits.change",
        leadIds: bookings.map((booking) => booking.lead_id),
        detail: { intent: "close-day", day, cancelled: ids },
      },
      { executor: tx, now },
    );
    return ids;
  });
  if (cancelled.length > 0) wakeOutboxWorker();
  return { cancelled: cancelled.length };
}
