import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { issueFormToken } from "#app/.server/form-tokens.ts";
import {
  campaignRecipients,
  campaigns,
  channelSpend,
  channels,
  customers,
  leadNotes,
  leads,
  noticePopups,
  pressArticles,
  scheduleEntries,
  siteSettingChanges,
  siteSettings,
  messageTemplates,
  optOutLists,
  smsOutbox,
  units,
  visitBookings,
  visitSlots,
  visitWaitlist,
} from "#app/.server/schema.ts";
import { startHandoff } from "#app/.server/site-handoff.ts";
import { openVisitDays } from "#app/.server/visits/schedule.ts";
import { sitePacks } from "#app/content/index.ts";
import { addDays, kstDay } from "#app/utils/kst.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { consoleRoutePatterns } from "#tests/console-routes.ts";
import { withTestDatabase } from "#tests/db.ts";
import { fixturePack } from "#tests/fixtures/fixture-pack.ts";
import { addStaff, consoleCookie, type TestStaff } from "#tests/staff.ts";

/**
 * Two sites on one database, one server (issue #15). Site A is daegu on a.localhost, site B the
 * fixture development on b.localhost. Everything of B is made first; then every console route
 * and action is asked, on A's host by an administrator of A, about B's records — and nothing of
 * B may be shown or changed. The table must name every console route app/routes.ts declares.
 */

withTestDatabase();
let app: TestApp;
let A: string;
let B: string;
const B_NAME = "나비사이트";
const B_NOTE = "비사이트의 메모";
const B_TEXT = "비사이트의 문자";
const DAY = addDays(kstDay(new Date()), 2);

beforeAll(async () => {
  sitePacks[fixturePack.slug] = fixturePack;
  app = await startTestApp();
  A = `http://a.localhost:${app.port}`;
  B = `http://b.localhost:${app.port}`;
});
afterAll(async () => {
  delete sitePacks[fixturePack.slug];
  await app.close();
});

interface BRecords {
  lead: number;
  message: number;
  slot: number;
  booking: number;
  bookingLink: string;
  article: number;
  scheduleEntry: number;
  popup: number;
  customer: number;
  settingChange: number;
  template: number;
  /** An 080 opt-out list uploaded on B, not applied yet, naming B's customer. */
  optOutList: number;
  campaign: number;
  /** A channel of B with its own number and alert recipient, a month's spend, a unit held for B's lead, and one waiting on B's slot. */
  channel: number;
  unit: number;
  waiting: number;
}
let b: BRecords;

let aOffice: TestStaff;
let bOffice: TestStaff;

beforeEach(async () => {
  setEnv(parseEnv({ SITES: `daegu@${A},fixture@${B}`, TRUST_PROXY: "1" }));
  aOffice = await addStaff({ email: "a-office@example.com", role: "owner", sites: ["daegu"] });
  bOffice = await addStaff({ email: "b-office@example.com", role: "owner", sites: ["fixture"] });
  b = await makeSiteB();
});

async function makeSiteB(): Promise<BRecords> {
  const [customer] = await db().insert(customers).values({ site: "fixture", phone: "01077778888" }).returning({ id: customers.id });
  const [lead] = await db()
    .insert(leads)
    .values({
      submissionId: crypto.randomUUID(),
      kind: "visit",
      site: "fixture",
      name: B_NAME,
      phone: "01077778888",
      message: "B의 문의",
      consentVersion: "test",
      consentedAt: new Date(),
      sourcePath: "/",
      customerId: customer!.id,
    })
    .returning({ id: leads.id });
  await db().insert(leadNotes).values({ leadId: lead!.id, body: B_NOTE, authorEmail: "b-office@example.com" });
  const [message] = await db()
    .insert(smsOutbox)
    .values({ site: "fixture", leadId: lead!.id, purpose: "confirmation", recipient: "01077778888", body: B_TEXT, status: "failed" })
    .returning({ id: smsOutbox.id });
  await openVisitDays("fixture", [DAY]);
  const [slot] = await db().select().from(visitSlots).where(eq(visitSlots.site, "fixture")).limit(1);
  const [booking] = await db()
    .insert(visitBookings)
    .values({ site: "fixture", slotId: slot!.id, leadId: lead!.id, name: B_NAME, phone: "01077778888", linkToken: "B".repeat(22) })
    .returning({ id: visitBookings.id, linkToken: visitBookings.linkToken });
  const [article] = await db()
    .insert(pressArticles)
    .values({ site: "fixture", title: "비사이트 보도자료", summary: "B의 소식" })
    .returning({ id: pressArticles.id });
  await db()
    .insert(siteSettings)
    .values({ site: "fixture", values: { salesPhone: "16619999" }, version: 1 })
    // Opening the visit day above made the row (its version counts the change).
    .onConflictDoUpdate({ target: siteSettings.site, set: { values: { salesPhone: "16619999" } } });
  const [settingChange] = await db()
    .insert(siteSettingChanges)
    .values({ site: "fixture", field: "salesPhone", before: "16610000", after: "16619999", actorEmail: "b-office@example.com" })
    .returning({ id: siteSettingChanges.id });
  const [scheduleEntry] = await db()
    .insert(scheduleEntries)
    .values({ site: "fixture", title: "비사이트 1순위", startsOn: DAY, note: "B의 일정" })
    .returning({ id: scheduleEntries.id });
  const [popup] = await db()
    .insert(noticePopups)
    .values({ site: "fixture", title: "비사이트 공지", startsAt: new Date(), endsAt: new Date(Date.now() + 86_400_000) })
    .returning({ id: noticePopups.id });
  const [template] = await db()
    .insert(messageTemplates)
    .values({ site: "fixture", code: "B_CONFIRM", purpose: "confirmation", body: "#{고객명} 고객님, B의 템플릿입니다." })
    .returning({ id: messageTemplates.id });
  const [optOutList] = await db()
    .insert(optOutLists)
    .values({
      site: "fixture",
      fileName: "b-080.csv",
      entries: [{ line: 2, raw: "01077778888", phone: "01077778888", at: new Date().toISOString(), problem: null }],
    })
    .returning({ id: optOutLists.id });
  const [campaign] = await db()
    .insert(campaigns)
    .values({ site: "fixture", title: "비사이트 캠페인", body: "B의 광고", status: "sending", audienceCount: 1 })
    .returning({ id: campaigns.id });
  await db().insert(campaignRecipients).values({ campaignId: campaign!.id, phone: "01077778888", leadId: lead!.id });
  const [channel] = await db()
    .insert(channels)
    .values({ site: "fixture", name: "비사이트 채널", utmSource: "b-agency", phone: "050412345678", alertRecipients: ["01077778888"] })
    .returning({ id: channels.id });
  await db()
    .insert(channelSpend)
    .values({ channelId: channel!.id, month: DAY.slice(0, 7), amount: 1_000_000 });
  const [unit] = await db()
    .insert(units)
    .values({
      site: "fixture",
      building: "909",
      floor: 9,
      line: 9,
      typeKey: sitePacks.fixture!.units[0]!.key,
      status: "held",
      leadId: lead!.id,
      heldUntil: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: units.id });
  const [waiting] = await db()
    .insert(visitWaitlist)
    .values({
      site: "fixture",
      slotId: slot!.id,
      name: B_NAME,
      phone: "01077778888",
      linkToken: "W".repeat(22),
      consentVersion: "test",
      createdAt: new Date(),
    })
    .returning({ id: visitWaitlist.id });
  return {
    channel: channel!.id,
    unit: unit!.id,
    waiting: waiting!.id,
    optOutList: optOutList!.id,
    campaign: campaign!.id,
    template: template!.id,
    settingChange: settingChange!.id,
    lead: lead!.id,
    message: message!.id,
    slot: slot!.id,
    booking: booking!.id,
    bookingLink: booking!.linkToken,
    article: article!.id,
    scheduleEntry: scheduleEntry!.id,
    popup: popup!.id,
    customer: customer!.id,
  };
}

/** A request as a browser on `origin` sends it (through one proxy, so each test has its own address). */
function on(
  origin: string,
  path: string,
  { method = "GET", form, cookie }: { method?: string; form?: Record<string, string>; cookie?: string } = {},
) {
  const headers: Record<string, string> = { Host: new URL(origin).host, "X-Forwarded-For": "198.51.100.20", Accept: "text/html" };
  if (cookie) headers.Cookie = cookie;
  if (method !== "GET") {
    headers.Origin = origin;
    headers["Content-Type"] = "application/x-www-form-urlencoded";
  }
  return app.fetch(path, { method, headers, body: form ? new URLSearchParams(form).toString() : undefined });
}

/** Signed in (both factors) as this person on the site of `origin`. */
function signIn(origin: string, staff: TestStaff) {
  return consoleCookie(staff, origin === A ? "daegu" : "fixture");
}

async function bSnapshot() {
  const [lead] = await db().select().from(leads).where(eq(leads.id, b.lead));
  const notes = await db().select().from(leadNotes).where(eq(leadNotes.leadId, b.lead));
  const [message] = await db().select().from(smsOutbox).where(eq(smsOutbox.id, b.message));
  const [slot] = await db().select().from(visitSlots).where(eq(visitSlots.id, b.slot));
  const [booking] = await db().select().from(visitBookings).where(eq(visitBookings.id, b.booking));
  const [article] = await db().select().from(pressArticles).where(eq(pressArticles.id, b.article));
  const [settings] = await db().select().from(siteSettings).where(eq(siteSettings.site, "fixture"));
  const schedule = await db().select().from(scheduleEntries).where(eq(scheduleEntries.site, "fixture"));
  const [popup] = await db().select().from(noticePopups).where(eq(noticePopups.id, b.popup));
  const [template] = await db().select().from(messageTemplates).where(eq(messageTemplates.id, b.template));
  const [optOutList] = await db().select().from(optOutLists).where(eq(optOutLists.id, b.optOutList));
  const customer = await db().select().from(customers).where(eq(customers.site, "fixture"));
  const [campaign] = await db().select().from(campaigns).where(eq(campaigns.id, b.campaign));
  const recipients = await db().select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, b.campaign));
  const [channel] = await db().select().from(channels).where(eq(channels.id, b.channel));
  const spend = await db().select().from(channelSpend).where(eq(channelSpend.channelId, b.channel));
  const [unit] = await db().select().from(units).where(eq(units.id, b.unit));
  const [waiting] = await db().select().from(visitWaitlist).where(eq(visitWaitlist.id, b.waiting));
  return JSON.stringify({
    channel,
    spend,
    unit,
    waiting,
    lead,
    notes,
    message,
    slot,
    booking,
    article,
    settings,
    schedule,
    popup,
    template,
    optOutList,
    customer,
    campaign,
    recipients,
  });
}

interface Probe {
  method?: "GET" | "POST";
  path: (records: BRecords) => string;
  form?: (records: BRecords) => Record<string, string>;
  /** Statuses that count as "nothing of B": a 404, a redirect, a refusal, or a page without B. */
  expect: number[];
  /** Asked without a session (the sign-in form). */
  signedOut?: boolean;
}

const EXPORT_FORM = { purpose: "contact", reason: "B 명단을 노림", columns: "name" };

/** Every console route, asked about site B's records from site A. */
const CONSOLE_PROBES: Record<string, Probe[]> = {
  admin: [{ path: () => "/admin", expect: [200] }],
  // Site A's lists only, even when asked for site B's person.
  "admin/today": [
    { path: () => "/admin/today", expect: [200] },
    { path: () => `/admin/today?who=${bOffice.id}`, expect: [200] },
  ],
  // Site A's live stream as a page (406); its events come from site A's leads only (console-assignment.test.ts).
  "admin/events": [{ path: () => "/admin/events", expect: [406] }],
  // An address the console does not have: its 404, with site A's frame.
  "admin/*": [{ path: () => "/admin/no-such-page", expect: [404] }],
  "admin/settings": [
    { path: () => "/admin/settings", expect: [200] },
    {
      method: "POST",
      path: () => "/admin/settings",
      form: () => ({ intent: "save", roundRobin: "on", recycleAfterDays: "" }),
      expect: [303],
    },
  ],
  // B's change history is B's: reverting one of its changes from A finds nothing.
  "admin/site-settings": [
    { path: () => "/admin/site-settings", expect: [200] },
    {
      method: "POST",
      path: () => "/admin/site-settings",
      form: (r) => ({ intent: "revert", change: String(r.settingChange) }),
      expect: [404],
    },
  ],
  "admin/leads": [
    { path: () => "/admin/leads", expect: [200] },
    { method: "POST", path: () => "/admin/leads", form: () => ({ intent: "search", q: B_NAME }), expect: [303] },
  ],
  // A caller with site B's customer's number is a new customer of A: nothing of B's is read, changed or given.
  "admin/leads/new": [
    { path: () => "/admin/leads/new", expect: [200] },
    {
      method: "POST",
      path: () => "/admin/leads/new",
      form: () => ({ name: "에이손님", phone: "010-7777-8888", unitType: "", message: "", consent: "on" }),
      expect: [303],
    },
  ],
  "admin/leads/:id": [
    { path: (records) => `/admin/leads/${records.lead}`, expect: [404] },
    {
      method: "POST",
      path: (records) => `/admin/leads/${records.lead}`,
      form: (records) => ({ intent: "book-visit", slotId: String(records.slot), partySize: "1" }),
      expect: [404],
    },
    {
      method: "POST",
      path: (records) => `/admin/leads/${records.lead}`,
      form: () => ({ intent: "status", status: "closed", shown: "new" }),
      expect: [404],
    },
    {
      method: "POST",
      path: (records) => `/admin/leads/${records.lead}`,
      form: () => ({ intent: "note", body: "A가 쓴 메모" }),
      expect: [404],
    },
    { method: "POST", path: (records) => `/admin/leads/${records.lead}`, form: () => ({ intent: "reveal" }), expect: [404] },
    { method: "POST", path: (records) => `/admin/leads/${records.lead}`, form: () => ({ intent: "assign", assignee: "" }), expect: [404] },
    {
      method: "POST",
      path: (records) => `/admin/leads/${records.lead}`,
      form: () => ({ intent: "contact", channel: "call-out", result: "reached", note: "A가 남긴 통화", nextContactAt: "" }),
      expect: [404],
    },
    { method: "POST", path: (records) => `/admin/leads/${records.lead}`, form: () => ({ intent: "grade", grade: "A" }), expect: [404] },
    {
      method: "POST",
      path: (records) => `/admin/leads/${records.lead}`,
      form: () => ({ intent: "follow-up", nextContactAt: "2026-12-01T10:00" }),
      expect: [404],
    },
    { method: "POST", path: (records) => `/admin/leads/${records.lead}`, form: () => ({ intent: "missed-call-text" }), expect: [404] },
  ],
  "admin/leads/:id/delete": [
    { path: (records) => `/admin/leads/${records.lead}/delete`, expect: [404] },
    { method: "POST", path: (records) => `/admin/leads/${records.lead}/delete`, expect: [303] },
  ],
  "admin/customers/:id": [{ path: (records) => `/admin/customers/${records.customer}`, expect: [404] }],
  "admin/conversion": [{ path: () => "/admin/conversion", expect: [200] }],
  "admin/consent": [
    { path: () => "/admin/consent", expect: [200] },
    { path: (records) => `/admin/consent?list=${records.optOutList}`, expect: [404] },
    {
      method: "POST",
      path: () => "/admin/consent",
      form: (records) => ({ intent: "apply", listId: String(records.optOutList) }),
      expect: [404],
    },
  ],
  "admin/performance": [{ path: () => "/admin/performance?unit=month", expect: [200] }],
  "admin/performance.csv": [{ path: () => "/admin/performance.csv?unit=month", expect: [200] }],
  "admin/performance.xlsx": [{ path: () => "/admin/performance.xlsx?unit=month", expect: [200] }],
  "admin/leads/:id/text": [
    { path: (records) => `/admin/leads/${records.lead}/text`, expect: [404] },
    {
      method: "POST",
      path: (records) => `/admin/leads/${records.lead}/text`,
      form: () => ({ intent: "send", body: "A가 보낸 문자" }),
      expect: [404],
    },
    { method: "POST", path: (records) => `/admin/leads/${records.lead}/text`, form: () => ({ intent: "opt-out" }), expect: [404] },
  ],
  "admin/leads/export.csv": [{ method: "POST", path: () => "/admin/leads/export.csv", form: () => EXPORT_FORM, expect: [200] }],
  "admin/leads/export.xlsx": [{ method: "POST", path: () => "/admin/leads/export.xlsx", form: () => EXPORT_FORM, expect: [200] }],
  "admin/leads/export": [{ path: () => "/admin/leads/export", expect: [200] }],
  "admin/leads/import": [
    { path: () => "/admin/leads/import", expect: [200] },
    {
      method: "POST",
      path: () => "/admin/leads/import",
      form: () => ({ intent: "import", batch: "s1.forged", source: "B", basis: "agency-form" }),
      expect: [409],
    },
  ],
  "admin/leads/bin": [
    { path: () => "/admin/leads/bin", expect: [200] },
    { method: "POST", path: () => "/admin/leads/bin", form: (records) => ({ intent: "restore", id: String(records.lead) }), expect: [404] },
  ],
  "admin/staff": [
    { path: () => "/admin/staff", expect: [200] },
    { method: "POST", path: () => "/admin/staff", form: () => ({ intent: "disable", adminId: String(bOffice.id) }), expect: [403] },
    {
      method: "POST",
      path: () => "/admin/staff",
      form: () => ({ intent: "invite", name: "침입자", email: "x@example.com", mobile: "010-1111-2222", role: "owner", sites: "fixture" }),
      expect: [403],
    },
  ],
  "admin/audit": [{ path: () => "/admin/audit", expect: [200] }],
  "admin/account": [{ path: () => "/admin/account", expect: [200] }],
  "admin/templates": [
    { path: () => "/admin/templates", expect: [200] },
    { method: "POST", path: () => "/admin/templates", form: (r) => ({ intent: "retire", id: String(r.template) }), expect: [404] },
  ],
  "admin/campaigns": [
    { path: () => "/admin/campaigns", expect: [200] },
    { method: "POST", path: () => "/admin/campaigns", form: () => ({ intent: "count" }), expect: [200] },
  ],
  "admin/campaigns/:id": [
    { path: (records) => `/admin/campaigns/${records.campaign}`, expect: [404] },
    ...["pause", "cancel", "test"].map((intent) => ({
      method: "POST" as const,
      path: (records: BRecords) => `/admin/campaigns/${records.campaign}`,
      form: () => ({ intent, phone: "010-1234-5678" }),
      expect: [404],
    })),
  ],
  "admin/login/code": [{ path: () => "/admin/login/code", expect: [302] }],
  "admin/enrol": [{ path: () => "/admin/enrol", expect: [302] }],
  "admin/invite/:token": [{ path: () => `/admin/invite/${"x".repeat(43)}`, expect: [404], signedOut: true }],
  "admin/notifications": [
    { path: () => "/admin/notifications", expect: [200] },
    {
      method: "POST",
      path: () => "/admin/notifications",
      form: (records) => ({ intent: "retry", id: String(records.message) }),
      expect: [409],
    },
  ],
  "admin/visits": [
    { path: () => `/admin/visits?day=${DAY}`, expect: [200] },
    {
      method: "POST",
      path: () => "/admin/visits",
      form: (records) => ({ intent: "capacity", slotId: String(records.slot), capacity: "0" }),
      expect: [404, 409],
    },
    {
      method: "POST",
      path: () => "/admin/visits",
      form: (records) => ({ intent: "attendance", bookingId: String(records.booking), status: "visited", shown: "booked" }),
      expect: [404, 409],
    },
    { method: "POST", path: () => "/admin/visits", form: () => ({ intent: "close-day", day: DAY }), expect: [303] },
    {
      method: "POST",
      path: () => "/admin/visits",
      form: (records) => ({ intent: "waitlist-withdraw", entryId: String(records.waiting) }),
      expect: [404, 409],
    },
  ],
  "admin/door": [
    { path: () => "/admin/door?q=7777", expect: [200] },
    // Part of B's visitor's name: the page echoes the query, so the whole name would be found in the search box.
    { path: () => `/admin/door?q=${encodeURIComponent(B_NAME.slice(0, 2))}`, expect: [200] },
    {
      method: "POST",
      path: () => "/admin/door",
      form: (records) => ({ intent: "check-in", bookingId: String(records.booking) }),
      expect: [400, 404, 409],
    },
    {
      method: "POST",
      path: () => "/admin/door",
      form: (records) => ({ intent: "check-in-key", key: records.bookingLink }),
      expect: [400, 404, 409],
    },
  ],
  "admin/door/kiosk": [{ path: () => "/admin/door/kiosk", expect: [200, 302, 303] }],
  "admin/channels": [
    { path: () => "/admin/channels", expect: [200] },
    {
      method: "POST",
      path: () => "/admin/channels",
      form: (records) => ({
        intent: "save",
        channelId: String(records.channel),
        name: "A가 바꾼 채널",
        utmSource: "a-agency",
        utmCampaign: "",
        phone: "",
        alertRecipients: "",
      }),
      expect: [404],
    },
    {
      method: "POST",
      path: () => "/admin/channels",
      form: (records) => ({ intent: "delete", channelId: String(records.channel) }),
      expect: [404],
    },
    {
      method: "POST",
      path: () => "/admin/channels",
      form: (records) => ({ intent: "spend", channelId: String(records.channel), month: DAY.slice(0, 7), amount: "5" }),
      expect: [404],
    },
  ],
  "admin/channels/spend-import": [{ path: () => "/admin/channels/spend-import", expect: [200] }],
  "admin/prices": [{ path: () => "/admin/prices", expect: [200] }],
  "admin/units": [
    { path: () => "/admin/units", expect: [200] },
    { path: (records) => `/admin/units?unit=${records.unit}`, expect: [200, 404] },
    {
      method: "POST",
      path: () => "/admin/units",
      form: (records) => ({ intent: "hold", unit: String(records.unit), lead: String(records.lead) }),
      expect: [404, 409],
    },
    {
      method: "POST",
      path: () => "/admin/units",
      form: (records) => ({ intent: "release", unit: String(records.unit) }),
      expect: [404, 409],
    },
    {
      method: "POST",
      path: () => "/admin/units",
      form: (records) => ({ intent: "contract", unit: String(records.unit) }),
      expect: [404, 409],
    },
    {
      method: "POST",
      path: () => "/admin/units",
      form: (records) => ({ intent: "edit", unit: String(records.unit), typeKey: "84A", price: "" }),
      expect: [404, 409],
    },
  ],
  "admin/units/import": [{ path: () => "/admin/units/import", expect: [200] }],
  "admin/units/settings": [{ path: () => "/admin/units/settings", expect: [200] }],
  "admin/login": [
    {
      method: "POST",
      path: () => "/admin/login",
      // B's person, right password: told they have no rights here (and where they do), signed in nowhere.
      form: () => ({ email: "b-office@example.com", password: "staff password for tests" }),
      expect: [403],
      signedOut: true,
    },
  ],
  "admin/logout": [{ method: "POST", path: () => "/admin/logout", expect: [302] }],
  "admin/switch-site": [{ method: "POST", path: () => "/admin/switch-site", form: () => ({ site: "fixture" }), expect: [403] }],
  "admin/handoff": [
    { path: () => "/admin/handoff?key=forged", expect: [302] },
    { method: "POST", path: () => "/admin/handoff", form: () => ({ key: "forged", intent: "continue" }), expect: [303] },
  ],
  "admin/press": [{ path: () => "/admin/press", expect: [200] }],
  "admin/press/new": [{ path: () => "/admin/press/new", expect: [200] }],
  "admin/press/:id": [
    { path: (records) => `/admin/press/${records.article}`, expect: [404] },
    {
      method: "POST",
      path: (records) => `/admin/press/${records.article}`,
      form: () => ({ intent: "save", title: "A가 고침", summary: "A가 고침", publication: "draft" }),
      expect: [404],
    },
  ],
  "admin/press/:id/delete": [
    { path: (records) => `/admin/press/${records.article}/delete`, expect: [404] },
    { method: "POST", path: (records) => `/admin/press/${records.article}/delete`, expect: [303] },
  ],
  "admin/schedule": [{ path: () => "/admin/schedule", expect: [200] }],
  "admin/schedule/:id": [
    { path: (records) => `/admin/schedule/${records.scheduleEntry}`, expect: [404] },
    {
      method: "POST",
      path: (records) => `/admin/schedule/${records.scheduleEntry}`,
      form: () => ({ title: "A가 고침", startsOn: DAY, endsOn: "", note: "" }),
      expect: [404],
    },
  ],
  "admin/schedule/:id/delete": [
    { path: (records) => `/admin/schedule/${records.scheduleEntry}/delete`, expect: [404] },
    { method: "POST", path: (records) => `/admin/schedule/${records.scheduleEntry}/delete`, expect: [303] },
  ],
  "admin/popups": [{ path: () => "/admin/popups", expect: [200] }],
  "admin/popups/new": [{ path: () => "/admin/popups/new", expect: [200] }],
  "admin/popups/:id": [
    { path: (records) => `/admin/popups/${records.popup}`, expect: [404] },
    {
      method: "POST",
      path: (records) => `/admin/popups/${records.popup}`,
      form: () => ({
        intent: "save",
        title: "A가 고침",
        startDay: "2026-11-01",
        startTime: "09:00",
        endDay: "2026-12-31",
        endTime: "18:00",
        sortOrder: "0",
        devices: "all",
      }),
      expect: [404],
    },
    { method: "POST", path: (records) => `/admin/popups/${records.popup}`, form: () => ({ intent: "delete" }), expect: [404] },
  ],
  "admin/documents": [
    { path: () => "/admin/documents", expect: [200] },
    { method: "POST", path: () => "/admin/documents", form: () => ({ kind: "announcement", intent: "reset" }), expect: [303] },
  ],
};

describe("two sites on one database", () => {
  test("the table names every console route app/routes.ts declares", async () => {
    expect(Object.keys(CONSOLE_PROBES).sort()).toEqual(await consoleRoutePatterns());
  });

  test.each(Object.entries(CONSOLE_PROBES))("%s shows and changes nothing of site B from site A", async (_pattern, probes) => {
    const before = await bSnapshot();
    for (const probe of probes) {
      // Each probe gets a fresh session: sign-out ends one.
      const cookie = probe.signedOut ? undefined : await signIn(A, aOffice);
      const path = probe.path(b);
      const response = await on(A, path, { method: probe.method, form: probe.form?.(b), cookie });
      expect(probe.expect, `${probe.method ?? "GET"} ${path} answered ${response.status}`).toContain(response.status);
      const body = await response.text();
      for (const secret of [
        B_NAME,
        B_NOTE,
        B_TEXT,
        "01077778888",
        "010-7777-8888",
        "비사이트 보도자료",
        "비사이트 1순위",
        "비사이트 공지",
        "비사이트 캠페인",
        "비사이트 채널",
        "0504-1234-5678",
        "909동",
      ]) {
        expect(body, `${probe.method ?? "GET"} ${path} shows ${secret}`).not.toContain(secret);
      }
    }
    expect(await bSnapshot()).toBe(before);
  });

  test("site B's own console does see its records", async () => {
    const cookie = await signIn(B, bOffice);
    expect(await (await on(B, `/admin/leads/${b.lead}`, { cookie })).text()).toContain(B_NAME);
    expect(await (await on(B, "/admin/leads/export.csv", { method: "POST", form: EXPORT_FORM, cookie })).text()).toContain(B_NAME);
  });

  test("a session made on one site's host is nobody on the other's", async () => {
    const both = await addStaff({ email: "both@example.com", role: "manager", sites: ["daegu", "fixture"] });
    const cookie = await signIn(A, both);
    const there = await on(B, "/admin", { cookie });
    expect(there.status).toBe(302);
    expect(there.headers.get("Location")).toBe("/admin/login");
  });

  test("the switcher carries an administrator of both sites to the other host, signed in by the confirm page's post, once", async () => {
    const both = await addStaff({ email: "both@example.com", role: "manager", sites: ["daegu", "fixture"], name: "양쪽실장" });
    const cookie = await signIn(A, both);
    const switched = await on(A, "/admin/switch-site", { method: "POST", form: { site: "fixture" }, cookie });
    expect(switched.status).toBe(303);
    const target = new URL(switched.headers.get("Location")!);
    expect(target.origin).toBe(B);
    const key = target.searchParams.get("key")!;
    // Opening the link only says whose account it is and where.
    const arrived = await on(B, target.pathname + target.search);
    expect(arrived.status).toBe(200);
    expect(arrived.headers.getSetCookie()).toEqual([]);
    expect(arrived.headers.get("Referrer-Policy")).toBe("same-origin");
    const page = await arrived.text();
    expect(page).toContain("양쪽실장");
    expect(page).toContain("both@example.com");
    expect(page).toContain(fixturePack.brand.projectName);
    expect(page).toContain("이 계정으로 계속");
    const continued = await on(B, "/admin/handoff", { method: "POST", form: { key, intent: "continue" } });
    expect(continued.status).toBe(303);
    expect(continued.headers.get("Location")).toBe("/admin");
    const session = continued.headers.getSetCookie()[0]!.split(";")[0]!;
    expect((await on(B, "/admin/leads", { cookie: session })).status).toBe(200);
    // The key is spent, and a key for one site opens nothing on another.
    expect((await on(B, "/admin/handoff", { method: "POST", form: { key, intent: "continue" } })).headers.getSetCookie()).toEqual([]);
    const keyForB = (await startHandoff(both.id, "fixture"))!;
    expect((await on(A, "/admin/handoff", { method: "POST", form: { key: keyForB, intent: "continue" } })).headers.getSetCookie()).toEqual(
      [],
    );
  });

  test("a handoff link sent to someone else signs them into nothing: opening it, another site's post or declining makes no session", async () => {
    const attacker = await addStaff({ email: "attacker@example.com", role: "manager", sites: ["daegu", "fixture"], name: "공격자" });
    const key = (await startHandoff(attacker.id, "fixture"))!;
    const victim = await on(B, `/admin/handoff?key=${key}`);
    expect(victim.headers.getSetCookie()).toEqual([]);
    expect(await victim.text()).toContain("attacker@example.com");
    // A page elsewhere posting the form for the victim's browser.
    const forged = await app.fetch("/admin/handoff", {
      method: "POST",
      headers: {
        Host: new URL(B).host,
        Origin: "https://evil.example",
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "text/html",
      },
      body: new URLSearchParams({ key, intent: "continue" }).toString(),
    });
    expect(forged.status).toBe(403);
    expect(forged.headers.getSetCookie()).toEqual([]);
    const declined = await on(B, "/admin/handoff", { method: "POST", form: { key, intent: "decline" } });
    expect(declined.status).toBe(303);
    expect(declined.headers.getSetCookie()).toEqual([]);
    const afterwards = await on(B, "/admin/handoff", { method: "POST", form: { key, intent: "continue" } });
    expect(afterwards.headers.getSetCookie()).toEqual([]);
    expect(afterwards.headers.get("Location")).toBe("/admin/login");
  });
});

describe("the public side of two sites", () => {
  test("each host shows its own development, and a host no site claims shows none", async () => {
    const a = await (await on(A, "/")).text();
    const bHome = await (await on(B, "/")).text();
    expect(a).toContain(sitePacks.daegu!.brand.projectName);
    expect(bHome).toContain(fixturePack.brand.projectName);
    expect(bHome).not.toContain(sitePacks.daegu!.brand.projectName);
    const stranger = await on("http://evil.localhost:1", "/");
    expect(stranger.status).toBe(404);
    // Outside production, the notice names the sites' addresses (tests/integration/hosts.test.ts), but shows no site.
    const notice = await stranger.text();
    expect(notice).toContain("이 주소로는 사이트가 열리지 않습니다");
    expect(notice).not.toContain("<script");
    expect((await on("http://evil.localhost:1", "/healthz")).status).toBe(200);
  });

  test.each([
    () => `/fixture/press`,
    (records: BRecords) => `/fixture/press/${records.article}`,
    (records: BRecords) => `/daegu/press/${records.article}`,
    () => `/fixture/customer`,
    () => `/fixture/press/rss.xml`,
    (records: BRecords) => `/daegu/visit/${records.bookingLink}`,
    (records: BRecords) => `/fixture/visit/${records.bookingLink}`,
  ])("site B's page %s is not found on site A's host", async (path) => {
    const response = await on(A, path(b));
    expect([404, 302]).toContain(response.status);
    if (response.status === 302) expect(response.headers.get("Location")).toBe("/Promotion/Press");
    expect(await response.text()).not.toContain("비사이트");
  });

  test("absolute URLs name the host's own site", async () => {
    const robots = await (await on(B, "/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${B}/sitemap.xml`);
    const sitemap = await (await on(B, "/sitemap.xml")).text();
    expect(sitemap).toContain(`<loc>${B}/fixture/press/${b.article}</loc>`);
    expect(sitemap).not.toContain(A);
    const home = await (await on(B, "/")).text();
    expect(home).toContain(`<link rel="canonical" href="${B}/"`);
  });

  test("a lead posted on B's host is B's, and its token is no token on A's", async () => {
    const form = {
      name: "김하늘",
      phone: "01066665555",
      consent: "yes",
      _gotcha: "",
      _token: issueFormToken("fixture", "interest", Date.now() - 3_000),
      _submission: crypto.randomUUID(),
    };
    const headers = (origin: string) => ({
      Host: new URL(origin).host,
      Origin: origin,
      "Content-Type": "application/x-www-form-urlencoded",
      Accept: "application/json",
    });
    expect(
      (await app.fetch("/actions/interest", { method: "POST", headers: headers(B), body: new URLSearchParams(form).toString() })).status,
    ).toBe(200);
    const [stored] = await db().select().from(leads).where(eq(leads.phone, "01066665555"));
    expect(stored).toMatchObject({ site: "fixture", spam: false });
    const onA = { ...form, phone: "01066664444", _submission: crypto.randomUUID() };
    await app.fetch("/actions/interest", { method: "POST", headers: headers(A), body: new URLSearchParams(onA).toString() });
    const [copied] = await db().select().from(leads).where(eq(leads.phone, "01066664444"));
    expect(copied).toMatchObject({ site: "daegu", spam: true, spamReason: "no-token" });
  });
});
