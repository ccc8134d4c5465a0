import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { kstTime } from "#app/utils/kst.ts";
import { PLACE_HOLDING_STATUSES, WAITLIST_ACTIVE_STATUSES, type WaitlistStatus } from "#app/vocabulary.ts";
import { recordAccess, type ChangeContext } from "../audit/records.ts";
import { bumpContentVersion } from "../content/content-version.ts";
import { textPack } from "../content/site-settings.ts";
import { db, queryRows, sqlList, type Executor, type Transaction } from "../db.ts";
import { logError } from "../log.ts";
import { enqueueSms } from "../outbox/queue.ts";
import { wakeOutboxWorker } from "../outbox/worker.ts";
import { admins, visitBookings, visitSlots, visitWaitlist } from "../schema.ts";
import { newLinkToken } from "./booking.ts";
import { waitlistSms } from "./messages.ts";
import { listBookableSchedule, siteOpeningHours, slotLabel, withinOpeningHours } from "./schedule.ts";
import { placesOf, visitSettingsOf } from "./settings.ts";

/**
 * The waitlist of a full time (대기 신청). A place that frees (a cancel, a move, a staff change, a
 * larger capacity) is offered to the first in line whose party fits it, and held for them for the
 * site's hold minutes; unclaimed, the hold passes to the next. Every offer is made under the slot's
 * row lock, the same lock a booking takes (booking.ts), and an offer in time counts as a taken place,
 * so one freed place is never held for two people nor booked by anyone else while held. Offers are
 * made right after the change that frees a place, by every instance's timer each minute (a change
 * that freed places without saying so, an expired hold) and when a personal page is read: nothing
 * lives in one instance's memory.
 */

/** One phone waits for at most this many times of a site at once: each entry sends it a text. */
export const WAITLIST_PER_PHONE = 3;

const LOCK_PHONE = (site: string, phone: string) => sql`select pg_advisory_xact_lock(727003, hashtext(${`${site}:${phone}`}))`;

interface LockedSlot {
  id: number;
  site: string;
  day: string;
  startsAt: Date;
  endsAt: Date;
  capacity: number;
  open: boolean;
}

async function lockSlot(tx: Transaction, slotId: number, site?: string): Promise<LockedSlot | null> {
  const [row] = await queryRows<{
    id: number;
    site: string;
    day: string;
    starts_at: Date | string;
    ends_at: Date | string;
    capacity: number;
    open: boolean;
  }>(
    tx,
    sql`select id, site, day::text as day, starts_at, ends_at, capacity, open from visit_slots
        where id = ${slotId} ${site === undefined ? sql`` : sql`and site = ${site}`} for update`,
  );
  if (!row) return null;
  return { ...row, startsAt: new Date(row.starts_at), endsAt: new Date(row.ends_at) };
}

/** Places of the locked slot not held by a booking or by an offer still in time, and the line of those waiting. */
async function freePlaces(tx: Transaction, slot: LockedSlot, now: Date) {
  const { capacityUnit, holdMinutes } = await visitSettingsOf(slot.site, tx);
  const people = capacityUnit === "people";
  const [taken] = await queryRows<{ places: number | string | null }>(
    tx,
    sql`select coalesce(sum(case when ${people} then party_size else 1 end), 0) as places from visit_bookings
        where slot_id = ${slot.id} and status in (${sqlList(PLACE_HOLDING_STATUSES)})`,
  );
  const [held] = await queryRows<{ places: number | string | null }>(
    tx,
    sql`select coalesce(sum(case when ${people} then party_size else 1 end), 0) as places from visit_waitlist
        where slot_id = ${slot.id} and status = 'offered' and offer_expires_at > ${now.toISOString()}::timestamptz`,
  );
  return { free: slot.capacity - Number(taken?.places ?? 0) - Number(held?.places ?? 0), capacityUnit, holdMinutes };
}

export type WaitlistJoin =
  | { ok: true; token: string; position: number; isNew: boolean }
  | {
      ok: false;
      reason: "has-room" | "closed" | "past" | "unknown" | "outside-hours" | "too-many" | "booked-that-day";
      day: string | null;
    };

export interface WaitlistJoinInput {
  site: string;
  slotId: number;
  name: string;
  phone: string;
  partySize: number;
  consentVersion: string;
  marketingConsent: boolean;
  sourceKey: string | null;
}

/**
 * Puts a visitor in line for a full time and texts them their personal link. Only a time this party
 * cannot book now takes a line (otherwise: "has-room", book it). A phone already in this line gets
 * its place back, no second text; a phone waits for at most WAITLIST_PER_PHONE times, and not for a
 * day it already holds a place on. Phone, then slot: the order every booking locks in.
 */
export async function joinWaitlist(input: WaitlistJoinInput, { now = new Date() }: { now?: Date } = {}): Promise<WaitlistJoin> {
  const result = await db().transaction(async (tx): Promise<WaitlistJoin> => {
    await tx.execute(LOCK_PHONE(input.site, input.phone));
    const slot = await lockSlot(tx, input.slotId, input.site);
    if (!slot) return { ok: false, reason: "unknown", day: null };
    if (!slot.open) return { ok: false, reason: "closed", day: slot.day };
    if (slot.startsAt <= now) return { ok: false, reason: "past", day: slot.day };
    if (!withinOpeningHours(await siteOpeningHours(slot.site, tx), slot.startsAt, slot.endsAt)) {
      return { ok: false, reason: "outside-hours", day: slot.day };
    }
    const [already] = await tx
      .select({ id: visitWaitlist.id, linkToken: visitWaitlist.linkToken })
      .from(visitWaitlist)
      .where(
        and(
          eq(visitWaitlist.slotId, slot.id),
          eq(visitWaitlist.phone, input.phone),
          inArray(visitWaitlist.status, [...WAITLIST_ACTIVE_STATUSES]),
        ),
      );
    if (already) return { ok: true, token: already.linkToken, position: await positionOf(tx, slot.id, already.id), isNew: false };
    const { free, capacityUnit } = await freePlaces(tx, slot, now);
    const someoneWaiting = await tx
      .select({ id: visitWaitlist.id })
      .from(visitWaitlist)
      .where(and(eq(visitWaitlist.slotId, slot.id), eq(visitWaitlist.status, "waiting")))
      .limit(1);
    if (someoneWaiting.length === 0 && placesOf(capacityUnit, input.partySize) <= free) {
      return { ok: false, reason: "has-room", day: slot.day };
    }
    const [waiting] = await queryRows<{ count: number | string }>(
      tx,
      sql`select count(*) as count from visit_waitlist w join visit_slots s on s.id = w.slot_id
          where w.site = ${input.site} and w.phone = ${input.phone} and w.status in (${sqlList(WAITLIST_ACTIVE_STATUSES)})
            and s.starts_at > ${now.toISOString()}::timestamptz`,
    );
    if (Number(waiting?.count ?? 0) >= WAITLIST_PER_PHONE) return { ok: false, reason: "too-many", day: slot.day };
    const [holdsThatDay] = await queryRows<{ id: number }>(
      tx,
      sql`select b.id from visit_bookings b join visit_slots s on s.id = b.slot_id
          where b.site = ${input.site} and b.phone = ${input.phone} and s.day = ${slot.day}::date
            and b.status in (${sqlList(PLACE_HOLDING_STATUSES)}) limit 1`,
    );
    if (holdsThatDay) return { ok: false, reason: "booked-that-day", day: slot.day };
    const linkToken = newLinkToken();
    const [entry] = await tx
      .insert(visitWaitlist)
      .values({
        site: input.site,
        slotId: slot.id,
        name: input.name,
        phone: input.phone,
        partySize: input.partySize,
        linkToken,
        consentVersion: input.consentVersion,
        marketingConsent: input.marketingConsent,
        sourceKey: input.sourceKey,
        createdAt: now,
      })
      .returning({ id: visitWaitlist.id });
    const pack = await textPack(input.site, tx);
    await enqueueSms(tx, [waitlistSms(pack, "waitlist-joined", { ...input, startsAt: slot.startsAt, linkToken, holdUntil: null })], {
      now,
    });
    return { ok: true, token: linkToken, position: await positionOf(tx, slot.id, entry!.id), isNew: true };
  });
  if (result.ok && result.isNew) wakeOutboxWorker();
  return result;
}

async function positionOf(tx: Executor, slotId: number, entryId: number) {
  const [row] = await queryRows<{ count: number | string }>(
    tx,
    sql`select count(*) as count from visit_waitlist where slot_id = ${slotId} and status in (${sqlList(WAITLIST_ACTIVE_STATUSES)}) and id <= ${entryId}`,
  );
  return Number(row?.count ?? 1);
}

/**
 * Under the slot's lock: offers past their deadline pass (their place goes back), then each place
 * free goes to the first in line whose party fits it, held until the site's hold minutes are up
 * (or the visit starts), with a text carrying their personal link. Answers how many were offered.
 */
export async function offerFreedPlaces(slotId: number, now = new Date()): Promise<number> {
  const offered = await db().transaction(async (tx) => {
    const slot = await lockSlot(tx, slotId);
    if (!slot) return 0;
    await tx
      .update(visitWaitlist)
      .set({ status: "passed", closedAt: now })
      .where(
        and(
          eq(visitWaitlist.slotId, slot.id),
          eq(visitWaitlist.status, "offered"),
          sql`${visitWaitlist.offerExpiresAt} <= ${now.toISOString()}::timestamptz`,
        ),
      );
    if (!slot.open || slot.startsAt <= now) return 0;
    if (!withinOpeningHours(await siteOpeningHours(slot.site, tx), slot.startsAt, slot.endsAt)) return 0;
    const places = await freePlaces(tx, slot, now);
    const { capacityUnit, holdMinutes } = places;
    let { free } = places;
    if (free <= 0) return 0;
    const line = await tx
      .select()
      .from(visitWaitlist)
      .where(and(eq(visitWaitlist.slotId, slot.id), eq(visitWaitlist.status, "waiting")))
      .orderBy(asc(visitWaitlist.createdAt), asc(visitWaitlist.id));
    const expiresAt = new Date(Math.min(now.getTime() + holdMinutes * 60_000, slot.startsAt.getTime()));
    const pack = await textPack(slot.site, tx);
    let count = 0;
    for (const entry of line) {
      const needed = placesOf(capacityUnit, entry.partySize);
      if (needed > free) continue;
      free -= needed;
      count += 1;
      await tx
        .update(visitWaitlist)
        .set({ status: "offered", offeredAt: now, offerExpiresAt: expiresAt })
        .where(eq(visitWaitlist.id, entry.id));
      await enqueueSms(tx, [waitlistSms(pack, "waitlist-offer", { ...entry, startsAt: slot.startsAt, holdUntil: expiresAt })], { now });
      if (free <= 0) break;
    }
    if (count > 0) await bumpContentVersion(tx, slot.site);
    return count;
  });
  if (offered > 0) wakeOutboxWorker();
  return offered;
}

/**
 * After a change that freed places in these slots: offer them now. A failure is logged and left to
 * the next sweep; meanwhile the freed places stay reserved for the line (booking.ts).
 */
export async function offerFreedPlacesAfter(slotIds: number[], now = new Date()) {
  for (const slotId of new Set(slotIds)) {
    await offerFreedPlaces(slotId, now).catch((error: unknown) =>
      logError("Waitlist: could not offer a freed place; the sweep will", error),
    );
  }
}

/** Every instance, each minute: the slots ahead with people waiting or an offer past its deadline get their offers. */
export async function sweepWaitlists(now = new Date()): Promise<number> {
  const slots = await queryRows<{ slot_id: number }>(
    db(),
    sql`select distinct w.slot_id from visit_waitlist w join visit_slots s on s.id = w.slot_id
        where s.starts_at > ${now.toISOString()}::timestamptz
          and (w.status = 'waiting' or (w.status = 'offered' and w.offer_expires_at <= ${now.toISOString()}::timestamptz))
        order by w.slot_id`,
  );
  let offered = 0;
  for (const { slot_id } of slots) offered += await offerFreedPlaces(slot_id, now);
  return offered;
}

export interface WaitlistEntryView {
  id: number;
  site: string;
  slotId: number;
  name: string;
  phone: string;
  partySize: number;
  status: WaitlistStatus;
  /** "11월 24일 (화) 14:00". */
  when: string;
  /** "14:35": until when an offer holds the place. */
  holdUntil: string | null;
  /** Place in line while waiting (1: next). */
  position: number | null;
  /** The personal link of the booking a claim made. */
  bookingToken: string | null;
}

export type WaitlistPage = { state: "invalid" } | { state: "ended" | WaitlistStatus; entry: WaitlistEntryView };

/** The entry a personal link names. An offer read past its deadline passes first (the lazy side of the sweep). */
export async function findWaitlistEntry(token: string, now = new Date(), { lazy = true } = {}): Promise<WaitlistPage> {
  if (!/^[A-Za-z0-9_-]{22}$/.test(token)) return { state: "invalid" };
  const [row] = await db()
    .select({ entry: visitWaitlist, day: visitSlots.day, startsAt: visitSlots.startsAt, bookingToken: visitBookings.linkToken })
    .from(visitWaitlist)
    .innerJoin(visitSlots, eq(visitSlots.id, visitWaitlist.slotId))
    .leftJoin(visitBookings, eq(visitBookings.id, visitWaitlist.bookingId))
    .where(eq(visitWaitlist.linkToken, token));
  if (!row) return { state: "invalid" };
  const { entry } = row;
  if (lazy && entry.status === "offered" && entry.offerExpiresAt && entry.offerExpiresAt <= now) {
    await offerFreedPlaces(entry.slotId, now);
    return findWaitlistEntry(token, now, { lazy: false });
  }
  const position = entry.status === "waiting" ? await positionOf(db(), entry.slotId, entry.id) : null;
  const view: WaitlistEntryView = {
    id: entry.id,
    site: entry.site,
    slotId: entry.slotId,
    name: entry.name,
    phone: entry.phone,
    partySize: entry.partySize,
    status: entry.status,
    when: slotLabel(row.day, row.startsAt),
    holdUntil: entry.offerExpiresAt ? kstTime(entry.offerExpiresAt) : null,
    position,
    bookingToken: entry.status === "claimed" ? row.bookingToken : null,
  };
  const ended = row.startsAt <= now && (entry.status === "waiting" || entry.status === "offered");
  return { state: ended ? "ended" : entry.status, entry: view };
}

/** The visitor leaves the line (or gives up the place offered): a held place goes to the next at once. */
export async function withdrawWaitlistByLink(token: string, now = new Date()): Promise<WaitlistPage> {
  const page = await findWaitlistEntry(token, now);
  if (page.state !== "waiting" && page.state !== "offered") return page;
  await withdrawEntry(page.entry.id, null, now);
  await offerFreedPlacesAfter([page.entry.slotId], now);
  return findWaitlistEntry(token, now, { lazy: false });
}

/** The office takes someone out of a line (they called), with its access record. */
export async function withdrawWaitlistByStaff(change: ChangeContext, entryId: number, now = new Date()): Promise<"done" | "not-found"> {
  const slotId = await db().transaction(async (tx) => {
    const [entry] = await tx
      .select({ id: visitWaitlist.id, slotId: visitWaitlist.slotId })
      .from(visitWaitlist)
      .where(
        and(
          eq(visitWaitlist.id, entryId),
          eq(visitWaitlist.site, change.site),
          inArray(visitWaitlist.status, [...WAITLIST_ACTIVE_STATUSES]),
        ),
      )
      .for("update");
    if (!entry) return null;
    await tx
      .update(visitWaitlist)
      .set({ status: "withdrawn", closedAt: now, withdrawnBy: change.actor.id })
      .where(eq(visitWaitlist.id, entryId));
    await recordAccess({ ...change, action: "visits.change", detail: { intent: "waitlist-withdraw", entryId } }, { executor: tx, now });
    return entry.slotId;
  });
  if (slotId === null) return "not-found";
  await offerFreedPlacesAfter([slotId], now);
  return "done";
}

async function withdrawEntry(entryId: number, by: number | null, now: Date) {
  await db()
    .update(visitWaitlist)
    .set({ status: "withdrawn", closedAt: now, withdrawnBy: by })
    .where(and(eq(visitWaitlist.id, entryId), inArray(visitWaitlist.status, [...WAITLIST_ACTIVE_STATUSES])));
}

export interface AdminWaitlistEntry {
  id: number;
  slotId: number;
  name: string;
  phone: string;
  partySize: number;
  status: WaitlistStatus;
  createdAt: Date;
  offeredAt: Date | null;
  offerExpiresAt: Date | null;
  closedAt: Date | null;
  /** Who withdrew it in the console, or null (the visitor, or not withdrawn). */
  withdrawnByName: string | null;
}

/** The lines of these slots, in order, with what happened to each entry (the console's visits page). */
export async function listWaitlists(site: string, slotIds: number[]): Promise<AdminWaitlistEntry[]> {
  if (slotIds.length === 0) return [];
  return db()
    .select({
      id: visitWaitlist.id,
      slotId: visitWaitlist.slotId,
      name: visitWaitlist.name,
      phone: visitWaitlist.phone,
      partySize: visitWaitlist.partySize,
      status: visitWaitlist.status,
      createdAt: visitWaitlist.createdAt,
      offeredAt: visitWaitlist.offeredAt,
      offerExpiresAt: visitWaitlist.offerExpiresAt,
      closedAt: visitWaitlist.closedAt,
      withdrawnByName: sql<string | null>`coalesce(nullif(${admins.name}, ''), ${admins.email})`,
    })
    .from(visitWaitlist)
    .leftJoin(admins, eq(admins.id, visitWaitlist.withdrawnBy))
    .where(and(eq(visitWaitlist.site, site), inArray(visitWaitlist.slotId, slotIds)))
    .orderBy(asc(visitWaitlist.createdAt), asc(visitWaitlist.id));
}

export interface WaitlistSlot {
  slotId: number;
  /** "11월 24일 (화) 14:00". */
  when: string;
  /** Full: its line takes visitors. Open: it can be booked now (the page says so instead). */
  state: "full" | "open";
  /** Entries in line (waiting or offered). */
  waiting: number;
  holdMinutes: number;
}

/** The time the join page is about, as the booking form shows it, or null when it is not on offer (past, closed, another site's). */
export async function waitlistSlot(site: string, slotId: number, now = new Date()): Promise<WaitlistSlot | null> {
  const schedule = await listBookableSchedule(site, now);
  for (const day of schedule) {
    const slot = day.slots.find((candidate) => candidate.id === slotId);
    if (!slot || slot.state === "past") continue;
    const [line] = await queryRows<{ count: number | string }>(
      db(),
      sql`select count(*) as count from visit_waitlist where slot_id = ${slotId} and status in (${sqlList(WAITLIST_ACTIVE_STATUSES)})`,
    );
    return {
      slotId,
      when: `${day.label} ${slot.time}`,
      state: slot.state,
      waiting: Number(line?.count ?? 0),
      holdMinutes: (await visitSettingsOf(site)).holdMinutes,
    };
  }
  return null;
}
