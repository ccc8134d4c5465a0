import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { leadEvents, leads, leadStatusChanges, smsOutbox, visitBookings, visitSlots } from "#app/.server/schema.ts";
import { cancelBookingByLink } from "#app/.server/visits/booking-link.ts";
import { listBookableSchedule, openVisitDays } from "#app/.server/visits/schedule.ts";
import { listScheduleForAdmin } from "#app/.server/visits/console.ts";
import { cancelBookingByStaff, markAttendance, moveBookingByStaff } from "#app/.server/visits/office.ts";
import { action as visitsActionRaw, loader as visitsLoaderRaw } from "#app/routes/admin/visits/visits.tsx";
import { addDays, kstDay, kstInstant } from "#app/utils/kst.ts";
import { withTestDatabase } from "#tests/db.ts";
import { filledForm, SITE_URL, submitJson, uniquePhone } from "#tests/lead-requests.ts";
import { routeContext } from "#tests/route-context.ts";
import { addStaff, consoleCookie, type TestStaff } from "#tests/staff.ts";
import { viaConsole } from "#tests/console-call.ts";

const visitsAction = viaConsole(visitsActionRaw);
const visitsLoader = viaConsole(visitsLoaderRaw);

setEnv(parseEnv({ SITE_URL, SESSION_SECRET: "console-visits-test-secret-0123456789", LEADS_RATE_LIMIT: "off" }));

withTestDatabase();

const SITE = "daegu";
const dayFromToday = (days: number) => addDays(kstDay(new Date()), days);

let manager: TestStaff;
beforeEach(async () => {
  manager = await addStaff({ email: "manager@example.com", role: "manager", name: "김실장" });
});

const acting = () => ({ site: SITE, actor: manager, clientAddress: "203.0.113.9" });

async function openDay(day: string) {
  await openVisitDays(SITE, [day]);
  return db()
    .select()
    .from(visitSlots)
    .where(and(eq(visitSlots.site, SITE), eq(visitSlots.day, day)))
    .orderBy(visitSlots.startsAt);
}

/** A visitor books the slot through the public form; answers their booking. */
async function book(slot: { id: number; day: string }, name = "박방문") {
  const phone = uniquePhone();
  await submitJson("visit", filledForm("visit", { name, phone, visitDate: slot.day, visitSlot: String(slot.id) }), {
    client: `198.51.100.${Math.floor(Math.random() * 250)}`,
  });
  const [booking] = await db().select().from(visitBookings).where(eq(visitBookings.phone, phone));
  return booking!;
}

async function leadOf(booking: { leadId: number }) {
  const [lead] = await db().select().from(leads).where(eq(leads.id, booking.leadId));
  return lead!;
}

async function eventsOf(leadId: number) {
  return db().select().from(leadEvents).where(eq(leadEvents.leadId, leadId)).orderBy(leadEvents.id);
}

async function scheduledBooking(day: string, bookingId: number) {
  const [entry] = await listScheduleForAdmin(SITE, { from: day, days: 1 });
  return entry!.slots.flatMap((slot) => slot.bookings).find((booking) => booking.id === bookingId);
}

function adminPost(fields: Record<string, string>, cookie: string) {
  const request = new Request(new URL("/admin/visits", SITE_URL), {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Origin: SITE_URL, Cookie: cookie },
  });
  return { request, url: new URL(request.url), pattern: "", params: {}, context: routeContext(request.url, { client: "203.0.113.9" }) };
}

/** What the action answered: a redirect's status, or the data it returned (with its status). */
async function answer(run: () => Promise<unknown>) {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, data: undefined };
  const init = (result as { init?: ResponseInit | null }).init;
  return { status: init?.status ?? 200, data: (result as { data: unknown }).data as Record<string, unknown> };
}

describe("marking a visit", () => {
  test("marking a visit 방문 before its day is refused", async () => {
    const [slot] = await openDay(dayFromToday(2));
    const booking = await book(slot!);
    expect(await markAttendance(acting(), booking.id, "visited")).toBe("too-early");
    expect(await markAttendance(acting(), booking.id, "no_show")).toBe("too-early");
    const [row] = await db().select().from(visitBookings).where(eq(visitBookings.id, booking.id));
    expect(row!.status).toBe("booked");

    const cookie = await consoleCookie(manager);
    const refused = await answer(() =>
      visitsAction(adminPost({ intent: "attendance", bookingId: String(booking.id), status: "visited", shown: "booked" }, cookie) as never),
    );
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({ result: { error: { "": ["방문·노쇼는 방문일 당일부터 표시할 수 있습니다."] } } });
  });

  test("방문 sets the lead to 방문 완료 with a history entry, and undoing it restores the status it had", async () => {
    const [slot] = await openDay(dayFromToday(2));
    const booking = await book(slot!);
    await db().update(leads).set({ status: "contacted" }).where(eq(leads.id, booking.leadId));
    const onTheDay = kstInstant(slot!.day, "18:00");

    expect(await markAttendance(acting(), booking.id, "visited", onTheDay)).toBe("done");
    expect((await leadOf(booking)).status).toBe("visited");
    const changes = await db()
      .select()
      .from(leadStatusChanges)
      .where(eq(leadStatusChanges.leadId, booking.leadId))
      .orderBy(leadStatusChanges.id);
    expect(changes.map((row) => [row.fromStatus, row.toStatus, row.authorEmail])).toEqual([["contacted", "visited", manager.email]]);
    const [marked] = await eventsOf(booking.leadId);
    expect(marked).toMatchObject({
      kind: "visit-marked",
      actorEmail: manager.email,
      detail: { bookingId: booking.id, from: "booked", to: "visited", leadStatusBefore: "contacted" },
    });

    expect(await markAttendance(acting(), booking.id, "booked", onTheDay)).toBe("done");
    expect((await leadOf(booking)).status).toBe("contacted");
    const after = await db()
      .select()
      .from(leadStatusChanges)
      .where(eq(leadStatusChanges.leadId, booking.leadId))
      .orderBy(leadStatusChanges.id);
    expect(after.map((row) => [row.fromStatus, row.toStatus])).toEqual([
      ["contacted", "visited"],
      ["visited", "contacted"],
    ]);
  });

  test("노쇼 is recorded in the lead's history without changing its status, and a contracted lead is never moved back", async () => {
    const [slot] = await openDay(dayFromToday(2));
    const noShow = await book(slot!, "노쇼손님");
    const contracted = await book(slot!, "계약손님");
    await db().update(leads).set({ status: "contracted" }).where(eq(leads.id, contracted.leadId));
    const onTheDay = kstInstant(slot!.day, "18:00");

    await markAttendance(acting(), noShow.id, "no_show", onTheDay);
    await markAttendance(acting(), contracted.id, "visited", onTheDay);

    expect((await leadOf(noShow)).status).toBe("new");
    expect((await eventsOf(noShow.leadId)).map((event) => event.kind)).toEqual(["visit-marked"]);
    expect((await leadOf(contracted)).status).toBe("contracted");
    expect(await db().$count(leadStatusChanges)).toBe(0);
  });
});

describe("cancelled and moved bookings", () => {
  test("a customer's cancellation stays in the schedule, struck through, and in the lead's history", async () => {
    const [slot] = await openDay(dayFromToday(2));
    const booking = await book(slot!);
    await cancelBookingByLink(booking.linkToken);

    const shown = await scheduledBooking(slot!.day, booking.id);
    expect(shown).toMatchObject({ status: "cancelled", cancelledByName: null });
    expect(shown!.cancelledAt).not.toBeNull();
    const [event] = await eventsOf(booking.leadId);
    expect(event).toMatchObject({ kind: "visit-cancelled", actorId: null, detail: { bookingId: booking.id, by: "customer" } });
    expect((await listBookableSchedule(SITE)).flatMap((day) => day.slots).find((entry) => entry.id === slot!.id)?.remaining).toBe(6);
  });

  test("a booking the office cancels names the person, withdraws its unsent texts and frees its place", async () => {
    const [slot] = await openDay(dayFromToday(2));
    const booking = await book(slot!);
    expect(await cancelBookingByStaff(acting(), booking.id)).toBe("done");

    expect(await scheduledBooking(slot!.day, booking.id)).toMatchObject({ status: "cancelled", cancelledByName: "김실장" });
    const texts = await db().select().from(smsOutbox).where(eq(smsOutbox.bookingId, booking.id));
    expect(texts.map((text) => text.status)).toEqual(["withdrawn"]);
    expect((await eventsOf(booking.leadId)).at(-1)).toMatchObject({
      kind: "visit-cancelled",
      actorEmail: manager.email,
      detail: { by: "staff" },
    });
    expect(await cancelBookingByStaff(acting(), booking.id)).toBe("not-found");
  });

  test("a booking moved by staff keeps its place count right, and its new confirmation says the lead's receipt number again", async () => {
    const [first, second] = await openDay(dayFromToday(2));
    const booking = await book(first!);
    await db().update(visitSlots).set({ capacity: 1 }).where(eq(visitSlots.id, second!.id));

    expect(await moveBookingByStaff(acting(), booking.id, second!.id)).toBe("done");
    const slots = (await listBookableSchedule(SITE)).flatMap((day) => day.slots);
    expect(slots.find((entry) => entry.id === first!.id)?.remaining).toBe(6);
    expect(slots.find((entry) => entry.id === second!.id)?.remaining).toBe(0);

    const moved = await scheduledBooking(first!.day, booking.id);
    expect(moved).toMatchObject({ status: "moved", cancelledByName: "김실장" });
    expect(moved!.movedTo).toContain(" 11:00");
    const [now] = await db()
      .select()
      .from(visitBookings)
      .where(and(eq(visitBookings.slotId, second!.id), eq(visitBookings.status, "booked")));
    expect(now!.linkToken).toBe(booking.linkToken);
    const confirmation = await db().select().from(smsOutbox).where(eq(smsOutbox.bookingId, now!.id));
    expect(confirmation.map((text) => [text.purpose, text.status])).toEqual([["confirmation", "pending"]]);
    expect(confirmation[0]!.body).toContain("11:00");
    const [lead] = await db().select({ receiptNumber: leads.receiptNumber }).from(leads).where(eq(leads.id, booking.leadId));
    expect(lead!.receiptNumber).toMatch(/^DG-\d{8}-\d{4}$/);
    expect(confirmation[0]!.body).toContain(`접수번호: ${lead!.receiptNumber}`);
    expect((await eventsOf(booking.leadId)).at(-1)).toMatchObject({ kind: "visit-moved", detail: { by: "staff", newBookingId: now!.id } });

    // The full slot takes nobody else, moved or booked.
    const other = await book(first!, "다른손님");
    expect(await moveBookingByStaff(acting(), other.id, second!.id)).toBe("full");
  });
});

describe("closing a day", () => {
  test("closing a day with bookings asks first; confirming texts each booked visitor and cancels their bookings", async () => {
    const day = dayFromToday(3);
    const [slot] = await openDay(day);
    const first = await book(slot!, "첫손님");
    const second = await book(slot!, "둘째손님");
    const cookie = await consoleCookie(manager);

    const asked = await answer(() => visitsAction(adminPost({ intent: "close-day", day }, cookie) as never));
    expect(asked.status).toBe(200);
    const confirm = asked.data?.confirmClose as { visitors: { name: string }[] };
    expect(confirm.visitors.map((visitor) => visitor.name)).toEqual(["첫손님", "둘째손님"]);
    expect((await db().select().from(visitSlots).where(eq(visitSlots.id, slot!.id)))[0]!.open).toBe(true);

    const closed = await answer(() => visitsAction(adminPost({ intent: "close-day-confirmed", day }, cookie) as never));
    expect(closed.status).toBe(303);
    const bookings = await db().select().from(visitBookings).where(eq(visitBookings.slotId, slot!.id)).orderBy(visitBookings.id);
    expect(bookings.map((row) => [row.status, row.cancelledBy])).toEqual([
      ["cancelled", manager.id],
      ["cancelled", manager.id],
    ]);
    const notices = await db().select().from(smsOutbox).where(eq(smsOutbox.purpose, "day-closed")).orderBy(smsOutbox.id);
    expect(notices.map((text) => [text.bookingId, text.status])).toEqual([
      [first.id, "pending"],
      [second.id, "pending"],
    ]);
    expect(notices[0]!.body).toContain("1661-0000");
    expect(notices[0]!.body).not.toContain("선착순");
    expect((await eventsOf(first.leadId)).at(-1)).toMatchObject({
      kind: "day-closed",
      detail: { bookingId: first.id, date: day, texted: true },
    });
    expect((await db().select().from(visitSlots).where(eq(visitSlots.id, slot!.id)))[0]!.open).toBe(false);
  });

  test("a day without bookings closes at once", async () => {
    const day = dayFromToday(4);
    const [slot] = await openDay(day);
    const cookie = await consoleCookie(manager);
    expect((await answer(() => visitsAction(adminPost({ intent: "close-day", day }, cookie) as never))).status).toBe(303);
    expect((await db().select().from(visitSlots).where(eq(visitSlots.id, slot!.id)))[0]!.open).toBe(false);
  });
});

describe("the page", () => {
  test("opens on today's visitors, each with a number to call", async () => {
    const [slot] = await openDay(dayFromToday(0));
    // Written straight in: the form refuses a time of today that has already passed.
    const phone = uniquePhone();
    const [lead] = await db()
      .insert(leads)
      .values({
        submissionId: crypto.randomUUID(),
        kind: "visit",
        site: SITE,
        name: "오늘손님",
        phone,
        consentVersion: "test",
        consentedAt: new Date(),
        sourcePath: "/",
      })
      .returning({ id: leads.id });
    const [booking] = await db()
      .insert(visitBookings)
      .values({ site: SITE, slotId: slot!.id, leadId: lead!.id, name: "오늘손님", phone })
      .returning({ id: visitBookings.id });
    const cookie = await consoleCookie(manager);
    const request = new Request(new URL("/admin/visits", SITE_URL), { headers: { Cookie: cookie } });
    const args = {
      request,
      url: new URL(request.url),
      pattern: "",
      params: {},
      context: routeContext(request.url, { client: "203.0.113.9" }),
    };
    const page = (await visitsLoader(args as never)) as { todays: { id: number; name: string; tel: string | null }[] };
    expect(page.todays).toEqual([expect.objectContaining({ id: booking!.id, name: "오늘손님", tel: `tel:${phone}` })]);
  });
});
