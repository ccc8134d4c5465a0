import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { issueFormToken } from "#app/.server/form-tokens.ts";
import { auditLog, leads, smsOutbox, visitBookings, visitSlots } from "#app/.server/schema.ts";
import { listBookableSchedule, openVisitDays } from "#app/.server/visits/schedule.ts";
import { addDays, kstDay } from "#app/utils/kst.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { withTestDatabase } from "#tests/db.ts";
import { BROWSER, uniquePhone } from "#tests/lead-requests.ts";
import { addStaff, consoleCookie, type TestStaff } from "#tests/staff.ts";

/**
 * Booking out the model house (issue #24): one phone booked a whole day from ten addresses in
 * seconds, and a wave of bookings filled days with nobody noticing. Sent through the whole app
 * under the production policy, as the attacker did.
 */

withTestDatabase();
let app: TestApp;
let manager: TestStaff;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());
beforeEach(async () => {
  // The strict policy, as in production; one proxy in front, so each request names its address.
  setEnv(parseEnv({ SITE_URL: app.origin, TRUST_PROXY: "1" }));
  manager = await addStaff({ email: "manager@example.com", role: "manager", name: "김실장" });
});

let nextDay = 2;
/** A day of the schedule no other test books (a fresh database each test, but the days are real). */
async function openDay() {
  nextDay += 1;
  const day = addDays(kstDay(new Date()), nextDay);
  await openVisitDays("daegu", [day]);
  const slots = await db().select().from(visitSlots).where(eq(visitSlots.day, day)).orderBy(visitSlots.startsAt);
  return { day, slots };
}

/** A visitor's booking as a browser on `address` posts it: the form rendered three seconds ago, its own token. */
async function book(slot: { id: number; day: string }, { phone = uniquePhone(), address }: { phone?: string; address: string }) {
  const response = await app.fetch("/actions/visit", {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Accept: "application/json",
      "User-Agent": BROWSER,
      Origin: app.origin,
      "X-Forwarded-For": address,
    },
    body: new URLSearchParams({
      name: "김하늘",
      phone,
      message: "",
      consent: "yes",
      _gotcha: "",
      _token: issueFormToken("daegu", "visit", Date.now() - 3_000),
      _submission: crypto.randomUUID(),
      visitDate: slot.day,
      visitSlot: String(slot.id),
    }).toString(),
  });
  return { status: response.status, body: (await response.json()) as { message?: string }, phone };
}

async function placesLeftOn(day: string) {
  const schedule = await listBookableSchedule("daegu");
  return (schedule.find((entry) => entry.day === day)?.slots ?? []).reduce((sum, slot) => sum + slot.remaining, 0);
}

async function consolePage(path: string) {
  const response = await app.fetch(path, { headers: { Cookie: await consoleCookie(manager) } });
  // React separates adjacent text with empty comments; a person reads through them.
  return { status: response.status, text: (await response.text()).replaceAll("<!-- -->", "") };
}

async function consolePost(path: string, fields: Record<string, string>) {
  return app.fetch(path, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Cookie: await consoleCookie(manager),
      Origin: app.origin,
      "X-Forwarded-For": "203.0.113.200",
    },
    body: new URLSearchParams(fields).toString(),
  });
}

/** A wave: `count` bookings at once, with phones of their own, each from an address of its own, spread over the day. */
async function bookWave(count: number, slots: { id: number; day: string }[]) {
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) => book(slots[i % slots.length]!, { address: `198.51.100.${i + 1}` })),
  );
  expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
  return db()
    .select()
    .from(visitBookings)
    .where(
      inArray(
        visitBookings.phone,
        answers.map((answer) => answer.phone),
      ),
    )
    .orderBy(visitBookings.id);
}

describe("one phone", () => {
  test("48 parallel bookings of one day by one phone from 10 addresses book one place; the rest are told to use the text's link", async () => {
    const { day, slots } = await openDay();
    const before = await placesLeftOn(day);
    expect(before).toBe(48);
    const phone = uniquePhone();
    const answers = await Promise.all(
      Array.from({ length: 48 }, (_, i) => book(slots[i % slots.length]!, { phone, address: `203.0.113.${(i % 10) + 1}` })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.map((answer) => answer.status)).toEqual(refused.map(() => 409));
    for (const answer of refused) expect(answer.body.message).toContain("예약 안내 문자에 있는 링크에서 변경해 주세요");
    const held = await db()
      .select()
      .from(visitBookings)
      .where(and(eq(visitBookings.phone, phone), eq(visitBookings.status, "booked")));
    expect(held).toHaveLength(1);
    expect(await placesLeftOn(day)).toBe(47);
  });
});

describe("a burst of bookings", () => {
  test("from many phones and addresses is flagged for review and shown on the visits page and the dashboard, not filling the day silently", async () => {
    const { slots } = await openDay();
    const wave = await bookWave(14, slots);
    expect(wave.map((booking) => booking.review)).toEqual(wave.map(() => "site-burst"));
    expect(wave.map((booking) => booking.status)).toEqual(wave.map(() => "booked"));

    const visits = await consolePage("/admin/visits");
    expect(visits.status).toBe(200);
    expect(visits.text).toContain("검토가 필요한 예약");
    expect(visits.text).toMatch(/검토가 필요한 예약 <span[^>]*>14건/);
    expect(visits.text).toContain("짧은 시간에 예약이 몰림");
    const dashboard = await consolePage("/admin");
    expect(dashboard.text).toMatch(/방문 예약 14건이 검토를 기다립니다/);
  });

  test("from one address is flagged as that address's wave, while three bookings from it are not", async () => {
    const { slots } = await openDay();
    const address = "192.0.2.77";
    for (let i = 0; i < 3; i++) expect((await book(slots[i]!, { address })).status).toBe(200);
    expect((await db().select().from(visitBookings)).map((booking) => booking.review)).toEqual([null, null, null]);
    expect((await book(slots[3]!, { address })).status).toBe(200);
    const flagged = await db().select().from(visitBookings).orderBy(visitBookings.id);
    expect(flagged.map((booking) => booking.review)).toEqual(["address-burst", "address-burst", "address-burst", "address-burst"]);
    expect((await consolePage("/admin/visits")).text).toContain("같은 곳에서 4건");
  });

  test("marked as spam by a manager frees its places, withdraws its unsent texts and marks its leads as spam, in one recorded change", async () => {
    const { day, slots } = await openDay();
    const wave = await bookWave(14, slots);
    expect(await placesLeftOn(day)).toBe(48 - 14);
    const [genuine, ...spam] = wave;

    const cleared = await consolePost("/admin/visits", { intent: "burst-clear", bookingIds: String(genuine!.id) });
    expect(cleared.status).toBe(303);
    const marked = await consolePost("/admin/visits", { intent: "burst-spam", bookingIds: wave.map((booking) => booking.id).join(",") });
    expect(marked.status).toBe(303);

    const after = await db().select().from(visitBookings).orderBy(visitBookings.id);
    expect(after[0]).toMatchObject({ id: genuine!.id, status: "booked" });
    expect(after.slice(1).map((booking) => booking.status)).toEqual(spam.map(() => "cancelled"));
    expect(await placesLeftOn(day)).toBe(47);
    const spamLeads = await db()
      .select()
      .from(leads)
      .where(
        inArray(
          leads.id,
          spam.map((booking) => booking.leadId),
        ),
      );
    expect(spamLeads.map((lead) => [lead.spam, lead.status])).toEqual(spamLeads.map(() => [true, "spam"]));
    const texts = await db()
      .select()
      .from(smsOutbox)
      .where(
        inArray(
          smsOutbox.bookingId,
          wave.map((booking) => booking.id),
        ),
      )
      .orderBy(smsOutbox.bookingId);
    expect(texts.map((text) => text.status)).toEqual(["pending", ...spam.map(() => "withdrawn")]);
    const records = await db().select().from(auditLog).where(eq(auditLog.action, "visits.change")).orderBy(auditLog.id);
    expect(records.map((record) => record.detail)).toEqual([
      { intent: "burst-clear", bookingIds: [genuine!.id] },
      { intent: "burst-spam", bookingIds: spam.map((booking) => booking.id) },
    ]);

    // Another wave within the window: its bookings wait for review, the one cleared stays cleared.
    const next = await bookWave(13, slots);
    const page = await consolePage("/admin/visits");
    expect(page.text).toMatch(/검토가 필요한 예약 <span[^>]*>13건/);
    const [stillGenuine] = await db().select().from(visitBookings).where(eq(visitBookings.id, genuine!.id));
    expect(stillGenuine!.reviewedAt).not.toBeNull();
    expect(next.every((booking) => booking.review === "site-burst")).toBe(true);
  });

  test("is answered only by someone who may manage visits", async () => {
    const { slots } = await openDay();
    const wave = await bookWave(13, slots);
    const counsellor = await addStaff({ email: "counsellor@example.com", role: "counsellor" });
    const response = await app.fetch("/admin/visits", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: await consoleCookie(counsellor),
        Origin: app.origin,
      },
      body: new URLSearchParams({ intent: "burst-spam", bookingIds: wave.map((booking) => booking.id).join(",") }).toString(),
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect((await db().select().from(visitBookings)).map((booking) => booking.status)).toEqual(wave.map(() => "booked"));
  });

  test("an answer naming no booking is refused with a Korean message, never a server error", async () => {
    const response = await consolePost("/admin/visits", { intent: "burst-spam", bookingIds: "1,abc" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("검토할 예약이 올바르지 않습니다");
  });
});
