import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { contentVersion } from "#app/.server/content/content-version.ts";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { auditLog, priceSheets } from "#app/.server/schema.ts";
import { seedDemoContent } from "#app/.server/seed.ts";
import { PRICE_WORDS } from "#app/content/price-words.ts";
import { PRICE_MESSAGES } from "#app/forms/prices.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { renderedField } from "#tests/console-form-html.ts";
import { withTestDatabase } from "#tests/db.ts";
import { addTeam, consoleCookie, type TestStaff } from "#tests/staff.ts";

/**
 * The 분양가 table and 납부 일정 (issue 30, item 5): kept and published per site at /admin/prices by
 * owners and managers, shown on /SalesInfo/price (cached like every public page) once published,
 * and nothing claimed before.
 */

withTestDatabase();
let app: TestApp;
let HERE: string;
let THERE: string;

beforeAll(async () => {
  app = await startTestApp();
  HERE = `http://here.localhost:${app.port}`;
  THERE = `http://there.localhost:${app.port}`;
});
afterAll(() => app.close());

let team: { owner: TestStaff; manager: TestStaff; counsellor: TestStaff };
let manager: string;

beforeEach(async () => {
  setEnv(parseEnv({ SITES: `daegu@${HERE},suwon@${THERE}`, TRUST_PROXY: "1" }));
  team = await addTeam();
  manager = await consoleCookie(team.manager);
});

function on(origin: string, path: string, { form, cookie }: { form?: Record<string, string>; cookie?: string } = {}) {
  const headers: Record<string, string> = { Host: new URL(origin).host, "X-Forwarded-For": "198.51.100.42", Accept: "text/html" };
  if (cookie) headers.Cookie = cookie;
  if (form) {
    headers.Origin = origin;
    headers["Content-Type"] = "application/x-www-form-urlencoded";
  }
  return app.fetch(path, { method: form ? "POST" : "GET", headers, body: form ? new URLSearchParams(form).toString() : undefined });
}

/** A page's words as a reader sees them: scripts (the hydration data) and tags dropped. */
async function textOf(response: Response) {
  return (await response.text())
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

/** daegu's types in pack order: 59A, 59B, 84A, 84B, 84C, 84OA, 114A, 114B; prices in 만원. */
const SHEET = {
  "bands[0].from": "2",
  "bands[0].to": "9",
  "bands[0].prices[0]": "35100",
  "bands[0].prices[2]": "45870",
  "bands[1].from": "10",
  "bands[1].to": "25",
  "bands[1].prices[0]": "35900",
  "bands[1].prices[2]": "46900",
  "payments[0].percent": "10",
  "payments[0].dueOn": "2027-02-15",
  "payments[2].percent": "30",
  "payments[2].dueOn": "2027-09-15",
  "payments[3].percent": "30",
  "payments[3].dueOn": "2028-05-15",
  "payments[8].percent": "30",
  "payments[8].atMoveIn": "on",
  loanKind: "interest-free",
  loanShare: "100",
  loanRate: "",
  moveInOn: "2029-03-01",
};

const post = (intent: string, fields: Record<string, string> = SHEET, cookie = manager, origin = HERE) =>
  on(origin, "/admin/prices", { form: { ...fields, intent }, cookie });

describe("the price editor", () => {
  test("a saved sheet stays off the site until it is published, and publishing shows it on the very next request", async () => {
    const upcoming = await on(HERE, "/SalesInfo/price");
    expect(upcoming.status).toBe(200);
    const before = await textOf(upcoming);
    expect(before).toContain(PRICE_WORDS.upcomingLabel);
    expect(before).not.toContain("45,870");
    // Asked again: the cached page.
    expect(await textOf(await on(HERE, "/SalesInfo/price"))).toContain(PRICE_WORDS.upcomingLabel);

    const version = await contentVersion(db(), "daegu");
    const saved = await post("save");
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe("/admin/prices?done=saved");
    expect(await contentVersion(db(), "daegu")).toBe(version);
    expect(await textOf(await on(HERE, "/SalesInfo/price"))).toContain(PRICE_WORDS.upcomingLabel);

    const published = await post("publish");
    expect(published.status).toBe(303);
    expect(await contentVersion(db(), "daegu")).toBe(version + 1);
    const page = await textOf(await on(HERE, "/SalesInfo/price"));
    expect(page).not.toContain(PRICE_WORDS.upcomingLabel);
    // The table in 만원, a dash where a type is not sold, the schedule with its dates.
    expect(page).toContain("2–9층 35,100 — 45,870");
    expect(page).toContain("10–25층 35,900 — 46,900");
    expect(page).toContain("계약금 2027. 2. 15. 10%");
    expect(page).toContain("중도금 2회 2028. 5. 15. 30%");
    expect(page).toContain("잔금 입주 시 30%");
    // The calculator's first answer, rendered by the server: 59A on 2–9층, 3억 5,100만원.
    expect(page).toContain("3억 5,100만원");
    expect(page).toContain(PRICE_WORDS.estimate);

    // The other site claims nothing.
    expect(await textOf(await on(THERE, "/SalesInfo/price"))).toContain(PRICE_WORDS.upcomingLabel);
  });

  test("withdrawing takes the sheet off the site at once; withdrawing again is a 409 with a message", async () => {
    await post("publish");
    expect(await textOf(await on(HERE, "/SalesInfo/price"))).toContain("45,870");
    const withdrawn = await post("withdraw", {});
    expect(withdrawn.status).toBe(303);
    expect(await textOf(await on(HERE, "/SalesInfo/price"))).toContain(PRICE_WORDS.upcomingLabel);
    const again = await post("withdraw", {});
    expect(again.status).toBe(409);
    expect(await textOf(again)).toContain(PRICE_MESSAGES.notPublished);
    // The draft stays, so the editor still shows it.
    const editor = await (await on(HERE, "/admin/prices", { cookie: manager })).text();
    expect(renderedField(editor, "bands[0].prices[2]").value).toBe("45870");
  });

  test("percentages not adding up to 100 are refused with the total, every other problem beside its field, nothing saved", async () => {
    const refused = await post("publish", {
      ...SHEET,
      "payments[8].percent": "25",
      "bands[1].from": "5",
      "bands[0].prices[2]": "4억",
      "payments[3].dueOn": "2027-02-30",
      loanKind: "deferred-interest",
      loanRate: "4.5",
      moveInOn: "",
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(await textOf(new Response(html))).toContain(PRICE_MESSAGES.sum(95));
    expect(renderedField(html, "bands[1].from")).toEqual({ value: "5", invalid: true, errors: [PRICE_MESSAGES.overlap(2, 9)] });
    expect(renderedField(html, "bands[0].prices[2]")).toEqual({ value: "4억", invalid: true, errors: [PRICE_MESSAGES.price] });
    expect(renderedField(html, "payments[3].dueOn")).toEqual({ value: "2027-02-30", invalid: true, errors: [PRICE_MESSAGES.due] });
    expect(renderedField(html, "moveInOn")).toMatchObject({ invalid: true, errors: [PRICE_MESSAGES.moveInRequired] });
    // What was typed stays; a field without a problem is not marked.
    expect(renderedField(html, "payments[8].percent")).toMatchObject({ value: "25" });
    expect(renderedField(html, "bands[0].from")).toEqual({ value: "2", invalid: false, errors: [] });
    expect(await db().select().from(priceSheets)).toEqual([]);
  });

  test("every save and publication is an access record of the site, naming the step", async () => {
    await post("save");
    await post("publish");
    await post("withdraw", {});
    const records = await db().select().from(auditLog).where(eq(auditLog.action, "prices.change")).orderBy(auditLog.id);
    expect(records.map((record) => [record.site, record.adminEmail, (record.detail as { step: string }).step])).toEqual([
      ["daegu", team.manager.email, "saved"],
      ["daegu", team.manager.email, "published"],
      ["daegu", team.manager.email, "withdrawn"],
    ]);
  });

  test("a counsellor can neither open nor post the editor", async () => {
    const counsellor = await consoleCookie(team.counsellor);
    expect((await on(HERE, "/admin/prices", { cookie: counsellor })).status).toBe(403);
    expect((await post("publish", SHEET, counsellor)).status).toBe(403);
    expect(await db().select().from(priceSheets)).toEqual([]);
  });

  test("the demo content publishes a sheet the calculator answers without scripts", async () => {
    await seedDemoContent("daegu");
    // The calculator's GET form, as a browser without scripts sends it: 84A (column 2) on 5–10층 (band 1).
    const page = await textOf(await on(HERE, "/SalesInfo/price?type=84A&band=1&rate=4.5"));
    expect(page).toContain("84A㎡ · 5–10층 분양가 4억 5,870만원 458,700,000원");
    expect(page).toContain("계약금 1차 2027. 2. 15. 5% 2,293만 5,000원");
    expect(page).toContain("잔금 입주 시 30% 1억 3,761만원");
    expect(page).toContain(`${PRICE_WORDS.deferredTotal} 1,606만 6,435원`);
  });
});
