import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { assignLead } from "#app/.server/leads/assignment.ts";
import { CALLER_MESSAGES } from "#app/forms/caller.ts";
import { auditLog, consoleSettings, leadContacts, leadEvents, leads, smsOutbox } from "#app/.server/schema.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { consoleRequest } from "#tests/console-request.ts";
import { withTestDatabase } from "#tests/db.ts";
import { uniquePhone } from "#tests/lead-requests.ts";
import { addStaff, addTeam, consoleCookie } from "#tests/staff.ts";

/**
 * 전화 접수: whoever takes a call from someone new registers them in the console while on the phone.
 * The lead is a form's lead in every way but its source, the call is logged with it, and it is the
 * lead of the counsellor who took the call unless someone already works the customer.
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
  setEnv(parseEnv({ SITES: `daegu@http://here.localhost:${app.port}`, TRUST_PROXY: "1", LEADS_RATE_LIMIT: "off" }));
  team = await addTeam();
  cookies = { manager: await consoleCookie(team.manager), counsellor: await consoleCookie(team.counsellor) };
});

const CALLER = { name: "전화손님", unitType: "84A", message: "84A 잔여 세대와 분양가를 물어봄", consent: "on" };

const register = (form: Record<string, string>, cookie: string) =>
  consoleRequest(app, "/admin/leads/new", { method: "POST", form, cookie });
const leadsOf = (phone: string) => db().select().from(leads).where(eq(leads.phone, phone)).orderBy(leads.id);

describe("registering a caller", () => {
  test("a counsellor registers a caller during the call: their lead with its receipt number and type, the call logged, 연락 완료, and the confirmation text", async () => {
    const phone = uniquePhone();
    const answer = await register({ ...CALLER, phone }, cookies.counsellor);
    expect(answer.status).toBe(303);
    const [lead] = await leadsOf(phone);
    expect(answer.headers.get("location")).toBe(`/admin/leads/${lead!.id}`);
    expect(lead).toMatchObject({
      kind: "inquiry",
      name: "전화손님",
      unitType: "84A",
      message: CALLER.message,
      assigneeId: team.counsellor.id,
      status: "contacted",
      sourcePath: "/admin/leads/new",
      utmSource: "phone",
      marketingConsentAt: null,
    });
    expect(lead!.receiptNumber).toMatch(/^DG-\d{8}-\d{4}$/);
    expect(lead!.customerId).not.toBeNull();

    const [contact] = await db().select().from(leadContacts).where(eq(leadContacts.leadId, lead!.id));
    expect(contact).toMatchObject({ actorId: team.counsellor.id, channel: "call-in", result: "reached", note: CALLER.message });
    const [assigned] = await db().select().from(leadEvents).where(eq(leadEvents.kind, "assigned"));
    expect(assigned).toMatchObject({ leadId: lead!.id, actorId: team.counsellor.id, detail: { how: "taken" } });
    const texts = await db().select().from(smsOutbox).where(eq(smsOutbox.leadId, lead!.id));
    expect(texts.map((text) => text.purpose)).toContain("confirmation");
    const actions = (await db().select({ action: auditLog.action }).from(auditLog)).map((row) => row.action);
    expect(actions).toContain("lead.contact");

    const page = await (await consoleRequest(app, `/admin/leads/${lead!.id}`, { cookie: cookies.counsellor })).text();
    expect(page).toContain("상담사 님이 고객의 전화를 받아 통화했습니다");
    // Its source reads as what it was, the console's path beside it (CALLER_SOURCE and source-pages.ts agree).
    expect(page).toMatch(/전화 접수<span[^>]*> (<!-- -->)?\/admin\/leads\/new</);
  });

  test("a caller someone already works goes to them; a manager's registration of someone new follows the site's rules", async () => {
    const second = await addStaff({ email: "second@example.com", role: "counsellor", name: "둘째" });
    const known = uniquePhone();
    expect((await register({ ...CALLER, phone: known, unitType: "" }, cookies.manager)).status).toBe(303);
    const [first] = await leadsOf(known);
    // Round-robin off: a manager's registration waits in the inbox.
    expect(first!.assigneeId).toBeNull();
    await assignLead({ site: "daegu", actor: team.manager, clientAddress: "203.0.113.9" }, first!.id, second.id);
    // Ten minutes later the same person calls again and the counsellor who answers registers them.
    await db()
      .update(leads)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(leads.id, first!.id));
    expect((await register({ ...CALLER, phone: known }, cookies.counsellor)).status).toBe(303);
    const [, again] = await leadsOf(known);
    expect(again!.assigneeId).toBe(second.id);

    await db().insert(consoleSettings).values({ site: "daegu", roundRobin: true });
    const stranger = uniquePhone();
    expect((await register({ ...CALLER, phone: stranger }, cookies.manager)).status).toBe(303);
    const [turn] = await leadsOf(stranger);
    expect([team.counsellor.id, second.id]).toContain(turn!.assigneeId);
  });

  test("the same person registered again within minutes (a second tap, or a form they sent during the call) is not a second lead: the page says which lead they are", async () => {
    const phone = uniquePhone();
    expect((await register({ ...CALLER, phone }, cookies.counsellor)).status).toBe(303);
    const again = await register({ ...CALLER, phone }, cookies.counsellor);
    expect(again.status).toBe(409);
    const [lead, ...others] = await leadsOf(phone);
    expect(others).toEqual([]);
    expect(await again.text()).toContain(CALLER_MESSAGES.already(lead!.id));
    expect(await db().select().from(leadContacts).where(eq(leadContacts.leadId, lead!.id))).toHaveLength(1);
  });

  test("no consent, a malformed number, an empty name and a type the site does not sell are refused beside their fields, what was typed kept, nothing stored", async () => {
    const refused = await register({ name: " ", phone: "010-12", unitType: "84A", message: "통화 내용", consent: "" }, cookies.counsellor);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    for (const message of [
      "이름을 입력해 주세요.",
      "휴대폰 번호를 정확히 입력해 주세요.",
      "개인정보 수집·이용 동의를 받은 뒤에 접수할 수 있습니다.",
    ]) {
      expect(html).toContain(message);
    }
    expect(html).toContain("통화 내용</textarea>");
    const unknown = await register({ ...CALLER, phone: uniquePhone(), unitType: "99Z" }, cookies.counsellor);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("관심 타입을 목록에서 골라 주세요.");
    expect(await db().select().from(leads)).toEqual([]);
  });
});
