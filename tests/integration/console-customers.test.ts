import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { recordLeadEvent } from "#app/.server/leads/events.ts";
import { auditLog, customers, leadNotes, leads, smsOutbox, visitBookings, visitSlots } from "#app/.server/schema.ts";
import { openVisitDays } from "#app/.server/visits/schedule.ts";
import { OUTBOX_STATUS_LABELS } from "#app/forms/admin.ts";
import { loader as customerLoaderRaw } from "#app/routes/admin/leads/customer.tsx";
import { loader as leadLoaderRaw } from "#app/routes/admin/leads/lead.tsx";
import { addDays, kstDay } from "#app/utils/kst.ts";
import { withTestDatabase } from "#tests/db.ts";
import { routeContext } from "#tests/route-context.ts";
import { addTeam, consoleCookie, type TestStaff } from "#tests/staff.ts";
import { viaConsole } from "#tests/console-call.ts";

const customerLoader = viaConsole(customerLoaderRaw);
const leadLoader = viaConsole(leadLoaderRaw);

/** One customer per phone per site (issue #17, docs/decisions/016): the view that gathers their leads. */

const SITE_URL = "http://localhost:3000";
setEnv(parseEnv({ SITE_URL, SESSION_SECRET: "customers-integration-test-secret-0123456789" }));
withTestDatabase();

const PHONE = "01077778888";
let team: { owner: TestStaff; manager: TestStaff; counsellor: TestStaff };
let customerId: number;

beforeEach(async () => {
  team = await addTeam();
  const [customer] = await db().insert(customers).values({ site: "daegu", phone: PHONE }).returning({ id: customers.id });
  customerId = customer!.id;
});

async function insertLead(values: Partial<typeof leads.$inferInsert> = {}) {
  const [row] = await db()
    .insert(leads)
    .values({
      submissionId: crypto.randomUUID(),
      kind: "interest",
      site: "daegu",
      name: "박고객",
      phone: PHONE,
      consentVersion: "2025-03-01",
      consentedAt: new Date(),
      sourcePath: "/",
      customerId,
      ...values,
    })
    .returning({ id: leads.id });
  return row!.id;
}

async function book(leadId: number) {
  const day = addDays(kstDay(new Date()), 2);
  await openVisitDays("daegu", [day]);
  const [slot] = await db().select().from(visitSlots).where(eq(visitSlots.day, day)).limit(1);
  const [booking] = await db()
    .insert(visitBookings)
    .values({ site: "daegu", slotId: slot!.id, leadId, name: "박고객", phone: PHONE })
    .returning({ id: visitBookings.id });
  return { id: booking!.id, startsAt: slot!.startsAt };
}

async function view(staff: TestStaff, id = customerId) {
  const request = new Request(new URL(`/admin/customers/${id}`, SITE_URL), { headers: { Cookie: await consoleCookie(staff) } });
  try {
    return {
      status: 200,
      data: await customerLoader({
        request,
        params: { id: String(id) },
        context: routeContext(request.url),
        url: new URL(request.url),
        pattern: "",
      } as never),
    };
  } catch (thrown) {
    const status = thrown instanceof Response ? thrown.status : (thrown as { init?: { status?: number } }).init?.status;
    return { status: status ?? 500, data: undefined };
  }
}

describe("the customer view", () => {
  test("two leads of one phone share a customer view with both leads, their bookings, notes and texts", async () => {
    const interest = await insertLead({ kind: "interest", createdAt: new Date(Date.now() - 86_400_000) });
    const visit = await insertLead({ kind: "visit", name: "박고객님" });
    const booking = await book(visit);
    await db()
      .insert(leadNotes)
      .values({ leadId: interest, body: "주말에 통화 원함", authorId: team.manager.id, authorEmail: team.manager.email });
    await db()
      .insert(smsOutbox)
      .values({ site: "daegu", leadId: visit, purpose: "confirmation", recipient: PHONE, body: "예약 안내", status: "sent" });
    await recordLeadEvent(db(), {
      leadId: visit,
      kind: "visit-cancelled",
      actor: null,
      detail: { bookingId: booking.id, by: "customer", startsAt: booking.startsAt.toISOString() },
    });
    await recordLeadEvent(db(), {
      leadId: interest,
      kind: "assigned",
      actor: team.manager,
      detail: { assigneeId: team.counsellor.id, assigneeName: team.counsellor.name, how: "manual" },
    });

    const { status, data } = await view(team.manager);
    expect(status).toBe(200);
    expect(data!.leads.map((lead) => lead.id)).toEqual([visit, interest]);
    expect(data!.customer.phone).toBe("010-7777-8888");
    expect(data!.bookings).toEqual([expect.objectContaining({ id: booking.id, leadId: visit, status: "booked" })]);
    const history = data!.history.map((entry) => ({ lead: entry.leadId, sentence: entry.sentence, actor: entry.actor, body: entry.body }));
    expect(history).toEqual(
      expect.arrayContaining([
        { lead: interest, sentence: "메모", actor: "매니저 실장", body: "주말에 통화 원함" },
        { lead: visit, sentence: `문자: 고객 안내 (${OUTBOX_STATUS_LABELS.sent})`, actor: "자동", body: "예약 안내" },
        expect.objectContaining({
          lead: visit,
          sentence: expect.stringMatching(/^고객이 예약 취소 \(\d+월 \d+일 \d\d:\d\d\)$/),
          actor: "고객",
        }),
        { lead: interest, sentence: "상담사 님에게 배정", actor: "매니저 실장", body: null },
      ]),
    );
    expect(data!.history).toHaveLength(4);

    // Each of the two leads links to the one view, counting both.
    for (const leadId of [interest, visit]) {
      const request = new Request(new URL(`/admin/leads/${leadId}`, SITE_URL), { headers: { Cookie: await consoleCookie(team.manager) } });
      const page = await leadLoader({
        request,
        params: { id: String(leadId) },
        context: routeContext(request.url),
        url: new URL(request.url),
        pattern: "",
      } as never);
      expect(page.lead.customerId).toBe(customerId);
      expect(page.customerLeads).toBe(2);
    }
  });

  test("a counsellor sees a customer only through a lead they may see, and only those leads", async () => {
    const theirs = await insertLead({ assigneeId: team.manager.id });
    // Only another person's lead: the customer does not exist for the counsellor.
    expect((await view(team.counsellor)).status).toBe(404);

    const unassigned = await insertLead({ kind: "inquiry" });
    await db()
      .insert(smsOutbox)
      .values({ site: "daegu", leadId: unassigned, purpose: "confirmation", recipient: PHONE, body: "문의 안내" });
    const seen = await view(team.counsellor);
    expect(seen.status).toBe(200);
    expect(seen.data!.leads.map((lead) => lead.id)).toEqual([unassigned]);
    // Not their lead to work: the number masked, the text's body withheld.
    expect(seen.data!.customer.phone).toBe("010-****-8888");
    expect(seen.data!.customer.tel).toBeNull();
    expect(seen.data!.history).toEqual([expect.objectContaining({ leadId: unassigned, type: "text", body: null })]);

    const mine = await insertLead({ kind: "visit", assigneeId: team.counsellor.id });
    const own = await view(team.counsellor);
    expect(own.data!.leads.map((lead) => lead.id).sort()).toEqual([unassigned, mine].sort());
    expect(own.data!.leads.map((lead) => lead.id)).not.toContain(theirs);
    expect(own.data!.customer.phone).toBe("010-7777-8888");

    // A lead in the bin is nobody's; another site's customer is not found here.
    await db().update(leads).set({ deletedAt: new Date() }).where(eq(leads.id, mine));
    expect((await view(team.counsellor)).data!.leads.map((lead) => lead.id)).toEqual([unassigned]);
    const [elsewhere] = await db().insert(customers).values({ site: "suwon", phone: PHONE }).returning({ id: customers.id });
    expect((await view(team.owner, elsewhere!.id)).status).toBe(404);
  });

  test("the view writes a customer.view access record", async () => {
    const first = await insertLead();
    const second = await insertLead({ kind: "visit" });
    const hidden = await insertLead({ assigneeId: team.manager.id });
    await insertLead({ assigneeId: team.counsellor.id }).then(() => undefined);
    await view(team.counsellor);
    const records = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "customer.view"), eq(auditLog.adminId, team.counsellor.id)));
    expect(records).toHaveLength(1);
    expect(records[0]!.leadIds).toEqual(expect.arrayContaining([first, second]));
    expect(records[0]!.leadIds).not.toContain(hidden);
    expect(records[0]!.site).toBe("daegu");
  });
});
