import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { recordContact } from "#app/.server/leads/contacts.ts";
import { todaysWork } from "#app/.server/leads/follow-ups.ts";
import { subscribe, type LiveAlert } from "#app/.server/live-alerts.ts";
import {
  auditLog,
  customers,
  leadContacts,
  leadEvents,
  leads,
  leadStatusChanges,
  sessions,
  smsOutbox,
  visitBookings,
  visitSlots,
} from "#app/.server/schema.ts";
import { CONTACT_MESSAGES } from "#app/forms/contacts.ts";
import { action as leadActionRaw, loader as leadLoaderRaw } from "#app/routes/admin/leads/lead.tsx";
import { loader as leadsLoaderRaw } from "#app/routes/admin/leads/leads.tsx";
import { loader as customerLoaderRaw } from "#app/routes/admin/leads/customer.tsx";
import { loader as todayLoaderRaw } from "#app/routes/admin/today.tsx";
import { loader as dashboardLoaderRaw } from "#app/routes/admin/reports/dashboard.tsx";
import { sitePack } from "#app/.server/site.ts";
import { viaConsole } from "#tests/console-call.ts";
import { withTestDatabase } from "#tests/db.ts";
import { routeContext } from "#tests/route-context.ts";
import { addStaff, consoleCookie, type TestStaff } from "#tests/staff.ts";

/**
 * The counsellor's calls (issue 28, items 1 and 2): every contact logged from the lead page's call
 * sheet is a row of lead_contacts, a sentence in the history and an access record; a 부재 brings
 * the customer back two hours later with a one-tap text, a 재통화 요청 at the time the customer
 * gave; 오늘 할 일 lists what is due, the most overdue first; the live alerts announce a callback.
 */

const leadAction = viaConsole(leadActionRaw);
const leadLoader = viaConsole(leadLoaderRaw);
const leadsLoader = viaConsole(leadsLoaderRaw);
const customerLoader = viaConsole(customerLoaderRaw);
const todayLoader = viaConsole(todayLoaderRaw);
const dashboardLoader = viaConsole(dashboardLoaderRaw);

const SITE_URL = "http://localhost:3000";
setEnv(parseEnv({ SITE_URL, SESSION_SECRET: "contacts-integration-test-secret-0123456789" }));

withTestDatabase();

let manager: TestStaff;
let counsellor: TestStaff;
let otherCounsellor: TestStaff;

beforeEach(async () => {
  manager = await addStaff({ email: "manager@example.com", role: "manager", name: "박실장" });
  counsellor = await addStaff({ email: "counsellor@example.com", role: "counsellor", name: "김온빛" });
  otherCounsellor = await addStaff({ email: "other@example.com", role: "counsellor", name: "이다른" });
});

const kst = (iso: string) => new Date(`${iso}+09:00`);

function routeArgs(path: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  const request = new Request(new URL(path, SITE_URL), { ...init, headers });
  const id = /^\/admin\/(?:leads|customers)\/(\d+)/.exec(new URL(request.url).pathname)?.[1];
  return { request, url: new URL(request.url), pattern: "", params: { id: id ?? "" }, context: routeContext(request.url) };
}

function post(path: string, fields: Record<string, string>, cookie: string) {
  return routeArgs(path, { method: "POST", body: new URLSearchParams(fields), headers: { Origin: SITE_URL }, cookie });
}

/** What a data function answered, whether it returned or threw. */
async function outcome(run: () => unknown) {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, headers: result.headers, data: undefined };
  if (result && typeof result === "object" && "type" in result && result.type === "DataWithResponseInit") {
    const { init, data } = result as unknown as { init: ResponseInit | null; data: unknown };
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), data };
  }
  return { status: 200, headers: new Headers(), data: result };
}

let phones = 0;
async function insertLead(values: Partial<typeof leads.$inferInsert> = {}) {
  phones += 1;
  const phone = values.phone ?? `0107777${String(phones).padStart(4, "0")}`;
  const [customer] = await db()
    .insert(customers)
    .values({ site: values.site ?? "daegu", phone })
    .onConflictDoUpdate({ target: [customers.site, customers.phone], set: { phone } })
    .returning({ id: customers.id });
  const [row] = await db()
    .insert(leads)
    .values({
      submissionId: crypto.randomUUID(),
      kind: "interest",
      site: "daegu",
      name: "이하늘",
      phone,
      consentVersion: "test",
      consentedAt: new Date(),
      sourcePath: "/",
      customerId: customer!.id,
      ...values,
    })
    .returning();
  return row!;
}

const CALL = { intent: "contact", channel: "call-out", note: "", nextContactAt: "" };

type LeadPage = Awaited<ReturnType<typeof leadLoaderRaw>>;

async function leadPage(leadId: number, cookie: string, query = "") {
  return (await outcome(() => leadLoader(routeArgs(`/admin/leads/${leadId}${query}`, { cookie })))).data as LeadPage;
}

describe("a contact logged from the call sheet", () => {
  test("is a lead_contacts row, a sentence in the lead's and the customer's history, and an access record; a new lead becomes 연락 완료", async () => {
    const cookie = await consoleCookie(counsellor);
    const lead = await insertLead({ assigneeId: counsellor.id });

    const logged = await outcome(() =>
      leadAction(post(`/admin/leads/${lead.id}`, { ...CALL, result: "reached", note: "다음 주 방문 예정" }, cookie)),
    );
    expect(logged.status).toBe(303);
    expect(logged.headers.get("Location")).toBe(`/admin/leads/${lead.id}?sheet=contacted#call-sheet`);

    const rows = await db().select().from(leadContacts).where(eq(leadContacts.leadId, lead.id));
    expect(rows).toEqual([
      expect.objectContaining({ site: "daegu", actorId: counsellor.id, channel: "call-out", result: "reached", note: "다음 주 방문 예정" }),
    ]);
    const [after] = await db().select().from(leads).where(eq(leads.id, lead.id));
    expect(after).toMatchObject({ status: "contacted", nextContactAt: null });
    expect(await db().select().from(leadStatusChanges).where(eq(leadStatusChanges.leadId, lead.id))).toEqual([
      expect.objectContaining({ fromStatus: "new", toStatus: "contacted", authorId: counsellor.id }),
    ]);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, "lead.contact"))).toEqual([
      expect.objectContaining({ adminId: counsellor.id, leadIds: [lead.id], site: "daegu" }),
    ]);

    const page = await leadPage(lead.id, cookie, "?sheet=contacted");
    expect(page.sheet.notice).toBe("통화 완료로 기록했습니다.");
    expect(page.history).toContainEqual(
      expect.objectContaining({ eventKind: "contact", sentence: "김온빛 님이 전화해 통화했습니다 (통화 완료)", body: "다음 주 방문 예정" }),
    );
    const customer = await outcome(() => customerLoader(routeArgs(`/admin/customers/${lead.customerId}`, { cookie })));
    expect((customer.data as Awaited<ReturnType<typeof customerLoaderRaw>>).history).toContainEqual(
      expect.objectContaining({ sentence: "김온빛 님이 전화해 통화했습니다 (통화 완료)" }),
    );
  });

  test("a 부재 proposes a callback two hours later, and the one-tap text from the pack's template is queued once", async () => {
    const cookie = await consoleCookie(counsellor);
    const lead = await insertLead({ assigneeId: counsellor.id });
    const before = Date.now();
    const missed = await outcome(() => leadAction(post(`/admin/leads/${lead.id}`, { ...CALL, result: "no-answer" }, cookie)));
    expect(missed.status).toBe(303);

    const [after] = await db().select().from(leads).where(eq(leads.id, lead.id));
    const proposed = after!.nextContactAt!.getTime();
    expect(proposed).toBeGreaterThanOrEqual(before + 2 * 60 * 60 * 1000);
    expect(proposed).toBeLessThanOrEqual(Date.now() + 2 * 60 * 60 * 1000);
    // Not reached: the lead stays 신규.
    expect(after!.status).toBe("new");

    const page = await leadPage(lead.id, cookie, "?sheet=contacted");
    expect(page.sheet.notice).toMatch(/^부재로 기록했습니다\. 다음 연락: /);
    expect(page.history[0]).toMatchObject({
      eventKind: "contact",
      sentence: expect.stringMatching(/^김온빛 님이 전화했지만 받지 않았습니다 \(부재\) · 다음 연락 /),
    });
    const template = sitePack("daegu").leads.sms.templates.find((each) => each.key === "missed-call")!;
    expect(page.sheet.missedCallText).toContain("이하늘 고객님, 문의 주신 건으로 전화드렸는데 연결되지 않았습니다.");
    expect(template.advertising ?? false).toBe(false);

    const texted = await outcome(() => leadAction(post(`/admin/leads/${lead.id}`, { intent: "missed-call-text" }, cookie)));
    expect(texted.status).toBe(303);
    const messages = await db().select().from(smsOutbox).where(eq(smsOutbox.leadId, lead.id));
    expect(messages).toEqual([
      expect.objectContaining({
        purpose: "manual",
        sentBy: counsellor.id,
        advertising: false,
        body: page.sheet.missedCallText,
        status: "pending",
      }),
    ]);
    expect(texted.headers.get("Location")).toBe(`/admin/leads/${lead.id}?sheet=queued&message=${messages[0]!.id}#call-sheet`);
    expect(
      await db()
        .select()
        .from(leadEvents)
        .where(and(eq(leadEvents.leadId, lead.id), eq(leadEvents.kind, "text-sent"))),
    ).toHaveLength(1);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, "lead.text"))).toHaveLength(1);

    // The sheet no longer offers it, and a second tap sends nothing.
    expect((await leadPage(lead.id, cookie)).sheet.missedCallText).toBeNull();
    const again = await outcome(() => leadAction(post(`/admin/leads/${lead.id}`, { intent: "missed-call-text" }, cookie)));
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({ result: { error: { "": [CONTACT_MESSAGES.alreadyTexted] } } });
    expect(await db().select().from(smsOutbox).where(eq(smsOutbox.leadId, lead.id))).toHaveLength(1);
  });

  test("a 재통화 요청 takes the time the customer gave, and without one is refused beside the time field", async () => {
    const cookie = await consoleCookie(counsellor);
    const lead = await insertLead({ assigneeId: counsellor.id });
    const refused = await outcome(() =>
      leadAction(post(`/admin/leads/${lead.id}`, { ...CALL, result: "call-back", note: "저녁에 다시" }, cookie)),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      intent: "contact",
      result: { error: { nextContactAt: [CONTACT_MESSAGES.callBackWhen] }, initialValue: { note: "저녁에 다시" } },
    });
    const nonsense = await outcome(() =>
      leadAction(post(`/admin/leads/${lead.id}`, { ...CALL, result: "call-back", nextContactAt: "2026-02-31T19:00" }, cookie)),
    );
    expect(nonsense.status).toBe(400);
    expect(nonsense.data).toMatchObject({ result: { error: { nextContactAt: [CONTACT_MESSAGES.when] } } });
    expect(await db().select().from(leadContacts)).toEqual([]);

    const given = await outcome(() =>
      leadAction(post(`/admin/leads/${lead.id}`, { ...CALL, result: "call-back", nextContactAt: "2026-11-27T19:30" }, cookie)),
    );
    expect(given.status).toBe(303);
    const [after] = await db().select().from(leads).where(eq(leads.id, lead.id));
    expect(after!.nextContactAt).toEqual(kst("2026-11-27T19:30:00"));
    // The customer was reached.
    expect(after!.status).toBe("contacted");
    const page = await leadPage(lead.id, cookie);
    // Newest first: the status change the call made reads above it.
    expect(page.history.map((entry) => entry.sentence).slice(0, 2)).toEqual([
      "상태 변경: 신규 → 연락 완료",
      "김온빛 님이 전화했고, 고객이 다시 전화해 달라고 했습니다 (재통화 요청) · 다음 연락 11월 27일 (금) 19:30",
    ]);
  });

  test("the 가망 등급 and the next contact time are set from the lead page, in the history and the access records; a time no calendar has is refused beside its field", async () => {
    const cookie = await consoleCookie(counsellor);
    const lead = await insertLead({ assigneeId: counsellor.id });
    expect((await outcome(() => leadAction(post(`/admin/leads/${lead.id}`, { intent: "grade", grade: "B" }, cookie)))).status).toBe(303);
    expect(
      (await outcome(() => leadAction(post(`/admin/leads/${lead.id}`, { intent: "follow-up", nextContactAt: "2026-11-28T10:00" }, cookie))))
        .status,
    ).toBe(303);
    let [row] = await db().select().from(leads).where(eq(leads.id, lead.id));
    expect(row).toMatchObject({ grade: "B", nextContactAt: kst("2026-11-28T10:00:00") });
    const page = await leadPage(lead.id, cookie);
    expect(page.grades.B.label).toBe("B 관심 높음");
    expect(page.history.map((entry) => entry.sentence)).toEqual(
      expect.arrayContaining(["가망 등급을 B 관심 높음으로 정했습니다", "다음 연락을 11월 28일 (토) 10:00으로 잡았습니다"]),
    );

    // A time no calendar has (an old browser's text box, or a hand-made post) is refused beside the
    // time field, kept as typed, and the time already set stays.
    const unreadable = await outcome(() =>
      leadAction(post(`/admin/leads/${lead.id}`, { intent: "follow-up", nextContactAt: "2026-02-31T10:00" }, cookie)),
    );
    expect(unreadable.status).toBe(400);
    expect(unreadable.data).toMatchObject({
      intent: "follow-up",
      result: { error: { nextContactAt: [CONTACT_MESSAGES.when] }, initialValue: { nextContactAt: "2026-02-31T10:00" } },
    });
    [row] = await db().select().from(leads).where(eq(leads.id, lead.id));
    expect(row!.nextContactAt).toEqual(kst("2026-11-28T10:00:00"));

    // 연락 완료 clears it; a bad grade is refused beside its buttons.
    await outcome(() => leadAction(post(`/admin/leads/${lead.id}`, { intent: "follow-up", nextContactAt: "", clear: "yes" }, cookie)));
    [row] = await db().select().from(leads).where(eq(leads.id, lead.id));
    expect(row!.nextContactAt).toBeNull();
    const bad = await outcome(() => leadAction(post(`/admin/leads/${lead.id}`, { intent: "grade", grade: "E" }, cookie)));
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ result: { error: { grade: [CONTACT_MESSAGES.grade] } } });
    expect(
      (await db().select().from(auditLog).orderBy(auditLog.id)).map((record) => record.action).filter((action) => action !== "lead.view"),
    ).toEqual(["lead.grade", "lead.follow-up", "lead.follow-up"]);
  });
});

describe("who may log contacts", () => {
  test("a counsellor cannot log a call on another person's lead, nor on one nobody works", async () => {
    const cookie = await consoleCookie(counsellor);
    const theirs = await insertLead({ assigneeId: otherCounsellor.id });
    const unassigned = await insertLead();
    const onTheirs = await outcome(() => leadAction(post(`/admin/leads/${theirs.id}`, { ...CALL, result: "reached" }, cookie)));
    expect(onTheirs.status).toBe(404);
    const onUnassigned = await outcome(() => leadAction(post(`/admin/leads/${unassigned.id}`, { ...CALL, result: "reached" }, cookie)));
    expect(onUnassigned.status).toBe(403);
    const grading = await outcome(() => leadAction(post(`/admin/leads/${theirs.id}`, { intent: "grade", grade: "A" }, cookie)));
    expect(grading.status).toBe(404);
    expect(await db().select().from(leadContacts)).toEqual([]);
    expect((await db().select().from(leads).where(eq(leads.id, theirs.id)))[0]!.grade).toBeNull();

    // A manager works every lead of the site.
    const managerCookie = await consoleCookie(manager);
    const byManager = await outcome(() => leadAction(post(`/admin/leads/${theirs.id}`, { ...CALL, result: "reached" }, managerCookie)));
    expect(byManager.status).toBe(303);
  });

  test("another site's staff are refused: their session is no session here, and this site's lead is not found from their console", async () => {
    const suwonOwner = await addStaff({ email: "suwon@example.com", role: "owner", sites: ["suwon"] });
    const lead = await insertLead({ assigneeId: counsellor.id });
    const suwonCookie = await consoleCookie(suwonOwner, "suwon");
    const here = await outcome(() => leadAction(post(`/admin/leads/${lead.id}`, { ...CALL, result: "reached" }, suwonCookie)));
    expect(here.status).toBe(302);
    expect(
      await recordContact(
        {
          site: "suwon",
          actor: { id: suwonOwner.id, email: suwonOwner.email, role: "owner" },
          clientAddress: "203.0.113.9",
          actorName: "수원",
        },
        lead.id,
        { channel: "call-out", result: "reached", note: "", nextContactAt: null },
      ),
    ).toEqual({ outcome: "not-found" });
    expect(await db().select().from(leadContacts)).toEqual([]);
  });
});

describe("오늘 할 일", () => {
  test("lists callbacks due by the end of the day, the most overdue first with how late, today's visitors and uncalled new leads", async () => {
    const now = kst("2026-11-26T15:00:00");
    const mine = { assigneeId: counsellor.id };
    const late = await insertLead({ ...mine, name: "다섯시간", nextContactAt: kst("2026-11-26T10:00:00"), status: "contacted" });
    const yesterday = await insertLead({ ...mine, name: "어제약속", nextContactAt: kst("2026-11-25T18:00:00"), status: "contacted" });
    const lateToday = await insertLead({ ...mine, name: "저녁약속", nextContactAt: kst("2026-11-26T19:00:00"), status: "contacted" });
    await insertLead({ ...mine, name: "내일약속", nextContactAt: kst("2026-11-27T10:00:00"), status: "contacted" });
    await insertLead({ assigneeId: otherCounsellor.id, name: "남의약속", nextContactAt: kst("2026-11-26T09:00:00") });
    const fresh = await insertLead({ ...mine, name: "새고객", createdAt: kst("2026-11-26T12:00:00") });
    const called = await insertLead({ ...mine, name: "부재고객" });
    await db()
      .insert(leadContacts)
      .values({ leadId: called.id, site: "daegu", actorId: counsellor.id, channel: "call-out", result: "no-answer" });
    const visitor = await insertLead({ ...mine, kind: "visit", name: "방문고객", status: "contacted" });
    const [slot] = await db()
      .insert(visitSlots)
      .values({ site: "daegu", day: "2026-11-26", startsAt: kst("2026-11-26T16:00:00"), endsAt: kst("2026-11-26T17:00:00"), capacity: 4 })
      .returning();
    await db()
      .insert(visitBookings)
      .values({ site: "daegu", slotId: slot!.id, leadId: visitor.id, name: "방문고객", phone: visitor.phone });

    const work = await todaysWork("daegu", counsellor, { assigneeId: counsellor.id }, now);
    expect(work.callbacks.map((lead) => lead.id)).toEqual([yesterday.id, late.id, lateToday.id]);
    expect(work.callbacks.map((lead) => lead.overdueMs)).toEqual([21 * 60 * 60 * 1000, 5 * 60 * 60 * 1000, 0]);
    expect(work.visitors.map((lead) => lead.id)).toEqual([visitor.id]);
    expect(work.fresh.map((lead) => lead.id)).toEqual([fresh.id]);

    // A manager sees the team's, with everyone's callbacks.
    const team = await todaysWork("daegu", manager, { everyone: true }, now);
    expect(team.callbacks.map((lead) => lead.name)).toEqual(["어제약속", "남의약속", "다섯시간", "저녁약속"]);
  });

  test("a callback due appears on the counsellor's page with how late it is, and the dashboard sends them there", async () => {
    const cookie = await consoleCookie(counsellor);
    const lead = await insertLead({ assigneeId: counsellor.id, name: "다시전화", nextContactAt: new Date(Date.now() - 90 * 60 * 1000) });
    const page = await outcome(() => todayLoader(routeArgs("/admin/today", { cookie })));
    expect(page.status).toBe(200);
    const data = page.data as Awaited<ReturnType<typeof todayLoaderRaw>>;
    expect(data.callbacks).toEqual([expect.objectContaining({ id: lead.id, late: "1시간 30분", tel: `tel:${lead.phone}` })]);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, "leads.list"))).toEqual([
      expect.objectContaining({ adminId: counsellor.id, leadIds: [lead.id], detail: { page: "today", who: counsellor.id } }),
    ]);

    const home = await outcome(() => dashboardLoader(routeArgs("/admin", { cookie })));
    expect(home.status).toBe(302);
    expect(home.headers.get("Location")).toBe("/admin/today");
  });

  test("a counsellor cannot see another person's 오늘 할 일; a manager can, by counsellor", async () => {
    await insertLead({ assigneeId: otherCounsellor.id, name: "남의약속", nextContactAt: new Date(Date.now() - 60_000) });
    const cookie = await consoleCookie(counsellor);
    const refused = await outcome(() => todayLoader(routeArgs(`/admin/today?who=${otherCounsellor.id}`, { cookie })));
    expect(refused.status).toBe(403);
    const own = await outcome(() => todayLoader(routeArgs("/admin/today", { cookie })));
    expect((own.data as Awaited<ReturnType<typeof todayLoaderRaw>>).callbacks).toEqual([]);

    const managerCookie = await consoleCookie(manager);
    const theirs = await outcome(() => todayLoader(routeArgs(`/admin/today?who=${otherCounsellor.id}`, { cookie: managerCookie })));
    expect((theirs.data as Awaited<ReturnType<typeof todayLoaderRaw>>).callbacks.map((lead) => lead.name)).toEqual(["남의약속"]);
    const someoneElse = await outcome(() => todayLoader(routeArgs(`/admin/today?who=${counsellor.id}`, { cookie: managerCookie })));
    expect((someoneElse.data as Awaited<ReturnType<typeof todayLoaderRaw>>).callbacks).toEqual([]);
    expect((await outcome(() => todayLoader(routeArgs("/admin/today?who=abc", { cookie: managerCookie })))).status).toBe(400);
  });
});

describe("the inbox", () => {
  test("shows each lead's call count and its last contact", async () => {
    const cookie = await consoleCookie(counsellor);
    const lead = await insertLead({ assigneeId: counsellor.id });
    const quiet = await insertLead({ assigneeId: counsellor.id });
    const change = { site: "daegu", actor: counsellor, clientAddress: "203.0.113.9", actorName: "김온빛" };
    await recordContact(
      change,
      lead.id,
      { channel: "call-out", result: "no-answer", note: "", nextContactAt: null },
      kst("2026-11-26T10:00:00"),
    );
    await recordContact(
      change,
      lead.id,
      { channel: "call-out", result: "reached", note: "", nextContactAt: null },
      kst("2026-11-26T14:00:00"),
    );
    await recordContact(
      change,
      lead.id,
      { channel: "kakao", result: "call-back", note: "", nextContactAt: kst("2026-11-27T10:00:00") },
      kst("2026-11-26T15:00:00"),
    );

    const inbox = await outcome(() => leadsLoader(routeArgs("/admin/leads?mine=1", { cookie })));
    const rows = (inbox.data as Awaited<ReturnType<typeof leadsLoaderRaw>>).leads;
    expect(rows.find((row) => row.id === lead.id)).toMatchObject({
      callCount: 2,
      lastContactResult: "call-back",
      lastContactAt: kst("2026-11-26T15:00:00"),
    });
    expect(rows.find((row) => row.id === quiet.id)).toMatchObject({ callCount: 0, lastContactResult: null, lastContactAt: null });
  });
});

describe("the live alerts", () => {
  test("announce a callback to the person who works it when it comes due, and to nobody else", async () => {
    await consoleCookie(counsellor);
    await consoleCookie(otherCounsellor);
    const sessionOf = async (staff: TestStaff) =>
      (await db().select({ id: sessions.id }).from(sessions).where(eq(sessions.adminId, staff.id)))[0]!.id;
    const heard: Record<string, LiveAlert[]> = { mine: [], other: [] };
    const stops = [
      await subscribe("daegu", {
        viewer: counsellor,
        sessionId: await sessionOf(counsellor),
        send: (alert) => heard.mine!.push(alert),
        end: () => {},
      }),
      await subscribe("daegu", {
        viewer: otherCounsellor,
        sessionId: await sessionOf(otherCounsellor),
        send: (alert) => heard.other!.push(alert),
        end: () => {},
      }),
    ];
    try {
      // Due a moment from now, as a 재통화 요청 saved by any instance would be.
      const lead = await insertLead({ assigneeId: counsellor.id, name: "김하늘", nextContactAt: new Date(Date.now() + 1_500) });
      await expect
        .poll(() => heard.mine!.filter((alert) => alert.type === "callback"), { timeout: 15_000, interval: 250 })
        .toEqual([
          {
            type: "callback",
            leadId: lead.id,
            kind: "interest",
            kindLabel: sitePack("daegu").leads.kindLabels.interest,
            maskedName: "김*늘",
          },
        ]);
      expect(heard.other!.filter((alert) => alert.type === "callback")).toEqual([]);
    } finally {
      for (const stop of stops) stop();
    }
  });
});
