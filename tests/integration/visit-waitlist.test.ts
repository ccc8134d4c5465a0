import { and, asc, eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, test } from "vitest";
import { db } from "#app/.server/db.ts";
import { purgeExpiredLeads, WAITLIST_KEPT_DAYS } from "#app/.server/retention.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { moveLeadToBin, restoreLead } from "#app/.server/leads/bin.ts";
import { auditLog, leadEvents, smsOutbox, visitBookings, visitSlots, visitWaitlist } from "#app/.server/schema.ts";
import { unsealText } from "#app/.server/sealed.ts";
import { cancelBookingByLink, changeBookingByLink, findBookingByLink } from "#app/.server/visits/booking-link.ts";
import { setSlotCapacity } from "#app/.server/visits/console.ts";
import { markAttendance } from "#app/.server/visits/office.ts";
import { queueSameDayReminders, queueVisitReminders } from "#app/.server/visits/reminders.ts";
import { listBookableSchedule, openVisitDays } from "#app/.server/visits/schedule.ts";
import { saveVisitSettings, VISIT_SETTING_DEFAULTS } from "#app/.server/visits/settings.ts";
import { claimWaitlistPlace } from "#app/.server/visits/waitlist-claim.ts";
import { findWaitlistEntry, joinWaitlist, sweepWaitlists } from "#app/.server/visits/waitlist.ts";
import { VISIT_MESSAGES } from "#app/forms/visit.ts";
import { addDays, kstDay, kstInstant } from "#app/utils/kst.ts";
import { withTestDatabase } from "#tests/db.ts";
import { action as joinAction } from "#app/routes/site/waitlist.tsx";
import { filledForm, pageOutcome, post, SITE_URL, submitJson, uniquePhone } from "#tests/lead-requests.ts";
import { addStaff } from "#tests/staff.ts";

/**
 * Issue 29 items 1–3: the waitlist of a full time (offers under the slot's lock, holds that pass),
 * party sizes against a capacity counted in people, and the texts on the day and after a no-show.
 */

const BASE_ENV = { SITE_URL, SESSION_SECRET: "waitlist-integration-test-secret-0123456789", LEADS_RATE_LIMIT: "off" };
setEnv(parseEnv(BASE_ENV));

withTestDatabase();

afterEach(() => setEnv(parseEnv(BASE_ENV)));

const SITE = "daegu";
const dayFromToday = (days: number) => addDays(kstDay(new Date()), days);
const CLAIMANT = {
  clientId: null,
  sourceKey: null,
  userAgent: "test",
  attribution: { utmSource: null, utmMedium: null, utmCampaign: null, referrerHost: null },
};

async function openDay(day: string) {
  await openVisitDays(SITE, [day]);
  return db()
    .select()
    .from(visitSlots)
    .where(and(eq(visitSlots.site, SITE), eq(visitSlots.day, day)))
    .orderBy(visitSlots.startsAt);
}

function book(slot: { id: number; day: string }, fields: Record<string, string> = {}) {
  return submitJson("visit", filledForm("visit", { visitDate: slot.day, visitSlot: String(slot.id), ...fields }), {
    client: `198.51.100.${Math.floor(Math.random() * 250)}`,
  });
}

/** The link's key in the latest text of `purpose` to `phone`, as the phone receives it (sealed in the outbox). */
async function keyTextedTo(phone: string, purpose: string, path: "visit" | "waitlist") {
  const [message] = await db()
    .select()
    .from(smsOutbox)
    .where(and(eq(smsOutbox.recipient, phone), eq(smsOutbox.purpose, purpose as "confirmation")))
    .orderBy(asc(smsOutbox.id));
  if (!message) throw new Error(`No ${purpose} text to ${phone}`);
  const sent = message.sealedBody === null ? message.body : unsealText(message.sealedBody)!;
  const match = new RegExp(`${SITE_URL}/${SITE}/${path}/([^\\s]+)`).exec(sent);
  if (!match) throw new Error(`No ${path} link in: ${sent}`);
  return match[1]!;
}

function join(slotId: number, phone: string, { partySize = 1, now = new Date() }: { partySize?: number; now?: Date } = {}) {
  return joinWaitlist(
    { site: SITE, slotId, name: "대기고객", phone, partySize, consentVersion: "v1", marketingConsent: false, sourceKey: null },
    { now },
  );
}

async function bookedIn(slotId: number) {
  return db()
    .select()
    .from(visitBookings)
    .where(and(eq(visitBookings.slotId, slotId), eq(visitBookings.status, "booked")));
}

async function remaining(slotId: number) {
  return (await listBookableSchedule(SITE)).flatMap((day) => day.slots).find((slot) => slot.id === slotId)?.remaining;
}

async function owner() {
  const staff = await addStaff({ email: `owner${Math.random()}@example.kr`, role: "owner" });
  return { site: SITE, actor: staff, clientAddress: "203.0.113.9" };
}

describe("the waitlist of a full time", () => {
  test("200 concurrent claims of one freed place give it to exactly the first waiting person; nobody else can book it", async () => {
    const [slot] = await openDay(dayFromToday(2));
    await setSlotCapacity(SITE, slot!.id, 1);
    const holder = uniquePhone();
    expect((await book(slot!, { phone: holder })).status).toBe(200);
    const phones = Array.from({ length: 200 }, () => uniquePhone());
    for (const phone of phones) expect((await join(slot!.id, phone)).ok).toBe(true);
    const tokens = await Promise.all(phones.map((phone) => keyTextedTo(phone, "waitlist-joined", "waitlist")));

    await cancelBookingByLink(await keyTextedTo(holder, "confirmation", "visit"));

    const [claims, walkIns] = await Promise.all([
      Promise.all(tokens.map((token) => claimWaitlistPlace(token, CLAIMANT))),
      Promise.all(Array.from({ length: 20 }, () => book(slot!))),
    ]);
    expect(claims.filter((claim) => claim.ok)).toHaveLength(1);
    expect(claims[0]!.ok).toBe(true);
    expect(walkIns.every((answer) => answer.status === 409)).toBe(true);
    const booked = await bookedIn(slot!.id);
    expect(booked.map((booking) => booking.phone)).toEqual([phones[0]]);
    const line = await db().select().from(visitWaitlist).where(eq(visitWaitlist.slotId, slot!.id)).orderBy(asc(visitWaitlist.id));
    expect(line.map((entry) => entry.status)).toEqual(["claimed", ...Array<string>(199).fill("waiting")]);
    // The claim booked like the form: its lead, and a confirmation carrying the booking's own link.
    expect(await keyTextedTo(phones[0]!, "confirmation", "visit")).toBe(booked[0]!.linkToken);
    expect(await remaining(slot!.id)).toBe(0);
  }, 180_000);

  test("an offer not claimed in time passes to the next in line; meanwhile the held place is nobody else's", async () => {
    const [slot] = await openDay(dayFromToday(3));
    await setSlotCapacity(SITE, slot!.id, 1);
    const holder = uniquePhone();
    await book(slot!, { phone: holder });
    const [first, second] = [uniquePhone(), uniquePhone()];
    await join(slot!.id, first);
    await join(slot!.id, second);
    const now = new Date();
    await cancelBookingByLink(await keyTextedTo(holder, "confirmation", "visit"), now);
    const firstKey = await keyTextedTo(first, "waitlist-offer", "waitlist");

    expect((await book(slot!)).status).toBe(409);
    expect(await remaining(slot!.id)).toBe(0);
    const secondKey = await keyTextedTo(second, "waitlist-joined", "waitlist");
    expect(await claimWaitlistPlace(secondKey, CLAIMANT, { now })).toMatchObject({ ok: false });

    const later = new Date(now.getTime() + (VISIT_SETTING_DEFAULTS.holdMinutes + 1) * 60_000);
    expect(await sweepWaitlists(later)).toBe(1);
    expect((await findWaitlistEntry(firstKey, later)).state).toBe("passed");
    expect((await claimWaitlistPlace(firstKey, CLAIMANT, { now: later })).ok).toBe(false);
    expect(await keyTextedTo(second, "waitlist-offer", "waitlist")).toBe(secondKey);
    expect((await claimWaitlistPlace(secondKey, CLAIMANT, { now: later })).ok).toBe(true);
    expect((await bookedIn(slot!.id)).map((booking) => booking.phone)).toEqual([second]);
  });

  test("a customer moved to the bin gives up their visit still to come: the place goes to the first in line, their unsent texts are withdrawn and no new one goes to them", async () => {
    const [slot] = await openDay(dayFromToday(3));
    await setSlotCapacity(SITE, slot!.id, 1);
    const holder = uniquePhone();
    await book(slot!, { phone: holder });
    const [booking] = await bookedIn(slot!.id);
    const waiting = uniquePhone();
    await join(slot!.id, waiting);
    const staff = await owner();

    expect(await moveLeadToBin(staff, booking!.leadId)).toBe("done");

    const [after] = await db().select().from(visitBookings).where(eq(visitBookings.id, booking!.id));
    expect(after).toMatchObject({ status: "cancelled", cancelledBy: staff.actor.id });
    await keyTextedTo(waiting, "waitlist-offer", "waitlist");
    const toHolder = await db().select().from(smsOutbox).where(eq(smsOutbox.recipient, holder)).orderBy(asc(smsOutbox.id));
    expect(toHolder.map((message) => [message.purpose, message.status])).toEqual([["confirmation", "withdrawn"]]);
    const [event] = await db()
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.leadId, booking!.leadId), eq(leadEvents.kind, "visit-cancelled")));
    expect(event).toMatchObject({ actorEmail: staff.actor.email, detail: { bookingId: booking!.id, by: "staff" } });
    const [record] = await db().select().from(auditLog).where(eq(auditLog.action, "lead.delete"));
    expect(record).toMatchObject({ leadIds: [booking!.leadId], detail: { cancelledBookings: [booking!.id] } });

    // Restored, the customer is back without the visit: the place may be someone else's by now.
    expect(await restoreLead(staff, booking!.leadId)).toBe("done");
    const [restored] = await db().select().from(visitBookings).where(eq(visitBookings.id, booking!.id));
    expect(restored!.status).toBe("cancelled");
  });

  test("reading an offer's page after its deadline passes it on at once, without waiting for the sweep", async () => {
    const [slot] = await openDay(dayFromToday(3));
    await setSlotCapacity(SITE, slot!.id, 1);
    const holder = uniquePhone();
    await book(slot!, { phone: holder });
    const [first, second] = [uniquePhone(), uniquePhone()];
    await join(slot!.id, first);
    await join(slot!.id, second);
    const now = new Date();
    await cancelBookingByLink(await keyTextedTo(holder, "confirmation", "visit"), now);

    const later = new Date(now.getTime() + 2 * 60 * 60_000);
    const page = await findWaitlistEntry(await keyTextedTo(first, "waitlist-offer", "waitlist"), later);

    expect(page.state).toBe("passed");
    const [offered] = await db().select().from(visitWaitlist).where(eq(visitWaitlist.phone, second));
    expect(offered?.status).toBe("offered");
  });

  test("a larger capacity offers the new places to the line first; a time with room takes no line", async () => {
    const [slot] = await openDay(dayFromToday(4));
    await setSlotCapacity(SITE, slot!.id, 1);
    await book(slot!);
    const waiting = uniquePhone();
    expect(await join(slot!.id, waiting)).toMatchObject({ ok: true, position: 1 });
    expect(await join(slot!.id, waiting)).toMatchObject({ ok: true, isNew: false });

    await setSlotCapacity(SITE, slot!.id, 3);

    const [entry] = await db().select().from(visitWaitlist).where(eq(visitWaitlist.phone, waiting));
    expect(entry?.status).toBe("offered");
    expect(await remaining(slot!.id)).toBe(1);
    expect(await join(slot!.id, uniquePhone())).toMatchObject({ ok: false, reason: "has-room" });
    expect(await db().$count(smsOutbox, eq(smsOutbox.recipient, waiting))).toBe(2);
  });
});

describe("the waitlist's pages", () => {
  test("joining without scripts: every problem beside its field (400), a time with room refused (409), then the place in line and a text with the link", async () => {
    const [slot] = await openDay(dayFromToday(4));
    await setSlotCapacity(SITE, slot!.id, 1);
    const page = (fields: Record<string, string>) =>
      pageOutcome(() =>
        joinAction({ ...post(`/${SITE}/waitlist`, fields, { headers: { Origin: SITE_URL } }), params: { site: SITE } } as never),
      );

    const hasRoom = await page({ name: "대기고객", phone: uniquePhone(), consent: "yes", partySize: "1", visitSlot: String(slot!.id) });
    expect(hasRoom).toMatchObject({ status: 409, data: { errors: { visitSlot: expect.stringContaining("지금 바로 예약") } } });

    await book(slot!);
    const wrong = await page({ name: "", phone: "0101", partySize: "9", visitSlot: String(slot!.id) });
    expect(wrong.status).toBe(400);
    expect(Object.keys((wrong.data as { errors: object }).errors).sort()).toEqual(["consent", "name", "partySize", "phone"]);

    const phone = uniquePhone();
    const joined = await page({ name: "대기고객", phone, consent: "yes", partySize: "2", visitSlot: String(slot!.id) });
    expect(joined).toMatchObject({ status: 303, location: `/${SITE}/waitlist?slot=${slot!.id}&done=1&position=1` });
    expect(await keyTextedTo(phone, "waitlist-joined", "waitlist")).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const [entry] = await db().select().from(visitWaitlist).where(eq(visitWaitlist.phone, phone));
    expect(entry).toMatchObject({ partySize: 2, status: "waiting" });
  });
});

describe("party size", () => {
  test("when the site counts people, concurrent parties of one to four never overfill a slot, and the form shows places in people", async () => {
    const change = await owner();
    await saveVisitSettings(change, { ...VISIT_SETTING_DEFAULTS, capacityUnit: "people" });
    const [slot] = await openDay(dayFromToday(2));
    await setSlotCapacity(SITE, slot!.id, 10);

    const answers = await Promise.all(Array.from({ length: 40 }, (_, index) => book(slot!, { partySize: String((index % 4) + 1) })));

    const booked = await bookedIn(slot!.id);
    const people = booked.reduce((sum, booking) => sum + booking.partySize, 0);
    expect(people).toBeLessThanOrEqual(10);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(booked.length);
    const schedule = (await listBookableSchedule(SITE)).flatMap((day) => day.slots).find((entry) => entry.id === slot!.id);
    expect(schedule).toMatchObject({ unit: "people", remaining: 10 - people });
  }, 120_000);

  test("counting groups, a party of four takes one place; a party larger than the pack allows is refused beside its field", async () => {
    const [slot] = await openDay(dayFromToday(2));
    await setSlotCapacity(SITE, slot!.id, 2);

    expect((await book(slot!, { partySize: "4" })).status).toBe(200);
    expect(await remaining(slot!.id)).toBe(1);
    const tooMany = await book(slot!, { partySize: "5" });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toEqual({ partySize: VISIT_MESSAGES.partySize(4) });
    const [booking] = await bookedIn(slot!.id);
    expect(booking?.partySize).toBe(4);
  });
});

describe("reminders on the day and after a no-show", () => {
  test("the reminder hours before the visit is queued once, and withdrawn when the booking is cancelled", async () => {
    const day = dayFromToday(3);
    const slots = await openDay(day);
    const fourteen = slots.find((slot) => slot.startsAt.getTime() === kstInstant(day, "14:00").getTime())!;
    const phone = uniquePhone();
    await book(fourteen, { phone });

    expect(await queueSameDayReminders(kstInstant(day, "11:59"))).toBe(0);
    expect(await queueSameDayReminders(kstInstant(day, "12:00"))).toBe(1);
    expect(await queueSameDayReminders(kstInstant(day, "12:30"))).toBe(0);
    const [reminder] = await db().select().from(smsOutbox).where(eq(smsOutbox.purpose, "reminder-today"));
    expect(reminder).toMatchObject({ recipient: phone, status: "pending" });
    expect(reminder?.body).toContain("오늘 14:00 견본주택 방문 예약을 안내해 드립니다");
    expect(reminder?.body).toContain("(링크 가림)");

    await cancelBookingByLink(await keyTextedTo(phone, "confirmation", "visit"), kstInstant(day, "12:10"));

    const [after] = await db().select().from(smsOutbox).where(eq(smsOutbox.purpose, "reminder-today"));
    expect(after?.status).toBe("withdrawn");
  });

  test("a booking moved the day before gets one reminder of each kind for its new time, none for the old", async () => {
    const day = dayFromToday(3);
    const slots = await openDay(day);
    const at = (time: string) => slots.find((slot) => slot.startsAt.getTime() === kstInstant(day, time).getTime())!;
    const phone = uniquePhone();
    await book(at("10:00"), { phone });
    const dayBefore = addDays(day, -1);
    expect(await queueVisitReminders(kstInstant(dayBefore, "10:00"))).toBe(1);

    const moved = await changeBookingByLink(await keyTextedTo(phone, "confirmation", "visit"), at("15:00").id, {
      now: kstInstant(dayBefore, "11:00"),
      budget: null,
    });
    expect(moved.state).toBe("changed");

    expect(await queueVisitReminders(kstInstant(dayBefore, "11:10"))).toBe(0);
    expect(await queueSameDayReminders(kstInstant(day, "13:00"))).toBe(1);
    expect(await queueSameDayReminders(kstInstant(day, "13:30"))).toBe(0);
    const texts = await db()
      .select({ purpose: smsOutbox.purpose, status: smsOutbox.status, body: smsOutbox.body })
      .from(smsOutbox)
      .where(and(eq(smsOutbox.recipient, phone), inArray(smsOutbox.purpose, ["reminder", "reminder-today"])));
    expect(texts.filter((text) => text.status === "pending").map((text) => text.purpose)).toEqual(["reminder-today"]);
    expect(texts.find((text) => text.status === "pending")?.body).toContain("15:00");
    expect(texts.filter((text) => text.purpose === "reminder").map((text) => text.status)).toEqual(["withdrawn"]);
  });

  test("a no-show is texted once with the booking's own link; unmarking it withdraws the unsent text, and a no-show marked again queues one", async () => {
    const day = dayFromToday(1);
    const [slot] = await openDay(day);
    const phone = uniquePhone();
    await book(slot!, { phone });
    const [booking] = await bookedIn(slot!.id);
    const change = await owner();
    const onTheDay = kstInstant(day, "18:00");

    expect(await markAttendance(change, booking!.id, "no_show", onTheDay)).toBe("done");
    expect(await markAttendance(change, booking!.id, "no_show", onTheDay)).toBe("done");
    expect(await db().$count(smsOutbox, eq(smsOutbox.purpose, "no-show"))).toBe(1);
    expect(await keyTextedTo(phone, "no-show", "visit")).toBe(booking!.linkToken);

    expect(await markAttendance(change, booking!.id, "visited", onTheDay)).toBe("done");
    expect(await markAttendance(change, booking!.id, "no_show", onTheDay)).toBe("done");

    const texts = await db().select().from(smsOutbox).where(eq(smsOutbox.purpose, "no-show")).orderBy(asc(smsOutbox.id));
    expect(texts.map((text) => [text.recipient, text.status, text.bookingId])).toEqual([
      [phone, "withdrawn", booking!.id],
      [phone, "pending", booking!.id],
    ]);
  });

  test("the no-show text's link offers a new time: choosing one books it and keeps the missed visit on record", async () => {
    const day = dayFromToday(1);
    const [slot] = await openDay(day);
    const [later] = await openDay(dayFromToday(4));
    const phone = uniquePhone();
    await book(slot!, { phone, partySize: "2" });
    const [booking] = await bookedIn(slot!.id);
    const afterTheVisit = kstInstant(day, "18:00");
    await markAttendance(await owner(), booking!.id, "no_show", afterTheVisit);
    const key = await keyTextedTo(phone, "no-show", "visit");

    expect((await findBookingByLink(key, afterTheVisit)).state).toBe("missed");
    const changed = await changeBookingByLink(key, later!.id, { now: afterTheVisit, budget: null });

    expect(changed.state).toBe("changed");
    const [missed] = await db().select().from(visitBookings).where(eq(visitBookings.id, booking!.id));
    expect(missed).toMatchObject({ status: "no_show", slotId: slot!.id });
    const [rebooked] = await bookedIn(later!.id);
    expect(rebooked).toMatchObject({ phone, leadId: booking!.leadId, linkToken: key, partySize: 2 });
    expect((await findBookingByLink(key, afterTheVisit)).state).toBe("active");
  });
});

describe("the waitlist's names and phones", () => {
  test("are destroyed a week after their visit day, whatever became of them, while the line of a recent day stays", async () => {
    const day = dayFromToday(2);
    const [slot] = await openDay(day);
    await setSlotCapacity(SITE, slot!.id, 1);
    expect((await book(slot!, { phone: uniquePhone() })).status).toBe(200);
    const waiting = uniquePhone();
    await join(slot!.id, waiting);
    const entries = () => db().select().from(visitWaitlist).where(eq(visitWaitlist.slotId, slot!.id));
    expect(await entries()).toHaveLength(1);

    const noonOf = (offset: number) => kstInstant(addDays(day, offset), "12:00");
    expect((await purgeExpiredLeads({ now: noonOf(WAITLIST_KEPT_DAYS) })).waitlist).toBe(0);
    expect(await entries()).toHaveLength(1);

    const report = await purgeExpiredLeads({ now: noonOf(WAITLIST_KEPT_DAYS + 1) });
    expect(report.waitlist).toBe(1);
    expect(await entries()).toEqual([]);
    // The booking's lead keeps its own period.
    expect(await bookedIn(slot!.id)).toHaveLength(1);
  });
});
