import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { changeSettings } from "#app/.server/content/site-settings.ts";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { smsOutbox, visitBookings, visitSlots } from "#app/.server/schema.ts";
import { unsealText } from "#app/.server/sealed.ts";
import { bookingsOutsideHours, listBookableSchedule, openingHoursOf, openVisitDays } from "#app/.server/visits/schedule.ts";
import { BOOK_BY_TIME_TEXT } from "#app/forms/lead.ts";
import { NO_OPEN_DAYS_TEXT } from "#app/forms/visit.ts";
import { VISIT_REFUSALS } from "#app/forms/visit-refusals.ts";
import { VISIT_CANCEL_TEXT } from "#app/forms/visit-pages.ts";
import { addDays, kstDay, kstTime } from "#app/utils/kst.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { withTestDatabase } from "#tests/db.ts";
import { BROWSER, filledForm, uniquePhone } from "#tests/lead-requests.ts";
import { addStaff, consoleCookie, type TestStaff } from "#tests/staff.ts";

/**
 * One booking path (issue #26, item 1): slots follow the hours the office sets, bookings the new
 * hours no longer cover are flagged in the console and kept, the personal link asks before it
 * cancels and texts the cancellation, and its change picker opens on the booked day.
 */

withTestDatabase();
let app: TestApp;
let manager: TestStaff;
const SITE = "daegu";

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());
beforeEach(async () => {
  setEnv(parseEnv({ SITE_URL: app.origin, SESSION_SECRET: "booking-path-test-secret-0123456789", LEADS_RATE_LIMIT: "off" }));
  manager = await addStaff({ email: "manager@example.com", role: "manager" });
});

const dayFromToday = (days: number) => addDays(kstDay(new Date()), days);

async function openDay(day: string) {
  await openVisitDays(SITE, [day]);
  return db()
    .select()
    .from(visitSlots)
    .where(and(eq(visitSlots.site, SITE), eq(visitSlots.day, day)))
    .orderBy(visitSlots.startsAt);
}

async function book(slot: { id: number; day: string }, phone = uniquePhone()) {
  const response = await app.fetch("/actions/visit", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json", Origin: app.origin, "User-Agent": BROWSER },
    body: new URLSearchParams(filledForm("visit", { phone, visitDate: slot.day, visitSlot: String(slot.id) })).toString(),
  });
  const answer = { status: response.status, body: (await response.json()) as { message?: string } };
  const [booking] = await db().select().from(visitBookings).where(eq(visitBookings.phone, phone));
  return { answer, booking, phone };
}

function setHours(hours: string) {
  return changeSettings({ site: SITE, actor: manager, clientAddress: "203.0.113.9" }, { modelHouseHours: hours });
}

async function textsOf(phone: string, purpose: "confirmation" | "visit-cancelled") {
  return db()
    .select()
    .from(smsOutbox)
    .where(and(eq(smsOutbox.recipient, phone), eq(smsOutbox.purpose, purpose)))
    .orderBy(smsOutbox.id);
}

function postPage(path: string, fields: Record<string, string>) {
  return app.fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html", Origin: app.origin, "User-Agent": BROWSER },
    body: new URLSearchParams(fields).toString(),
  });
}

describe("the way to a booking", () => {
  test("every 방문예약 in the frame (header, slide menu, footer, bottom bar) is a link to the booking page, so it works without scripts", async () => {
    const html = await (await app.fetch("/Brand/intro")).text();
    const visitLinks = [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>(?:(?!<\/a>)[\s\S])*방문예약(?:(?!<\/a>)[\s\S])*<\/a>/g)].map(
      (match) => match[1],
    );
    expect(visitLinks).toEqual(["/daegu/customer", "/daegu/customer", "/daegu/customer", "/daegu/customer"]);
  });

  test("with no day open, the booking page says so and offers the inquiry and the interest registration instead of a form", async () => {
    const html = await (await app.fetch("/daegu/customer")).text();
    expect(html).toContain(NO_OPEN_DAYS_TEXT.heading);
    expect(html).toMatch(/<a [^>]*href="\/Promotion\/Customer"[^>]*>상담 문의 남기기<\/a>/);
    expect(html).toContain(NO_OPEN_DAYS_TEXT.interest);
    expect(html).not.toContain('name="phone"');
  });

  test("while times can be booked, the inquiry page points to the booking and asks for no visit time in its message", async () => {
    const closed = await (await app.fetch("/Promotion/Customer")).text();
    expect(closed).not.toContain(BOOK_BY_TIME_TEXT.note);

    await openDay(dayFromToday(2));
    const open = await (await app.fetch("/Promotion/Customer")).text();
    expect(open).toContain(BOOK_BY_TIME_TEXT.note);
    expect(open).toMatch(/<a [^>]*href="\/daegu\/customer"[^>]*>방문 예약하기<\/a>/);
    expect(open).not.toContain("방문 일시");
    expect(open).toContain('<h2 class="lead-page__heading">상담 문의</h2>');
  });
});

describe("the model house's hours", () => {
  test("are read from the office's words, and words without a time range leave every slot on offer", () => {
    expect(openingHoursOf("매일 10:00 ~ 17:00 (방문 예약제)")).toEqual({ opens: 600, closes: 1020 });
    expect(openingHoursOf("평일 10시~17시 30분")).toEqual({ opens: 600, closes: 1050 });
    expect(openingHoursOf("연중무휴 방문 예약제")).toBeNull();
  });

  test("set to 10:00~17:00, offer no 17:00 slot (it would end after closing) and refuse a booking of it", async () => {
    const slots = await openDay(dayFromToday(2));
    const five = slots.find((slot) => kstTime(slot.startsAt) === "17:00")!;
    const offeredTimes = async () => (await listBookableSchedule(SITE)).find((day) => day.day === five.day)!.slots.map((slot) => slot.time);
    expect(await offeredTimes()).toContain("17:00");

    await setHours("매일 10:00 ~ 17:00");

    expect(await offeredTimes()).toEqual(["10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00"]);
    const { answer, booking } = await book(five);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toContain(VISIT_REFUSALS["outside-hours"]);
    expect(booking).toBeUndefined();
  });

  test("shortened after a booking flag that booking in the console, on the visits page and after saving the settings, and keep it", async () => {
    const slots = await openDay(dayFromToday(3));
    const five = slots.find((slot) => kstTime(slot.startsAt) === "17:00")!;
    const ten = slots.find((slot) => kstTime(slot.startsAt) === "10:00")!;
    const late = await book(five);
    await book(ten);
    expect(late.answer.status).toBe(200);
    expect(await bookingsOutsideHours(SITE)).toEqual([]);

    await setHours("매일 10:00 ~ 17:00");

    const flagged = await bookingsOutsideHours(SITE);
    expect(flagged).toEqual([expect.objectContaining({ bookingId: late.booking!.id, day: five.day, maskedName: "김*늘" })]);
    const [kept] = await db().select().from(visitBookings).where(eq(visitBookings.id, late.booking!.id));
    expect(kept!.status).toBe("booked");

    const cookie = await consoleCookie(manager);
    for (const path of ["/admin/visits", "/admin/site-settings?saved=1"]) {
      const page = await app.fetch(path, { headers: { Cookie: cookie } });
      expect(page.status, path).toBe(200);
      const html = await page.text();
      expect(html, path).toContain("운영시간 밖의 예약 <!-- -->1<!-- -->건");
      expect(html, path).toContain(flagged[0]!.when);
    }
    const unsaved = await (await app.fetch("/admin/site-settings", { headers: { Cookie: cookie } })).text();
    expect(unsaved).not.toContain("운영시간 밖의 예약");
  });
});

describe("the booking's personal link", () => {
  async function bookedLink(dayOffset = 4) {
    const slots = await openDay(dayFromToday(dayOffset));
    const { booking, phone } = await book(slots[2]!);
    const [confirmation] = await textsOf(phone, "confirmation");
    const token = new RegExp(`/${SITE}/visit/([\\w-]+)`).exec(unsealText(confirmation!.sealedBody!)!)![1]!;
    return { booking: booking!, phone, link: `/${SITE}/visit/${token}` };
  }

  test("asks before it cancels: the page offers a link to a confirmation step, and that step posts the cancel", async () => {
    const { link } = await bookedLink();
    const page = await (await app.fetch(link)).text();
    const cancelButton = /<button[^>]*(?:name="intent"[^>]*value="cancel"|value="cancel"[^>]*name="intent")/;
    expect(page).not.toMatch(cancelButton);
    expect(page).toContain(`href="${link}?cancel=1#cancel"`);

    const asking = await (await app.fetch(`${link}?cancel=1`)).text();
    expect(asking).toContain("방문 예약을 취소하시겠습니까?");
    expect(asking).toMatch(cancelButton);
    expect(asking).toContain(VISIT_CANCEL_TEXT.confirmNo);
  });

  test("texts the cancellation once, even when the visitor posts it twice", async () => {
    const { booking, phone, link } = await bookedLink();

    const first = await postPage(link, { intent: "cancel" });
    const second = await postPage(link, { intent: "cancel" });

    expect([first.status, second.status]).toEqual([303, 303]);
    const [cancelled] = await db().select().from(visitBookings).where(eq(visitBookings.id, booking.id));
    expect(cancelled!.status).toBe("cancelled");
    const notices = await textsOf(phone, "visit-cancelled");
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ status: "pending", bookingId: booking.id });
    expect(notices[0]!.body).toContain("방문 예약이 취소되었습니다");
    expect(await (await app.fetch(link)).text()).toContain(VISIT_CANCEL_TEXT.cancelled);
  });

  test("opens its change picker on the booked day, not on today", async () => {
    await openDay(dayFromToday(1));
    const { link, booking } = await bookedLink(5);
    const [slot] = await db().select().from(visitSlots).where(eq(visitSlots.id, booking.slotId));

    const html = await (await app.fetch(link)).text();

    const checkedDays = [...html.matchAll(/<input[^>]*name="visitDate"[^>]*>/g)]
      .map((match) => match[0])
      .filter((tag) => / checked=""/.test(tag));
    expect(checkedDays).toHaveLength(1);
    expect(checkedDays[0]).toContain(`value="${slot!.day}"`);
  });
});
