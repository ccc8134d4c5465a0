import crypto from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { sitePacks } from "#app/content/index.ts";
import type { SitePack } from "#app/content/types.ts";
import { VISIT_MESSAGES, type VisitDay, type VisitSlotView } from "#app/forms/visit.ts";
import { formatKoreanDate, kstDay, kstInstant, kstTime, shiftDay } from "#app/utils/kst.ts";
import { formatPhone } from "#app/utils/phone.ts";
import { getSessionSecret } from "./boot.ts";
import { db, queryRows, type Database } from "./db.ts";
import { getEnv } from "./env.ts";
import { CACHE_CONTROL } from "./http.ts";
import { enqueueSms, wakeOutboxWorker, type OutgoingSms } from "./outbox.ts";
import { startPeriodicTask, type PeriodicTask } from "./periodic.ts";
import { smsOutbox, visitBookings, visitSlots } from "./schema.ts";

/**
 * Model-house visits by time slot. A slot's places are its capacity minus its active bookings,
 * counted while the slot's row is locked (SELECT … FOR UPDATE), so concurrent bookings of one
 * slot take turns and a slot never holds more than its capacity, on PGlite and PostgreSQL alike.
 * Bookings of one phone are already serialised by the lead's advisory lock (app/.server/leads.ts),
 * which is what keeps a phone to one future booking per site.
 */

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Executor = Transaction | Database;

/** Statuses that hold a place: a visited or no-show booking still used its slot. */
export const PLACE_HOLDING = ["booked", "visited", "no_show"] as const;
/** How far ahead the form offers days. */
const BOOKING_HORIZON_DAYS = 31;
/** Reminders for day D are queued from this Korean time on day D-1 (not at night). */
export const REMINDER_TIME = "10:00";

function packOf(site: string): SitePack {
  const pack = sitePacks[site];
  if (!pack) throw new Error(`Unknown site ${site}`);
  return pack;
}

// --- The schedule ---

/**
 * Opens days: creates the pack's slots for each day that has none, and reopens the slots of a
 * day that was closed. Used by the demo seed and by a manager opening a day.
 */
export async function openVisitDays(site: string, days: string[], executor: Executor = db()) {
  const { slotTimes, slotMinutes, capacity } = packOf(site).leads.visits;
  if (days.length === 0) return;
  const rows = days.flatMap((day) =>
    slotTimes.map((time) => {
      const startsAt = kstInstant(day, time);
      return { site, day, startsAt, endsAt: new Date(startsAt.getTime() + slotMinutes * 60_000), capacity };
    }),
  );
  await executor.insert(visitSlots).values(rows).onConflictDoNothing();
  await executor
    .update(visitSlots)
    .set({ open: true })
    .where(and(eq(visitSlots.site, site), inArray(visitSlots.day, days)));
}

/** Closes a day: its slots are no longer offered. Bookings already made stay (the office calls them). */
export async function closeVisitDay(site: string, day: string) {
  await db()
    .update(visitSlots)
    .set({ open: false })
    .where(and(eq(visitSlots.site, site), eq(visitSlots.day, day)));
}

/** The demo schedule: `demoDays` days from today, once, on a site that never had one. */
export async function seedVisitSchedule(tx: Transaction, site: string, now: Date) {
  const { demoDays } = packOf(site).leads.visits;
  if (demoDays <= 0) return;
  const [existing] = await tx.select({ id: visitSlots.id }).from(visitSlots).where(eq(visitSlots.site, site)).limit(1);
  if (existing) return;
  const today = kstDay(now);
  await openVisitDays(
    site,
    Array.from({ length: demoDays }, (_, index) => shiftDay(today, -index)),
    tx,
  );
}

interface SlotRow {
  id: number;
  day: string;
  starts_at: Date | string;
  capacity: number;
  taken: number | string;
}

/**
 * The days and slots the visit form offers: open slots from today on, with the places left.
 * A day appears when it has a slot still ahead; full and past slots are listed but not bookable.
 * An empty list means the site takes no bookings by slot, and the form is the plain one.
 */
export async function listBookableSchedule(site: string, now = new Date()): Promise<VisitDay[]> {
  const today = kstDay(now);
  const rows = await queryRows<SlotRow>(
    db(),
    sql`select s.id, s.day::text as day, s.starts_at, s.capacity,
               count(b.id) filter (where b.status in ('booked', 'visited', 'no_show')) as taken
        from visit_slots s left join visit_bookings b on b.slot_id = s.id
        where s.site = ${site} and s.open and s.day between ${today}::date and ${shiftDay(today, -BOOKING_HORIZON_DAYS)}::date
        group by s.id
        order by s.starts_at`,
  );
  const days = new Map<string, VisitSlotView[]>();
  for (const row of rows) {
    const startsAt = new Date(row.starts_at);
    const remaining = Math.max(0, row.capacity - Number(row.taken));
    const slot: VisitSlotView = {
      id: row.id,
      time: kstTime(startsAt),
      remaining,
      state: startsAt <= now ? "past" : remaining === 0 ? "full" : "open",
    };
    days.set(row.day, [...(days.get(row.day) ?? []), slot]);
  }
  return [...days]
    .filter(([, slots]) => slots.some((slot) => slot.state !== "past"))
    .map(([day, slots]) => ({ day, label: formatKoreanDate(day), slots, bookable: slots.some((slot) => slot.state === "open") }));
}

/** The bookable times to suggest when a choice is refused: the rest of that day, else the next day with room. */
export function alternativesText(schedule: VisitDay[], day: string | null): string {
  const sameDay = schedule.find((entry) => entry.day === day);
  const open = (entry: VisitDay) => entry.slots.filter((slot) => slot.state === "open").map((slot) => slot.time);
  if (sameDay && open(sameDay).length > 0) return VISIT_MESSAGES.sameDayAlternatives(open(sameDay));
  const next = schedule.find((entry) => entry.bookable && (day === null || entry.day > day));
  if (next) return VISIT_MESSAGES.otherDayAlternatives(next.label, open(next));
  return VISIT_MESSAGES.noAlternatives;
}

/** "11월 24일 (화) 14:00": how a booked time reads in answers, pages and the console. */
export function slotLabel(day: string, startsAt: Date) {
  return `${formatKoreanDate(day)} ${kstTime(startsAt)}`;
}

/** The visit form's introduction: the booking one while days are on offer, the visit page's own otherwise. */
export function visitFormIntro(site: SitePack, schedule: VisitDay[]) {
  return schedule.length > 0 ? site.leads.visits.intro : site.leads.visitPage.intro;
}

// --- Booking ---

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
    .where(and(eq(visitBookings.slotId, slot.id), inArray(visitBookings.status, [...PLACE_HOLDING])));
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
    await withdrawUnsent(tx, ids);
  }
  const [booking] = await tx
    .insert(visitBookings)
    .values({ site, slotId: claim.slot.id, leadId, name, phone, createdAt: now })
    .returning({ id: visitBookings.id });
  return { id: booking!.id, isNew: true, slot: claim.slot };
}

/** Messages about these bookings that have not gone out yet are not sent. */
async function withdrawUnsent(executor: Executor, bookingIds: number[]) {
  await executor
    .update(smsOutbox)
    .set({ status: "withdrawn" })
    .where(and(inArray(smsOutbox.bookingId, bookingIds), eq(smsOutbox.status, "pending")));
}

// --- Messages ---

/** The personal link in a booking's messages, e.g. https://…/daegu/visit/1z.Ab3…: the page that shows and cancels it. */
export function cancelUrl(site: string, bookingId: number, secret = getSessionSecret()) {
  return `${getEnv().SITE_URL}/${site}/visit/${cancelToken(bookingId, secret)}`;
}

export function bookingSms(
  purpose: "confirmation" | "reminder",
  booking: { id: number; site: string; leadId: number; name: string; phone: string; startsAt: Date },
): OutgoingSms {
  const site = packOf(booking.site);
  const template = purpose === "confirmation" ? site.leads.visits.sms.booked : site.leads.visits.sms.reminder;
  const values: Record<string, string> = {
    senderName: site.leads.sms.senderName,
    name: booking.name,
    date: formatKoreanDate(kstDay(booking.startsAt)),
    time: kstTime(booking.startsAt),
    modelHouseAddress: site.modelHouse.address,
    cancelUrl: cancelUrl(booking.site, booking.id),
    salesPhone: formatPhone(site.phone),
    optOut: site.leads.sms.optOut,
  };
  return {
    leadId: booking.leadId,
    bookingId: booking.id,
    purpose,
    recipient: booking.phone,
    body: template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole),
  };
}

// --- The cancel link ---

const TOKEN_PURPOSE = "visit-cancel";

/** The booking id and an HMAC of it: unguessable, and checkable without storing anything. */
export function cancelToken(bookingId: number, secret = getSessionSecret()) {
  return `${bookingId.toString(36)}.${signature(bookingId, secret)}`;
}

/** The booking id a token names, or null when it was not made by us. */
export function readCancelToken(token: string, secret = getSessionSecret()): number | null {
  const match = /^([0-9a-z]{1,7})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const bookingId = Number.parseInt(match[1]!, 36);
  const expected = Buffer.from(signature(bookingId, secret));
  const given = Buffer.from(match[2]!);
  return crypto.timingSafeEqual(expected, given) ? bookingId : null;
}

function signature(bookingId: number, secret: string) {
  return crypto.createHmac("sha256", secret).update(`${TOKEN_PURPOSE}:${bookingId}`).digest().subarray(0, 16).toString("base64url");
}

export interface BookingView {
  id: number;
  site: string;
  name: string;
  day: string;
  /** "11월 24일 (화) 14:00". */
  when: string;
  time: string;
  status: (typeof visitBookings.$inferSelect)["status"];
}

export type CancelPageState =
  /** Not a token of ours, or its booking is gone. */
  | { state: "invalid" }
  /** The visit's time has passed: the link no longer works. */
  | { state: "expired"; booking: BookingView }
  | { state: "active" | "cancelled"; booking: BookingView };

export async function findBookingByToken(token: string, now = new Date()): Promise<CancelPageState> {
  const bookingId = readCancelToken(token);
  if (bookingId === null) return { state: "invalid" };
  const [row] = await db()
    .select({ booking: visitBookings, startsAt: visitSlots.startsAt, endsAt: visitSlots.endsAt, day: visitSlots.day })
    .from(visitBookings)
    .innerJoin(visitSlots, eq(visitSlots.id, visitBookings.slotId))
    .where(eq(visitBookings.id, bookingId));
  if (!row) return { state: "invalid" };
  const booking: BookingView = {
    id: row.booking.id,
    site: row.booking.site,
    name: row.booking.name,
    day: row.day,
    when: slotLabel(row.day, row.startsAt),
    time: kstTime(row.startsAt),
    status: row.booking.status,
  };
  if (row.endsAt <= now) return { state: "expired", booking };
  return { state: row.booking.status === "booked" ? "active" : "cancelled", booking };
}

/** Cancels the booking a link names (the visitor's one button), freeing its place and withdrawing its unsent messages. */
export async function cancelBookingByToken(token: string, now = new Date()): Promise<CancelPageState> {
  const found = await findBookingByToken(token, now);
  if (found.state !== "active") return found;
  await db().transaction(async (tx) => {
    const cancelled = await tx
      .update(visitBookings)
      .set({ status: "cancelled", cancelledAt: now })
      .where(and(eq(visitBookings.id, found.booking.id), eq(visitBookings.status, "booked")))
      .returning({ id: visitBookings.id });
    if (cancelled.length > 0) await withdrawUnsent(tx, [found.booking.id]);
  });
  return { state: "cancelled", booking: { ...found.booking, status: "cancelled" } };
}

// --- Reminders ---

/**
 * Queues the day-before reminder of tomorrow's bookings, once each, from REMINDER_TIME today.
 * Bookings made after that time are not reminded: their confirmation has just arrived. Cancelled
 * and moved bookings never are. Safe to run from every instance at once: the update claims rows.
 */
export async function queueVisitReminders(now = new Date()): Promise<number> {
  const today = kstDay(now);
  const remindFrom = kstInstant(today, REMINDER_TIME);
  if (now < remindFrom) return 0;
  return db().transaction(async (tx) => {
    const due = await queryRows<{ id: number; site: string; lead_id: number; name: string; phone: string; starts_at: Date | string }>(
      tx,
      sql`update visit_bookings b set reminder_queued_at = ${now.toISOString()}::timestamptz
          from visit_slots s
          where s.id = b.slot_id and s.day = ${shiftDay(today, -1)}::date and s.starts_at > ${now.toISOString()}::timestamptz
            and b.status = 'booked' and b.reminder_queued_at is null
            and b.created_at < ${remindFrom.toISOString()}::timestamptz
          returning b.id, b.site, b.lead_id, b.name, b.phone, s.starts_at`,
    );
    await enqueueSms(
      tx,
      due.map((row) =>
        bookingSms("reminder", {
          id: row.id,
          site: row.site,
          leadId: row.lead_id,
          name: row.name,
          phone: row.phone,
          startsAt: new Date(row.starts_at),
        }),
      ),
    );
    return due.length;
  });
}

/** Every instance checks every ten minutes; the claim in queueVisitReminders keeps each reminder single. */
export function startVisitReminders({ intervalMs = 10 * 60_000 } = {}): PeriodicTask {
  return startPeriodicTask({
    task: async () => {
      const queued = await queueVisitReminders();
      if (queued > 0) {
        console.log(`Visit reminders: queued ${queued} message(s) for tomorrow's bookings.`);
        wakeOutboxWorker();
      }
    },
    firstRunMs: 30_000,
    intervalMs,
    onError: (error) => console.error("Visit reminders: the check failed; trying again shortly:", error),
  });
}

// --- The sales office's view (/admin/visits) ---

export interface AdminSlot {
  id: number;
  time: string;
  capacity: number;
  open: boolean;
  bookings: { id: number; name: string; phone: string; status: BookingView["status"]; leadId: number }[];
}

export interface AdminDay {
  day: string;
  label: string;
  open: boolean;
  slots: AdminSlot[];
}

/** Every day with slots from `from` for `days` days, with who holds each place (cancelled and moved bookings left out). */
export async function listScheduleForAdmin(site: string, { from, days }: { from: string; days: number }): Promise<AdminDay[]> {
  const slots = await db()
    .select()
    .from(visitSlots)
    .where(and(eq(visitSlots.site, site), sql`${visitSlots.day} between ${from}::date and ${shiftDay(from, -(days - 1))}::date`))
    .orderBy(asc(visitSlots.startsAt));
  const bookings =
    slots.length === 0
      ? []
      : await db()
          .select()
          .from(visitBookings)
          .where(
            and(
              inArray(
                visitBookings.slotId,
                slots.map((slot) => slot.id),
              ),
              inArray(visitBookings.status, [...PLACE_HOLDING]),
            ),
          )
          .orderBy(asc(visitBookings.createdAt));
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
          .map(({ id, name, phone, status, leadId }) => ({ id, name, phone, status, leadId })),
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

/** A lead's bookings, newest first, for its page in the console ("11월 24일 (화) 14:00", status). */
export async function listLeadBookings(leadId: number) {
  const rows = await db()
    .select({ id: visitBookings.id, status: visitBookings.status, day: visitSlots.day, startsAt: visitSlots.startsAt })
    .from(visitBookings)
    .innerJoin(visitSlots, eq(visitSlots.id, visitBookings.slotId))
    .where(eq(visitBookings.leadId, leadId))
    .orderBy(sql`${visitBookings.id} desc`);
  return rows.map((row) => ({ id: row.id, status: row.status, day: row.day, when: slotLabel(row.day, row.startsAt) }));
}

export type CapacityChange = { ok: true } | { ok: false; reason: "below-booked" | "unknown"; booked: number };

/** A slot's capacity; never below the places already taken (those visitors were promised a place). */
export async function setSlotCapacity(site: string, slotId: number, capacity: number): Promise<CapacityChange> {
  return db().transaction(async (tx) => {
    const [slot] = await queryRows<{ id: number }>(tx, sql`select id from visit_slots where id = ${slotId} and site = ${site} for update`);
    if (!slot) return { ok: false, reason: "unknown", booked: 0 };
    const [held] = await queryRows<{ count: number | string }>(
      tx,
      sql`select count(*) as count from visit_bookings where slot_id = ${slotId} and status in ('booked', 'visited', 'no_show')`,
    );
    const booked = Number(held?.count ?? 0);
    if (capacity < booked) return { ok: false, reason: "below-booked", booked };
    await tx.update(visitSlots).set({ capacity }).where(eq(visitSlots.id, slotId));
    return { ok: true };
  });
}

/** A manager marks how a booking went. Only a place-holding booking can be marked; it keeps its place. */
export async function setBookingAttendance(site: string, bookingId: number, status: "booked" | "visited" | "no_show") {
  const updated = await db()
    .update(visitBookings)
    .set({ status })
    .where(and(eq(visitBookings.id, bookingId), eq(visitBookings.site, site), inArray(visitBookings.status, [...PLACE_HOLDING])))
    .returning({ id: visitBookings.id });
  return updated.length > 0;
}

/** A page that lists places left must not be reused from a cache. */
export function scheduleCacheHeaders(schedule: VisitDay[]): HeadersInit {
  return schedule.length > 0 ? { "Cache-Control": CACHE_CONTROL.livePage } : {};
}

/** "11월 24일 (화) 14:00" for a slot id from a URL, or null when it names none of the site's slots. */
export async function bookedSlotLabel(site: string, slotParam: string | null): Promise<string | null> {
  if (!slotParam || !/^\d{1,9}$/.test(slotParam)) return null;
  const [slot] = await db()
    .select({ day: visitSlots.day, startsAt: visitSlots.startsAt })
    .from(visitSlots)
    .where(and(eq(visitSlots.id, Number(slotParam)), eq(visitSlots.site, site)));
  return slot ? slotLabel(slot.day, slot.startsAt) : null;
}
