import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { SitePack } from "#app/content/types.ts";
import { type VisitDay, type VisitSlotView } from "#app/forms/visit.ts";
import { VISIT_REFUSALS } from "#app/forms/visit-refusals.ts";
import { addDays, formatKoreanDate, kstDay, kstInstant, kstTime, weekdayName } from "#app/utils/kst.ts";
import { PLACE_HOLDING_STATUSES } from "#app/vocabulary.ts";
import { db, queryRows, sqlList, type Executor, type Transaction } from "../db.ts";
import { visitBookings, visitSlots } from "../schema.ts";
import { sitePack } from "../site.ts";
import { bumpContentVersion } from "../content/content-version.ts";
import { applySettings, textPack, validSettings } from "../content/site-settings.ts";
import { maskName } from "../leads/messages.ts";
import { VISIT_SETTING_DEFAULTS, visitSettingsJson, type VisitSettings } from "./settings.ts";

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

/** The model house's opening and closing time, as minutes after midnight (Korean time). */
export interface OpeningHours {
  opens: number;
  closes: number;
}

/**
 * The hours in the office's words ("매일 10:00 ~ 18:00 (방문 예약제)", site settings or the pack):
 * the first "HH:MM ~ HH:MM" in them. Null when the words name no such range (then every slot of
 * the pack is offered, as before the office wrote any hours).
 */
export function openingHoursOf(words: string): OpeningHours | null {
  const match = /(\d{1,2})\s*[:시]\s*(\d{2})?\s*분?\s*[~〜∼–-]\s*(\d{1,2})\s*[:시]\s*(\d{2})?/.exec(words);
  if (!match) return null;
  const opens = Number(match[1]) * 60 + Number(match[2] ?? 0);
  const closes = Number(match[3]) * 60 + Number(match[4] ?? 0);
  if (opens >= closes || closes > 24 * 60) return null;
  return { opens, closes };
}

/** A slot is offered when it starts at or after opening and ends by closing time (10:00~17:00 offers no 17:00 hour). */
export function withinOpeningHours(hours: OpeningHours | null, startsAt: Date, endsAt: Date) {
  if (!hours) return true;
  const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const starts = minutesOf(kstTime(startsAt));
  // A slot ending at midnight reads "00:00": count it as the end of its own day.
  const ends = kstDay(endsAt) > kstDay(startsAt) ? 24 * 60 + minutesOf(kstTime(endsAt)) : minutesOf(kstTime(endsAt));
  return starts >= hours.opens && ends <= hours.closes;
}

/** The site's hours now: the office's setting, else the pack's (read inside a transaction when given one). */
export async function siteOpeningHours(site: string, executor: Executor = db()) {
  return openingHoursOf((await textPack(site, executor)).modelHouse.hours);
}

interface ScheduleRow {
  what: "settings" | "slot";
  id: number;
  day: string;
  starts_at: Date | string;
  ends_at: Date | string;
  capacity: number;
  taken: number | string;
  held: number | string;
  smallest_waiting: number | string | null;
  /** On the "settings" row: the site's stored settings (the model house's hours) and its visit settings. */
  site_values: Record<string, unknown> | null;
  visit_settings: VisitSettings | null;
}

/**
 * The days and slots the visit form offers: open slots from today on, within the model house's
 * hours, with the places left as the site counts them (groups or people). A day appears when it
 * has a slot still ahead; full and past slots are listed but not bookable. Places held for a
 * waitlist's offer are taken, and places someone waiting fits are theirs (waitlist.ts): the time
 * shows full, with its waitlist. An empty list means the site takes no bookings by slot now.
 */
export async function listBookableSchedule(site: string, now = new Date()): Promise<VisitDay[]> {
  const today = kstDay(now);
  const at = now.toISOString();
  // One statement with the settings it is read by (a visit post reads it before its transaction:
  // three round trips before). Places count people when the site's visit settings say so.
  const people = sql`coalesce((select capacity_unit = 'people' from visit_settings where site = ${site}), ${VISIT_SETTING_DEFAULTS.capacityUnit === "people"})`;
  const rows = await queryRows<ScheduleRow>(
    db(),
    sql`select 'settings' as what, null::integer as id, null::text as day, null::timestamptz as starts_at,
               null::timestamptz as ends_at, null::integer as capacity, null::bigint as taken, null::bigint as held,
               null::integer as smallest_waiting,
               (select values from site_settings where site = ${site}) as site_values, ${visitSettingsJson(site)} as visit_settings
        union all
        select 'slot', s.id, s.day::text, s.starts_at, s.ends_at, s.capacity,
               (select coalesce(sum(case when ${people} then b.party_size else 1 end), 0) from visit_bookings b
                 where b.slot_id = s.id and b.status in (${sqlList(PLACE_HOLDING_STATUSES)})),
               (select coalesce(sum(case when ${people} then w.party_size else 1 end), 0) from visit_waitlist w
                 where w.slot_id = s.id and w.status = 'offered' and w.offer_expires_at > ${at}::timestamptz),
               (select min(case when ${people} then w.party_size else 1 end) from visit_waitlist w
                 where w.slot_id = s.id and w.status = 'waiting'),
               null, null
        from visit_slots s
        where s.site = ${site} and s.open and s.day between ${today}::date and ${addDays(today, BOOKING_HORIZON_DAYS)}::date
        order by what, starts_at`,
  );
  const [settings, ...slotRows] = rows;
  const hours = openingHoursOf(applySettings(sitePack(site), validSettings(settings?.site_values ?? {})).modelHouse.hours);
  const { capacityUnit } = settings?.visit_settings ?? VISIT_SETTING_DEFAULTS;
  const days = new Map<string, VisitSlotView[]>();
  for (const row of slotRows) {
    const startsAt = new Date(row.starts_at);
    if (!withinOpeningHours(hours, startsAt, new Date(row.ends_at))) continue;
    const free = Math.max(0, row.capacity - Number(row.taken) - Number(row.held));
    const reservedForLine = row.smallest_waiting !== null && Number(row.smallest_waiting) <= free;
    const remaining = reservedForLine ? 0 : free;
    const slot: VisitSlotView = {
      id: row.id,
      time: kstTime(startsAt),
      remaining,
      unit: capacityUnit,
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

/**
 * When the offer changes by the clock alone: the start of the first time still offered (from then
 * on it is past). Null when nothing ahead is listed. A page showing the schedule is current until then,
 * or until a booking or the office changes it (the content version).
 */
export function scheduleChangesAt(schedule: VisitDay[]): Date | null {
  for (const entry of schedule) {
    const next = entry.slots.find((slot) => slot.state !== "past");
    if (next) return kstInstant(entry.day, next.time);
  }
  return null;
}

/** The bookable times to suggest when a choice is refused: the rest of that day, else the next day with room. */
export function alternativesText(schedule: VisitDay[], day: string | null): string {
  const sameDay = schedule.find((entry) => entry.day === day);
  const open = (entry: VisitDay) => entry.slots.filter((slot) => slot.state === "open").map((slot) => slot.time);
  if (sameDay && open(sameDay).length > 0) return VISIT_REFUSALS.sameDayAlternatives(open(sameDay));
  const next = schedule.find((entry) => entry.bookable && (day === null || entry.day > day));
  if (next) return VISIT_REFUSALS.otherDayAlternatives(next.label, open(next));
  return VISIT_REFUSALS.noAlternatives;
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

/** A booking still to come whose time the model house's hours no longer cover. */
export interface BookingOutsideHours {
  bookingId: number;
  day: string;
  /** "11월 24일 (화) 17:00". */
  when: string;
  /** Masked ("김*수"): the note is shown on pages that keep no access record. */
  maskedName: string;
}

/**
 * Bookings still to come that fall outside the hours now set (the office shortened them after
 * the bookings were made). They are not cancelled: the console shows them so the office can call
 * or move the visitors.
 */
export async function bookingsOutsideHours(site: string, now = new Date()): Promise<BookingOutsideHours[]> {
  const hours = await siteOpeningHours(site);
  if (!hours) return [];
  const rows = await db()
    .select({
      bookingId: visitBookings.id,
      name: visitBookings.name,
      day: visitSlots.day,
      startsAt: visitSlots.startsAt,
      endsAt: visitSlots.endsAt,
    })
    .from(visitBookings)
    .innerJoin(visitSlots, eq(visitSlots.id, visitBookings.slotId))
    .where(and(eq(visitBookings.site, site), eq(visitBookings.status, "booked"), gt(visitSlots.startsAt, now)))
    .orderBy(asc(visitSlots.startsAt), asc(visitBookings.id));
  return rows
    .filter((row) => !withinOpeningHours(hours, row.startsAt, row.endsAt))
    .map((row) => ({ bookingId: row.bookingId, day: row.day, when: slotLabel(row.day, row.startsAt), maskedName: maskName(row.name) }));
}
