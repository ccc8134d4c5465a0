import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { contentVersion } from "#app/.server/content/content-version.ts";
import { settingChanges } from "#app/.server/content/site-settings.ts";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { auditLog, siteSettingChanges, siteSettings } from "#app/.server/schema.ts";
import { renderedField } from "#tests/console-form-html.ts";
import { PREMIUM_RATE_MESSAGE, SITE_SETTING_FIELDS } from "#app/forms/site-settings.ts";
import { AD_COPY_CONFIRM_FIELD, AD_COPY_MESSAGES, RISKY_PHRASES } from "#app/forms/ad-copy.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { withTestDatabase } from "#tests/db.ts";
import { addTeam, consoleCookie } from "#tests/staff.ts";

/**
 * Site settings (issue #18): the office changes what the public frame says, over HTTP as a
 * browser would, and the next public request shows it.
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
let counsellor: string;

beforeEach(async () => {
  setEnv(parseEnv({ SITES: `daegu@${HERE}`, TRUST_PROXY: "1" }));
  const team = await addTeam();
  manager = await consoleCookie(team.manager);
  counsellor = await consoleCookie(team.counsellor);
});

function on(path: string, { form, cookie }: { form?: Record<string, string>; cookie?: string } = {}) {
  const headers: Record<string, string> = { Host: new URL(HERE).host, "X-Forwarded-For": "198.51.100.40", Accept: "text/html" };
  if (cookie) headers.Cookie = cookie;
  if (!form) return app.fetch(path, { headers });
  headers.Origin = HERE;
  headers["Content-Type"] = "application/x-www-form-urlencoded";
  return app.fetch(path, { method: "POST", headers, body: new URLSearchParams(form).toString() });
}

function save(fields: Record<string, string>, cookie = manager) {
  return on("/admin/site-settings", { form: { intent: "save", ...fields }, cookie });
}

/** Every tel: link of a page. */
function telLinks(html: string) {
  return [...html.matchAll(/href="(tel:[^"]*)"/g)].map((match) => match[1]);
}

describe("site settings", () => {
  test("a manager changes the sales phone; the public header, footer and every tel: link show it on the next request", async () => {
    const before = await (await on("/")).text();
    expect(telLinks(before).length).toBeGreaterThan(0);
    expect(telLinks(before).every((link) => link === "tel:16610000")).toBe(true);

    const saved = await save({ salesPhone: "1588 1234" });
    expect(saved.status).toBe(303);

    for (const path of ["/", "/Promotion/Customer", "/daegu/customer", "/Brand/intro"]) {
      const html = await (await on(path)).text();
      const links = telLinks(html);
      expect(links.length, path).toBeGreaterThan(0);
      expect(
        links.every((link) => link === "tel:15881234"),
        `${path}: ${links.join(" ")}`,
      ).toBe(true);
      expect(html, path).toContain("1588-1234");
      expect(html, path).not.toContain("1661-0000");
    }
    expect(await contentVersion(db(), "daegu")).toBe(1);
  });

  test("a bad phone number is a 400 with a Korean message and nothing changes", async () => {
    const response = await save({ salesPhone: "12345", companyName: "새 상호" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("전화번호 형식이 올바르지 않습니다");
    expect(await db().select().from(siteSettingChanges)).toEqual([]);
    expect(await contentVersion(db(), "daegu")).toBe(0);
    expect(await (await on("/")).text()).not.toContain("새 상호");
  });

  test.each(["060-700-1234", "0607001234", "060 1234 5678"])(
    "a premium-rate 060 number (%s) is refused as the sales phone with a Korean message beside the field",
    async (salesPhone) => {
      const response = await save({ salesPhone });
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(renderedField(html, "salesPhone")).toMatchObject({ invalid: true, errors: [PREMIUM_RATE_MESSAGE] });
      expect(await db().select().from(siteSettingChanges)).toEqual([]);
      expect(telLinks(await (await on("/")).text()).every((link) => link === "tel:16610000")).toBe(true);
    },
  );

  test.each([
    ["0505-123-4567", "05051234567"],
    ["070-1234-5678", "07012345678"],
  ])("a 050 or 070 number (%s) stays allowed as the sales phone", async (salesPhone, digits) => {
    expect((await save({ salesPhone })).status).toBe(303);
    expect(telLinks(await (await on("/")).text()).every((link) => link === `tel:${digits}`)).toBe(true);
  });

  test("each change is recorded before → after and can be reverted", async () => {
    await save({ salesPhone: "1588-1234", modelHouseHours: "매일 10:00~18:00" });
    await save({ salesPhone: "02-123-4567", modelHouseHours: "매일 10:00~18:00" });
    const changes = (await settingChanges("daegu")).reverse();
    expect(changes.map(({ field, before, after, actorEmail }) => ({ field, before, after, actorEmail }))).toEqual([
      { field: "salesPhone", before: null, after: "15881234", actorEmail: "manager@example.com" },
      { field: "modelHouseHours", before: null, after: "매일 10:00~18:00", actorEmail: "manager@example.com" },
      { field: "salesPhone", before: "15881234", after: "021234567", actorEmail: "manager@example.com" },
    ]);
    const page = await (await on("/admin/site-settings", { cookie: manager })).text();
    expect(page).toContain("1588-1234 → 02-123-4567");
    expect(page).toContain("(기본값) → 매일 10:00~18:00");

    const reverted = await on("/admin/site-settings", { form: { intent: "revert", change: String(changes[2]!.id) }, cookie: manager });
    expect(reverted.status).toBe(303);
    expect(telLinks(await (await on("/")).text()).every((link) => link === "tel:15881234")).toBe(true);

    await on("/admin/site-settings", { form: { intent: "revert", change: String(changes[0]!.id) }, cookie: manager });
    const [row] = await db().select().from(siteSettings).where(eq(siteSettings.site, "daegu"));
    expect(row!.values).toEqual({ modelHouseHours: "매일 10:00~18:00" });
    expect(telLinks(await (await on("/")).text()).every((link) => link === "tel:16610000")).toBe(true);
    const latest = (await settingChanges("daegu")).reverse();
    expect(latest.slice(3).map(({ before, after }) => [before, after])).toEqual([
      ["021234567", "15881234"],
      ["15881234", null],
    ]);
  });

  test("a remaining-units line shows in the home page's hero and a mobile consultation link in the header and bottom bar; cleared, both are gone", async () => {
    const plain = await (await on("/")).text();
    expect(plain).not.toContain("home-hero__remaining");
    expect(plain).not.toContain("bottom-bar__consult");
    expect(plain).toMatch(
      /<a [^>]*href="\/Promotion\/Customer"[^>]*class="header-consult"|<a [^>]*class="header-consult"[^>]*href="\/Promotion\/Customer"/,
    );

    const saved = await save({
      remainingUnitsLine: "잔여세대 12세대 선착순 분양 중",
      mobileConsultUrl: "https://talk.example.co.kr/consult?site=daegu",
    });
    expect(saved.status).toBe(303);
    const html = await (await on("/")).text();
    expect(html).toContain('<p class="home-hero__remaining">잔여세대 12세대 선착순 분양 중</p>');
    const consultLinks = [...html.matchAll(/<a [^>]*>/g)]
      .map(([tag]) => tag)
      .filter((tag) => tag.includes('href="https://talk.example.co.kr/consult?site=daegu"'));
    expect(consultLinks.every((tag) => tag.includes('target="_blank"') && tag.includes('rel="noopener"'))).toBe(true);
    expect(consultLinks.map((tag) => /class="([^"]*)"/.exec(tag)?.[1])).toEqual(["header-consult", "bottom-bar__consult"]);
    // Another page has the frame's link, and the line in the header's pill (issue #30), not the home page's hero.
    const other = await (await on("/Brand/intro")).text();
    expect(other).toContain("bottom-bar__consult");
    expect(other).not.toContain("home-hero__remaining");
    expect(other).toMatch(/data-testid="remaining-units-pill"[^>]*>잔여세대 12세대 선착순 분양 중</);

    await save({ remainingUnitsLine: "", mobileConsultUrl: "" });
    const cleared = await (await on("/")).text();
    expect(cleared).not.toContain("잔여세대 12세대");
    expect(cleared).not.toContain("talk.example.co.kr");
  });

  test("a mobile consultation link must be https and a remaining-units line short", async () => {
    const response = await save({ mobileConsultUrl: "http://talk.example.co.kr/consult", remainingUnitsLine: "잔".repeat(61) });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("https://로 시작하는 주소를 입력해 주세요");
    expect(html).toContain("60자 이내로 입력해 주세요");
    expect(renderedField(html, "mobileConsultUrl")).toMatchObject({ value: "http://talk.example.co.kr/consult", invalid: true });
    expect(renderedField(html, "remainingUnitsLine")).toEqual({
      value: "잔".repeat(61),
      invalid: true,
      errors: ["60자 이내로 입력해 주세요."],
    });
    expect(renderedField(html, "salesPhone")).toEqual({ value: "", invalid: false, errors: [] });
    expect((await save({ mobileConsultUrl: "javascript:alert(1)" })).status).toBe(400);
    expect(await db().select().from(siteSettingChanges)).toEqual([]);
  });

  test("a revert that would put back risky words is held back with the warning in its row until a manager confirms it", async () => {
    expect((await save({ remainingUnitsLine: "잔여세대 마감 임박", [AD_COPY_CONFIRM_FIELD]: "on" })).status).toBe(303);
    expect((await save({ remainingUnitsLine: "잔여 12세대" })).status).toBe(303);
    const [latest] = await settingChanges("daegu");
    const revert = { intent: "revert", change: String(latest!.id) };
    const current = async () =>
      (await db().select({ values: siteSettings.values }).from(siteSettings).where(eq(siteSettings.site, "daegu")))[0]!.values;

    const held = await on("/admin/site-settings", { form: revert, cookie: manager });
    expect(held.status).toBe(400);
    const html = await held.text();
    const reason = RISKY_PHRASES.find((entry) => entry.id === "closing-soon")!.reason;
    expect(html).toContain(`${SITE_SETTING_FIELDS.remainingUnitsLine.label}: `);
    expect(html).toContain(reason);
    expect(renderedField(html, AD_COPY_CONFIRM_FIELD).errors).toEqual([AD_COPY_MESSAGES.revertConfirmNeeded]);
    expect(await current()).toEqual({ remainingUnitsLine: "잔여 12세대" });

    const confirmedBefore = (await db().select().from(auditLog).where(eq(auditLog.action, "content.ad-copy-confirm"))).length;
    expect((await on("/admin/site-settings", { form: { ...revert, [AD_COPY_CONFIRM_FIELD]: "on" }, cookie: manager })).status).toBe(303);
    expect(await current()).toEqual({ remainingUnitsLine: "잔여세대 마감 임박" });
    expect((await db().select().from(auditLog).where(eq(auditLog.action, "content.ad-copy-confirm"))).length).toBe(confirmedBefore + 1);
  });

  test("a revert naming no change by number is a 400, nothing changes", async () => {
    const response = await on("/admin/site-settings", { form: { intent: "revert", change: "abc" }, cookie: manager });
    expect(response.status).toBe(400);
    expect(await db().select().from(siteSettingChanges)).toEqual([]);
  });

  test("a counsellor cannot open the settings (403)", async () => {
    expect((await on("/admin/site-settings", { cookie: counsellor })).status).toBe(403);
    expect((await save({ salesPhone: "1588-1234" }, counsellor)).status).toBe(403);
    expect(await db().select().from(siteSettingChanges)).toEqual([]);
  });

  test("with a GA4 id the home page loads gtag with the nonce and the CSP allows googletagmanager.com; cleared, both are gone", async () => {
    const plain = await on("/");
    const plainCsp = plain.headers.get("Content-Security-Policy")!;
    expect(plainCsp).not.toContain("googletagmanager");

    expect((await save({ ga4MeasurementId: "G-AB12CD34EF" })).status).toBe(303);
    const tagged = await on("/");
    const csp = tagged.headers.get("Content-Security-Policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    const html = await tagged.text();
    expect(html).toContain(`<script nonce="${nonce}" src="https://www.googletagmanager.com/gtag/js?id=G-AB12CD34EF">`);
    expect(csp).toMatch(/script-src [^;]*https:\/\/www\.googletagmanager\.com/);
    expect(csp).toMatch(/connect-src 'self' [^;]*https:\/\/\*\.google-analytics\.com/);
    expect(csp).not.toContain("facebook");
    // The console never carries the tags.
    expect((await on("/admin/site-settings", { cookie: manager })).headers.get("Content-Security-Policy")).not.toContain(
      "googletagmanager",
    );

    await save({ ga4MeasurementId: "" });
    const cleared = await on("/");
    expect(await cleared.text()).not.toContain("googletagmanager");
    expect(cleared.headers.get("Content-Security-Policy")!.replace(/'nonce-[^']+'/, "")).toBe(plainCsp.replace(/'nonce-[^']+'/, ""));
  });

  test("the privacy page lists the tools in use", async () => {
    const plain = await (await on("/privacy")).text();
    expect(plain).not.toContain("행태정보");
    await save({ ga4MeasurementId: "G-AB12CD34EF", metaPixelId: "123456789012345" });
    const html = await (await on("/privacy")).text();
    expect(html).toContain("행태정보의 수집·이용 및 거부");
    expect(html).toContain("Google 애널리틱스 4");
    expect(html).toContain("메타 픽셀");
    expect(html).not.toContain("카카오 픽셀");
  });
});
