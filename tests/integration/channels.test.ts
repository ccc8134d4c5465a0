import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { channelCosts } from "#app/.server/channels/costs.ts";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import {
  auditLog,
  channelCalls,
  channelSpend,
  channels,
  customers,
  leads,
  smsOutbox,
  visitBookings,
  visitSlots,
} from "#app/.server/schema.ts";
import { openVisitDays } from "#app/.server/visits/schedule.ts";
import { CHANNEL_MESSAGES, SPEND_ROW_PROBLEMS } from "#app/forms/channels.ts";
import { addDays, kstDay } from "#app/utils/kst.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { withTestDatabase } from "#tests/db.ts";
import { filledForm, submitJson } from "#tests/lead-requests.ts";
import { addTeam, consoleCookie } from "#tests/staff.ts";
import { forgetAllPages } from "#server/page-cache.ts";

/**
 * Channels (issue #31 items 1–3): a channel's own number for its visitors while public pages stay
 * shared, tel: taps counted per channel and page, spend and cost per stage, alerts routed by channel,
 * and the spend import's preview.
 */

withTestDatabase();
let app: TestApp;
let HERE: string;
let manager: string;
let counsellor: string;

/** daegu's own sales number (its content pack). */
const SITE_PHONE = { digits: "16610000", shown: "1661-0000" };

beforeAll(async () => {
  app = await startTestApp();
  HERE = `http://localhost:${app.port}`;
});
afterAll(() => app.close());

beforeEach(async () => {
  setEnv(parseEnv({ SITES: `daegu@${HERE}`, TRUST_PROXY: "1", SMS_STAFF_TO: "01011112222" }));
  forgetAllPages();
  const team = await addTeam();
  manager = await consoleCookie(team.manager);
  counsellor = await consoleCookie(team.counsellor);
});

let address = 10;
function on(
  path: string,
  { form, headers = {}, body }: { form?: Record<string, string>; headers?: Record<string, string>; body?: Buffer } = {},
) {
  const sent: Record<string, string> = { "X-Forwarded-For": `198.51.100.${address}`, Accept: "text/html", ...headers };
  if (!form && !body) return app.fetch(path, { headers: sent });
  return app.fetch(path, {
    method: "POST",
    headers: { Origin: HERE, "Content-Type": "application/x-www-form-urlencoded", ...sent },
    body: body ?? new URLSearchParams(form).toString(),
  });
}

const asManager = (path: string, form?: Record<string, string>) => on(path, { form, headers: { Cookie: manager } });

async function addChannel(fields: Partial<Record<"name" | "utmSource" | "utmCampaign" | "phone" | "alertRecipients", string>> = {}) {
  const response = await asManager("/admin/channels", {
    intent: "save",
    channelId: "",
    name: "네이버 파워링크",
    utmSource: "naver",
    utmCampaign: "",
    phone: "0504-123-4567",
    alertRecipients: "",
    ...fields,
  });
  expect(response.status, await response.clone().text()).toBe(303);
  const [row] = await db()
    .select()
    .from(channels)
    .where(
      and(
        eq(channels.utmSource, (fields.utmSource ?? "naver").toLowerCase()),
        eq(channels.utmCampaign, (fields.utmCampaign ?? "").toLowerCase()),
      ),
    );
  return row!;
}

const setCookies = (response: Response) => response.headers.getSetCookie();
const cookiePairs = (response: Response) => setCookies(response).map((cookie) => cookie.split(";")[0]!);
const withoutNonces = (html: string) => html.replace(/nonce="[^"]+"/g, "").replace(/name="_token" value="[^"]+"/g, "");

describe("numbers per channel", () => {
  test("a channel's visitor gets the channel's number from the landing, while the cached page stays the same bytes and ETag for everyone", async () => {
    const channel = await addChannel();
    // A visitor without a channel makes the shared copy.
    const plain = await on("/Brand/intro");
    expect(plain.status).toBe(200);
    const plainHtml = await plain.text();

    const landing = await on("/Brand/intro?utm_source=Naver&utm_medium=cpc");
    expect(landing.headers.get("Cache-Control")).toBe("private, no-store");
    const line = setCookies(landing).find((cookie) => cookie.startsWith("call_line="));
    expect(line).toBeDefined();
    expect(decodeURIComponent(line!.split(";")[0]!.slice("call_line=".length))).toBe(`${channel.id}.05041234567.0504-123-4567`);
    // Readable by the page's own script, and gone with the browser session.
    expect(line).not.toMatch(/HttpOnly/i);
    expect(line).not.toMatch(/Max-Age|Expires/i);

    // Pages later, the same visitor carries both cookies and gets the very page everyone gets.
    const later = await on("/Brand/intro", { headers: { Cookie: cookiePairs(landing).join("; ") } });
    const again = await on("/Brand/intro");
    expect(later.headers.get("X-Page-Cache")).toBe("hit");
    expect(later.headers.get("Cache-Control")).toBe(plain.headers.get("Cache-Control"));
    expect(later.headers.get("ETag")).toBe(again.headers.get("ETag"));
    expect(later.headers.getSetCookie()).toEqual([]);
    const laterHtml = await later.text();
    expect(withoutNonces(laterHtml)).toBe(withoutNonces(await again.text()));
    expect(withoutNonces(laterHtml)).toBe(withoutNonces(plainHtml));
  });

  test("every tel: link and every shown number of a shared page is one the frame's script swaps before the header is parsed", async () => {
    await addChannel();
    for (const path of ["/", "/Brand/intro", "/daegu/customer"]) {
      const html = await (await on(path)).text();
      const links = [...html.replace(/<script[\s\S]*?<\/script>/g, "").matchAll(/href="(tel:[^"]*)"/g)].map((match) => match[1]);
      expect(links.length, path).toBeGreaterThanOrEqual(4);
      expect(new Set(links), path).toEqual(new Set([`tel:${SITE_PHONE.digits}`]));
      // The number appears only where the script rewrites it: marked text, tel: links and their labels.
      const shownOutside = html
        .replace(/<span data-call-number="">[^<]*<\/span>/g, "")
        .replace(/<script[\s\S]*?<\/script>/g, "")
        // A tel: link's label names its number; the script rewrites it with the link.
        .replace(/<a href="tel:[^"]*" aria-label="[^"]*"/g, "");
      expect(shownOutside, path).not.toContain(SITE_PHONE.shown);
      const script = html.indexOf("call_line=");
      expect(script, path).toBeGreaterThan(0);
      expect(script, path).toBeLessThan(html.indexOf("site-header"));
    }
  });

  test("a landing through no channel clears an earlier channel's number", async () => {
    await addChannel();
    const other = await on("/Brand/intro?utm_source=kakao", { headers: { Cookie: "call_line=1.05041234567.0504-123-4567" } });
    expect(setCookies(other).find((cookie) => cookie.startsWith("call_line="))).toMatch(/^call_line=; Max-Age=0/);
  });

  test("a campaign's own channel wins over its source's", async () => {
    await addChannel();
    const campaign = await addChannel({ name: "네이버 브랜드검색", utmCampaign: "Brand", phone: "0505-1234-5678" });
    const landing = await on("/?utm_source=naver&utm_campaign=brand");
    const line = setCookies(landing).find((cookie) => cookie.startsWith("call_line="));
    expect(decodeURIComponent(line!.split(";")[0]!)).toBe(`call_line=${campaign.id}.050512345678.0505-1234-5678`);
  });
});

describe("tel: taps", () => {
  test("taps are counted per channel and page, without a cookie, and hostile beacons are refused with 4xx and count nothing", async () => {
    const channel = await addChannel();
    address = 40;
    const beacon = (fields: Record<string, string>, headers: Record<string, string> = {}) => on("/actions/call", { form: fields, headers });
    expect((await beacon({ channel: String(channel.id), page: "/Brand/intro" })).status).toBe(204);
    expect((await beacon({ channel: String(channel.id), page: "/Brand/intro" })).status).toBe(204);
    expect((await beacon({ channel: String(channel.id), page: "/" })).status).toBe(204);
    expect((await beacon({ channel: "", page: "/" })).status).toBe(204);

    const refused = [
      await beacon({ channel: "999999", page: "/" }),
      await beacon({ channel: "1e3", page: "/" }),
      await beacon({ channel: "", page: "https://evil.example/" }),
      await beacon({ channel: "", page: "//evil.example" }),
      await beacon({ channel: "", page: `/${"a".repeat(300)}` }),
      await beacon({ channel: "", page: "/<script>" }),
      await beacon({ page: "/" }),
      await beacon({ channel: String(channel.id), page: "/" }, { Origin: "https://evil.example" }),
      await on("/actions/call", { body: Buffer.from("{}"), headers: { "Content-Type": "application/json" } }),
      await on("/actions/call"),
    ];
    expect(refused.map((response) => response.status)).toEqual([400, 400, 400, 400, 400, 400, 400, 403, 415, 405]);

    const counts = await db()
      .select({ channelId: channelCalls.channelId, path: channelCalls.path, taps: channelCalls.taps })
      .from(channelCalls);
    expect(counts.sort((a, b) => a.channelId - b.channelId || a.path.localeCompare(b.path))).toEqual([
      { channelId: 0, path: "/", taps: 1 },
      { channelId: channel.id, path: "/", taps: 1 },
      { channelId: channel.id, path: "/Brand/intro", taps: 2 },
    ]);
    // Counts only: no address, no cookie, no time beyond the day.
    expect(Object.keys((await db().select().from(channelCalls))[0]!).sort()).toEqual(["channelId", "day", "path", "site", "taps"]);

    const page = await (await asManager("/admin/channels")).text();
    expect(page).toContain("/Brand/intro");
  });

  test("one address tapping all day is stopped with 429", async () => {
    address = 41;
    const statuses: number[] = [];
    for (let tap = 0; tap < 21; tap++) statuses.push((await on("/actions/call", { form: { channel: "", page: "/" } })).status);
    expect(statuses.slice(0, 20).every((status) => status === 204)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

const PERIOD = { from: "2026-11-05", to: "2026-11-20" };
let phones = 0;

async function lead(values: {
  source?: string;
  campaign?: string;
  status?: "new" | "visited" | "contracted";
  at?: string;
  spam?: boolean;
}) {
  const phone = `010400${String(++phones).padStart(5, "0")}`;
  const [customer] = await db().insert(customers).values({ site: "daegu", phone }).returning({ id: customers.id });
  const [row] = await db()
    .insert(leads)
    .values({
      submissionId: crypto.randomUUID(),
      kind: "interest",
      site: "daegu",
      name: "고객",
      phone,
      consentVersion: "2025-03-01",
      consentedAt: new Date(values.at ?? "2026-11-10T03:00:00Z"),
      sourcePath: "/",
      utmSource: values.source ?? null,
      utmCampaign: values.campaign ?? null,
      status: values.status ?? "new",
      spam: values.spam ?? false,
      customerId: customer!.id,
      createdAt: new Date(values.at ?? "2026-11-10T03:00:00Z"),
    })
    .returning({ id: leads.id, phone: leads.phone });
  return row!;
}

describe("spend and cost per stage", () => {
  test("a worked example: ₩1,200,000 on Naver in November, 4 leads, 3 booked, 2 visited, 1 contracted, 3 calls", async () => {
    const naver = await addChannel();
    const partner = await addChannel({ name: "분양대행 DB", utmSource: "partner", phone: "" });
    await lead({ source: "naver", status: "contracted" });
    await lead({ source: "NAVER", campaign: "brand", status: "visited" });
    const booked = await lead({ source: "naver" });
    await lead({ source: "naver" });
    // Not November's, spam, or another channel's: not Naver's.
    await lead({ source: "naver", at: "2026-10-20T03:00:00Z" });
    await lead({ source: "naver", spam: true });
    await lead({ source: "partner" });
    const day = addDays(kstDay(new Date()), 2);
    await openVisitDays("daegu", [day]);
    const [slot] = await db().select().from(visitSlots).where(eq(visitSlots.day, day)).limit(1);
    await db().insert(visitBookings).values({ site: "daegu", slotId: slot!.id, leadId: booked.id, name: "고객", phone: booked.phone });

    expect(
      (await asManager("/admin/channels", { intent: "spend", channelId: String(naver.id), month: "2026-11", amount: "1,200,000원" }))
        .status,
    ).toBe(303);
    expect(
      (await asManager("/admin/channels", { intent: "spend", channelId: String(partner.id), month: "2026-11", amount: "500000" })).status,
    ).toBe(303);
    expect(
      (await asManager("/admin/channels", { intent: "spend", channelId: String(naver.id), month: "2026-10", amount: "900000" })).status,
    ).toBe(303);
    await db()
      .insert(channelCalls)
      .values([
        { site: "daegu", channelId: naver.id, path: "/", day: "2026-11-12", taps: 2 },
        { site: "daegu", channelId: naver.id, path: "/Brand/intro", day: "2026-11-30", taps: 1 },
        { site: "daegu", channelId: naver.id, path: "/", day: "2026-12-01", taps: 5 },
      ]);

    const costs = await channelCosts("daegu", PERIOD);
    expect(costs.months).toEqual(["2026-11"]);
    const row = costs.channels.find((entry) => entry.channelId === naver.id)!;
    expect(row).toMatchObject({ spend: 1_200_000, leads: 4, booked: 3, visited: 2, contracted: 1, calls: 3 });
    expect(row.cost).toEqual({ lead: 300_000, booked: 400_000, visited: 600_000, contracted: 1_200_000 });
    const agency = costs.channels.find((entry) => entry.channelId === partner.id)!;
    expect(agency).toMatchObject({
      spend: 500_000,
      leads: 1,
      booked: 0,
      cost: { lead: 500_000, booked: null, visited: null, contracted: null },
    });
    expect(costs.total).toMatchObject({ spend: 1_700_000, leads: 5, cost: { lead: 340_000 } });

    // Two months: October's spend and its one lead join.
    const both = await channelCosts("daegu", { from: "2026-10-15", to: "2026-11-20" });
    expect(both.byMonth.filter((entry) => entry.channelId === naver.id)).toEqual([
      { channelId: naver.id, month: "2026-10", spend: 900_000, leads: 1, costPerLead: 900_000 },
      { channelId: naver.id, month: "2026-11", spend: 1_200_000, leads: 4, costPerLead: 300_000 },
    ]);

    const page = await (await asManager(`/admin/conversion?from=${PERIOD.from}&to=${PERIOD.to}`)).text();
    expect(page).toContain("채널별 비용");
    expect(page).toContain("1,200,000원");
    expect(page).toContain("(400,000원)");
    expect(page).toContain('data-testid="channel-cost-chart"');
  });

  test("spend that is not a number of won, or a month that is not one, is refused beside its field; each change is recorded", async () => {
    const naver = await addChannel();
    const refused = await asManager("/admin/channels", { intent: "spend", channelId: String(naver.id), month: "2026-13", amount: "-5" });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain(CHANNEL_MESSAGES.month);
    expect(html).toContain(CHANNEL_MESSAGES.amount);
    expect(await db().select().from(channelSpend)).toEqual([]);
    await asManager("/admin/channels", { intent: "spend", channelId: String(naver.id), month: "2026-11", amount: "1000" });
    const records = await db().select({ action: auditLog.action }).from(auditLog).orderBy(auditLog.id);
    expect(records.map((record) => record.action)).toEqual(["channel.change", "channel.spend"]);
  });

  test("a counsellor may neither open the channels nor post to them", async () => {
    const channel = await addChannel();
    expect((await on("/admin/channels", { headers: { Cookie: counsellor } })).status).toBe(403);
    const post = await on("/admin/channels", {
      form: { intent: "delete", channelId: String(channel.id) },
      headers: { Cookie: counsellor },
    });
    expect(post.status).toBe(403);
    expect(await db().select().from(channels)).toHaveLength(1);
  });
});

describe("channel forms", () => {
  test("a channel with every field wrong answers 400 with each error beside its field and the values kept; a second channel of the same source and campaign is 409", async () => {
    const refused = await asManager("/admin/channels", {
      intent: "save",
      channelId: "",
      name: "",
      utmSource: "naver ads",
      utmCampaign: "",
      phone: "060-700-1234",
      alertRecipients: "010-1234-5678\n02-123-4567",
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    for (const message of [CHANNEL_MESSAGES.name, CHANNEL_MESSAGES.utmSpaces, CHANNEL_MESSAGES.recipients]) expect(html).toContain(message);
    expect(html).toContain("060으로 시작하는 번호는");
    expect(html).toContain('value="naver ads"');
    expect(await db().select().from(channels)).toEqual([]);

    await addChannel();
    const twin = await asManager("/admin/channels", {
      intent: "save",
      channelId: "",
      name: "다른 이름",
      utmSource: "NAVER",
      utmCampaign: "",
      phone: "",
      alertRecipients: "",
    });
    expect(twin.status).toBe(409);
    expect(await twin.text()).toContain(CHANNEL_MESSAGES.taken);
  });
});

describe("alerts by channel", () => {
  test("a channel's new lead is noted to the channel's recipients besides the site's, and its confirmation names the channel's number", async () => {
    await addChannel({
      name: "분양대행 DB",
      utmSource: "partner",
      utmCampaign: "db1",
      phone: "0504-777-8888",
      alertRecipients: "010-7777-8888\n010-1111-2222",
    });
    // The lead forms are called as route modules, on the address tests/lead-requests.ts posts to.
    setEnv(parseEnv({ SITES: "daegu@http://localhost:3000", SMS_STAFF_TO: "01011112222" }));
    const form = filledForm("interest");
    const answer = await submitJson("interest", form, { headers: { Cookie: `lead_source=${encodeURIComponent("s=Partner&c=DB1")}` } });
    expect(answer.status).toBe(200);
    const texts = await db().select({ purpose: smsOutbox.purpose, recipient: smsOutbox.recipient, body: smsOutbox.body }).from(smsOutbox);
    // The site's recipient once, even when the channel names it too.
    expect(
      texts
        .filter((text) => text.purpose === "staff")
        .map((text) => text.recipient)
        .sort(),
    ).toEqual(["01011112222", "01077778888"]);
    const confirmation = texts.find((text) => text.purpose === "confirmation")!;
    expect(confirmation.body).toContain("0504-777-8888");
    expect(confirmation.body).not.toContain(SITE_PHONE.shown);

    // Another visitor, of no channel: the site's recipients and number only.
    await submitJson("interest", filledForm("interest"), { headers: { Cookie: `lead_source=${encodeURIComponent("s=kakao")}` } });
    const after = await db().select({ purpose: smsOutbox.purpose, recipient: smsOutbox.recipient, body: smsOutbox.body }).from(smsOutbox);
    const added = after.slice(texts.length);
    expect(added.filter((text) => text.purpose === "staff").map((text) => text.recipient)).toEqual(["01011112222"]);
    expect(added.find((text) => text.purpose === "confirmation")!.body).toContain(SITE_PHONE.shown);
  });
});

function multipart(fields: Record<string, string | File>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return new Response(form);
}

async function postMultipart(path: string, fields: Record<string, string | File>) {
  const encoded = multipart(fields);
  return on(path, {
    body: Buffer.from(await encoded.arrayBuffer()),
    headers: { Cookie: manager, "Content-Type": encoded.headers.get("Content-Type")! },
  });
}

describe("spend import", () => {
  test("an ad platform's export is previewed with each row's problem, and importing sets each channel's month to the sum of its good rows", async () => {
    const naver = await addChannel();
    await addChannel({ name: "메타", utmSource: "meta", phone: "" });
    const csv = [
      "네이버 광고 보고서 2026.11.01 ~ 2026.11.30",
      '일자,캠페인,노출수,클릭수,"총비용(VAT포함,원)"',
      '2026.11.01,naver,1200,40,"300,000"',
      "2026.11.02,네이버 파워링크,900,31,200000",
      "2026.11.03,구글,500,10,100000",
      "2026.13.01,naver,100,1,5000",
      "2026.11.04,메타,100,1,-",
      "2026-12-01,Meta,100,1,70000",
    ].join("\r\n");
    const previewed = await postMultipart("/admin/channels/spend-import", {
      intent: "preview",
      file: new File([csv], "report.csv", { type: "text/csv" }),
    });
    expect(previewed.status).toBe(200);
    const page = await previewed.text();
    expect(page).toContain("미리 보기: 6행 중 문제 3행");
    expect(page).toContain(SPEND_ROW_PROBLEMS["unknown-channel"]);
    expect(page).toContain(SPEND_ROW_PROBLEMS["bad-month"]);
    expect(page).toContain(SPEND_ROW_PROBLEMS["bad-amount"]);
    expect(page).toContain("네이버 파워링크 · 2026-11: 500,000원");
    expect(await db().select().from(channelSpend)).toEqual([]);

    const imported = await postMultipart("/admin/channels/spend-import", { intent: "import", csv });
    expect(imported.status).toBe(303);
    expect(imported.headers.get("Location")).toBe("/admin/channels?imported=2");
    const spend = await db()
      .select({ channelId: channelSpend.channelId, month: channelSpend.month, amount: channelSpend.amount })
      .from(channelSpend);
    expect(spend.sort((a, b) => a.month.localeCompare(b.month))).toEqual([
      { channelId: naver.id, month: "2026-11", amount: 500_000 },
      expect.objectContaining({ month: "2026-12", amount: 70_000 }),
    ]);
    // The same export again sets the same months, it does not add them up twice.
    await postMultipart("/admin/channels/spend-import", { intent: "import", csv });
    expect((await db().select().from(channelSpend).where(eq(channelSpend.channelId, naver.id)))[0]!.amount).toBe(500_000);
  });

  test("a file without the three columns, or none at all, is refused beside the file field", async () => {
    const noColumns = await postMultipart("/admin/channels/spend-import", {
      intent: "preview",
      file: new File(["이름,전화\n김,010"], "x.csv", { type: "text/csv" }),
    });
    expect(noColumns.status).toBe(400);
    expect(await noColumns.text()).toContain(CHANNEL_MESSAGES.emptyFile);
    const noFile = await postMultipart("/admin/channels/spend-import", { intent: "preview" });
    expect(noFile.status).toBe(400);
    expect(await noFile.text()).toContain(CHANNEL_MESSAGES.noFile);
  });
});
