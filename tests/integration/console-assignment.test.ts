import http from "node:http";
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { assignLead } from "#app/.server/leads/assignment.ts";
import { createLead, type NewLead } from "#app/.server/leads/create.ts";
import { admins, auditLog, consoleSettings, leadEvents, leads, smsOutbox } from "#app/.server/schema.ts";
import { kstDay } from "#app/utils/kst.ts";
import { BULK_ASSIGN_MESSAGES } from "#app/forms/admin.ts";
import { renderedField } from "#tests/console-form-html.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { withTestDatabase } from "#tests/db.ts";
import { newLeadInput } from "#tests/lead-requests.ts";
import { addStaff, addTeam, consoleCookie, type TestStaff } from "#tests/staff.ts";

/**
 * Who works a lead (issue #17): a manager assigns leads, one or several at once; with round-robin
 * on, new leads go to the site's counsellors by turns; a counsellor sees their own in "내 고객",
 * is texted if they asked, and hears of new leads live over server-sent events.
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

function newLead(overrides: Partial<NewLead> = {}): NewLead {
  return newLeadInput({ kind: "visit", ...overrides });
}

async function addLead(overrides: Partial<NewLead> = {}) {
  const result = await createLead(newLead(overrides), { staffRecipients: [] });
  if (result.outcome !== "created") throw new Error(`expected a new lead, got ${result.outcome}`);
  return result.leadId;
}

function request(path: string, { cookie, form }: { cookie?: string; form?: Record<string, string | string[]> } = {}) {
  const headers: Record<string, string> = { Host: new URL(HERE).host, "X-Forwarded-For": "198.51.100.40", Accept: "text/html" };
  if (cookie) headers.Cookie = cookie;
  if (!form) return app.fetch(path, { headers });
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(form)) for (const item of [value].flat()) body.append(name, item);
  return app.fetch(path, {
    method: "POST",
    headers: { ...headers, Origin: HERE, "Content-Type": "application/x-www-form-urlencoded" },
    body: body.toString(),
  });
}

const assigneeOf = async (id: number) =>
  (await db().select({ assigneeId: leads.assigneeId }).from(leads).where(eq(leads.id, id)))[0]?.assigneeId;

describe("assigning leads", () => {
  test("a manager assigns three leads at once; each gets an 'assigned' history entry and one access record names all three", async () => {
    const ids = [await addLead({ name: "가나다" }), await addLead({ name: "라마바" }), await addLead({ name: "사아자" })];
    const response = await request("/admin/leads", {
      cookie: await consoleCookie(team.manager),
      form: { intent: "assign", assignee: String(team.counsellor.id), ids: ids.map(String), back: "kind=visit" },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/admin/leads?kind=visit&assigned=3");

    for (const id of ids) expect(await assigneeOf(id)).toBe(team.counsellor.id);
    const events = await db().select().from(leadEvents).where(inArray(leadEvents.leadId, ids)).orderBy(asc(leadEvents.leadId));
    expect(events.map((event) => [event.leadId, event.kind, event.actorId, event.detail])).toEqual(
      ids.map((id) => [id, "assigned", team.manager.id, { assigneeId: team.counsellor.id, assigneeName: "상담사", how: "bulk" }]),
    );
    const records = await db().select().from(auditLog).where(eq(auditLog.action, "lead.assign"));
    expect(records).toHaveLength(1);
    expect([...records[0]!.leadIds!].sort()).toEqual([...ids].sort());

    const page = await request("/admin/leads?kind=visit&assigned=3", { cookie: await consoleCookie(team.manager) });
    expect(await page.text()).toContain("고객 3명을 배정했습니다.");
  });

  test("leads of another site are passed over, and unassigning gives leads back to the inbox", async () => {
    const here = await addLead();
    const there = await addLead({ site: "suwon" });
    const cookie = await consoleCookie(team.manager);
    await request("/admin/leads", {
      cookie,
      form: { intent: "assign", assignee: String(team.counsellor.id), ids: [String(here), String(there)] },
    });
    expect(await assigneeOf(here)).toBe(team.counsellor.id);
    expect(await assigneeOf(there)).toBeNull();

    const back = await request("/admin/leads", { cookie, form: { intent: "assign", assignee: "", unassign: "yes", ids: [String(here)] } });
    expect(back.headers.get("Location")).toBe("/admin/leads?assigned=1&to=none");
    expect(await assigneeOf(here)).toBeNull();
    const [event] = await db().select().from(leadEvents).where(eq(leadEvents.leadId, here)).orderBy(asc(leadEvents.id)).offset(1);
    expect(event?.detail).toEqual({ assigneeId: null, assigneeName: null, how: "bulk" });
  });

  test("assigning with nothing ticked is a 400 with a message", async () => {
    const response = await request("/admin/leads", {
      cookie: await consoleCookie(team.manager),
      form: { intent: "assign", assignee: String(team.counsellor.id) },
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("배정할 고객을 선택해 주세요.");
  });

  test("assigning with nothing ticked and nobody chosen names both problems, each under its own field", async () => {
    await addLead();
    const response = await request("/admin/leads", { cookie: await consoleCookie(team.manager), form: { intent: "assign", assignee: "" } });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(renderedField(html, "assignee")).toMatchObject({ invalid: true, errors: [BULK_ASSIGN_MESSAGES.noAssignee] });
    // The boxes are in the table, each naming the one error of the list.
    expect(renderedField(html, "ids")).toMatchObject({ invalid: true, errors: [BULK_ASSIGN_MESSAGES.noLeads] });
  });

  test("배정 해제 gives ticked leads back to the inbox whoever is chosen in the list", async () => {
    const id = await addLead();
    const cookie = await consoleCookie(team.manager);
    await request("/admin/leads", { cookie, form: { intent: "assign", assignee: String(team.counsellor.id), ids: [String(id)] } });
    expect(await assigneeOf(id)).toBe(team.counsellor.id);
    await request("/admin/leads", {
      cookie,
      form: { intent: "assign", assignee: String(team.counsellor.id), unassign: "yes", ids: [String(id)] },
    });
    expect(await assigneeOf(id)).toBeNull();
  });

  test("a counsellor cannot assign", async () => {
    const id = await addLead();
    const response = await request("/admin/leads", {
      cookie: await consoleCookie(team.counsellor),
      form: { intent: "assign", assignee: String(team.counsellor.id), ids: [String(id)] },
    });
    expect(response.status).toBe(403);
    expect(await assigneeOf(id)).toBeNull();
    expect(await db().select().from(leadEvents)).toEqual([]);
  });

  test("one lead assigned from its page is recorded as a manual assignment", async () => {
    const id = await addLead();
    const change = { site: "daegu", actor: team.manager, clientAddress: "198.51.100.40" };
    expect(await assignLead(change, id, team.counsellor.id)).toBe("done");
    const [event] = await db().select().from(leadEvents).where(eq(leadEvents.leadId, id));
    expect(event?.detail).toMatchObject({ how: "manual", assigneeId: team.counsellor.id });
  });
});

describe("round-robin", () => {
  test("with round-robin on, new leads go to each active counsellor in turn, skipping disabled ones", async () => {
    const second = await addStaff({ email: "second@example.com", role: "counsellor", name: "둘째" });
    await addStaff({ email: "away@example.com", role: "counsellor", name: "휴직", disabled: true });
    await addStaff({ email: "elsewhere@example.com", role: "counsellor", sites: ["suwon"] });
    const third = await addStaff({ email: "third@example.com", role: "counsellor", name: "셋째" });

    const saved = await request("/admin/settings", {
      cookie: await consoleCookie(team.manager),
      form: { intent: "save", roundRobin: "on", recycleAfterDays: "" },
    });
    expect(saved.status).toBe(303);
    expect(await db().select({ roundRobin: consoleSettings.roundRobin }).from(consoleSettings)).toEqual([{ roundRobin: true }]);

    const ids = [];
    for (let index = 0; index < 4; index += 1) ids.push(await addLead());
    const assignees = await Promise.all(ids.map(assigneeOf));
    expect(assignees).toEqual([team.counsellor.id, second.id, third.id, team.counsellor.id]);

    const events = await db().select().from(leadEvents).where(eq(leadEvents.leadId, ids[1]!));
    expect(events.map((event) => [event.actorId, event.detail])).toEqual([
      [null, { assigneeId: second.id, assigneeName: "둘째", how: "round-robin" }],
    ]);
  });

  test("with round-robin on, a spam lead is not assigned", async () => {
    await db().insert(consoleSettings).values({ site: "daegu", roundRobin: true });
    const id = await addLead({ spamReason: "honeypot" });
    expect(await assigneeOf(id)).toBeNull();
  });

  test("with round-robin off, a new lead stays unassigned", async () => {
    await request("/admin/settings", { cookie: await consoleCookie(team.manager), form: { intent: "save", recycleAfterDays: "" } });
    expect(await db().select({ roundRobin: consoleSettings.roundRobin }).from(consoleSettings)).toEqual([{ roundRobin: false }]);
    const id = await addLead();
    expect(await assigneeOf(id)).toBeNull();
    expect(await db().select().from(leadEvents)).toEqual([]);
  });
});

describe("the assigned counsellor hears of it", () => {
  test("an opted-in counsellor is texted when a lead is assigned to them, with the customer's name masked", async () => {
    const cookie = await consoleCookie(team.counsellor);
    const refused = await request("/admin/account", { cookie, form: { intent: "alerts", textOnAssignment: "on", mobile: "" } });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("휴대폰 번호를 입력해 주세요");
    const saved = await request("/admin/account", { cookie, form: { intent: "alerts", textOnAssignment: "on", mobile: "010-7777-8888" } });
    expect(saved.status).toBe(200);
    expect(
      await db().select({ mobile: admins.mobile, on: admins.textOnAssignment }).from(admins).where(eq(admins.id, team.counsellor.id)),
    ).toEqual([{ mobile: "01077778888", on: true }]);

    const id = await addLead({ name: "김하늘", phone: "01012345678" });
    await request("/admin/leads", {
      cookie: await consoleCookie(team.manager),
      form: { intent: "assign", assignee: String(team.counsellor.id), ids: [String(id)] },
    });
    const texts = await db()
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.recipient, "01077778888"), eq(smsOutbox.purpose, "staff")));
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain("김*늘");
    expect(texts[0]!.body).toContain(`${HERE}/admin/leads/${id}`);
    expect(texts[0]!.body).not.toContain("김하늘");
    expect(texts[0]!.body).not.toContain("5678");
  });

  test("a counsellor who did not opt in is not texted", async () => {
    await db().update(admins).set({ mobile: "01077778888" }).where(eq(admins.id, team.counsellor.id));
    const id = await addLead();
    await assignLead({ site: "daegu", actor: team.manager, clientAddress: "198.51.100.40" }, id, team.counsellor.id);
    expect(await db().select().from(smsOutbox).where(eq(smsOutbox.recipient, "01077778888"))).toEqual([]);
  });

  test("내 고객 lists only my leads", async () => {
    const mine = await addLead({ name: "나의고객" });
    const theirs = await addLead({ name: "남의고객" });
    await addLead({ name: "미배정고객" });
    const change = { site: "daegu", actor: team.manager, clientAddress: "198.51.100.40" };
    await assignLead(change, mine, team.counsellor.id);
    await assignLead(change, theirs, team.manager.id);

    const page = await (await request("/admin/leads?mine=1", { cookie: await consoleCookie(team.counsellor) })).text();
    expect(page).toContain('<h1 class="admin-title">내 고객</h1>');
    expect(page).toContain("나의고객");
    expect(page).not.toContain("남의고객");
    expect(page).not.toContain("미배정고객");
    // The menu offers it, and the whole inbox still shows the unassigned lead.
    expect(page).toContain('href="/admin/leads?mine=1"');
    expect(await (await request("/admin/leads", { cookie: await consoleCookie(team.counsellor) })).text()).toContain("미배정고객");
  });
});

describe("the inbox by assignee", () => {
  test("a manager filters the inbox to 미배정 or to one person; the filter form posts it into the URL and the export takes it along", async () => {
    const counsellorsLead = await addLead({ name: "상담고객" });
    const managersLead = await addLead({ name: "관리고객" });
    await addLead({ name: "대기고객" });
    await addLead({ name: "스팸고객", spamReason: "no-token" });
    const change = { site: "daegu", actor: team.manager, clientAddress: "198.51.100.40" };
    await assignLead(change, counsellorsLead, team.counsellor.id);
    await assignLead(change, managersLead, team.manager.id);
    const cookie = await consoleCookie(team.manager);

    const unassigned = await (await request("/admin/leads?assignedTo=none", { cookie })).text();
    expect(unassigned).toContain("대기고객");
    expect(unassigned).not.toContain("상담고객");
    expect(unassigned).not.toContain("관리고객");
    expect(unassigned).not.toContain("스팸고객");
    expect(unassigned).toContain("1건");
    // The select offers every person of the site, and shows the filter applied.
    expect(unassigned).toContain('<option value="none" selected="">미배정</option>');
    expect(unassigned).toContain(`<option value="${team.counsellor.id}">`);
    expect(unassigned).toMatch(/필터(<!-- -->)? \(적용 중\)/);

    const counsellors = await (await request(`/admin/leads?assignedTo=${team.counsellor.id}`, { cookie })).text();
    expect(counsellors).toContain("상담고객");
    expect(counsellors).not.toContain("관리고객");
    expect(counsellors).not.toContain("대기고객");

    const posted = await request("/admin/leads", { cookie, form: { intent: "search", assignedTo: "none", status: "new", q: "" } });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("Location")).toBe("/admin/leads?status=new&assignedTo=none");

    const exportPage = await (await request("/admin/leads/export?assignedTo=none", { cookie })).text();
    expect(exportPage).toMatch(/<strong>1(<!-- -->)?명<\/strong>/);
    expect(exportPage).toContain('name="assignedTo" value="none"');
  });

  test("a counsellor's 미배정 shows only the unassigned inbox, and another person's id shows nothing of theirs", async () => {
    const managersLead = await addLead({ name: "관리고객" });
    await addLead({ name: "대기고객" });
    await assignLead({ site: "daegu", actor: team.manager, clientAddress: "198.51.100.40" }, managersLead, team.manager.id);
    const cookie = await consoleCookie(team.counsellor);

    const unassigned = await (await request("/admin/leads?assignedTo=none", { cookie })).text();
    expect(unassigned).toContain("대기고객");
    // A counsellor is offered 미배정 and their own leads, not the team's names.
    expect(unassigned).toContain(`<option value="${team.counsellor.id}">내 고객</option>`);
    expect(unassigned).not.toContain(`<option value="${team.manager.id}">`);

    // Choosing 내 고객 in the filter opens 내 고객, the page the menu names.
    const own = await request("/admin/leads", { cookie, form: { intent: "search", assignedTo: String(team.counsellor.id), q: "" } });
    expect(own.headers.get("Location")).toBe("/admin/leads?mine=1");

    const managers = await (await request(`/admin/leads?assignedTo=${team.manager.id}`, { cookie })).text();
    expect(managers).not.toContain("관리고객");
    expect(managers).toContain("조건에 맞는 접수가 없습니다.");
  });

  test("a malformed or unheld assignee is no filter, never an error", async () => {
    await addLead({ name: "대기고객" });
    const cookie = await consoleCookie(team.manager);
    for (const value of ["x", "-1", "0", "2147483648", "none;drop"]) {
      const response = await request(`/admin/leads?assignedTo=${encodeURIComponent(value)}`, { cookie });
      expect(response.status, value).toBe(200);
      expect(await response.text(), value).toContain("대기고객");
    }
  });
});

describe("the dashboard", () => {
  test("미배정 counts the leads nobody works, spam and the bin left out, and opens the inbox on them", async () => {
    const assigned = await addLead({ name: "배정고객" });
    await addLead({ name: "대기고객" });
    await addLead({ name: "대기고객둘" });
    await addLead({ name: "스팸고객", spamReason: "no-token" });
    await assignLead({ site: "daegu", actor: team.manager, clientAddress: "198.51.100.40" }, assigned, team.counsellor.id);
    const page = await (await request("/admin", { cookie: await consoleCookie(team.manager) })).text();
    expect(page).toMatch(/href="\/admin\/leads\?assignedTo=none"[^>]*>.*?미배정.*?<strong>2<\/strong>건/s);
  });

  test("the today cards open the inbox on today only, the newest leads' numbers are tap-to-call, and a counsellor is sent to 오늘 할 일", async () => {
    const today = kstDay(new Date());
    await addLead({ name: "전화고객", phone: "01098765432", kind: "inquiry" });
    const manager = await (await request("/admin", { cookie: await consoleCookie(team.manager) })).text();
    expect(manager).toContain(`href="/admin/leads?kind=inquiry&amp;from=${today}&amp;to=${today}"`);
    expect(manager).toContain('href="tel:01098765432"');

    // A counsellor's console opens on 오늘 할 일, which lists only leads they work.
    const counsellor = await request("/admin", { cookie: await consoleCookie(team.counsellor) });
    expect(counsellor.status).toBe(302);
    expect(counsellor.headers.get("Location")).toBe("/admin/today");
  });
});

/** Opens the event stream as a browser's EventSource does; resolves once the server says it is connected. */
function openStream(cookie: string | undefined) {
  return new Promise<{
    status: number;
    headers: http.IncomingHttpHeaders;
    next: (event: string) => Promise<string>;
    /** Settles when the server ends the stream. */
    ended: Promise<void>;
    close: () => void;
  }>((resolve, reject) => {
    const req = http.request({
      host: "127.0.0.1",
      port: app.port,
      path: "/admin/events",
      headers: { Host: new URL(HERE).host, Accept: "text/event-stream", ...(cookie ? { Cookie: cookie } : {}) },
    });
    req.on("error", reject);
    req.on("response", (response) => {
      let buffer = "";
      const waiting: { event: string; resolve: (data: string) => void }[] = [];
      const check = () => {
        for (const block of buffer.split("\n\n").slice(0, -1)) {
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          const at = waiting.findIndex((wanted) => wanted.event === event);
          if (at >= 0 && data) waiting.splice(at, 1)[0]!.resolve(data);
        }
        buffer = buffer.slice(buffer.lastIndexOf("\n\n") + 2);
      };
      const answer = {
        status: response.statusCode ?? 0,
        headers: response.headers,
        next: (event: string) => new Promise<string>((done) => waiting.push({ event, resolve: done })),
        ended: new Promise<void>((done) => response.once("end", () => done())),
        close: () => req.destroy(),
      };
      if (response.statusCode !== 200) {
        response.resume();
        resolve(answer);
        return;
      }
      let connected = false;
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        buffer += chunk;
        if (!connected && buffer.includes(": connected")) {
          connected = true;
          resolve(answer);
        }
        check();
      });
    });
    req.end();
  });
}

describe("live alerts", () => {
  test("the event stream tells a signed-in person of a new lead, masked", async () => {
    const stream = await openStream(await consoleCookie(team.manager));
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers["content-type"]).toMatch(/^text\/event-stream/);
      expect(stream.headers["cache-control"]).toBe("no-store, no-transform");
      const arrived = stream.next("lead");
      const id = await addLead({ name: "김하늘", kind: "inquiry" });
      const alert = JSON.parse(await arrived) as Record<string, unknown>;
      expect(alert).toEqual({ type: "lead", leadId: id, kind: "inquiry", kindLabel: expect.any(String), maskedName: "김*늘" });
    } finally {
      stream.close();
    }
  });

  test("the event stream tells a counsellor of a lead assigned to them", async () => {
    const id = await addLead({ name: "이솔" });
    const stream = await openStream(await consoleCookie(team.counsellor));
    try {
      const arrived = stream.next("assigned");
      await assignLead({ site: "daegu", actor: team.manager, clientAddress: "198.51.100.40" }, id, team.counsellor.id);
      expect(JSON.parse(await arrived)).toMatchObject({ type: "assigned", leadId: id, maskedName: "이*", how: "manual" });
    } finally {
      stream.close();
    }
  });

  test("the event stream is refused without a session, and ends with the session", async () => {
    expect((await openStream(undefined)).status).toBe(401);
    const cookie = await consoleCookie(team.manager);
    const stream = await openStream(cookie);
    expect(stream.status).toBe(200);
    // Signing out everywhere ends the session; the stream ends at the next poll, and a reconnection is refused.
    await request("/admin/account", { cookie, form: { intent: "sign-out-everywhere" } });
    await stream.ended;
    expect((await openStream(cookie)).status).toBe(401);
  });
});
