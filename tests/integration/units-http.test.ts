import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { bumpContentVersion } from "#app/.server/content/content-version.ts";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { leads, priceSheets, units, unitSettings, visitBookings, visitSlots } from "#app/.server/schema.ts";
import { openVisitDays, slotLabel } from "#app/.server/visits/schedule.ts";
import { demoPriceSheet } from "#app/content/sites/daegu/prices.ts";
import { HOLDABLE_LISTED } from "#app/.server/units/board.ts";
import { UNIT_MESSAGES } from "#app/forms/units.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { withTestDatabase } from "#tests/db.ts";
import { filledForm } from "#tests/lead-requests.ts";
import { addTeam, consoleCookie } from "#tests/staff.ts";
import { addBuilding, addUnitLead } from "#tests/units.ts";
import { addDays, kstDay } from "#app/utils/kst.ts";

/**
 * The board through HTTP (issue #30): the console's forms, the public pill, home line and 잔여세대
 * page (cached pages, dropped when a unit changes), and a unit picked on the site reaching the lead.
 */

withTestDatabase();
let app: TestApp;
let HERE: string;
let team: Awaited<ReturnType<typeof addTeam>>;
let cookies: { manager: string; counsellor: string };

beforeAll(async () => {
  app = await startTestApp();
  HERE = `http://localhost:${app.port}`;
});
afterAll(() => app.close());

beforeEach(async () => {
  setEnv(parseEnv({ SITES: `daegu@${HERE}`, TRUST_PROXY: "1" }));
  team = await addTeam();
  cookies = { manager: await consoleCookie(team.manager), counsellor: await consoleCookie(team.counsellor) };
});

function on(path: string, { form, cookie }: { form?: Record<string, string>; cookie?: string } = {}) {
  const headers: Record<string, string> = {
    "X-Forwarded-For": "198.51.100.41",
    Accept: "text/html",
    ...(cookie ? { Cookie: cookie } : {}),
  };
  if (!form) return app.fetch(path, { headers });
  return app.fetch(path, {
    method: "POST",
    headers: { ...headers, Origin: HERE, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });
}

/** The header pill's text, or null without one. */
function pill(html: string) {
  const match = /data-testid="remaining-units-pill"[^>]*>([^<]*)</.exec(html);
  return match ? match[1]!.trim() : null;
}

describe("the public figures", () => {
  test("the pill, the home line and the 잔여세대 page follow the board: a hold keeps the count, a sale lowers it on the next request", async () => {
    await db().insert(unitSettings).values({ site: "daegu", remainingSource: "board", publicPage: true });
    const [first] = await addBuilding({ floors: 1, lines: 2 });
    const lead = await addUnitLead({ assigneeId: team.counsellor.id });
    const home = await (await on("/")).text();
    expect(pill(home)).toBe("잔여세대 84A 1세대 · 84B 1세대");
    expect(home).toContain('class="home-hero__remaining">잔여세대 84A 1세대 · 84B 1세대<');
    expect(home).toContain('href="/SalesInfo/units"');
    // Cached now; the hold and the sale below must still show on the very next request.
    expect(pill(await (await on("/Brand/intro")).text())).toBe("잔여세대 84A 1세대 · 84B 1세대");

    const held = await on("/admin/units", {
      form: { intent: "hold", unit: String(first!.id), lead: String(lead) },
      cookie: cookies.counsellor,
    });
    expect(held.status).toBe(303);
    expect(pill(await (await on("/Brand/intro")).text())).toBe("잔여세대 84A 1세대 · 84B 1세대");
    const sold = await on("/admin/units", { form: { intent: "contract", unit: String(first!.id) }, cookie: cookies.manager });
    expect(sold.status).toBe(303);
    expect(pill(await (await on("/Brand/intro")).text())).toBe("잔여세대 84A 잔여 없음 · 84B 1세대");
    const page = await on("/SalesInfo/units");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("101동");
    expect(html).toMatch(/84A<\/span><strong class="units-public__count">잔여 없음<\/strong>/);
    // The unit left is listed with a link that preselects it on the inquiry form.
    expect(html).toMatch(/href="\/Promotion\/Customer\?unit=\d+"/);
  });

  test("while the office keeps the page off, it is a 404 and out of the menu; with the board off no count is claimed", async () => {
    await addBuilding({ floors: 1, lines: 1 });
    await db().insert(unitSettings).values({ site: "daegu", remainingSource: "off", publicPage: false });
    expect((await on("/SalesInfo/units")).status).toBe(404);
    const home = await (await on("/")).text();
    expect(home).not.toContain('href="/SalesInfo/units"');
    expect(pill(home)).toBeNull();
    expect(home).not.toContain("home-hero__remaining");
  });
});

describe("the board's forms", () => {
  test("a hold without a customer, and a hold of a unit someone else holds, are refused with a Korean message beside the form", async () => {
    const [target] = await addBuilding({ floors: 1, lines: 1 });
    const missing = await on("/admin/units", { form: { intent: "hold", unit: String(target!.id), lead: "" }, cookie: cookies.counsellor });
    expect(missing.status).toBe(400);
    const other = await addUnitLead({ assigneeId: team.manager.id });
    await on("/admin/units", { form: { intent: "hold", unit: String(target!.id), lead: String(other) }, cookie: cookies.manager });
    const mine = await addUnitLead({ assigneeId: team.counsellor.id });
    const taken = await on("/admin/units", {
      form: { intent: "hold", unit: String(target!.id), lead: String(mine) },
      cookie: cookies.counsellor,
    });
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain(UNIT_MESSAGES.taken);
    const [row] = await db().select().from(units).where(eq(units.id, target!.id));
    expect(row).toMatchObject({ status: "held", leadId: other });
  });

  test("the delete page names the holds and visits a deletion lets go and the sale it keeps, and the board's history says the unit went back with the deleted customer", async () => {
    const [target, sold] = await addBuilding({ floors: 1, lines: 2 });
    const lead = await addUnitLead({ assigneeId: team.counsellor.id });
    await on("/admin/units", { form: { intent: "hold", unit: String(target!.id), lead: String(lead) }, cookie: cookies.counsellor });
    await on("/admin/units", { form: { intent: "hold", unit: String(sold!.id), lead: String(lead) }, cookie: cookies.counsellor });
    await on("/admin/units", { form: { intent: "contract", unit: String(sold!.id) }, cookie: cookies.manager });
    const day = addDays(kstDay(new Date()), 2);
    await openVisitDays("daegu", [day]);
    const [slot] = await db().select().from(visitSlots).where(eq(visitSlots.day, day)).orderBy(visitSlots.startsAt).limit(1);
    await db().insert(visitBookings).values({ site: "daegu", slotId: slot!.id, leadId: lead, name: "홀드고객", phone: "01055550000" });
    const asked = (await (await on(`/admin/leads/${lead}/delete`, { cookie: cookies.manager })).text()).replaceAll("<!-- -->", "");
    expect(asked).toContain("<dt>홀드 해제</dt><dd>101동 101호 (삭제하면 홀드가 풀려 다시 분양할 수 있습니다)</dd>");
    expect(asked).toContain("<dt>계약 세대</dt><dd>101동 102호 (계약 완료로 남고, 동호수 현황에는 고객 이름 없이 보입니다)</dd>");
    expect(asked).toContain(
      `<dt>예약 취소</dt><dd>${slotLabel(day, slot!.startsAt)} 방문 예약 (그 자리는 다른 방문객에게 돌아가며, 고객에게 문자는 보내지 않습니다)</dd>`,
    );

    const deleted = await on(`/admin/leads/${lead}/delete`, { form: {}, cookie: cookies.manager });
    expect(deleted.status).toBe(303);
    const board = await (await on("/admin/units", { cookie: cookies.manager })).text();
    expect(board.replaceAll("<!-- -->", "")).toMatch(/101동 101호 홀드 해제 \(상담 중 → 분양 가능\) · 실장 · 고객 정보를 삭제하며<\/li>/);
  });
});

describe("holding a unit for a customer from their page", () => {
  /** The hold form's chosen customer in the board's HTML, or null when none is chosen. */
  function chosenCustomer(html: string) {
    return /<option value="(\d+)" selected="">/.exec(html)?.[1] ?? null;
  }

  test("the customer's page opens the board on units for sale of their type with them chosen, even past the form's list of the newest", async () => {
    const [unit] = await addBuilding({ floors: 1, lines: 2 });
    await addBuilding({ building: "102", floors: 1, lines: 1, types: ["84B"] });
    const customer = await addUnitLead({ assigneeId: team.counsellor.id, name: "오래된고객" });
    await db()
      .update(leads)
      .set({ unitType: "84A", createdAt: new Date(Date.now() - 30 * 86_400_000) })
      .where(eq(leads.id, customer));
    // Newer customers than the form lists, so the older one is not among them.
    await db()
      .insert(leads)
      .values(
        Array.from({ length: HOLDABLE_LISTED }, (_, index) => ({
          submissionId: crypto.randomUUID(),
          kind: "inquiry" as const,
          site: "daegu",
          name: `새고객${index}`,
          phone: `0109${String(index).padStart(7, "0")}`,
          consentVersion: "test",
          consentedAt: new Date(),
          sourcePath: "/",
          assigneeId: team.counsellor.id,
        })),
      );

    const page = await (await on(`/admin/leads/${customer}`, { cookie: cookies.counsellor })).text();
    const link = /href="(\/admin\/units\?for=[^"]+)"[^>]*>세대 홀드하기</.exec(page)?.[1]?.replaceAll("&amp;", "&");
    expect(link).toBe(`/admin/units?for=${customer}&status=available&type=84A`);

    const board = await (await on(`${link}&unit=${unit!.id}`, { cookie: cookies.counsellor })).text();
    expect(board).toContain("<strong>오래된고객</strong> 고객에게 홀드할 세대를 골라 주세요.");
    expect(chosenCustomer(board)).toBe(String(customer));
    expect(board).toContain("목록에는 최근 고객만 있습니다.");
    // The board's own links keep the customer: another unit, the filter form, closing the panel.
    expect(board).toContain(`for=${customer}&amp;unit=`);
    expect(board).toContain(`<input type="hidden" name="for" value="${customer}"/>`);
    // 102동 has no 84A: a line in place of its grid.
    const building102 = board.slice(board.indexOf('id="building-102"'));
    expect(building102).toContain("이 동에는 고른 조건에 맞는 세대가 없습니다.");
    expect(building102).not.toContain("units-cell");

    const held = await on("/admin/units", {
      form: { intent: "hold", unit: String(unit!.id), lead: String(customer) },
      cookie: cookies.counsellor,
    });
    expect(held.status).toBe(303);
    const [row] = await db().select().from(units).where(eq(units.id, unit!.id));
    expect(row).toMatchObject({ status: "held", leadId: customer, heldBy: team.counsellor.id });
    expect(await (await on(`/admin/leads/${customer}`, { cookie: cookies.counsellor })).text()).toContain("이 고객으로 홀드 중");
  });

  test("a customer the person may not hold for is not chosen: another counsellor's, another site's, one marked spam", async () => {
    const [unit] = await addBuilding({ floors: 1, lines: 1 });
    const managers = await addUnitLead({ assigneeId: team.manager.id, name: "실장고객" });
    const elsewhere = await addUnitLead({ site: "suwon", assigneeId: team.counsellor.id, name: "수원고객" });
    const spam = await addUnitLead({ assigneeId: team.counsellor.id, name: "스팸고객" });
    await db().update(leads).set({ status: "spam", spam: true }).where(eq(leads.id, spam));
    for (const [lead, name] of [
      [managers, "실장고객"],
      [elsewhere, "수원고객"],
      [spam, "스팸고객"],
    ] as const) {
      const board = await (await on(`/admin/units?for=${lead}&unit=${unit!.id}`, { cookie: cookies.counsellor })).text();
      expect(board, name).not.toContain("고객에게 홀드할 세대를 골라 주세요");
      expect(board, name).not.toContain(name);
      expect(chosenCustomer(board), name).toBeNull();
    }
  });

  test("only whoever works a live customer is offered the hold, and only while a unit is for sale", async () => {
    const [unit] = await addBuilding({ floors: 1, lines: 1 });
    const unassigned = await addUnitLead({ name: "미배정고객" });
    const offered = (html: string) => html.includes(">세대 홀드하기<");
    // A counsellor sees an unassigned lead but does not work it; a manager does.
    expect(offered(await (await on(`/admin/leads/${unassigned}`, { cookie: cookies.counsellor })).text())).toBe(false);
    expect(offered(await (await on(`/admin/leads/${unassigned}`, { cookie: cookies.manager })).text())).toBe(true);
    const spam = await addUnitLead({ assigneeId: team.manager.id });
    await db().update(leads).set({ status: "spam", spam: true }).where(eq(leads.id, spam));
    expect(offered(await (await on(`/admin/leads/${spam}`, { cookie: cookies.manager })).text())).toBe(false);
    await db().update(units).set({ status: "contracted", leadId: unassigned }).where(eq(units.id, unit!.id));
    expect(offered(await (await on(`/admin/leads/${unassigned}`, { cookie: cookies.manager })).text())).toBe(false);
  });

  test("a hold posted for a customer marked spam is refused beside the customer field, and the unit stays for sale", async () => {
    const [unit] = await addBuilding({ floors: 1, lines: 1 });
    const spam = await addUnitLead({ assigneeId: team.counsellor.id });
    await db().update(leads).set({ status: "spam", spam: true }).where(eq(leads.id, spam));
    const refused = await on("/admin/units", {
      form: { intent: "hold", unit: String(unit!.id), lead: String(spam) },
      cookie: cookies.counsellor,
    });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(UNIT_MESSAGES.spamLead);
    const [row] = await db().select().from(units).where(eq(units.id, unit!.id));
    expect(row).toMatchObject({ status: "available", leadId: null });
  });
});

describe("interest in a unit", () => {
  test("an inquiry from a unit's link keeps the unit and its type, and the lead's page shows the unit's status beside it", async () => {
    const [target] = await addBuilding({ floors: 1, lines: 1, types: ["84B"] });
    const form = await (await on(`/Promotion/Customer?unit=${target!.id}`)).text();
    expect(form).toContain("선택한 세대: 101동 101호 (84B)");
    const sent = await on("/Promotion/Customer", { form: filledForm("inquiry", { unitType: "84A", unitId: String(target!.id) }) });
    expect(sent.status).toBe(303);
    const [lead] = await db().select().from(leads).orderBy(leads.id);
    // The unit's own type wins over a type chosen beside it.
    expect(lead).toMatchObject({ unitType: "84B", unitId: target!.id });
    const other = await addUnitLead({ assigneeId: team.manager.id });
    await on("/admin/units", { form: { intent: "hold", unit: String(target!.id), lead: String(other) }, cookie: cookies.manager });
    const page = await (await on(`/admin/leads/${lead!.id}`, { cookie: cookies.manager })).text();
    expect(page).toContain("관심 타입");
    expect(page).toContain("101동 101호 (84B)");
    expect(page).toContain("다른 고객 상담 중");
  });

  test("a type the site does not sell or a unit of another site is dropped, and the inquiry still goes through", async () => {
    const [elsewhere] = await addBuilding({ site: "suwon", floors: 1, lines: 1, types: ["29A"] });
    const sent = await on("/Promotion/Customer", { form: filledForm("inquiry", { unitType: "99Z", unitId: String(elsewhere!.id) }) });
    expect(sent.status).toBe(303);
    const [lead] = await db().select().from(leads);
    expect(lead).toMatchObject({ unitType: null, unitId: null });
  });
});

describe("a unit's payments", () => {
  test("a unit the published 분양가 table prices links to the calculator on its type and floor band; a floor no band covers has no link", async () => {
    await db().insert(unitSettings).values({ site: "daegu", remainingSource: "board", publicPage: true });
    await addBuilding({ floors: 5, lines: 1, types: ["84A"] });
    const before = await (await on("/SalesInfo/units")).text();
    expect(before).not.toContain("/SalesInfo/price?");

    await db().insert(priceSheets).values({ site: "daegu", draft: demoPriceSheet, published: demoPriceSheet });
    await bumpContentVersion(db(), "daegu");
    const html = await (await on("/SalesInfo/units")).text();
    // The demo table starts at 2층 (2–4층 band 0, 5–10층 band 1): 1층 is not priced.
    expect(html.match(/href="\/SalesInfo\/price\?type=84A&amp;band=0#calculator"/g)).toHaveLength(3);
    expect(html.match(/href="\/SalesInfo\/price\?type=84A&amp;band=1#calculator"/g)).toHaveLength(1);
    expect(html).toContain("101동 501호 납부 금액 계산");
    expect(html).not.toContain("101동 101호 납부 금액 계산");
  });
});
