import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { addDays, formatKoreanDate, kstDay, kstTime } from "#app/utils/kst.ts";
import { PLACE_HOLDING_STATUSES, type BookingStatus } from "#app/vocabulary.ts";
import { recordAccess, type ChangeContext } from "../audit/records.ts";
import { db, queryRows, sqlList, type Transaction } from "../db.ts";
import { admins, leadEvents, leads, visitBookings, visitSlots } from "../schema.ts";
import { closeVisitDay, openVisitDays, slotLabel } from "./schedule.ts";
import { visitSettingsOf } from "./settings.ts";
import { offerFreedPlacesAfter } from "./waitlist.ts";
import { bumpContentVersion } from "../content/content-version.ts";

/** The sales office's side of the visit schedule (/admin/visits and a lead's page). */

export interface AdminSlot {
  id: number;
  time: string;
  capacity: number;
  open: boolean;
  /** With the lead's assignee and bin date, so the page can show each person only what they may see (leads/visibility.ts). */
  bookings: {
    id: number;
    name: string;
    phone: string;
    status: BookingStatus;
    /** 방문 인원. */
    partySize: number;
    leadId: number;
    assigneeId: number | null;
    deletedAt: Date | null;
    /** When a cancelled or moved booking left its place, and who did it: a person's name (or email), or null for the customer. */
    cancelledAt: Date | null;
    cancelledByName: string | null;
    /** Where a moved booking went: "11월 25일 (수) 14:00". */
    movedTo: string | null;
  }[];
}

export interface AdminDay {
  day: string;
  label: string;
  open: boolean;
  slots: AdminSlot[];
}

/**
 * Every day with slots from `from` for `days` days, with who holds each place and, after them,
 * the bookings cancelled or moved away (they stay in the schedule, with by whom and when).
 */
export async function listScheduleForAdmin(site: string, { from, days }: { from: string; days: number }): Promise<AdminDay[]> {
  const slots = await db()
    .select()
    .from(visitSlots)
    .where(and(eq(visitSlots.site, site), sql`${visitSlots.day} between ${from}::date and ${addDays(from, days - 1)}::date`))
    .orderBy(asc(visitSlots.startsAt));
  const bookings =
    slots.length === 0
      ? []
      : await db()
          .select({
            id: visitBookings.id,
            slotId: visitBookings.slotId,
            name: visitBookings.name,
            phone: visitBookings.phone,
            status: visitBookings.status,
            partySize: visitBookings.partySize,
            leadId: visitBookings.leadId,
            assigneeId: leads.assigneeId,
            deletedAt: leads.deletedAt,
            cancelledAt: visitBookings.cancelledAt,
            cancelledByName: sql<string | null>`coalesce(nullif(${admins.name}, ''), ${admins.email})`,
          })
          .from(visitBookings)
          .innerJoin(leads, eq(leads.id, visitBookings.leadId))
          .leftJoin(admins, eq(admins.id, visitBookings.cancelledBy))
          .where(
            inArray(
              visitBookings.slotId,
              slots.map((slot) => slot.id),
            ),
          )
          .orderBy(asc(visitBookings.createdAt), asc(visitBookings.id));
  const movedTo = await movedToLabels(bookings.filter((booking) => booking.status === "moved"));
  const holding = (status: BookingStatus) => (PLACE_HOLDING_STATUSES as readonly BookingStatus[]).includes(status);
  const byDay = new Map<string, AdminSlot[]>();
  for (const slot of slots) {
    byDay.set(slot.day, [
      ...(byDay.get(slot.day) ?? []),
      {
        id: slot.id,
        time: kstTime(slot.startsAt),
        capacity: slot.capacity,
        open: slot.open,
        bookings: bookings
          .filter((booking) => booking.slotId === slot.id)
          .sort((a, b) => Number(holding(b.status)) - Number(holding(a.status)))
          .map(({ slotId: _slot, ...booking }) => ({ ...booking, movedTo: movedTo.get(booking.id) ?? null })),
      },
    ]);
  }
  return [...byDay].map(([day, daySlots]) => ({
    day,
    label: formatKoreanDate(day),
    open: daySlots.some((slot) => slot.open),
    slots: daySlots,
  }));
}

/** Where each moved booking went, from its "visit-moved" event. */
async function movedToLabels(moved: { id: number; leadId: number }[]) {
  const labels = new Map<number, string>();
  if (moved.length === 0) return labels;
  const bookingIds = moved.map((booking) => booking.id);
  const rows = await db()
    .select({ detail: leadEvents.detail })
    .from(leadEvents)
    .where(
      and(
        inArray(
          leadEvents.leadId,
          moved.map((booking) => booking.leadId),
        ),
        eq(leadEvents.kind, "visit-moved"),
        inArray(sql<number>`(${leadEvents.detail}->>'bookingId')::int`, bookingIds),
      ),
    );
  for (const { detail } of rows) {
    const to = new Date(String(detail.to));
    labels.set(Number(detail.bookingId), slotLabel(kstDay(to), to));
  }
  return labels;
}

/** A lead's bookings, newest first, for its page in the console ("11월 24일 (화) 14:00", status). */
export async function listLeadBookings(leadId: number) {
  const rows = await db()
    .select({ id: visitBookings.id, status: visitBookings.status, day: visitSlots.day, startsAt: visitSlots.startsAt })
    .from(visitBookings)
    .innerJoin(visitSlots, eq(visitSlots.id, visitBookings.slotId))
    .where(eq(visitBookings.leadId, leadId))
    .orderBy(sql`${visitBookings.id} desc`);
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    day: row.day,
    startsAt: row.startsAt,
    when: slotLabel(row.day, row.startsAt),
  }));
}

export type CapacityChange = { ok: true } | { ok: false; reason: "below-booked" | "unknown"; booked: number };

/** A slot's capacity; never below the places already taken (those visitors were promised a place). A larger one goes to its waitlist first. */
export async function setSlotCapacity(site: string, slotId: number, capacity: number): Promise<CapacityChange> {
  const changed = await db().transaction((tx) => setCapacityIn(tx, site, slotId, capacity));
  if (changed.ok) await offerFreedPlacesAfter([slotId]);
  return changed;
}

/** The same, by a person on the team: the change and its access record are one transaction. */
export async function changeSlotCapacity(change: ChangeContext, slotId: number, capacity: number): Promise<CapacityChange> {
  const changed = await db().transaction(async (tx) => {
    const changed = await setCapacityIn(tx, change.site, slotId, capacity);
    if (changed.ok) {
      await recordAccess({ ...change, action: "visits.change", detail: { intent: "capacity", slotId, capacity } }, { executor: tx });
    }
    return changed;
  });
  if (changed.ok) await offerFreedPlacesAfter([slotId]);
  return changed;
}

async function setCapacityIn(tx: Transaction, site: string, slotId: number, capacity: number): Promise<CapacityChange> {
  const [slot] = await queryRows<{ id: number }>(tx, sql`select id from visit_slots where id = ${slotId} and site = ${site} for update`);
  if (!slot) return { ok: false, reason: "unknown", booked: 0 };
  // Places as the site counts them, and those held for a waitlist's offer: both were promised.
  const people = (await visitSettingsOf(site, tx)).capacityUnit === "people";
  const [held] = await queryRows<{ count: number | string }>(
    tx,
    sql`select (select coalesce(sum(case when ${people} then party_size else 1 end), 0) from visit_bookings
                 where slot_id = ${slotId} and status in (${sqlList(PLACE_HOLDING_STATUSES)}))
             + (select coalesce(sum(case when ${people} then party_size else 1 end), 0) from visit_waitlist
                 where slot_id = ${slotId} and status = 'offered' and offer_expires_at > now()) as count`,
  );
  const booked = Number(held?.count ?? 0);
  if (capacity < booked) return { ok: false, reason: "below-booked", booked };
  await tx.update(visitSlots).set({ capacity }).where(eq(visitSlots.id, slotId));
  await bumpContentVersion(tx, site);
  return { ok: true };
}

/** Opens days for booking, by a person on the team, with its access record. */
export function openDaysByStaff(change: ChangeContext, days: string[]) {
  return db().transaction(async (tx) => {
    await openVisitDays(change.site, days, tx);
    await recordAccess({ ...change, action: "visits.change", detail: { intent: "open-day", days } }, { executor: tx });
  });
}

/** Closes a day nobody has booked, by a person on the team, with its access record (a booked day: closeDayAndTellVisitors). */
export function closeDayByStaff(change: ChangeContext, day: string) {
  return db().transaction(async (tx) => {
    await closeVisitDay(change.site, day, tx);
    await recordAccess({ ...change, action: "visits.change", detail: { intent: "close-day", day } }, { executor: tx });
  });
}
