import { and, eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, test } from "vitest";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { destroyLeads } from "#app/.server/leads/bin.ts";
import { leads, smsOutbox, visitBookings, visitSlots } from "#app/.server/schema.ts";
import { unsealText } from "#app/.server/sealed.ts";
import { seedDemoContent } from "#app/.server/seed.ts";
import { cancelBookingByLink, findBookingByLink } from "#app/.server/visits/booking-link.ts";
import { closeVisitDay, listBookableSchedule, openVisitDays } from "#app/.server/visits/schedule.ts";
import { listScheduleForAdmin, setSlotCapacity } from "#app/.server/visits/console.ts";
import { markAttendance } from "#app/.server/visits/office.ts";
import { queueVisitReminders } from "#app/.server/visits/reminders.ts";
import { VISIT_MESSAGES } from "#app/forms/visit.ts";
import { VISIT_REFUSALS } from "#app/forms/visit-refusals.ts";
import { action as visitPageAction } from "#app/routes/site/customer.tsx";
import { kstDay, kstInstant, addDays } from "#app/utils/kst.ts";
import { withTestDatabase } from "#tests/db.ts";
import { addStaff } from "#tests/staff.ts";
import { filledForm, pageOutcome, post, SITE_URL, submitJson, uniquePhone, cookieFrom } from "#tests/lead-requests.ts";

const BASE_ENV = { SITE_URL, SESSION_SECRET: "visits-integration-test-secret-0123456789", LEADS_RATE_LIMIT: "off" };
setEnv(parseEnv(BASE_ENV));

withTestDatabase();

afterEach(() => setEnv(parseEnv(BASE_ENV)));

const SITE = "daegu";
/** Korean days counted from today: the form books real future slots, so the days are relative. */
const dayFromToday = (days: number) => addDays(kstDay(new Date()), days);

async function slotsOf(day: string) {
  return db()
    .select()
    .from(visitSlots)
    .where(and(eq(visitSlots.site, SITE), eq(visitSlots.day, day)))
    .orderBy(visitSlots.startsAt);
}

async function openDay(day: string) {
  await openVisitDays(SITE, [day]);
  return slotsOf(day);
}

function book(
  slot: { id: number; day: string },
  fields: Record<string, string> = {},
  { headers }: { headers?: Record<string, string> } = {},
) {
  return submitJson("visit", filledForm("visit", { visitDate: slot.day, visitSlot: String(slot.id), ...fields }), {
    client: `198.51.100.${Math.floor(Math.random() * 250)}`,
    headers,
  });
}

async function placesLeft(slotId: number) {
  const schedule = await listBookableSchedule(SITE);
  return schedule.flatMap((day) => day.slots).find((slot) => slot.id === slotId)?.remaining;
}

async function activeBookings(slotId?: number) {
  return db()
    .select()
    .from(visitBookings)
    .where(and(slotId === undefined ? undefined : eq(visitBookings.slotId, slotId), eq(visitBookings.status, "booked")));
}

async function confirmationOf(phone: string) {
  const rows = await db()
    .select()
    .from(smsOutbox)
    .where(and(eq(smsOutbox.recipient, phone), eq(smsOutbox.purpose, "confirmation")))
    .orderBy(smsOutbox.id);
  return rows.at(-1);
}

/** The booking's key from its text as the visitor gets it (the outbox shows the link masked; decision 024). */
function cancelTokenIn(message: { body: string; sealedBody: string | null }) {
  const sent = message.sealedBody === null ? message.body : unsealText(message.sealedBody)!;
  const match = new RegExp(`${SITE_URL}/${SITE}/visit/([^\\s]+)`).exec(sent);
  if (!match) throw new Error(`No cancel link in: ${sent}`);
  return match[1]!;
}

describe("booking a visit slot", () => {
  // 200 bookings through the whole app: on a busy machine that takes more than the default 30 s.
  test("200 visitors booking one slot of capacity 10 at once: exactly 10 succeed, 190 hear it is full, 0 places are left", async () => {
    const [slot] = await openDay(dayFromToday(2));
    await setSlotCapacity(SITE, slot!.id, 10);

    const answers = await Promise.all(Array.from({ length: 200 }, () => book(slot!)));

    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(190);
    for (const answer of refused) expect(answer.body.message).toContain(VISIT_REFUSALS.full);
    expect(await activeBookings(slot!.id)).toHaveLength(10);
    expect(await placesLeft(slot!.id)).toBe(0);
    expect(await db().$count(leads)).toBe(10);
  }, 120_000);

  test("stores the visit lead, the booking and a confirmation with date, time, address, the receipt number and a personal cancel link", async () => {
    const day = dayFromToday(3);
    const [, second] = await openDay(day);
    const phone = uniquePhone();

    const answer = await book(second!, { phone, name: "정다은" });

    expect(answer.status).toBe(200);
    expect(answer.body.message).toMatch(/11:00 견본주택 방문 예약이 완료되었습니다/);
    const [booking] = await activeBookings(second!.id);
    expect(booking).toMatchObject({ name: "정다은", phone, status: "booked" });
    const message = await confirmationOf(phone);
    expect(message?.bookingId).toBe(booking!.id);
    const [, month, date] = day.split("-").map(Number);
    expect(message?.body).toContain(`■ 방문일시: ${month}월 ${date}일`);
    expect(message?.body).toContain("11:00");
    expect(message?.body).toContain("대구광역시 동구 동부로 000, 온빛채 견본주택");
    const [lead] = await db().select({ receiptNumber: leads.receiptNumber }).from(leads).where(eq(leads.phone, phone));
    expect(message?.body).toContain(`■ 접수번호: ${lead!.receiptNumber}`);
    expect(cancelTokenIn(message!)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await placesLeft(second!.id)).toBe(5);
  });

  test("a full slot's refusal names the times still free that day, and the next day when that day is full", async () => {
    const day = dayFromToday(2);
    const slots = await openDay(day);
    for (const slot of slots.slice(0, -1)) await setSlotCapacity(SITE, slot.id, 0);
    const last = slots.at(-1)!;
    await setSlotCapacity(SITE, last.id, 1);
    await openDay(dayFromToday(3));

    expect((await book(slots[0]!)).body.message).toBe(`${VISIT_REFUSALS.full} ${VISIT_REFUSALS.sameDayAlternatives(["17:00"])}`);
    expect((await book(last)).status).toBe(200);
    const refusal = await book(last);
    expect(refusal.status).toBe(409);
    expect(refusal.body.message).toMatch(/가장 빠른 예약 가능 일시: \d+월 \d+일 \(.\) 10:00, 11:00/);
    expect(refusal.body.errors).toHaveProperty("visitSlot");
  });

  test("booking again from the same browser moves the booking and frees the first place", async () => {
    const [first, second] = await openDay(dayFromToday(4));
    const phone = uniquePhone();

    const booked = await book(first!, { phone });
    expect(booked.status).toBe(200);
    expect((await book(second!, { phone }, { headers: { Cookie: cookieFrom(booked.headers) } })).status).toBe(200);

    const mine = await db().select().from(visitBookings).where(eq(visitBookings.phone, phone)).orderBy(visitBookings.id);
    expect(mine.map((booking) => [booking.slotId, booking.status])).toEqual([
      [first!.id, "moved"],
      [second!.id, "booked"],
    ]);
    expect(await placesLeft(first!.id)).toBe(6);
    // The visitor is told the new time; the first confirmation is history.
    const confirmations = await db()
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.recipient, phone), eq(smsOutbox.purpose, "confirmation")));
    expect(confirmations).toHaveLength(2);
    expect(confirmations.at(-1)?.body).toContain("11:00");
  });

  test("knowing a phone number moves nobody's booking: another browser's booking of that phone is refused that day and its own on another", async () => {
    const [first, second] = await openDay(dayFromToday(4));
    const [nextDay] = await openDay(dayFromToday(6));
    const victim = uniquePhone();
    expect((await book(first!, { phone: victim })).status).toBe(200);
    const sameDay = await book(second!, { phone: victim, name: "다른사람" });
    expect(sameDay.status).toBe(409);
    expect(sameDay.body.message).toContain("예약 안내 문자에 있는 링크");
    expect((await book(nextDay!, { phone: victim, name: "다른사람" })).status).toBe(200);
    const bookings = await db().select().from(visitBookings).where(eq(visitBookings.phone, victim)).orderBy(visitBookings.id);
    expect(bookings.map((booking) => [booking.slotId, booking.status])).toEqual([
      [first!.id, "booked"],
      [nextDay!.id, "booked"],
    ]);
    expect(await placesLeft(first!.id)).toBe(5);
  });

  test("a full slot answers the same to everyone, whether or not their phone holds a place in it", async () => {
    const [slot] = await openDay(dayFromToday(5));
    await setSlotCapacity(SITE, slot!.id, 1);
    const holder = uniquePhone();
    expect((await book(slot!, { phone: holder })).status).toBe(200);
    const byHolderPhone = await book(slot!, { phone: holder });
    const byStranger = await book(slot!);
    expect(byHolderPhone.status).toBe(409);
    expect(byStranger.status).toBe(409);
    expect(byHolderPhone.body.message).toBe(byStranger.body.message);
  });

  test("the same submission twice (a double tap) books one place and sends one confirmation, even for the last place", async () => {
    const [slot] = await openDay(dayFromToday(2));
    await setSlotCapacity(SITE, slot!.id, 1);
    const form = filledForm("visit", { visitDate: slot!.day, visitSlot: String(slot!.id) });

    const [one, two] = await Promise.all([submitJson("visit", form), submitJson("visit", form)]);

    expect([one.status, two.status]).toEqual([200, 200]);
    expect(await activeBookings(slot!.id)).toHaveLength(1);
    expect(await db().$count(smsOutbox, eq(smsOutbox.purpose, "confirmation"))).toBe(1);
  });

  test("with an open schedule the form asks for a time, on the day it shows as chosen", async () => {
    const [slot] = await openDay(dayFromToday(2));

    const none = await submitJson("visit", filledForm("visit"));
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual({ visitSlot: VISIT_MESSAGES.chooseSlot });

    const otherDay = await book(slot!, { visitDate: dayFromToday(3) });
    expect(otherDay.status).toBe(400);
    expect(otherDay.body.errors).toEqual({ visitSlot: VISIT_MESSAGES.slotNotOnDate });

    const garbage = await submitJson("visit", filledForm("visit", { visitSlot: "'; drop table visit_slots; --" }));
    expect(garbage.status).toBe(400);
    expect(await db().$count(leads)).toBe(0);
  });

  test("a robot's booking (honeypot filled) is stored as spam and takes no place", async () => {
    const [slot] = await openDay(dayFromToday(2));
    const answer = await book(slot!, { _gotcha: "https://spam.example" });
    expect(answer.status).toBe(200);
    expect(await db().select({ spam: leads.spam }).from(leads)).toEqual([{ spam: true }]);
    expect(await db().$count(visitBookings)).toBe(0);
    expect(await db().$count(smsOutbox)).toBe(0);
    expect(await placesLeft(slot!.id)).toBe(6);
  });

  test("without a schedule the form is the plain one: no time asked, the spec's message", async () => {
    const answer = await submitJson("visit", filledForm("visit"));
    expect(answer).toMatchObject({
      status: 200,
      body: { ok: true, message: expect.stringMatching(/^등록이 완료되었습니다\. 전문상담원이 곧 연락드립니다\. 접수번호는 /) },
    });
  });

  test("a closed day is not offered and refuses a booking; a past time is refused", async () => {
    const closed = dayFromToday(5);
    const [slot] = await openDay(closed);
    await closeVisitDay(SITE, closed);
    await openDay(dayFromToday(6));

    expect((await listBookableSchedule(SITE)).map((day) => day.day)).toEqual([dayFromToday(6)]);
    const refusal = await book(slot!);
    expect(refusal.status).toBe(409);
    expect(refusal.body.message).toContain(VISIT_REFUSALS.closed);

    const [earlyToday] = await openDay(dayFromToday(0));
    const [pastSlot] = await db()
      .update(visitSlots)
      .set({ startsAt: new Date(Date.now() - 60_000) })
      .where(eq(visitSlots.id, earlyToday!.id))
      .returning();
    const late = await book(pastSlot!);
    expect(late.status).toBe(409);
    expect(late.body.message).toContain(VISIT_REFUSALS.past);
  });

  test("without JavaScript a refused time comes back as the page's message, the typed name kept", async () => {
    const [slot] = await openDay(dayFromToday(2));
    await setSlotCapacity(SITE, slot!.id, 0);
    const form = filledForm("visit", { name: "한결", visitDate: slot!.day, visitSlot: String(slot!.id) });
    const outcome = await pageOutcome(() => visitPageAction(post(`/${SITE}/customer`, form)));
    expect(outcome.status).toBe(409);
    expect(outcome.data).toMatchObject({ values: { name: "한결" }, errors: { visitSlot: expect.stringContaining(VISIT_REFUSALS.full) } });

    await setSlotCapacity(SITE, slot!.id, 3);
    const booked = await pageOutcome(() => visitPageAction(post(`/${SITE}/customer`, { ...form, _submission: "no-js-booking" })));
    expect(booked).toMatchObject({
      status: 303,
      location: expect.stringMatching(new RegExp(`^/${SITE}/customer\\?done=1&slot=${slot!.id}&receipt=[A-Z]+-\\d{8}-\\d{4}$`)),
    });
  });
});

describe("the cancel link", () => {
  test("shows the booking and cancels it with one post, freeing the place and withdrawing its unsent messages", async () => {
    const [slot] = await openDay(dayFromToday(2));
    const phone = uniquePhone();
    await book(slot!, { phone, name: "오세린" });
    const token = cancelTokenIn((await confirmationOf(phone))!);

    const shown = await findBookingByLink(token);
    expect(shown).toMatchObject({ state: "active", booking: { name: "오세린", time: "10:00" } });
    expect(await placesLeft(slot!.id)).toBe(5);

    expect(await cancelBookingByLink(token)).toMatchObject({ state: "cancelled" });
    expect(await placesLeft(slot!.id)).toBe(6);
    expect(await confirmationOf(phone)).toMatchObject({ status: "withdrawn" });
    // A second press changes nothing.
    expect(await cancelBookingByLink(token)).toMatchObject({ state: "cancelled" });
    expect(await placesLeft(slot!.id)).toBe(6);
  });

  test("is refused when forged, for another booking, or after the visit", async () => {
    const [slot] = await openDay(dayFromToday(2));
    const phone = uniquePhone();
    await book(slot!, { phone });
    const token = cancelTokenIn((await confirmationOf(phone))!);
    const [id, signature] = token.split(".");

    expect(await findBookingByLink(`${id}.${"A".repeat(22)}`)).toEqual({ state: "invalid" });
    expect(await findBookingByLink(`${(Number.parseInt(id!, 36) + 1).toString(36)}.${signature}`)).toEqual({ state: "invalid" });
    expect(await findBookingByLink("../../admin")).toEqual({ state: "invalid" });

    const afterVisit = new Date(slot!.endsAt.getTime() + 1);
    expect(await cancelBookingByLink(token, afterVisit)).toMatchObject({ state: "expired" });
    expect(await activeBookings(slot!.id)).toHaveLength(1);
  });
});

describe("the day-before reminder", () => {
  test("is queued once for tomorrow's bookings from 10:00, never for cancelled ones or bookings made after that time", async () => {
    const visitDay = dayFromToday(3);
    const [ten, eleven, noon] = await openDay(visitDay);
    const keep = uniquePhone();
    const cancel = uniquePhone();
    const late = uniquePhone();
    await book(ten!, { phone: keep });
    await book(eleven!, { phone: cancel });
    await book(noon!, { phone: late });
    await cancelBookingByLink(cancelTokenIn((await confirmationOf(cancel))!));
    const dayBefore = addDays(visitDay, -1);
    // The late visitor booked after the day-before reminders went out.
    await db()
      .update(visitBookings)
      .set({ createdAt: kstInstant(dayBefore, "15:00") })
      .where(eq(visitBookings.phone, late));

    expect(await queueVisitReminders(kstInstant(dayBefore, "09:59"))).toBe(0);
    expect(await queueVisitReminders(kstInstant(dayBefore, "10:00"))).toBe(1);
    expect(await queueVisitReminders(kstInstant(dayBefore, "18:00"))).toBe(0);

    const reminders = await db().select().from(smsOutbox).where(eq(smsOutbox.purpose, "reminder"));
    expect(reminders.map((message) => message.recipient)).toEqual([keep]);
    expect(reminders[0]?.body).toContain("내일 견본주택 방문 예약을 안내해 드립니다");
    expect(reminders[0]?.body).toContain("10:00");
    expect(reminders[0]?.body).toContain("(링크 가림)");
    expect(cancelTokenIn(reminders[0]!)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  test("a reminder still waiting is withdrawn when the visitor cancels", async () => {
    const visitDay = dayFromToday(3);
    const [slot] = await openDay(visitDay);
    const phone = uniquePhone();
    await book(slot!, { phone });
    await queueVisitReminders(kstInstant(addDays(visitDay, -1), "10:00"));

    await cancelBookingByLink(cancelTokenIn((await confirmationOf(phone))!));

    const [reminder] = await db().select().from(smsOutbox).where(eq(smsOutbox.purpose, "reminder"));
    expect(reminder?.status).toBe("withdrawn");
  });
});

describe("the sales office's schedule", () => {
  test("the demo seed opens the coming two weeks of hourly slots once, and leaves a closed day closed", async () => {
    const now = new Date();
    await seedDemoContent(SITE, now);
    const schedule = await listScheduleForAdmin(SITE, { from: kstDay(now), days: 20 });
    expect(schedule).toHaveLength(14);
    expect(schedule[1]?.slots.map((slot) => slot.time)).toEqual(["10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00"]);

    await closeVisitDay(SITE, dayFromToday(1));
    await seedDemoContent(SITE, now);
    const again = await listScheduleForAdmin(SITE, { from: kstDay(now), days: 20 });
    expect(again.find((day) => day.day === dayFromToday(1))?.open).toBe(false);
    expect(await db().$count(visitSlots)).toBe(14 * 8);
  });

  test("a capacity never drops below the places taken; attendance keeps the place", async () => {
    const [slot] = await openDay(dayFromToday(2));
    await book(slot!);
    await book(slot!);

    expect(await setSlotCapacity(SITE, slot!.id, 1)).toEqual({ ok: false, reason: "below-booked", booked: 2 });
    expect(await setSlotCapacity(SITE, slot!.id, 2)).toEqual({ ok: true });
    const [first] = await activeBookings(slot!.id);
    const manager = await addStaff({ email: "manager@example.com", role: "manager" });
    const change = { site: SITE, actor: manager, clientAddress: "203.0.113.9" };
    expect(await markAttendance(change, first!.id, "visited", kstInstant(slot!.day, "18:00"))).toBe("done");
    expect(await placesLeft(slot!.id)).toBe(0);
    const [day] = await listScheduleForAdmin(SITE, { from: slot!.day, days: 1 });
    expect(day?.slots[0]?.bookings.map((booking) => booking.status).sort()).toEqual(["booked", "visited"]);
  });

  test("destroying the visit lead (a week after its deletion, or at its retention date) deletes its booking and frees the place", async () => {
    const [slot] = await openDay(dayFromToday(2));
    const phone = uniquePhone();
    await book(slot!, { phone });
    const [lead] = await db().select().from(leads).where(eq(leads.phone, phone));

    await db().transaction((tx) => destroyLeads(tx, "daegu", [lead!.id], "bin"));

    expect(await db().$count(visitBookings, inArray(visitBookings.slotId, [slot!.id]))).toBe(0);
    expect(await placesLeft(slot!.id)).toBe(6);
  });
});
