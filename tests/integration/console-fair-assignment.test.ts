import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { assignLead } from "#app/.server/leads/assignment.ts";
import { createLead, type NewLead } from "#app/.server/leads/create.ts";
import { recycleUntouchedLeads } from "#app/.server/leads/recycling.ts";
import { addLeadNote } from "#app/.server/leads/record.ts";
import { admins, auditLog, consoleSettings, leadEvents, leads, leadTransfers } from "#app/.server/schema.ts";
import { addDays, kstDay, kstInstant } from "#app/utils/kst.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { withTestDatabase } from "#tests/db.ts";
import { newLeadInput as newLead, uniquePhone } from "#tests/lead-requests.ts";
import { addStaff, addTeam, consoleCookie, type TestStaff } from "#tests/staff.ts";

/**
 * Fair assignment (issue #28, item 3): automatic assignment passes over whoever marked 퇴근 or has
 * the day off, keeps to each counsellor's daily cap and weight, never gives a lead twice or overruns
 * a cap under concurrency, and says who is next; a counsellor's transfer request moves the customer
 * once a manager approves; leads left untouched return to the inbox after the site's period.
 */

withTestDatabase();
let app: TestApp;
let HERE: string;

beforeAll(async () => {
  app = await startTestApp();
  HERE = `http://here.localhost:${app.port}`;
});
afterAll(() => app.close());

let team: { owner: TestStaff; manager: TestStaff; counsellor: TestStaff };

beforeEach(async () => {
  setEnv(parseEnv({ SITES: `daegu@${HERE},suwon@http://there.localhost:${app.port}`, TRUST_PROXY: "1", LEADS_RATE_LIMIT: "off" }));
  team = await addTeam();
});

async function addLead(overrides: Partial<NewLead> = {}, now = new Date()) {
  const result = await createLead(newLead(overrides), { staffRecipients: [], now });
  if (result.outcome !== "created") throw new Error(`expected a new lead, got ${result.outcome}`);
  return result.leadId;
}

function request(path: string, { cookie, form }: { cookie?: string; form?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { Host: new URL(HERE).host, "X-Forwarded-For": "198.51.100.40", Accept: "text/html" };
  if (cookie) headers.Cookie = cookie;
  if (!form) return app.fetch(path, { headers });
  return app.fetch(path, {
    method: "POST",
    headers: { ...headers, Origin: HERE, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });
}

const roundRobinOn = () => db().insert(consoleSettings).values({ site: "daegu", roundRobin: true });
const assigneeOf = async (id: number) =>
  (await db().select({ assigneeId: leads.assigneeId }).from(leads).where(eq(leads.id, id)))[0]?.assigneeId;
const tally = (ids: (number | null | undefined)[]) => {
  const counts = new Map<number | null, number>();
  for (const id of ids) counts.set(id ?? null, (counts.get(id ?? null) ?? 0) + 1);
  return counts;
};
const manager = () => ({ site: "daegu", actor: team.manager, clientAddress: "198.51.100.40" });

describe("who is at work", () => {
  test("automatic assignment passes over a counsellor who marked 퇴근 and one with the day off, and takes them back after 출근", async () => {
    await roundRobinOn();
    const second = await addStaff({ email: "second@example.com", role: "counsellor", name: "둘째" });
    const third = await addStaff({ email: "third@example.com", role: "counsellor", name: "셋째" });

    const off = await request("/admin/account", { cookie: await consoleCookie(second), form: { intent: "duty", duty: "off" } });
    expect(off.status).toBe(200);
    expect(await off.text()).toContain("퇴근했습니다");
    const dayOff = await request("/admin/settings", {
      cookie: await consoleCookie(team.manager),
      form: { intent: "day-off", adminId: String(third.id), day: kstDay(new Date()) },
    });
    expect(dayOff.status).toBe(303);

    const first = [await addLead(), await addLead(), await addLead()];
    expect(await Promise.all(first.map(assigneeOf))).toEqual([team.counsellor.id, team.counsellor.id, team.counsellor.id]);

    await request("/admin/account", { cookie: await consoleCookie(second), form: { intent: "duty", duty: "on" } });
    const after = [await addLead(), await addLead()];
    expect(await Promise.all(after.map(assigneeOf))).toEqual([second.id, team.counsellor.id]);
  });

  test("a day off counts on its own Korean day only, and a counsellor nobody marked stays available", async () => {
    await roundRobinOn();
    const today = kstDay(new Date());
    await request("/admin/settings", {
      cookie: await consoleCookie(team.manager),
      form: { intent: "day-off", adminId: String(team.counsellor.id), day: addDays(today, 1) },
    });
    const now = await addLead();
    expect(await assigneeOf(now)).toBe(team.counsellor.id);
    const tomorrow = await addLead({}, kstInstant(addDays(today, 1), "10:00"));
    expect(await assigneeOf(tomorrow)).toBeNull();
  });

  test("a day off for someone who is not a counsellor of this site is refused beside the form", async () => {
    const elsewhere = await addStaff({ email: "elsewhere@example.com", role: "counsellor", sites: ["suwon"] });
    const refused = await request("/admin/settings", {
      cookie: await consoleCookie(team.manager),
      form: { intent: "day-off", adminId: String(elsewhere.id), day: kstDay(new Date()) },
    });
    expect(refused.status).toBe(404);
    const bad = await request("/admin/settings", {
      cookie: await consoleCookie(team.manager),
      form: { intent: "day-off", adminId: String(team.counsellor.id), day: "2026-02-31" },
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("날짜를 2026-12-01 모양으로 입력해 주세요.");
  });
});

describe("caps and weights", () => {
  test("a counsellor who reached their daily cap gets no more leads that day, and gets them again the next day", async () => {
    await roundRobinOn();
    const saved = await request("/admin/settings", {
      cookie: await consoleCookie(team.manager),
      form: { intent: "counsellor", adminId: String(team.counsellor.id), dailyCap: "2", weight: "1" },
    });
    expect(saved.status).toBe(303);
    const today = kstDay(new Date());
    const morning = kstInstant(today, "09:00");
    const ids = [await addLead({}, morning), await addLead({}, morning), await addLead({}, morning)];
    expect(await Promise.all(ids.map(assigneeOf))).toEqual([team.counsellor.id, team.counsellor.id, null]);
    const nextDay = await addLead({}, kstInstant(addDays(today, 1), "09:00"));
    expect(await assigneeOf(nextDay)).toBe(team.counsellor.id);
  });

  test("a counsellor of weight 2 gets two leads for another's one", async () => {
    await roundRobinOn();
    const heavy = await addStaff({ email: "heavy@example.com", role: "counsellor", name: "둘몫" });
    await request("/admin/settings", {
      cookie: await consoleCookie(team.manager),
      form: { intent: "counsellor", adminId: String(heavy.id), dailyCap: "", weight: "2" },
    });
    const ids = [];
    for (let index = 0; index < 30; index += 1) ids.push(await addLead());
    const counts = tally(await Promise.all(ids.map(assigneeOf)));
    expect(counts.get(heavy.id)).toBe(20);
    expect(counts.get(team.counsellor.id)).toBe(10);
  });

  test("a weight outside 1–5 and a cap that is not a number are refused beside their fields", async () => {
    const response = await request("/admin/settings", {
      cookie: await consoleCookie(team.manager),
      form: { intent: "counsellor", adminId: String(team.counsellor.id), dailyCap: "열", weight: "9" },
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("하루 최대 배정 수는 1에서 500 사이로 입력하거나 비워 두세요.");
    expect(html).toContain("배정 비중은 1에서 5 사이에서 골라 주세요.");
  });

  test("fifty leads arriving at once are each assigned once, and no cap is overrun", async () => {
    await roundRobinOn();
    const second = await addStaff({ email: "second@example.com", role: "counsellor", name: "둘째" });
    const third = await addStaff({ email: "third@example.com", role: "counsellor", name: "셋째" });
    const cookie = await consoleCookie(team.manager);
    for (const person of [team.counsellor, second, third]) {
      await request("/admin/settings", { cookie, form: { intent: "counsellor", adminId: String(person.id), dailyCap: "10", weight: "1" } });
    }
    const ids = await Promise.all(Array.from({ length: 50 }, () => addLead()));
    const counts = tally(await Promise.all(ids.map(assigneeOf)));
    expect(counts.get(team.counsellor.id)).toBe(10);
    expect(counts.get(second.id)).toBe(10);
    expect(counts.get(third.id)).toBe(10);
    expect(counts.get(null)).toBe(20);
    const events = await db().select({ leadId: leadEvents.leadId }).from(leadEvents).where(inArray(leadEvents.leadId, ids));
    expect(events).toHaveLength(30);
    expect(new Set(events.map((event) => event.leadId)).size).toBe(30);
  });

  test("the settings page names who is next in line, and says when nobody can take a lead", async () => {
    await roundRobinOn();
    const second = await addStaff({ email: "second@example.com", role: "counsellor", name: "둘째" });
    await addLead();
    const cookie = await consoleCookie(team.manager);
    expect(await (await request("/admin/settings", { cookie })).text()).toContain("다음 배정: 둘째 님");
    await request("/admin/account", { cookie: await consoleCookie(second), form: { intent: "duty", duty: "off" } });
    await request("/admin/account", { cookie: await consoleCookie(team.counsellor), form: { intent: "duty", duty: "off" } });
    expect(await (await request("/admin/settings", { cookie })).text()).toContain("지금은 배정받을 수 있는 상담사가 없습니다");
  });
});

describe("a returning customer", () => {
  test("a customer's new lead goes to the person who already works them, ahead of the turns and with round-robin off alike, with its history entry", async () => {
    const second = await addStaff({ email: "second@example.com", role: "counsellor", name: "둘째" });
    const phone = uniquePhone();
    const first = await addLead({ phone, kind: "inquiry" });
    expect(await assignLead(manager(), first, second.id)).toBe("done");

    // Round-robin off: the new lead does not wait in the unassigned inbox.
    const booked = await addLead({ phone, kind: "visit" });
    expect(await assigneeOf(booked)).toBe(second.id);
    const [entry] = await db()
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.leadId, booked), eq(leadEvents.kind, "assigned")));
    expect(entry!.detail).toMatchObject({ assigneeId: second.id, how: "returning" });
    const history = await (await request(`/admin/leads/${booked}`, { cookie: await consoleCookie(team.manager) })).text();
    expect(history).toContain("둘째 님에게 자동 배정(이 고객의 담당자)");

    // Round-robin on, with the turn elsewhere: still theirs, and the next new customer takes a turn.
    await roundRobinOn();
    const again = await addLead({ phone, kind: "interest" });
    expect(await assigneeOf(again)).toBe(second.id);
    const stranger = await addLead();
    expect(await assigneeOf(stranger)).not.toBeNull();
  });

  test("a customer whose person left the site, or whose only leads are unassigned, in the bin or spam, takes a turn like anyone", async () => {
    const leaving = await addStaff({ email: "leaving@example.com", role: "counsellor", name: "퇴사" });
    const [gone, binned, unassigned] = [uniquePhone(), uniquePhone(), uniquePhone()];
    await assignLead(manager(), await addLead({ phone: gone, kind: "inquiry" }), leaving.id);
    await db().update(admins).set({ disabledAt: new Date() }).where(eq(admins.id, leaving.id));
    const inBin = await addLead({ phone: binned, kind: "inquiry" });
    await assignLead(manager(), inBin, team.counsellor.id);
    await db().update(leads).set({ deletedAt: new Date() }).where(eq(leads.id, inBin));
    await addLead({ phone: unassigned, kind: "inquiry" });

    await roundRobinOn();
    for (const phone of [gone, binned, unassigned]) {
      const next = await addLead({ phone, kind: "visit" });
      expect(await assigneeOf(next), phone).toBe(team.counsellor.id);
      const [entry] = await db()
        .select()
        .from(leadEvents)
        .where(and(eq(leadEvents.leadId, next), eq(leadEvents.kind, "assigned")));
      expect(entry!.detail, phone).toMatchObject({ how: "round-robin" });
    }
  });
});

describe("transfers", () => {
  test("a counsellor asks to hand a customer over; the manager's approval moves every lead of theirs, with both names in the history", async () => {
    const second = await addStaff({ email: "second@example.com", role: "counsellor", name: "둘째" });
    const phone = uniquePhone();
    const first = await addLead({ phone, kind: "interest" });
    const other = await addLead({ phone, kind: "inquiry" });
    for (const id of [first, other]) await assignLead(manager(), id, team.counsellor.id);

    const asked = await request(`/admin/leads/${first}`, {
      cookie: await consoleCookie(team.counsellor),
      form: { intent: "transfer", to: String(second.id), reason: "고객이 주말 상담을 원함" },
    });
    expect(asked.status).toBe(303);
    const again = await request(`/admin/leads/${first}`, {
      cookie: await consoleCookie(team.counsellor),
      form: { intent: "transfer", to: String(second.id), reason: "한 번 더" },
    });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("이미 이관 요청이 승인을 기다리고 있습니다");
    expect(await assigneeOf(first)).toBe(team.counsellor.id);

    const cookie = await consoleCookie(team.manager);
    // React separates text parts with comments in server HTML.
    const page = (await (await request("/admin/settings", { cookie })).text()).replaceAll("<!-- -->", "");
    expect(page).toContain("상담사 님 → 둘째 님");
    expect(page).toContain("고객이 주말 상담을 원함");

    const [transfer] = await db().select({ id: leadTransfers.id }).from(leadTransfers);
    const approved = await request("/admin/settings", { cookie, form: { intent: "approve-transfer", transferId: String(transfer!.id) } });
    expect(approved.status).toBe(303);
    expect(await assigneeOf(first)).toBe(second.id);
    expect(await assigneeOf(other)).toBe(second.id);

    const leadPage = await (await request(`/admin/leads/${other}`, { cookie: await consoleCookie(second) })).text();
    expect(leadPage).toContain("상담사 님의 요청으로 둘째 님에게 이관");
    const records = await db().select().from(auditLog).where(eq(auditLog.action, "lead.transfer")).orderBy(asc(auditLog.id));
    expect(records.map((record) => [record.adminId, record.detail.step])).toEqual([
      [team.counsellor.id, "requested"],
      [team.manager.id, "approved"],
    ]);
    expect([...records[1]!.leadIds].sort()).toEqual([first, other].sort());

    const twice = await request("/admin/settings", { cookie, form: { intent: "approve-transfer", transferId: String(transfer!.id) } });
    expect(twice.status).toBe(409);
  });

  test("a declined request leaves the lead where it was, and only whoever works a lead may ask", async () => {
    const second = await addStaff({ email: "second@example.com", role: "counsellor", name: "둘째" });
    const id = await addLead();
    await assignLead(manager(), id, team.counsellor.id);
    const notTheirs = await request(`/admin/leads/${id}`, {
      cookie: await consoleCookie(second),
      form: { intent: "transfer", to: String(second.id), reason: "제가 맡겠습니다" },
    });
    expect(notTheirs.status).toBe(404);
    const empty = await request(`/admin/leads/${id}`, {
      cookie: await consoleCookie(team.counsellor),
      form: { intent: "transfer", to: "", reason: "" },
    });
    expect(empty.status).toBe(400);
    const html = await empty.text();
    expect(html).toContain("넘겨받을 사람을 선택해 주세요.");
    expect(html).toContain("이관을 요청하는 이유를 입력해 주세요.");

    await request(`/admin/leads/${id}`, {
      cookie: await consoleCookie(team.counsellor),
      form: { intent: "transfer", to: String(second.id), reason: "휴가" },
    });
    const [transfer] = await db().select({ id: leadTransfers.id }).from(leadTransfers);
    const declined = await request("/admin/settings", {
      cookie: await consoleCookie(team.manager),
      form: { intent: "decline-transfer", transferId: String(transfer!.id) },
    });
    expect(declined.status).toBe(303);
    expect(await assigneeOf(id)).toBe(team.counsellor.id);
    expect(await db().select({ status: leadTransfers.status }).from(leadTransfers)).toEqual([{ status: "declined" }]);
  });
});

describe("recycling", () => {
  const DAY = 24 * 60 * 60 * 1000;

  test("a lead assigned and untouched for the site's period returns to the inbox, recorded; a lead with a note stays", async () => {
    await db().insert(consoleSettings).values({ site: "daegu", recycleAfterDays: 3 });
    const now = new Date();
    const then = new Date(now.getTime() - 4 * DAY);
    const untouched = await addLead({}, then);
    const noted = await addLead({}, then);
    const recent = await addLead({}, then);
    await assignLead(manager(), untouched, team.counsellor.id, then);
    await assignLead(manager(), noted, team.counsellor.id, then);
    await assignLead(manager(), recent, team.counsellor.id, new Date(now.getTime() - DAY));
    await addLeadNote(
      { site: "daegu", actor: team.counsellor, clientAddress: "198.51.100.40" },
      noted,
      "내일 다시 전화",
      new Date(now.getTime() - DAY),
    );

    // Two instances running the job at once recycle each lead once.
    const reports = await Promise.all([recycleUntouchedLeads(now), recycleUntouchedLeads(now)]);
    expect(reports.flat().reduce((sum, report) => sum + report.recycled, 0)).toBe(1);
    expect(await assigneeOf(untouched)).toBeNull();
    expect(await assigneeOf(noted)).toBe(team.counsellor.id);
    expect(await assigneeOf(recent)).toBe(team.counsellor.id);

    const events = await db()
      .select({ detail: leadEvents.detail })
      .from(leadEvents)
      .where(and(eq(leadEvents.leadId, untouched), eq(leadEvents.kind, "recycled")));
    expect(events).toEqual([{ detail: { fromId: team.counsellor.id, fromName: "상담사", days: 3 } }]);
    const page = await (await request(`/admin/leads/${untouched}`, { cookie: await consoleCookie(team.manager) })).text();
    expect(page).toContain("3일 동안 연락 기록이 없어 미배정으로 돌아감");
  });

  test("without a recycling period nothing returns, however old", async () => {
    const then = new Date(Date.now() - 60 * DAY);
    const id = await addLead({}, then);
    await assignLead(manager(), id, team.counsellor.id, then);
    expect(await recycleUntouchedLeads()).toEqual([]);
    expect(await assigneeOf(id)).toBe(team.counsellor.id);
  });

  test("the period is set on the settings page, and an impossible one is refused beside its field", async () => {
    const cookie = await consoleCookie(team.manager);
    const bad = await request("/admin/settings", { cookie, form: { intent: "save", recycleAfterDays: "0" } });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("1에서 90 사이의 일수를 입력하거나 비워 두세요.");
    expect((await request("/admin/settings", { cookie, form: { intent: "save", recycleAfterDays: "5" } })).status).toBe(303);
    expect(await db().select({ days: consoleSettings.recycleAfterDays }).from(consoleSettings)).toEqual([{ days: 5 }]);
  });
});
