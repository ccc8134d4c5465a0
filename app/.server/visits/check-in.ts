import { and, asc, eq, ilike, inArray, like } from "drizzle-orm";
import type { DoorRefusal } from "#app/forms/door.ts";
import { can } from "#app/permissions.ts";
import { kstDay, kstTime } from "#app/utils/kst.ts";
import { maskPhone } from "#app/utils/phone.ts";
import type { AttendanceStatus, BookingStatus } from "#app/vocabulary.ts";
import { recordAccess, type ChangeContext } from "../audit/records.ts";
import { db, type Transaction } from "../db.ts";
import { admins, leads, visitBookings, visitSlots } from "../schema.ts";
import { lockLeadStatus, writeAttendance } from "./office.ts";
import { slotLabel } from "./schedule.ts";

/**
 * 입장 확인 at the model house's door (/admin/door): the booking's entry QR (its personal link's key,
 * nothing else) or a search of today's visitors by name or the phone's last four digits, then one
 * tap marks 방문 through the same verb as the visits page (office.ts writeAttendance, `door`), and
 * the customer's counsellor hears of it live (live-alerts.ts "arrived"). Whoever works the site's
 * desk may check anyone in: at the door a counsellor stands in for the whole team.
 */

export type DoorCheckIn =
  { ok: true; bookingId: number; leadId: number; name: string; when: string } | { ok: false; reason: DoorRefusal; when?: string };

/** A key as the QR and the personal link carry it (visits/booking-link.ts makes them). */
const KEY = /^[A-Za-z0-9_-]{10,40}$/;

/** What a scanned QR may hold: the key itself, or the whole personal link (a visitor showing the text's link). */
export function keyOfScan(scanned: string): string | null {
  const text = scanned.trim();
  const fromLink = /\/visit\/([A-Za-z0-9_-]{10,40})\/?(?:[?#].*)?$/.exec(text)?.[1];
  const key = fromLink ?? text;
  return KEY.test(key) ? key : null;
}

/** Checks in the booking whose key the entry QR carried; another site's key or a used one is refused with its reason. */
export async function checkInByKey(change: ChangeContext, scanned: string, now = new Date()): Promise<DoorCheckIn> {
  const key = keyOfScan(scanned);
  if (!key) return { ok: false, reason: "unknown" };
  return checkIn(change, eq(visitBookings.linkToken, key), now);
}

/** Checks in a booking the desk found by search (its id, from today's list). */
export async function checkInBooking(change: ChangeContext, bookingId: number, now = new Date()): Promise<DoorCheckIn> {
  return checkIn(change, eq(visitBookings.id, bookingId), now);
}

async function checkIn(change: ChangeContext, which: ReturnType<typeof eq>, now: Date): Promise<DoorCheckIn> {
  if (!can(change.actor.role, "visits.view")) return { ok: false, reason: "forbidden" };
  return db().transaction(async (tx) => {
    const row = await lockBookingAnySite(tx, which);
    if (!row) return { ok: false, reason: "unknown" };
    // Staff learn only that the key is another development's, never whose it is.
    if (row.booking.site !== change.site) return { ok: false, reason: "other-site" };
    const when = slotLabel(row.day, row.startsAt);
    const refusal = refusalOf(row.booking.status, row.day, kstDay(now));
    if (refusal) {
      await recordAccess(
        { ...change, action: "visits.view", leadIds: [row.booking.leadId], detail: { door: refusal, bookingId: row.booking.id } },
        { executor: tx, now },
      );
      return { ok: false, reason: refusal, when };
    }
    const lead = await lockLeadStatus(tx, row.booking.leadId);
    if (!lead) return { ok: false, reason: "unknown" };
    await writeAttendance(
      tx,
      change,
      { bookingId: row.booking.id, leadId: row.booking.leadId, from: row.booking.status as AttendanceStatus, lead },
      "visited",
      now,
      { door: true },
    );
    return { ok: true, bookingId: row.booking.id, leadId: row.booking.leadId, name: row.booking.name, when };
  });
}

/** Why a booking cannot be checked in now: used already, cancelled or moved, or another day's. */
function refusalOf(status: BookingStatus, day: string, today: string): DoorRefusal | null {
  if (status === "visited") return "used";
  if (status !== "booked" && status !== "no_show") return "cancelled";
  if (day !== today) return "other-day";
  return null;
}

async function lockBookingAnySite(tx: Transaction, which: ReturnType<typeof eq>) {
  const [row] = await tx
    .select({ booking: visitBookings, day: visitSlots.day, startsAt: visitSlots.startsAt })
    .from(visitBookings)
    .innerJoin(visitSlots, eq(visitSlots.id, visitBookings.slotId))
    .where(which)
    .for("update", { of: visitBookings });
  return row;
}

export interface DoorVisitor {
  bookingId: number;
  name: string;
  /** "010-****-5678": enough to tell two of the same name apart at the desk. */
  phoneEnd: string;
  time: string;
  status: BookingStatus;
  counsellor: string | null;
}

/** A search at the desk: a name, part of one, or the phone's last four digits. */
export function isDoorQuery(query: string) {
  return query.trim().length > 0 && query.trim().length <= 20;
}

/**
 * Today's bookings matching the desk's search (name, or the phone's last four digits), checked in
 * or not, with the counsellor who works each; the search is recorded like any view of the visits.
 */
export async function findDoorVisitors(change: ChangeContext, query: string, now = new Date()): Promise<DoorVisitor[]> {
  if (!can(change.actor.role, "visits.view") || !isDoorQuery(query)) return [];
  const text = query.trim();
  const match = /^\d{4}$/.test(text) ? like(visitBookings.phone, `%${text}`) : ilike(visitBookings.name, `%${escapeLike(text)}%`);
  const rows = await db()
    .select({
      bookingId: visitBookings.id,
      leadId: visitBookings.leadId,
      name: visitBookings.name,
      phone: visitBookings.phone,
      startsAt: visitSlots.startsAt,
      status: visitBookings.status,
      counsellor: admins.name,
    })
    .from(visitBookings)
    .innerJoin(visitSlots, eq(visitSlots.id, visitBookings.slotId))
    .innerJoin(leads, eq(leads.id, visitBookings.leadId))
    .leftJoin(admins, eq(admins.id, leads.assigneeId))
    .where(
      and(
        eq(visitBookings.site, change.site),
        eq(visitSlots.day, kstDay(now)),
        inArray(visitBookings.status, ["booked", "visited", "no_show"]),
        match,
      ),
    )
    .orderBy(asc(visitSlots.startsAt), asc(visitBookings.id))
    .limit(20);
  await recordAccess({ ...change, action: "visits.view", leadIds: rows.map((row) => row.leadId), detail: { door: "search" } }, { now });
  return rows.map((row) => ({
    bookingId: row.bookingId,
    name: row.name,
    phoneEnd: maskPhone(row.phone),
    time: kstTime(row.startsAt),
    status: row.status,
    counsellor: row.counsellor || null,
  }));
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
