import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { createLead, type NewLead } from "#app/.server/leads/create.ts";
import { mergeCustomers } from "#app/.server/leads/merge.ts";
import { auditLog, blockedPhones, customers, leadEvents, leads, smsOutbox } from "#app/.server/schema.ts";
import { suggestedTemplates, textsMatching } from "#app/.server/sms/template-check.ts";
import { kstDay } from "#app/utils/kst.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { withTestDatabase } from "#tests/db.ts";
import { BROWSER, filledForm, newLeadInput as newLead, uniquePhone } from "#tests/lead-requests.ts";
import { addTeam, consoleCookie, type TestStaff } from "#tests/staff.ts";

/**
 * Lead hygiene (issue #28, item 5): every lead gets a receipt number, unique and consecutive per
 * site and Korean day even when leads arrive at once, told to the visitor and in the confirmation
 * text and found by the console's search; numbers on the blocklist are stored as spam in silence;
 * two customers who are one person are merged, their history kept.
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

async function addLead(overrides: Partial<NewLead> = {}) {
  const result = await createLead(newLead(overrides), { staffRecipients: [] });
  if (result.outcome !== "created") throw new Error(`expected a new lead, got ${result.outcome}`);
  return result;
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

/** A visitor's interest form, posted as the popup's script does, on daegu's host. */
async function submitJson(kind: "interest", fields: Record<string, string>) {
  const response = await app.fetch(`/actions/${kind}`, {
    method: "POST",
    headers: {
      Host: new URL(HERE).host,
      Origin: HERE,
      "X-Forwarded-For": "203.0.113.7",
      "User-Agent": BROWSER,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const customerOfLead = async (id: number) =>
  (await db().select({ customerId: leads.customerId }).from(leads).where(eq(leads.id, id)))[0]!.customerId!;

const today = () => kstDay(new Date()).replaceAll("-", "");

describe("receipt numbers", () => {
  test("fifty leads arriving at once get fifty distinct, consecutive numbers of the site and day", async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => addLead()));
    const numbers = results.map((result) => result.receiptNumber).sort();
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, index) => `DG-${today()}-${String(index + 1).padStart(4, "0")}`));
    const stored = await db().select({ receiptNumber: leads.receiptNumber }).from(leads);
    expect(new Set(stored.map((row) => row.receiptNumber)).size).toBe(50);
    // Another site counts its own.
    expect((await addLead({ site: "suwon" })).receiptNumber).toBe(`SW-${today()}-0001`);
  });

  test("the visitor is told the number, the confirmation text carries it, and a double submit answers the same number", async () => {
    const form = filledForm("interest");
    const first = await submitJson("interest", form);
    expect(first.status).toBe(200);
    const [lead] = await db().select({ id: leads.id, receiptNumber: leads.receiptNumber }).from(leads);
    expect(lead!.receiptNumber).toBe(`DG-${today()}-0001`);
    expect(first.body.message).toContain(`접수번호는 ${lead!.receiptNumber}입니다.`);
    const again = await submitJson("interest", form);
    expect(again.body.message).toContain(lead!.receiptNumber!);

    const [confirmation] = await db().select({ body: smsOutbox.body }).from(smsOutbox).where(eq(smsOutbox.purpose, "confirmation"));
    expect(confirmation!.body).toContain(`접수번호: ${lead!.receiptNumber}`);
  });

  test("the same phone from another browser is told a number of its own, never the first lead's", async () => {
    const phone = uniquePhone();
    const first = await addLead({ phone });
    const repeat = await createLead(newLead({ phone }), { staffRecipients: [] });
    expect(repeat).toMatchObject({ outcome: "folded", leadId: first.leadId, receiptNumber: `DG-${today()}-0002` });
    expect(first.receiptNumber).toBe(`DG-${today()}-0001`);
    const [event] = await db().select({ detail: leadEvents.detail }).from(leadEvents).where(eq(leadEvents.leadId, first.leadId));
    expect(event!.detail).toEqual({ sameBrowser: false, receiptNumber: `DG-${today()}-0002` });
  });

  test("without JavaScript the visit page's answer names the receipt number, on a page kept private", async () => {
    const posted = await app.fetch("/daegu/customer", {
      method: "POST",
      headers: {
        Host: new URL(HERE).host,
        Origin: HERE,
        "X-Forwarded-For": "203.0.113.9",
        "User-Agent": BROWSER,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(filledForm("visit")).toString(),
    });
    expect(posted.status).toBe(303);
    const location = posted.headers.get("Location")!;
    expect(location).toBe(`/daegu/customer?done=1&receipt=DG-${today()}-0001`);
    const page = await app.fetch(location, { headers: { Host: new URL(HERE).host } });
    expect(page.headers.get("Cache-Control")).toContain("no-store");
    expect((await page.text()).replaceAll("<!-- -->", "")).toContain(`접수번호는 DG-${today()}-0001입니다.`);
  });

  test("an 알림톡 template written with #{접수번호} matches the confirmation", async () => {
    const [suggested] = await suggestedTemplates("daegu", "confirmation");
    expect(suggested!.body).toContain("#{접수번호}");
    expect(await textsMatching("daegu", { purpose: "confirmation", body: suggested!.body })).toEqual([
      "관심고객 등록 확인",
      "방문예약 접수 확인",
      "고객문의 접수 확인",
    ]);
  });

  test("the console finds a lead by its receipt number and shows it on the lead's page", async () => {
    const { leadId, receiptNumber } = await addLead({ name: "번호로찾기" });
    await addLead({ name: "다른고객" });
    const cookie = await consoleCookie(team.manager);
    const searched = await request("/admin/leads", { cookie, form: { intent: "search", q: receiptNumber } });
    expect(searched.status).toBe(303);
    const list = await (await request(searched.headers.get("Location")!, { cookie })).text();
    expect(list).toContain("번호로찾기");
    expect(list).not.toContain("다른고객");
    expect(await (await request(`/admin/leads/${leadId}`, { cookie })).text()).toContain(receiptNumber);
  });
});

describe("the blocklist", () => {
  test("a form from a blocked number is answered as usual, stored as spam ('blocked') and texts nobody", async () => {
    const cookie = await consoleCookie(team.manager);
    const blocked = await request("/admin/settings", {
      cookie,
      form: { intent: "block", phone: "010-4444-5555", reason: "장난 전화 반복" },
    });
    expect(blocked.status).toBe(303);
    const [entry] = await db().select().from(blockedPhones);
    expect(entry).toMatchObject({ site: "daegu", phone: "01044445555", reason: "장난 전화 반복", createdBy: team.manager.id });

    const normal = await submitJson("interest", filledForm("interest"));
    const fromBlocked = await submitJson("interest", filledForm("interest", { phone: "010-4444-5555" }));
    expect(fromBlocked.status).toBe(200);
    expect(fromBlocked.body.ok).toBe(true);
    // The same words, but for the number itself.
    expect(String(fromBlocked.body.message).replace(/DG-\d+-\d+/, "")).toBe(String(normal.body.message).replace(/DG-\d+-\d+/, ""));

    const [stored] = await db().select().from(leads).where(eq(leads.phone, "01044445555"));
    expect(stored).toMatchObject({ spam: true, spamReason: "blocked", customerId: null, assigneeId: null });
    expect(await db().select().from(smsOutbox).where(eq(smsOutbox.leadId, stored!.id))).toEqual([]);
    // Another site does not share the list.
    const elsewhere = await addLead({ site: "suwon", phone: "01044445555" });
    expect((await db().select({ spam: leads.spam }).from(leads).where(eq(leads.id, elsewhere.leadId)))[0]!.spam).toBe(false);
  });

  test("blocking and unblocking are access records naming the entry, never the number; a repeat is refused beside the field", async () => {
    const cookie = await consoleCookie(team.manager);
    await request("/admin/settings", { cookie, form: { intent: "block", phone: "010-4444-5555", reason: "욕설" } });
    const twice = await request("/admin/settings", { cookie, form: { intent: "block", phone: "01044445555", reason: "욕설" } });
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain("이미 차단한 번호입니다.");
    const empty = await request("/admin/settings", { cookie, form: { intent: "block", phone: "12", reason: "" } });
    expect(empty.status).toBe(400);
    const html = await empty.text();
    expect(html).toContain("휴대폰 번호를 정확히 입력해 주세요.");
    expect(html).toContain("차단하는 이유를 입력해 주세요.");

    const [entry] = await db().select({ id: blockedPhones.id }).from(blockedPhones);
    const page = await (await request("/admin/settings", { cookie })).text();
    expect(page).toContain("010-4444-5555");
    expect((await request("/admin/settings", { cookie, form: { intent: "unblock", entryId: String(entry!.id) } })).status).toBe(303);
    expect(await db().select().from(blockedPhones)).toEqual([]);

    const records = await db().select().from(auditLog).where(eq(auditLog.action, "blocklist.change")).orderBy(asc(auditLog.id));
    expect(records.map((record) => record.detail)).toEqual([
      { entry: entry!.id, step: "added" },
      { entry: entry!.id, step: "removed" },
    ]);
    // Every field a person wrote or the app chose; the chain's hex digests and the time may hold "4444" by chance.
    const written = records.map(({ prevHash: _prevHash, hash: _hash, at: _at, ...rest }) => rest);
    expect(JSON.stringify(written)).not.toContain("4444");
  });

  test("a counsellor cannot change the blocklist", async () => {
    const response = await request("/admin/settings", {
      cookie: await consoleCookie(team.counsellor),
      form: { intent: "block", phone: "010-4444-5555", reason: "장난" },
    });
    expect(response.status).toBe(403);
    expect(await db().select().from(blockedPhones)).toEqual([]);
  });
});

describe("merging customers", () => {
  test("a manager merges the customer of another number into this one: every lead moves, both histories read the merge", async () => {
    const a = await addLead({ phone: "01011112222", kind: "interest", name: "한사람" });
    const b = await addLead({ phone: "01033334444", kind: "inquiry", name: "한사람" });
    const keep = await customerOfLead(a.leadId);
    const other = await customerOfLead(b.leadId);
    const cookie = await consoleCookie(team.manager);
    const merged = await request(`/admin/customers/${keep}`, { cookie, form: { intent: "merge", phone: "010-3333-4444" } });
    expect(merged.status).toBe(303);

    const rows = await db()
      .select({ customerId: leads.customerId })
      .from(leads)
      .where(inArray(leads.id, [a.leadId, b.leadId]));
    expect(rows.map((row) => row.customerId)).toEqual([keep, keep]);
    expect((await db().select({ mergedIntoId: customers.mergedIntoId }).from(customers).where(eq(customers.id, other)))[0]).toEqual({
      mergedIntoId: keep,
    });
    const events = await db()
      .select({ leadId: leadEvents.leadId, detail: leadEvents.detail })
      .from(leadEvents)
      .where(eq(leadEvents.kind, "customer-merged"));
    expect(events.map((event) => event.leadId).sort()).toEqual([a.leadId, b.leadId].sort());
    expect(events[0]!.detail).toEqual({ fromId: other, intoId: keep });
    const [record] = await db().select().from(auditLog).where(eq(auditLog.action, "customer.merge"));
    expect(record!.detail).toEqual({ kept: keep, merged: other, moved: 1 });

    // The merged customer's page leads to the one kept; its number's next lead joins it too.
    const old = await request(`/admin/customers/${other}`, { cookie });
    expect(old.status).toBe(302);
    expect(old.headers.get("Location")).toBe(`/admin/customers/${keep}`);
    const later = await addLead({ phone: "01033334444", kind: "visit" });
    expect((await db().select({ customerId: leads.customerId }).from(leads).where(eq(leads.id, later.leadId)))[0]!.customerId).toBe(keep);
    const page = (await (await request(`/admin/customers/${keep}`, { cookie })).text()).replaceAll("<!-- -->", "");
    expect(page).toContain(`고객 기록 합침 (고객 #${other} → 고객 #${keep})`);
    // Both numbers are on the page, each with its own consent.
    expect(page).toContain('<dt>다른 번호</dt><dd><a href="tel:01033334444">010-3333-4444</a></dd>');
    expect(page.match(/광고 문자 수신에 동의하지 않음/g)).toHaveLength(2);
  });

  test("the lead page's text form names the marks an advertising text gets, with the particle the opt-out number takes", async () => {
    const { leadId } = await addLead({ phone: "01011112222" });
    const cookie = await consoleCookie(team.owner);
    const page = (await (await request(`/admin/leads/${leadId}`, { cookie })).text()).replaceAll("<!-- -->", "");
    expect(page).toContain("맨 끝에 “무료수신거부 080-000-0000”이 붙고");
  });

  test("a customer of another site is not found, by number or by id, and a counsellor may not merge", async () => {
    const here = await addLead({ phone: "01011112222" });
    const there = await addLead({ site: "suwon", phone: "01055556666" });
    const hereCustomer = await customerOfLead(here.leadId);
    const thereCustomer = await customerOfLead(there.leadId);
    const byNumber = await request(`/admin/customers/${hereCustomer}`, {
      cookie: await consoleCookie(team.manager),
      form: { intent: "merge", phone: "010-5555-6666" },
    });
    expect(byNumber.status).toBe(404);
    expect(await byNumber.text()).toContain("이 사이트에 그 번호의 고객이 없습니다.");
    expect(await mergeCustomers({ site: "daegu", actor: team.manager, clientAddress: "198.51.100.40" }, hereCustomer, thereCustomer)).toBe(
      "not-found",
    );
    const counsellor = await request(`/admin/customers/${hereCustomer}`, {
      cookie: await consoleCookie(team.counsellor),
      form: { intent: "merge", phone: "010-1111-2222" },
    });
    expect(counsellor.status).toBe(403);
    expect(await db().select().from(leadEvents).where(eq(leadEvents.kind, "customer-merged"))).toEqual([]);
  });
});
