import http from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { issueFormToken } from "#app/.server/form-tokens.ts";
import { changeSettings } from "#app/.server/content/site-settings.ts";
import { deliverDueMessages } from "#app/.server/outbox/worker.ts";
import { leads, smsOutbox, visitBookings } from "#app/.server/schema.ts";
import { webhookProvider } from "#app/.server/sms/webhook.ts";
import { openVisitDays } from "#app/.server/visits/schedule.ts";
import { LEAD_CSV_COLUMNS } from "#app/.server/leads/csv-export.ts";
import { addDays, kstDay } from "#app/utils/kst.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { withTestDatabase } from "#tests/db.ts";
import { BROWSER, uniquePhone } from "#tests/lead-requests.ts";
import { addTeam, consoleCookie } from "#tests/staff.ts";

/**
 * Bearer links (issue #24): an invitation's key and a booking's key reach only the person they are
 * for. The console's roles see them masked everywhere (outbox, lead, customer, export, live
 * stream), the provider still gets the real text, and the pages that show a visitor's own booking
 * load none of the office's ad and analytics tags.
 */

withTestDatabase();
let app: TestApp;
let team: Awaited<ReturnType<typeof addTeam>>;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());
beforeEach(async () => {
  setEnv(parseEnv({ SITE_URL: app.origin, TRUST_PROXY: "1" }));
  team = await addTeam();
});

function get(path: string, cookie?: string) {
  return app.fetch(path, { headers: { Accept: "text/html", ...(cookie ? { Cookie: cookie } : {}) } });
}

let client = 0;
function post(
  path: string,
  form: Record<string, string | string[]>,
  { cookie, headers = {} }: { cookie?: string; headers?: Record<string, string> } = {},
) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(form)) for (const item of [value].flat()) body.append(name, item);
  client += 1;
  return app.fetch(path, {
    method: "POST",
    headers: {
      Origin: app.origin,
      "Content-Type": "application/x-www-form-urlencoded",
      Accept: "text/html",
      "User-Agent": BROWSER,
      "X-Forwarded-For": `203.0.113.${client % 250}`,
      ...(cookie ? { Cookie: cookie } : {}),
      ...headers,
    },
    body: body.toString(),
  });
}

/** A webhook receiver's view of what the provider was handed. */
function smsReceiver() {
  const received: { to: string; text: string; purpose: string }[] = [];
  const fetchImpl = (async (_url: string | URL | Request, init?: RequestInit) => {
    received.push(JSON.parse(String(init!.body)) as (typeof received)[number]);
    return new Response(JSON.stringify({ messageId: `m${received.length}` }), { status: 200 });
  }) as typeof fetch;
  const provider = webhookProvider({ url: "https://sms.example/hook", fetchImpl });
  return { received, deliver: () => deliverDueMessages({ provider, workerId: "test-worker" }) };
}

async function inviteOwner(email = "second-owner@example.com") {
  return post(
    "/admin/staff",
    { intent: "invite", name: "신대표", email, mobile: "010-3333-4444", role: "owner", sites: "daegu" },
    { cookie: await consoleCookie(team.owner) },
  );
}

/** A visitor books a model-house visit through the form's JSON endpoint; answers the booking. */
async function bookVisit({ referer }: { referer?: string } = {}) {
  const day = addDays(kstDay(new Date()), 3);
  await openVisitDays("daegu", [day]);
  const [slot] = await db().query.visitSlots.findMany({ where: (slots, { eq: equals }) => equals(slots.day, day), limit: 1 });
  const phone = uniquePhone();
  const answer = await post(
    "/actions/visit",
    {
      name: "김하늘",
      phone,
      message: "주말 방문 희망",
      consent: "yes",
      visitDate: day,
      visitSlot: String(slot!.id),
      _gotcha: "",
      _token: issueFormToken("daegu", "visit", Date.now() - 3_000),
      _submission: crypto.randomUUID(),
    },
    { headers: { Accept: "application/json", ...(referer ? { Referer: referer } : {}) } },
  );
  expect(answer.status).toBe(200);
  const [booking] = await db().select().from(visitBookings).where(eq(visitBookings.phone, phone));
  const [lead] = await db().select().from(leads).where(eq(leads.id, booking!.leadId));
  return { ...booking!, customerId: lead!.customerId };
}

/** The live alerts stream as a signed-in browser holds it: everything it says until the first lead arrives. */
function readStreamUntilLead(cookie: string) {
  return new Promise<{ text: Promise<string> }>((resolve, reject) => {
    const request = http.get({
      host: "127.0.0.1",
      port: app.port,
      path: "/admin/events",
      headers: { Host: new URL(app.origin).host, Accept: "text/event-stream", Cookie: cookie },
    });
    request.on("error", reject);
    request.on("response", (response) => {
      let text = "";
      const done = new Promise<string>((finish) => {
        response.on("data", (chunk: Buffer) => {
          text += chunk.toString("utf8");
          if (/^event: lead$/m.test(text)) {
            request.destroy();
            finish(text);
          }
        });
      });
      resolve({ text: done });
    });
  });
}

describe("an invitation and a booking link", () => {
  test("never reach a manager: the outbox, the lead, its texts, the customer, the export and the live stream show them masked", async () => {
    const manager = await consoleCookie(team.manager);
    const stream = await readStreamUntilLead(manager);
    expect((await inviteOwner()).status).toBe(200);
    const booking = await bookVisit();
    const streamed = await stream.text;
    const sms = smsReceiver();
    await sms.deliver();
    const invitation = sms.received.find((message) => message.purpose === "invitation")!;
    const invitationKey = /\/admin\/invite\/([\w-]{43})/.exec(invitation.text)![1]!;

    const screens = [
      await get("/admin/notifications", manager),
      await get(`/admin/leads/${booking.leadId}`, manager),
      await get(`/admin/leads/${booking.leadId}/text`, manager),
      await get(`/admin/customers/${booking.customerId}`, manager),
      await get("/admin/visits", manager),
      await post(
        "/admin/leads/export.csv",
        { purpose: "contact", reason: "오늘 연락할 명단", columns: LEAD_CSV_COLUMNS.map((column) => column.id) },
        { cookie: manager },
      ),
    ];
    for (const screen of screens) expect(screen.status).toBe(200);
    const seen = [...(await Promise.all(screens.map((screen) => screen.text()))), streamed];
    for (const text of seen) {
      expect(text).not.toContain(invitationKey);
      expect(text).not.toContain(booking.linkToken);
    }
    const outbox = seen[0]!;
    expect(outbox).toContain("초대 문자 (링크 가림)");
    expect(outbox).toContain(`(링크 가림)`);
    // Nothing readable in the stored text either: only the worker opens the sealed copy.
    for (const row of await db().select({ body: smsOutbox.body }).from(smsOutbox)) {
      expect(row.body).not.toContain(invitationKey);
      expect(row.body).not.toContain(booking.linkToken);
    }
  });

  test("reach the provider whole, for the person they are for", async () => {
    expect((await inviteOwner()).status).toBe(200);
    const booking = await bookVisit();
    const sms = smsReceiver();
    expect((await sms.deliver()).sent).toBe(2);
    const invitation = sms.received.find((message) => message.purpose === "invitation")!;
    expect(invitation.to).toBe("01033334444");
    expect(invitation.text).toMatch(new RegExp(`${app.origin}/admin/invite/[\\w-]{43}\\b`));
    const confirmation = sms.received.find((message) => message.purpose === "confirmation")!;
    expect(confirmation.text).toContain(`${app.origin}/daegu/visit/${booking.linkToken}`);
    const [stored] = await db().select().from(smsOutbox).where(eq(smsOutbox.purpose, "invitation"));
    expect(stored!.body).toBe(invitation.text.replace(/https?:\S+\/admin\/invite\/[\w-]{43}/, "(링크 가림)"));
    // The link works for its person.
    const path = new URL(/https?:\S+\/admin\/invite\/[\w-]{43}/.exec(invitation.text)![0]).pathname;
    const invitePage = await get(path);
    expect(await invitePage.text()).toContain("second-owner@example.com");
    expect(invitePage.headers.get("Referrer-Policy")).toBe("same-origin");
  });

  test("is shown to the inviting owner only while texts are not sent; a new invitation makes a new key and ends the old", async () => {
    setEnv(parseEnv({ SITE_URL: app.origin, TRUST_PROXY: "1", SMS_PROVIDER: "webhook", SMS_WEBHOOK_URL: "https://sms.example/hook" }));
    const invited = await inviteOwner();
    const page = await invited.text();
    expect(page).not.toMatch(/\/admin\/invite\/[\w-]{43}/);
    expect(page).toContain("초대 문자를 보냈습니다");
    const sms = smsReceiver();
    await sms.deliver();
    const first = /\/admin\/invite\/[\w-]{43}/.exec(sms.received[0]!.text)![0];

    const [person] = await db().select().from(smsOutbox);
    expect(person!.recipient).toBe("01033334444");
    const { id: adminId } = (await db().query.admins.findFirst({
      where: (admins, { eq: equals }) => equals(admins.email, "second-owner@example.com"),
    }))!;
    const again = await post("/admin/staff", { intent: "reinvite", adminId: String(adminId) }, { cookie: await consoleCookie(team.owner) });
    expect(again.status).toBe(200);
    expect(await again.text()).not.toMatch(/\/admin\/invite\/[\w-]{43}/);
    await sms.deliver();
    const second = /\/admin\/invite\/[\w-]{43}/.exec(sms.received[1]!.text)![0];
    expect(second).not.toBe(first);
    expect((await get(first)).status).toBe(404);
    expect((await get(second)).status).toBe(200);

    // In test mode nothing leaves the server, so the owner is the only way the link can reach the person.
    setEnv(parseEnv({ SITE_URL: app.origin, TRUST_PROXY: "1" }));
    expect(await (await inviteOwner("third-owner@example.com")).text()).toMatch(
      /data-testid="invitation-link" value="[^"]+\/admin\/invite\/[\w-]{43}"/,
    );
  });

  test("a lead form posted from a booking's page records the page without its key", async () => {
    const booking = await bookVisit();
    const again = await bookVisit({ referer: `${app.origin}/daegu/visit/${booking.linkToken}` });
    const [lead] = await db().select().from(leads).where(eq(leads.id, again.leadId));
    expect(lead!.sourcePath).toBe("/daegu/visit");
  });
});

describe("a visitor's own booking", () => {
  test("its page and the answer to a booking load none of the office's tags, are never cached or indexed, and name themselves to no other site", async () => {
    await changeSettings(
      { site: "daegu", actor: team.owner, clientAddress: "198.51.100.7" },
      { ga4MeasurementId: "G-AB12CD34EF", metaPixelId: "123456789012345" },
    );
    const home = await get("/");
    expect(await home.text()).toContain("https://www.googletagmanager.com/gtag/js?id=G-AB12CD34EF");

    const booking = await bookVisit();
    for (const path of [`/daegu/visit/${booking.linkToken}`, `/daegu/customer?done=1&slot=${booking.slotId}`]) {
      const page = await get(path);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).not.toContain("googletagmanager");
      expect(html).not.toContain("G-AB12CD34EF");
      expect(html).not.toContain("fbevents");
      expect(html).not.toContain("123456789012345");
      expect(page.headers.get("Content-Security-Policy")).not.toMatch(/googletagmanager|facebook/);
      expect(page.headers.get("Cache-Control")).toBe("private, no-store");
      expect(page.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
      expect(page.headers.get("Referrer-Policy")).toBe("same-origin");
      expect(page.headers.get("X-Page-Cache")).toBeNull();
      expect(html).toMatch(/<meta name="robots" content="noindex,nofollow"/);
    }
    // The visit page itself, before any booking, still counts visitors as the office asked.
    expect(await (await get("/daegu/customer")).text()).toContain("googletagmanager");
  });
});
