import { and, eq, inArray, sql } from "drizzle-orm";
import type { SitePack } from "#app/content/types.ts";
import { VISIT_MESSAGES, type VisitDay, type VisitSlotView } from "#app/forms/visit.ts";
import { addDays, formatKoreanDate, kstDay, kstInstant, kstTime, weekdayName } from "#app/utils/kst.ts";
import { PLACE_HOLDING_STATUSES } from "#app/vocabulary.ts";
import { db, queryRows, sqlList, type Executor, type Transaction } from "../db.ts";
import { visitSlots } from "../schema.ts";
import { sitePack } from "../site.ts";
import { bumpContentVersion } from "../content/content-version.ts";

/**
 * The model house's schedule of time slots: which days are open, what the visit form offers,
 * and how a booked time reads. A slot's places are its capacity minus its place-holding bookings
 * (booking.ts counts them under the slot's row lock).
 */

/** How far ahead the form offers days. */
const BOOKING_HORIZON_DAYS = 31;

/**
 * Opens days: creates the pack's slots for each day that has none, and reopens the slots of a
 * day that was closed. Used by the demo seed and by a manager opening a day.
 */
export async function openVisitDays(site: string, days: string[], executor: Executor = db()) {
  const { slotTimes, slotMinutes, capacity } = sitePack(site).leads.visits;
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
  await bumpContentVersion(executor, site);
}

/** Closes a day: its slots are no longer offered. Bookings already made stay (the office calls them). */
export async function closeVisitDay(site: string, day: string, executor: Executor = db()) {
  await executor
    .update(visitSlots)
    .set({ open: false })
    .where(and(eq(visitSlots.site, site), eq(visitSlots.day, day)));
  await bumpContentVersion(executor, site);
}

/** The demo schedule: `demoDays` days from today, once, on a site that never had one. */
export async function seedVisitSchedule(tx: Transaction, site: string, now: Date) {
  const { demoDays } = sitePack(site).leads.visits;
  if (demoDays <= 0) return;
  const [existing] = await tx.select({ id: visitSlots.id }).from(visitSlots).where(eq(visitSlots.site, site)).limit(1);
  if (existing) return;
  const today = kstDay(now);
  await openVisitDays(
    site,
    Array.from({ length: demoDays }, (_, index) => addDays(today, index)),
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
               count(b.id) filter (where b.status in (${sqlList(PLACE_HOLDING_STATUSES)})) as taken
        from visit_slots s left join visit_bookings b on b.slot_id = s.id
        where s.site = ${site} and s.open and s.day between ${today}::date and ${addDays(today, BOOKING_HORIZON_DAYS)}::date
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
    .map(([day, slots]) => ({
      day,
      label: formatKoreanDate(day),
      weekday: weekdayName(day),
      slots,
      bookable: slots.some((slot) => slot.state === "open"),
    }));
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

/** "11월 24일 (화) 14:00" for a slot id from a URL, or null when it names none of the site's slots. */
export async function bookedSlotLabel(site: string, slotParam: string | null): Promise<string | null> {
  if (!slotParam || !/^\d{1,9}$/.test(slotParam)) return null;
  const [slot] = await db()
    .select({ day: visitSlots.day, startsAt: visitSlots.startsAt })
    .from(visitSlots)
    .where(and(eq(visitSlots.id, Number(slotParam)), eq(visitSlots.site, site)));
  return slot ? slotLabel(slot.day, slot.startsAt) : null;
}
