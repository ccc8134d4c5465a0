import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { changeSettings, effectivePack } from "#app/.server/content/site-settings.ts";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { purgeExpiredLeads } from "#app/.server/retention.ts";
import { leads } from "#app/.server/schema.ts";
import { sitePacks } from "#app/content/index.ts";
import { PRIVACY_MESSAGES, PROCESSOR_NAMES, PROCESSOR_TASKS } from "#app/forms/privacy.ts";
import type { SiteSettingName } from "#app/forms/site-settings.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { withTestDatabase } from "#tests/db.ts";
import { filledForm, submitJson, uniquePhone } from "#tests/lead-requests.ts";
import { addTeam } from "#tests/staff.ts";

/**
 * The privacy policy from the facts (issue #31): /privacy names exactly the processors the
 * configuration names, the purge follows the development's retention, and the consent version
 * each lead records changes whenever the policy does.
 */

withTestDatabase();
let app: TestApp;
let HERE: string;

beforeAll(async () => {
  app = await startTestApp();
  HERE = `http://here.localhost:${app.port}`;
});
afterAll(() => app.close());

const SOLAPI = { SMS_PROVIDER: "solapi", SOLAPI_API_KEY: "key", SOLAPI_API_SECRET: "secret", SMS_SENDER: "16610000" };

function configure(extra: Record<string, string> = {}) {
  setEnv(parseEnv({ SITES: `daegu@${HERE}`, PAGE_CACHE_MB: "0", SESSION_SECRET: "privacy-integration-test-secret-0123456789", ...extra }));
}

let change: Parameters<typeof changeSettings>[0];

beforeEach(async () => {
  configure();
  const { owner } = await addTeam();
  change = { site: "daegu", actor: { id: owner.id, email: "owner@example.com", role: "owner" }, clientAddress: "203.0.113.5" };
});

const set = (values: Partial<Record<SiteSettingName, string | null>>) => changeSettings(change, values);

/** The processors table of /privacy, as [name, task] rows; none when the page says nothing is entrusted. */
async function processorsOnPage() {
  const html = await (await app.fetch("/privacy", { headers: { Host: new URL(HERE).host, Accept: "text/html" } })).text();
  const table = /<table class="privacy-policy__table privacy-policy__processors">([\s\S]*?)<\/table>/.exec(html);
  if (!table) {
    expect(html).toContain(PRIVACY_MESSAGES.noProcessors);
    return [];
  }
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(table[1]!)![1]!;
  return [...body.matchAll(/<tr>\s*<td>([\s\S]*?)<\/td>\s*<td>([\s\S]*?)<\/td>\s*<\/tr>/g)].map((row) => row[1]!.replace(/&amp;/g, "&"));
}

describe("the processors on /privacy", () => {
  test("are none while nothing is configured that receives the data", async () => {
    expect(await processorsOnPage()).toEqual([]);
  });

  test("are exactly the hosts, the text provider, Kakao (알림톡 or the location map), the 080 service and the analytics tags configured; one removed is gone", async () => {
    configure({ ...SOLAPI, HOSTING_PROVIDER: "(주)한빛클라우드", DATABASE_PROVIDER: "(주)데이터하우스" });
    expect(await processorsOnPage()).toEqual(["(주)한빛클라우드", "(주)데이터하우스", PROCESSOR_NAMES.solapi]);

    await set({ kakaoPfId: "KA01PF1234567890ab", metaPixelId: "123456789012345", optOutService: "(주)수신거부넷" });
    expect(await processorsOnPage()).toEqual([
      "(주)한빛클라우드",
      "(주)데이터하우스",
      PROCESSOR_NAMES.solapi,
      PROCESSOR_NAMES.kakao,
      "(주)수신거부넷",
      "Meta Platforms, Inc.",
    ]);

    await set({ metaPixelId: null, optOutService: null });
    expect(await processorsOnPage()).toEqual(["(주)한빛클라우드", "(주)데이터하우스", PROCESSOR_NAMES.solapi, PROCESSOR_NAMES.kakao]);

    configure({ HOSTING_PROVIDER: "(주)한빛클라우드", DATABASE_PROVIDER: "(주)한빛클라우드" });
    expect(await processorsOnPage()).toEqual(["(주)한빛클라우드"]);

    // The location page's Kakao map (issue #29) loads Kakao's script for every visitor who opens it.
    await set({ kakaoMapKey: "0123456789abcdef0123456789abcdef" });
    expect(await processorsOnPage()).toEqual(["(주)한빛클라우드", PROCESSOR_NAMES.kakao]);
    const html = await (await app.fetch("/privacy", { headers: { Host: new URL(HERE).host, Accept: "text/html" } })).text();
    expect(html).toContain(PROCESSOR_TASKS.map);
  });
});

async function insertLead(createdAt: Date) {
  const [row] = await db()
    .insert(leads)
    .values({
      submissionId: crypto.randomUUID(),
      kind: "interest",
      site: "daegu",
      name: "김하늘",
      phone: uniquePhone(),
      message: "",
      consentVersion: "test",
      consentedAt: createdAt,
      sourcePath: "/",
      createdAt,
    })
    .returning({ id: leads.id });
  return row!.id;
}

const leadIds = async () => (await db().select({ id: leads.id }).from(leads).where(eq(leads.site, "daegu"))).map((row) => row.id);
const daegu = () => [sitePacks.daegu!];

describe("the purge", () => {
  test("keeps every lead until the day the development's period after its sales end is over, then destroys them all", async () => {
    const now = new Date("2027-12-30T05:00:00Z");
    const twoYearsOld = await insertLead(new Date("2025-12-01T00:00:00Z"));
    const recent = await insertLead(new Date("2027-12-29T00:00:00Z"));
    await set({ salesEndDate: "2027-06-30", retentionAfterSalesEnd: "6개월" });

    // 2027-12-30 in Korea is the last day kept: a lead older than the pack's one year stays too.
    expect((await purgeExpiredLeads({ now, sites: daegu() })).deleted).toBe(0);
    expect((await leadIds()).sort()).toEqual([twoYearsOld, recent].sort());

    const report = await purgeExpiredLeads({ now: new Date("2027-12-30T15:00:00Z"), sites: daegu() });
    expect(report.sites).toEqual([{ site: "daegu", period: "until 2027-12-30", deleted: 2 }]);
    expect(await leadIds()).toEqual([]);
  });

  test("without the setting, follows the consent text's period from collection", async () => {
    const now = new Date("2027-12-30T05:00:00Z");
    await insertLead(new Date("2026-12-01T00:00:00Z"));
    const recent = await insertLead(new Date("2027-06-01T00:00:00Z"));
    await purgeExpiredLeads({ now, sites: daegu() });
    expect(await leadIds()).toEqual([recent]);
  });
});

describe("the consent version", () => {
  test("changes when the policy's content changes, and each lead records the one it agreed to", async () => {
    const version = async () => (await effectivePack(sitePacks.daegu!)).pack.leads.consent.version;
    const first = await version();
    expect(first).toMatch(/^2025-03-01\+[0-9a-f]{8}$/);
    expect(await version()).toBe(first);

    await set({ metaPixelId: "123456789012345" });
    const withPixel = await version();
    expect(withPixel).not.toBe(first);

    await set({ metaPixelId: null, salesEndDate: "2027-06-30", retentionAfterSalesEnd: "6개월" });
    const withRetention = await version();
    expect(new Set([first, withPixel, withRetention]).size).toBe(3);
    expect((await effectivePack(sitePacks.daegu!)).pack.leads.consent.retention).toBe(
      "분양 종료일(2027-06-30)로부터 6개월이 지나는 2027-12-30까지 보관한 뒤 지체 없이 파기합니다.",
    );

    // The lead forms' helpers post to http://localhost:3000.
    setEnv(parseEnv({ SITE_URL: "http://localhost:3000", SESSION_SECRET: "privacy-integration-test-secret-0123456789" }));
    expect((await submitJson("interest", filledForm("interest"))).status).toBe(200);
    const [lead] = await db().select({ consentVersion: leads.consentVersion }).from(leads);
    expect(lead!.consentVersion).toBe(withRetention);
  });
});
