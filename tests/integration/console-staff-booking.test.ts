import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/.server/db.ts";
import { unsealText } from "#app/.server/sealed.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { auditLog, leadEvents, leads, smsOutbox, visitBookings, visitSlots } from "#app/.server/schema.ts";
import { openVisitDays } from "#app/.server/visits/schedule.ts";
import { bookVisitForLead } from "#app/.server/visits/staff-booking.ts";
import { STAFF_BOOKING_MESSAGES } from "#app/forms/admin.ts";
import { addDays, kstDay } from "#app/utils/kst.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { consoleRequest } from "#tests/console-request.ts";
import { withTestDatabase } from "#tests/db.ts";
import { addTeam, consoleCookie } from "#tests/staff.ts";
import { addUnitLead } from "#tests/units.ts";

/**
 * 방문 예약 잡기 from a customer's page: whoever works the lead books a time for the customer on the
 * phone with them, under the rules the site's own booking keeps, and the customer is texted their link.
 */

withTestDatabase();
let app: TestApp;
let team: Awaited<ReturnType<typeof addTeam>>;
let cookies: { manager: string; counsellor: string };

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

beforeEach(async () => {
  setEnv(parseEnv({ SITES: `daegu@http://here.localhost:${app.port}`, TRUST_PROXY: "1" }));
  team = await addTeam();
  cookies = { manager: await consoleCookie(team.manager), counsellor: await consoleCookie(team.counsellor) };
});

const on = (path: string, { form, cookie }: { form?: Record<string, string>; cookie?: string } = {}) =>
  consoleRequest(app, path, { method: form ? "POST" : "GET", form, cookie });

/** An open day three days ahead: its slots, first to last. */
async function openDay(days = 3) {
  const day = addDays(kstDay(new Date()), days);
  await openVisitDays("daegu", [day]);
  return db().select().from(visitSlots).where(eq(visitSlots.day, day)).orderBy(visitSlots.startsAt);
}

const book = (lead: number, slot: number, cookie: string, partySize = "1") =>
  on(`/admin/leads/${lead}`, { form: { intent: "book-visit", slotId: String(slot), partySize }, cookie });

const bookingsOf = (lead: number) => db().select().from(visitBookings).where(eq(visitBookings.leadId, lead));

describe("booking a visit for a customer from their page", () => {
  test("a counsellor books a time for their customer: the lead's booking with its party, a confirmation with the customer's link and receipt number, the history and the access record", async () => {
    const [slot] = await openDay();
    const lead = await addUnitLead({ assigneeId: team.counsellor.id, name: "전화고객" });
    await db().update(leads).set({ receiptNumber: "DG-TEST-0001" }).where(eq(leads.id, lead));

    const page = await (await on(`/admin/leads/${lead}`, { cookie: cookies.counsellor })).text();
    expect(page).toContain("방문 예약 잡기");
    expect(page).toContain(`<option value="${slot!.id}">`);

    const booked = await book(lead, slot!.id, cookies.counsellor, "3");
    expect(booked.status).toBe(303);
    expect(booked.headers.get("location")).toBe(`/admin/leads/${lead}#lead-bookings`);
    const [booking] = await bookingsOf(lead);
    expect(booking).toMatchObject({ slotId: slot!.id, status: "booked", partySize: 3, name: "전화고객" });

    const [text] = await db().select().from(smsOutbox).where(eq(smsOutbox.leadId, lead));
    expect(text).toMatchObject({ purpose: "confirmation", bookingId: booking!.id });
    // The console's copy masks the customer's own link; the text sent carries it.
    expect(text!.body).not.toContain(booking!.linkToken);
    expect(unsealText(text!.sealedBody!)).toContain(`/daegu/visit/${booking!.linkToken}`);
    expect(text!.body).toContain("DG-TEST-0001");

    const [event] = await db().select().from(leadEvents).where(eq(leadEvents.leadId, lead));
    expect(event).toMatchObject({ kind: "visit-booked", actorId: team.counsellor.id });
    const [record] = await db().select().from(auditLog).where(eq(auditLog.action, "visits.change")).orderBy(desc(auditLog.id)).limit(1);
    expect(record).toMatchObject({ adminId: team.counsellor.id, leadIds: [lead] });

    // The customer's own page shows the booking with its party.
    const own = await (await on(`/daegu/visit/${booking!.linkToken}`)).text();
    expect(own).toContain("<dt>방문 인원</dt><dd>3명</dd>");

    const after = await (await on(`/admin/leads/${lead}`, { cookie: cookies.counsellor })).text();
    expect(after).toMatch(/방문 예약 \([^)]*, 3명\)/);
  });

  test("the site's rules hold: a full time, a second place that day, too large a party and a customer marked spam are refused beside their field, and nothing is stored", async () => {
    const [first, second] = await openDay();
    await db().update(visitSlots).set({ capacity: 1 }).where(eq(visitSlots.id, first!.id));
    const [someone, lead] = [await addUnitLead({ assigneeId: team.manager.id }), await addUnitLead({ assigneeId: team.counsellor.id })];
    expect((await book(someone, first!.id, cookies.manager)).status).toBe(303);

    const full = await book(lead, first!.id, cookies.counsellor);
    expect(full.status).toBe(409);
    expect(await full.text()).toContain(STAFF_BOOKING_MESSAGES.full);
    const tooMany = await book(lead, second!.id, cookies.counsellor, "9");
    expect(tooMany.status).toBe(409);
    expect(await tooMany.text()).toContain(STAFF_BOOKING_MESSAGES.partySize(4));
    expect(await bookingsOf(lead)).toEqual([]);

    expect((await book(lead, second!.id, cookies.counsellor)).status).toBe(303);
    const [third] = (await openDay()).slice(2);
    const sameDay = await book(lead, third!.id, cookies.counsellor);
    expect(sameDay.status).toBe(409);
    expect(await sameDay.text()).toContain(STAFF_BOOKING_MESSAGES["booked-that-day"]);

    const spam = await addUnitLead({ assigneeId: team.counsellor.id });
    await db().update(leads).set({ status: "spam", spam: true }).where(eq(leads.id, spam));
    const refused = await book(spam, third!.id, cookies.counsellor);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(STAFF_BOOKING_MESSAGES.spam);
    expect(await bookingsOf(spam)).toEqual([]);
    expect(await db().select().from(visitBookings).where(eq(visitBookings.slotId, first!.id))).toHaveLength(1);
  });

  test("only whoever works the customer is offered the form and may book: a counsellor neither for an unassigned customer nor another's", async () => {
    const [slot] = await openDay();
    const unassigned = await addUnitLead({});
    const managers = await addUnitLead({ assigneeId: team.manager.id });
    expect(await (await on(`/admin/leads/${unassigned}`, { cookie: cookies.counsellor })).text()).not.toContain("방문 예약 잡기");
    expect((await book(unassigned, slot!.id, cookies.counsellor)).status).toBe(403);
    expect((await book(managers, slot!.id, cookies.counsellor)).status).toBe(404);
    expect(await db().select().from(visitBookings)).toEqual([]);
    expect(await (await on(`/admin/leads/${unassigned}`, { cookie: cookies.manager })).text()).toContain("방문 예약 잡기");
  });

  test("of several people booking the last place at once for their customers, exactly one gets it", async () => {
    const [slot] = await openDay();
    await db().update(visitSlots).set({ capacity: 1 }).where(eq(visitSlots.id, slot!.id));
    const customers = await Promise.all(Array.from({ length: 6 }, () => addUnitLead({ assigneeId: team.manager.id })));
    const outcomes = await Promise.all(
      customers.map((lead) =>
        bookVisitForLead({ site: "daegu", actor: team.manager, clientAddress: "203.0.113.9" }, lead, { slotId: slot!.id, partySize: 1 }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === "done")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "full")).toHaveLength(5);
    expect(
      await db()
        .select()
        .from(visitBookings)
        .where(and(eq(visitBookings.slotId, slot!.id), eq(visitBookings.status, "booked"))),
    ).toHaveLength(1);
  });
});
