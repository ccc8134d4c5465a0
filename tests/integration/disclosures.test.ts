import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { sitePacks } from "#app/content/index.ts";
import { DISCLOSURE_LABELS, requiredDisclosures } from "#app/forms/disclosures.ts";
import { SITE_SETTING_FIELDS } from "#app/forms/site-settings.ts";
import { renderedField } from "#tests/console-form-html.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { withTestDatabase } from "#tests/db.ts";
import { addTeam, consoleCookie } from "#tests/staff.ts";

/**
 * The 분양 advertising disclosures (issue #31): the office fills them in site settings, the footer
 * and the business overview show them, and the dashboard lists what is missing until it is filled.
 */

withTestDatabase();
let app: TestApp;
let HERE: string;

beforeAll(async () => {
  app = await startTestApp();
  HERE = `http://here.localhost:${app.port}`;
});
afterAll(() => app.close());

let manager: string;

beforeEach(async () => {
  setEnv(parseEnv({ SITES: `daegu@${HERE}` }));
  manager = await consoleCookie((await addTeam()).manager);
});

function get(path: string, cookie?: string) {
  return app.fetch(path, { headers: { Host: new URL(HERE).host, Accept: "text/html", ...(cookie ? { Cookie: cookie } : {}) } });
}

function save(fields: Record<string, string>) {
  return app.fetch("/admin/site-settings", {
    method: "POST",
    headers: {
      Host: new URL(HERE).host,
      Origin: HERE,
      Cookie: manager,
      Accept: "text/html",
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ intent: "save", ...fields }).toString(),
  });
}

const FILLED = {
  permitNumber: "대구광역시 동구청 건축허가 제2025-건축과-0412호 (2025.03.02)",
  landOwnership: "대지소유권 100% 확보",
  escrow: "한빛자산신탁(주) 대리사무계약, 분양대금 전용계좌 관리",
  seismicDesign: "내진설계 적용(내진능력 VII-0.204g)",
  onlineSubscription: "청약홈 인터넷 청약",
  representative: "김온빛",
  businessNumber: "1234567890",
  adAgency: "(주)바른광고",
};

/** The text of the footer's facts list and of the overview's disclosures table. */
const footerOf = (html: string) => /<dl class="site-footer__info">([\s\S]*?)<\/dl>/.exec(html)?.[1] ?? "";
const disclosuresOf = (html: string) => /<table class="facts-table facts-table--disclosures">([\s\S]*?)<\/table>/.exec(html)?.[1] ?? "";

describe("required disclosures", () => {
  test("the footer and the business overview show the disclosures the office set, and none it did not", async () => {
    const before = await (await get("/BusinessGuide/intro")).text();
    expect(footerOf(before)).not.toContain(DISCLOSURE_LABELS.permitNumber);
    expect(disclosuresOf(before)).toContain(sitePacks.daegu!.developer);

    expect((await save(FILLED)).status).toBe(303);
    for (const path of ["/", "/BusinessGuide/intro"]) {
      const html = await (await get(path)).text();
      for (const value of [FILLED.permitNumber, FILLED.escrow, FILLED.representative, "123-45-67890", FILLED.adAgency]) {
        expect(footerOf(html), `${path}: ${value}`).toContain(value);
      }
      expect(footerOf(html), path).not.toContain(DISCLOSURE_LABELS.mailOrderNumber);
    }
    const overview = disclosuresOf(await (await get("/BusinessGuide/intro")).text());
    for (const value of [
      sitePacks.daegu!.developer,
      sitePacks.daegu!.builder,
      FILLED.landOwnership,
      FILLED.seismicDesign,
      FILLED.onlineSubscription,
    ]) {
      expect(overview).toContain(value);
    }
  });

  test("the dashboard lists every required disclosure still empty, and stops once they are filled", async () => {
    const required = requiredDisclosures(sitePacks.daegu!);
    expect(required).toContain("seismicDesign");
    const empty = await (await get("/admin", manager)).text();
    for (const name of required) expect(empty).toContain(`<li>${SITE_SETTING_FIELDS[name].label}</li>`);

    await save({ permitNumber: FILLED.permitNumber, escrow: FILLED.escrow });
    const partly = await (await get("/admin", manager)).text();
    expect(partly).not.toContain(`<li>${SITE_SETTING_FIELDS.permitNumber.label}</li>`);
    expect(partly).toContain(`<li>${SITE_SETTING_FIELDS.landOwnership.label}</li>`);

    await save(FILLED);
    expect(await (await get("/admin", manager)).text()).not.toContain("admin-disclosures-missing");
  });

  test("an officetel disclosure is required only of a development that sells officetels", () => {
    const apartmentsOnly = { units: sitePacks.daegu!.units.filter((unit) => unit.kind === "apartment") };
    expect(requiredDisclosures(apartmentsOnly)).not.toContain("seismicDesign");
  });

  test("a business registration number that is not ten digits is refused beside its field", async () => {
    const response = await save({ ...FILLED, businessNumber: "123-45-678" });
    expect(response.status).toBe(400);
    const field = renderedField(await response.text(), "businessNumber");
    expect(field.invalid).toBe(true);
    expect(field.errors).toEqual(["사업자등록번호는 숫자 10자리입니다. 예: 123-45-67890"]);
  });
});
