import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import {
  auditLog,
  customers,
  leadEvents,
  leads,
  leadStatusChanges,
  smsOutbox,
  units,
  visitBookings,
  visitSlots,
} from "#app/.server/schema.ts";
import { checkInBooking } from "#app/.server/visits/check-in.ts";
import { openVisitDays } from "#app/.server/visits/schedule.ts";
import { action as customerActionRaw, loader as customerLoaderRaw } from "#app/routes/admin/leads/customer.tsx";
import { action as leadActionRaw, loader as leadLoaderRaw } from "#app/routes/admin/leads/lead.tsx";
import { action as binActionRaw } from "#app/routes/admin/leads/leads-bin.tsx";
import { action as textActionRaw } from "#app/routes/admin/leads/lead-text.tsx";
import { action as todayActionRaw, loader as todayLoaderRaw } from "#app/routes/admin/today.tsx";
import { action as visitsActionRaw } from "#app/routes/admin/visits/visits.tsx";
import { addDays, kstDay } from "#app/utils/kst.ts";
import { viaConsole } from "#tests/console-call.ts";
import { withTestDatabase } from "#tests/db.ts";
import { routeContext } from "#tests/route-context.ts";
import { addTeam, consoleCookie, type TestStaff } from "#tests/staff.ts";
import { addBuilding } from "#tests/units.ts";

/**
 * Visits and leads are one record to the team (issue #26 item 5): marking a visit from the lead,
 * customer, visits or 오늘 할 일 page changes the booking and the lead together; a counsellor marks their own
 * customers' visits and takes a lead nobody works; 스팸 asks first; every form answers all of its
 * field errors at once (docs/decisions/025).
 */

const SITE_URL = "http://localhost:3000";
setEnv(parseEnv({ SITE_URL, SESSION_SECRET: "visit-marks-integration-test-secret-0123456789" }));
withTestDatabase();

const leadAction = viaConsole(leadActionRaw);
const customerAction = viaConsole(customerActionRaw);
const visitsAction = viaConsole(visitsActionRaw);
const todayAction = viaConsole(todayActionRaw);
const todayLoader = viaConsole(todayLoaderRaw);
const binAction = viaConsole(binActionRaw);
const textAction = viaConsole(textActionRaw);
const leadLoader = viaConsole(leadLoaderRaw);
const customerLoader = viaConsole(customerLoaderRaw);

let team: { owner: TestStaff; manager: TestStaff; counsellor: TestStaff };
beforeEach(async () => {
  team = await addTeam();
});

async function insertLead(values: Partial<typeof leads.$inferInsert> = {}) {
  const phone = `0105${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;
  const [customer] = await db().insert(customers).values({ site: "daegu", phone }).returning({ id: customers.id });
  const [row] = await db()
    .insert(leads)
    .values({
      submissionId: crypto.randomUUID(),
      kind: "visit",
      site: "daegu",
      name: "박방문",
      phone,
      consentVersion: "2025-03-01",
      consentedAt: new Date(),
      sourcePath: "/",
      customerId: customer!.id,
      ...values,
    })
    .returning({ id: leads.id, customerId: leads.customerId });
  return row!;
}

/** A booking of the lead today (so 방문 may be marked), at the day's first time; or `daysAhead` later. */
async function bookToday(leadId: number, daysAhead = 0) {
  const day = addDays(kstDay(new Date()), daysAhead);
  await openVisitDays("daegu", [day]);
  const [slot] = await db().select().from(visitSlots).where(eq(visitSlots.day, day)).orderBy(visitSlots.startsAt).limit(1);
  const [booking] = await db()
    .insert(visitBookings)
    .values({ site: "daegu", slotId: slot!.id, leadId, name: "박방문", phone: "01055550000" })
    .returning({ id: visitBookings.id });
  return booking!.id;
}

async function post(
  handler: (args: never) => Promise<unknown>,
  path: string,
  params: Record<string, string>,
  staff: TestStaff,
  fields: Record<string, string>,
) {
  const request = new Request(new URL(path, SITE_URL), {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Origin: SITE_URL, Cookie: await consoleCookie(staff) },
  });
  let result: unknown;
  try {
    result = await handler({ request, params, url: new URL(request.url), context: routeContext(request.url) } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, data: undefined };
  const init = (result as { init?: ResponseInit | null }).init;
  return { status: init?.status ?? 200, data: (result as { data: Record<string, unknown> }).data };
}

const onLead = (staff: TestStaff, leadId: number, fields: Record<string, string>) =>
  post(leadAction, `/admin/leads/${leadId}`, { id: String(leadId) }, staff, fields);
const onVisits = (staff: TestStaff, fields: Record<string, string>) => post(visitsAction, "/admin/visits", {}, staff, fields);
const onToday = (staff: TestStaff, fields: Record<string, string>) => post(todayAction, "/admin/today", {}, staff, fields);

/** 오늘 할 일 as the person's console loads it. */
async function todayOf(staff: TestStaff) {
  const request = new Request(new URL("/admin/today", SITE_URL), { headers: { Cookie: await consoleCookie(staff) } });
  return (await todayLoader({ request, params: {}, context: routeContext(request.url) } as never)) as Awaited<
    ReturnType<typeof todayLoaderRaw>
  >;
}

async function bookingStatus(id: number) {
  const [row] = await db().select({ status: visitBookings.status }).from(visitBookings).where(eq(visitBookings.id, id));
  return row!.status;
}

async function leadRow(id: number) {
  const [row] = await db().select().from(leads).where(eq(leads.id, id));
  return row!;
}

async function recordsOf(leadId: number) {
  const rows = await db().select().from(auditLog).orderBy(auditLog.id);
  return rows
    .filter((row) => row.leadIds.includes(leadId))
    .map((row) => ({ action: row.action, email: row.adminEmail, detail: row.detail }));
}

describe("marking a visit changes the booking and the lead together", () => {
  test("방문 완료 on the lead page marks today's booking 방문 on the schedule too, in one access record", async () => {
    const lead = await insertLead({ assigneeId: team.counsellor.id, status: "contacted" });
    const booking = await bookToday(lead.id);

    const answer = await onLead(team.counsellor, lead.id, { intent: "status", status: "visited", shown: "contacted" });

    expect(answer.status).toBe(303);
    expect(await bookingStatus(booking)).toBe("visited");
    expect((await leadRow(lead.id)).status).toBe("visited");
    const events = await db().select().from(leadEvents).where(eq(leadEvents.leadId, lead.id));
    expect(events).toEqual([
      expect.objectContaining({
        kind: "visit-marked",
        detail: { bookingId: booking, from: "booked", to: "visited", leadStatusBefore: "contacted" },
      }),
    ]);
    expect(await recordsOf(lead.id)).toEqual([
      { action: "lead.status", email: team.counsellor.email, detail: { from: "contacted", to: "visited", bookingId: booking } },
    ]);
  });

  test("a counsellor marks their own customer's visit from the visits page, and the lead follows", async () => {
    const lead = await insertLead({ assigneeId: team.counsellor.id });
    const booking = await bookToday(lead.id);

    const answer = await onVisits(team.counsellor, {
      intent: "attendance",
      bookingId: String(booking),
      status: "visited",
      shown: "booked",
    });

    expect(answer.status).toBe(303);
    expect(await bookingStatus(booking)).toBe("visited");
    expect((await leadRow(lead.id)).status).toBe("visited");
    const changes = await db().select().from(leadStatusChanges).where(eq(leadStatusChanges.leadId, lead.id));
    expect(changes.map((row) => [row.fromStatus, row.toStatus, row.authorEmail])).toEqual([["new", "visited", team.counsellor.email]]);
    expect(await recordsOf(lead.id)).toEqual([
      { action: "visits.change", email: team.counsellor.email, detail: { bookingId: booking, from: "booked", to: "visited" } },
    ]);
  });

  test("a counsellor marks 방문 where 오늘 할 일 lists the visitor: the booking and the lead change together, and the list shows it", async () => {
    const lead = await insertLead({ assigneeId: team.counsellor.id, status: "contacted" });
    const booking = await bookToday(lead.id);
    expect((await todayOf(team.counsellor)).visitors).toEqual([
      expect.objectContaining({ id: lead.id, bookingId: booking, bookingStatus: "booked" }),
    ]);

    const answer = await onToday(team.counsellor, {
      intent: "visit",
      leadId: String(lead.id),
      bookingId: String(booking),
      status: "visited",
      shown: "booked",
    });

    expect(answer.status).toBe(303);
    expect(await bookingStatus(booking)).toBe("visited");
    expect((await leadRow(lead.id)).status).toBe("visited");
    const [event] = await db().select().from(leadEvents).where(eq(leadEvents.leadId, lead.id));
    expect(event).toMatchObject({ kind: "visit-marked", actorEmail: team.counsellor.email, detail: { from: "booked", to: "visited" } });
    expect((await todayOf(team.counsellor)).visitors).toEqual([
      expect.objectContaining({ id: lead.id, bookingStatus: "visited", status: "visited" }),
    ]);
  });

  test("오늘 할 일 answers a mark without a status beside its buttons, and one naming another lead's booking is not found", async () => {
    const lead = await insertLead({ assigneeId: team.counsellor.id });
    const other = await insertLead({ assigneeId: team.counsellor.id });
    const booking = await bookToday(lead.id);

    const unreadable = await onToday(team.counsellor, { intent: "visit", leadId: String(lead.id), bookingId: String(booking) });
    const mismatched = await onToday(team.counsellor, {
      intent: "visit",
      leadId: String(other.id),
      bookingId: String(booking),
      status: "visited",
      shown: "booked",
    });

    expect(unreadable.status).toBe(400);
    expect(unreadable.data).toMatchObject({ result: { error: { status: ["방문·노쇼 중에서 골라 주세요."] } } });
    expect(mismatched.status).toBe(404);
    expect(await bookingStatus(booking)).toBe("booked");
  });

  test("a counsellor cannot mark the visit of a customer another person works, from any of the four pages", async () => {
    const lead = await insertLead({ assigneeId: team.manager.id });
    const booking = await bookToday(lead.id);

    const fromVisits = await onVisits(team.counsellor, {
      intent: "attendance",
      bookingId: String(booking),
      status: "visited",
      shown: "booked",
    });
    const fromLead = await onLead(team.counsellor, lead.id, {
      intent: "visit",
      bookingId: String(booking),
      status: "visited",
      shown: "booked",
    });
    const fromCustomer = await post(
      customerAction,
      `/admin/customers/${lead.customerId}`,
      { id: String(lead.customerId) },
      team.counsellor,
      { intent: "visit", leadId: String(lead.id), bookingId: String(booking), status: "visited", shown: "booked" },
    );

    const fromToday = await onToday(team.counsellor, {
      intent: "visit",
      leadId: String(lead.id),
      bookingId: String(booking),
      status: "visited",
      shown: "booked",
    });

    expect(fromVisits.status).toBe(403);
    expect(fromVisits.data).toMatchObject({ result: { error: { "": ["담당으로 배정된 고객의 방문만 표시할 수 있습니다."] } } });
    // On the lead's, the customer's and 오늘 할 일's pages a lead the counsellor may not see does not exist.
    expect(fromLead.status).toBe(404);
    expect(fromCustomer.status).toBe(404);
    expect(fromToday.status).toBe(404);
    expect(await bookingStatus(booking)).toBe("booked");
    expect((await leadRow(lead.id)).status).toBe("new");
    expect(await recordsOf(lead.id)).toEqual([]);
  });

  test("노쇼 from the customer page marks the booking and leaves the lead's status to the counsellor", async () => {
    const lead = await insertLead({ assigneeId: team.counsellor.id, status: "contacted" });
    const booking = await bookToday(lead.id);

    const answer = await post(customerAction, `/admin/customers/${lead.customerId}`, { id: String(lead.customerId) }, team.counsellor, {
      intent: "visit",
      leadId: String(lead.id),
      bookingId: String(booking),
      status: "no_show",
      shown: "booked",
    });

    expect(answer.status).toBe(303);
    expect(await bookingStatus(booking)).toBe("no_show");
    expect((await leadRow(lead.id)).status).toBe("contacted");
    const [event] = await db().select().from(leadEvents).where(eq(leadEvents.leadId, lead.id));
    expect(event).toMatchObject({ kind: "visit-marked", actorEmail: team.counsellor.email, detail: { from: "booked", to: "no_show" } });
  });

  test("a booking named with another lead's page is not found", async () => {
    const lead = await insertLead({ assigneeId: team.counsellor.id });
    const other = await insertLead({ assigneeId: team.counsellor.id });
    const booking = await bookToday(other.id);

    const answer = await onLead(team.counsellor, lead.id, {
      intent: "visit",
      bookingId: String(booking),
      status: "visited",
      shown: "booked",
    });

    expect(answer.status).toBe(404);
    expect(await bookingStatus(booking)).toBe("booked");
  });
});

async function read(handler: (args: never) => Promise<unknown>, path: string, id: number, staff: TestStaff) {
  const request = new Request(new URL(path, SITE_URL), { headers: { Cookie: await consoleCookie(staff) } });
  return (await handler({
    request,
    params: { id: String(id) },
    url: new URL(request.url),
    context: routeContext(request.url),
  } as never)) as {
    bookings: { id: number; markable: boolean }[];
  };
}

test("the lead and customer pages offer 방문/노쇼 for a booking from its day on, to whoever works the lead", async () => {
  const lead = await insertLead({ assigneeId: team.counsellor.id });
  const today = await bookToday(lead.id);
  const ahead = await bookToday(lead.id, 2);
  const unassigned = await insertLead();
  const notYours = await bookToday(unassigned.id);

  const marks = (page: { bookings: { id: number; markable: boolean }[] }) =>
    Object.fromEntries(page.bookings.map((booking) => [booking.id, booking.markable]));
  expect(marks(await read(leadLoader, `/admin/leads/${lead.id}`, lead.id, team.counsellor))).toEqual({ [today]: true, [ahead]: false });
  expect(marks(await read(customerLoader, `/admin/customers/${lead.customerId}`, lead.customerId!, team.counsellor))).toEqual({
    [today]: true,
    [ahead]: false,
  });
  // A counsellor sees an unassigned lead but does not work it until they take it.
  expect(marks(await read(leadLoader, `/admin/leads/${unassigned.id}`, unassigned.id, team.counsellor))).toEqual({ [notYours]: false });
  expect(marks(await read(leadLoader, `/admin/leads/${unassigned.id}`, unassigned.id, team.manager))).toEqual({ [notYours]: true });
});

describe("taking a lead", () => {
  test("a counsellor takes an unassigned lead: it is theirs, its history says they took it, and the access record names it", async () => {
    const lead = await insertLead();

    const answer = await onLead(team.counsellor, lead.id, { intent: "take" });

    expect(answer.status).toBe(303);
    expect((await leadRow(lead.id)).assigneeId).toBe(team.counsellor.id);
    const [event] = await db()
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.leadId, lead.id), eq(leadEvents.kind, "assigned")));
    expect(event).toMatchObject({
      actorEmail: team.counsellor.email,
      detail: { assigneeId: team.counsellor.id, assigneeName: team.counsellor.name, how: "taken" },
    });
    expect(await recordsOf(lead.id)).toEqual([
      { action: "lead.assign", email: team.counsellor.email, detail: { to: team.counsellor.id, how: "taken", from: [null] } },
    ]);
  });

  test("a lead someone else works cannot be taken: a counsellor finds nothing, a manager is told it is taken", async () => {
    const lead = await insertLead({ assigneeId: team.counsellor.id });

    const byCounsellor = await onLead(team.manager, lead.id, { intent: "take" });
    expect(byCounsellor.status).toBe(409);
    expect(byCounsellor.data).toMatchObject({ result: { error: { "": [expect.stringContaining("먼저 배정받았습니다")] } } });

    const theirs = await insertLead({ assigneeId: team.manager.id });
    expect((await onLead(team.counsellor, theirs.id, { intent: "take" })).status).toBe(404);
    expect((await leadRow(lead.id)).assigneeId).toBe(team.counsellor.id);
    expect((await leadRow(theirs.id)).assigneeId).toBe(team.manager.id);
  });
});

describe("스팸 asks first", () => {
  test("스팸 without the confirmation answers the question and changes nothing; confirmed, it marks the lead", async () => {
    const lead = await insertLead({ assigneeId: team.counsellor.id });

    const asked = await onLead(team.counsellor, lead.id, { intent: "status", status: "spam", shown: "new" });
    expect(asked.status).toBe(200);
    expect(asked.data).toEqual({ intent: "confirm", status: "spam" });
    expect(await leadRow(lead.id)).toMatchObject({ status: "new", spam: false });

    const confirmed = await onLead(team.counsellor, lead.id, { intent: "status", status: "spam", shown: "new", confirmed: "yes" });
    expect(confirmed.status).toBe(303);
    expect(await leadRow(lead.id)).toMatchObject({ status: "spam", spam: true });
  });

  test("a lead confirmed as spam lets go of its unit holds, its visits still to come and its unsent texts; changing it back brings none of them back", async () => {
    const lead = await insertLead({ assigneeId: team.counsellor.id });
    const booking = await bookToday(lead.id, 2);
    const [unit] = await addBuilding({ floors: 1, lines: 1 });
    await db()
      .update(units)
      .set({ status: "held", leadId: lead.id, heldBy: team.counsellor.id, heldUntil: new Date(Date.now() + 3_600_000) })
      .where(eq(units.id, unit!.id));
    const [text] = await db()
      .insert(smsOutbox)
      .values({ site: "daegu", leadId: lead.id, recipient: "01055550000", purpose: "staff", body: "안녕하세요" })
      .returning({ id: smsOutbox.id });

    const confirmed = await onLead(team.counsellor, lead.id, { intent: "status", status: "spam", shown: "new", confirmed: "yes" });

    expect(confirmed.status).toBe(303);
    expect(await bookingStatus(booking)).toBe("cancelled");
    const [unitAfter] = await db().select().from(units).where(eq(units.id, unit!.id));
    expect(unitAfter).toMatchObject({ status: "available", leadId: null });
    const [textAfter] = await db().select({ status: smsOutbox.status }).from(smsOutbox).where(eq(smsOutbox.id, text!.id));
    expect(textAfter!.status).toBe("withdrawn");
    expect(await recordsOf(lead.id)).toEqual([
      {
        action: "lead.status",
        email: team.counsellor.email,
        detail: { from: "new", to: "spam", releasedUnits: [unit!.id], cancelledBookings: [booking] },
      },
    ]);

    expect((await onLead(team.counsellor, lead.id, { intent: "status", status: "contacted", shown: "spam" })).status).toBe(303);
    expect(await bookingStatus(booking)).toBe("cancelled");
  });

  test("상담 종료 needs no confirmation: it can be changed back like any status", async () => {
    const lead = await insertLead({ assigneeId: team.counsellor.id });
    expect((await onLead(team.counsellor, lead.id, { intent: "status", status: "closed", shown: "new" })).status).toBe(303);
    expect((await leadRow(lead.id)).status).toBe("closed");
  });
});

describe("a page drawn before someone else's change does not overwrite it", () => {
  // A counsellor's phone keeps 오늘 할 일 open for hours: what it shows may be old when a button is pressed.
  test("노쇼 pressed on a page still showing 예약, after the visitor checked in at the door, changes nothing on any of the four pages", async () => {
    const lead = await insertLead({ assigneeId: team.counsellor.id, status: "contacted" });
    const booking = await bookToday(lead.id);
    expect(await checkInBooking({ site: "daegu", actor: team.manager, clientAddress: "203.0.113.7" }, booking)).toMatchObject({ ok: true });
    const stale = { bookingId: String(booking), status: "no_show", shown: "booked" };

    const answers = [
      await onLead(team.counsellor, lead.id, { intent: "visit", ...stale }),
      await post(customerAction, `/admin/customers/${lead.customerId}`, { id: String(lead.customerId) }, team.counsellor, {
        intent: "visit",
        leadId: String(lead.id),
        ...stale,
      }),
      await onToday(team.counsellor, { intent: "visit", leadId: String(lead.id), ...stale }),
      await onVisits(team.counsellor, { intent: "attendance", ...stale }),
    ];

    for (const answer of answers) {
      expect(answer.status).toBe(409);
      expect(answer.data).toMatchObject({
        result: { error: { "": ["그사이 이 예약이 ‘방문’으로 표시되었습니다. 바뀐 표시를 확인하고 다시 골라 주세요."] } },
      });
    }
    expect(await bookingStatus(booking)).toBe("visited");
    expect((await leadRow(lead.id)).status).toBe("visited");
    const noShowTexts = await db()
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.bookingId, booking), eq(smsOutbox.purpose, "no-show")));
    expect(noShowTexts).toEqual([]);
    expect((await recordsOf(lead.id)).map((record) => record.email)).not.toContain(team.counsellor.email);
  });

  test("a mark someone already made meanwhile is simply done: 방문 pressed twice from two old pages marks it once", async () => {
    const lead = await insertLead({ assigneeId: team.counsellor.id });
    const booking = await bookToday(lead.id);
    const mark = { intent: "attendance", bookingId: String(booking), status: "visited", shown: "booked" };

    expect((await onVisits(team.manager, mark)).status).toBe(303);
    expect((await onVisits(team.counsellor, mark)).status).toBe(303);

    expect(await bookingStatus(booking)).toBe("visited");
    expect((await recordsOf(lead.id)).map((record) => [record.action, record.email])).toEqual([["visits.change", team.manager.email]]);
  });

  test("a status chosen on a lead page drawn before a colleague's change is refused, naming the status it has now", async () => {
    const lead = await insertLead({ assigneeId: team.counsellor.id, status: "contacted" });
    expect((await onLead(team.manager, lead.id, { intent: "status", status: "contracted", shown: "contacted" })).status).toBe(303);

    const stale = await onLead(team.counsellor, lead.id, { intent: "status", status: "closed", shown: "contacted" });
    const staleSpam = await onLead(team.counsellor, lead.id, { intent: "status", status: "spam", shown: "contacted", confirmed: "yes" });

    for (const answer of [stale, staleSpam]) {
      expect(answer.status).toBe(409);
      expect(answer.data).toMatchObject({
        intent: "status",
        result: { error: { "": ["그사이 이 고객의 상태가 ‘계약 완료’로 바뀌었습니다. 바뀐 상태를 확인하고 다시 골라 주세요."] } },
      });
    }
    expect(await leadRow(lead.id)).toMatchObject({ status: "contracted", spam: false });
    const changes = await db().select().from(leadStatusChanges).where(eq(leadStatusChanges.leadId, lead.id));
    expect(changes.map((row) => [row.fromStatus, row.toStatus, row.authorEmail])).toEqual([
      ["contacted", "contracted", team.manager.email],
    ]);

    // Seen now, the same choice goes through.
    expect((await onLead(team.counsellor, lead.id, { intent: "status", status: "closed", shown: "contracted" })).status).toBe(303);
    expect((await leadRow(lead.id)).status).toBe("closed");
  });

  test("a status or a mark posted without what the page showed is answered beside the form, and changes nothing", async () => {
    const lead = await insertLead({ assigneeId: team.counsellor.id });
    const booking = await bookToday(lead.id);

    const status = await onLead(team.counsellor, lead.id, { intent: "status", status: "closed" });
    const mark = await onLead(team.counsellor, lead.id, { intent: "visit", bookingId: String(booking), status: "visited" });

    for (const answer of [status, mark]) {
      expect(answer.status).toBe(400);
      expect(answer.data).toMatchObject({ result: { error: { shown: ["화면이 오래되었습니다. 새로 고친 뒤 다시 골라 주세요."] } } });
    }
    expect((await leadRow(lead.id)).status).toBe("new");
    expect(await bookingStatus(booking)).toBe("booked");
  });
});

describe("every field's error at once", () => {
  test("a visit mark wrong in every field answers 400 with every error, from the lead page and the visits page", async () => {
    const lead = await insertLead({ assigneeId: team.counsellor.id });
    const fields = { bookingId: "99999999999", status: "arrived", shown: "gone" };

    const fromLead = await onLead(team.counsellor, lead.id, { intent: "visit", ...fields });
    const fromVisits = await onVisits(team.manager, { intent: "attendance", ...fields });

    for (const answer of [fromLead, fromVisits]) {
      expect(answer.status).toBe(400);
      expect(answer.data).toMatchObject({
        result: {
          status: "error",
          error: {
            bookingId: ["표시할 방문 예약을 다시 선택해 주세요."],
            status: ["방문·노쇼 중에서 골라 주세요."],
            shown: ["화면이 오래되었습니다. 새로 고친 뒤 다시 골라 주세요."],
          },
          initialValue: fields,
        },
      });
    }
  });

  test("a capacity change and a move wrong in two fields each answer 400 with both errors and the values typed", async () => {
    const capacity = await onVisits(team.manager, { intent: "capacity", slotId: "x", capacity: "9999" });
    expect(capacity.status).toBe(400);
    expect(capacity.data).toMatchObject({
      intent: "capacity",
      result: {
        error: { slotId: [expect.any(String)], capacity: ["인원은 0명에서 200명 사이의 정수로 입력해 주세요."] },
        initialValue: { slotId: "x", capacity: "9999" },
      },
    });

    const move = await onVisits(team.manager, { intent: "move-booking", bookingId: "-1", slotId: "" });
    expect(move.status).toBe(400);
    expect(move.data).toMatchObject({
      intent: "move-booking",
      result: { error: { bookingId: [expect.any(String)], slotId: ["옮길 시간을 골라 주세요."] } },
    });
  });

  test("an empty note and a wrong assignee are refused beside their fields", async () => {
    const lead = await insertLead({ assigneeId: team.counsellor.id });
    const note = await onLead(team.manager, lead.id, { intent: "note", body: "   " });
    expect(note).toMatchObject({ status: 400, data: { intent: "note", result: { error: { body: ["메모 내용을 입력해 주세요."] } } } });
    const assign = await onLead(team.manager, lead.id, { intent: "assign", assignee: "abc" });
    expect(assign).toMatchObject({ status: 400, data: { intent: "assign", result: { error: { assignee: ["담당자를 선택해 주세요."] } } } });
  });

  test("the bin refuses a restore that names no lead with a message for its field", async () => {
    const restore = await post(binAction, "/admin/leads/bin", {}, team.manager, { intent: "restore", id: "0" });
    expect(restore).toMatchObject({ status: 400, data: { result: { error: { id: ["되살릴 고객을 다시 선택해 주세요."] } } } });
  });

  test("a text refused for its body keeps the body as typed", async () => {
    const lead = await insertLead({ assigneeId: team.counsellor.id });
    const body = "(광고) 잔여세대 안내";
    const refused = await post(textAction, `/admin/leads/${lead.id}/text`, { id: String(lead.id) }, team.counsellor, {
      intent: "send",
      body,
    });
    expect(refused).toMatchObject({
      status: 400,
      data: { intent: "send", result: { error: { body: [expect.stringContaining("직접 쓰지 말고")] }, initialValue: { body } } },
    });
  });
});
