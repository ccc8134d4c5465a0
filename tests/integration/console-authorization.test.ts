import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import {
  customers,
  leads,
  noticePopups,
  pressArticles,
  scheduleEntries,
  smsOutbox,
  visitBookings,
  visitSlots,
} from "#app/.server/schema.ts";
import { openVisitDays } from "#app/.server/visits/schedule.ts";
import { addDays, kstDay } from "#app/utils/kst.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { consoleRoutePatterns } from "#tests/console-routes.ts";
import { withTestDatabase } from "#tests/db.ts";
import { addStaff, addTeam, consoleCookie } from "#tests/staff.ts";

/**
 * Who may do what (issue #16), asked of the running app over HTTP: every console route and
 * action × owner, manager, counsellor, no session, and an owner of another site (whose session
 * cookie is presented here). The table must name every console route app/routes.ts declares, so
 * a route added without deciding who may use it fails this test.
 */

withTestDatabase();
let app: TestApp;
let HERE: string;
let THERE: string;
const DAY = addDays(kstDay(new Date()), 3);

beforeAll(async () => {
  app = await startTestApp();
  HERE = `http://here.localhost:${app.port}`;
  THERE = `http://there.localhost:${app.port}`;
});
afterAll(() => app.close());

const WHO = ["owner", "manager", "counsellor", "none", "otherSite"] as const;
type Who = (typeof WHO)[number];

interface Records {
  /** A lead nobody works yet. */
  unassigned: number;
  /** Assigned to the counsellor. */
  mine: number;
  /** Assigned to the manager. */
  theirs: number;
  /** In the bin. */
  binned: number;
  failedText: number;
  slot: number;
  /** Another slot of the same day, with room. */
  otherSlot: number;
  booking: number;
  article: number;
  scheduleEntry: number;
  popup: number;
  counsellorId: number;
  managerId: number;
  /** The customer of each lead above (one phone each). */
  customers: { unassigned: number; mine: number; theirs: number };
}

let records: Records;
let cookies: Record<Who, string | undefined>;

beforeEach(async () => {
  setEnv(parseEnv({ SITES: `daegu@${HERE},suwon@${THERE}`, TRUST_PROXY: "1" }));
  const team = await addTeam();
  const other = await addStaff({ email: "suwon-owner@example.com", role: "owner", sites: ["suwon"] });
  cookies = {
    owner: await consoleCookie(team.owner),
    manager: await consoleCookie(team.manager),
    counsellor: await consoleCookie(team.counsellor),
    none: undefined,
    otherSite: await consoleCookie(other, "suwon"),
  };
  const customerIds: Record<number, number> = {};
  const lead = async (values: Partial<typeof leads.$inferInsert>) => {
    const phone = `0105555${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;
    const [customer] = await db()
      .insert(customers)
      .values({ site: "daegu", phone })
      .onConflictDoUpdate({ target: [customers.site, customers.phone], set: { phone } })
      .returning({ id: customers.id });
    const [row] = await db()
      .insert(leads)
      .values({
        submissionId: crypto.randomUUID(),
        kind: "visit",
        site: "daegu",
        name: "김하늘",
        phone,
        message: "",
        consentVersion: "test",
        consentedAt: new Date(),
        sourcePath: "/",
        customerId: customer!.id,
        ...values,
      })
      .returning({ id: leads.id });
    customerIds[row!.id] = customer!.id;
    return row!.id;
  };
  const unassigned = await lead({});
  const mine = await lead({ assigneeId: team.counsellor.id });
  const theirs = await lead({ assigneeId: team.manager.id });
  const binned = await lead({ deletedAt: new Date(), deletedBy: team.manager.id });
  const [text] = await db()
    .insert(smsOutbox)
    .values({ site: "daegu", leadId: unassigned, purpose: "confirmation", recipient: "01055550000", body: "안내", status: "failed" })
    .returning({ id: smsOutbox.id });
  await openVisitDays("daegu", [DAY]);
  const [slot, otherSlot] = await db().select().from(visitSlots).where(eq(visitSlots.site, "daegu")).orderBy(visitSlots.startsAt).limit(2);
  const [booking] = await db()
    .insert(visitBookings)
    .values({ site: "daegu", slotId: slot!.id, leadId: mine, name: "김하늘", phone: "01055551111" })
    .returning({ id: visitBookings.id });
  const [article] = await db()
    .insert(pressArticles)
    .values({ site: "daegu", title: "보도자료", summary: "소식" })
    .returning({ id: pressArticles.id });
  const [scheduleEntry] = await db()
    .insert(scheduleEntries)
    .values({ site: "daegu", title: "1순위 청약", startsOn: DAY })
    .returning({ id: scheduleEntries.id });
  const [popup] = await db()
    .insert(noticePopups)
    .values({ site: "daegu", title: "공지", startsAt: new Date(), endsAt: new Date(Date.now() + 86_400_000) })
    .returning({ id: noticePopups.id });
  records = {
    unassigned,
    mine,
    theirs,
    binned,
    failedText: text!.id,
    slot: slot!.id,
    otherSlot: otherSlot!.id,
    booking: booking!.id,
    article: article!.id,
    scheduleEntry: scheduleEntry!.id,
    popup: popup!.id,
    counsellorId: team.counsellor.id,
    managerId: team.manager.id,
    customers: { unassigned: customerIds[unassigned]!, mine: customerIds[mine]!, theirs: customerIds[theirs]! },
  };
});

function on(
  path: string,
  { method = "GET", form, cookie }: { method?: string; form?: Record<string, string | string[]>; cookie?: string } = {},
) {
  const headers: Record<string, string> = { Host: new URL(HERE).host, "X-Forwarded-For": "198.51.100.30", Accept: "text/html" };
  if (cookie) headers.Cookie = cookie;
  let body: string | undefined;
  if (method !== "GET") {
    headers.Origin = HERE;
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(form ?? {})) for (const item of [value].flat()) params.append(name, item);
    body = params.toString();
  }
  return app.fetch(path, { method, headers, body });
}

interface Probe {
  /** What is asked, as a sentence fragment: "opens the bin". */
  does: string;
  method?: "GET" | "POST";
  path: (records: Records) => string;
  form?: (records: Records) => Record<string, string | string[]>;
  expect: Record<Who, number>;
}

/** 302: sent to sign in (no session here: none, or a session of another site). */
const signedInOnly = (status: number, counsellor = status): Record<Who, number> => ({
  owner: status,
  manager: status,
  counsellor,
  none: 302,
  otherSite: 302,
});
const ownersAndManagers = (status: number) => signedInOnly(status, 403);
const ownersOnly = (status: number): Record<Who, number> => ({ owner: status, manager: 403, counsellor: 403, none: 302, otherSite: 302 });
/** Pages anyone may open, signed in or not (the sign-in steps). */
const anyone = (signedOut: number, signedIn: number): Record<Who, number> => ({
  owner: signedIn,
  manager: signedIn,
  counsellor: signedIn,
  none: signedOut,
  otherSite: signedOut,
});

const PRESS_FORM = { intent: "save", title: "새 소식", summary: "요약", content: "본문", publication: "draft" };

const SCHEDULE_FORM = { title: "2순위 청약", startsOn: DAY, endsOn: "", note: "" };
const POPUP_FORM = {
  intent: "save",
  title: "모델하우스 오픈",
  body: "",
  startDay: "2026-11-01",
  startTime: "09:00",
  endDay: "2026-12-31",
  endTime: "18:00",
  sortOrder: "0",
  devices: "all",
};

const EXPORT_FORM = { purpose: "contact", reason: "오늘 연락할 명단", columns: ["id", "name", "phone"] };

const TABLE: Record<string, Probe[]> = {
  admin: [{ does: "opens the dashboard", path: () => "/admin", expect: signedInOnly(200) }],
  "admin/login": [
    { does: "opens the sign-in page", path: () => "/admin/login", expect: anyone(200, 302) },
    {
      does: "signs in with a wrong password (signed in already: sent on)",
      method: "POST",
      path: () => "/admin/login",
      form: () => ({ email: "owner@example.com", password: "wrong password!" }),
      expect: anyone(401, 302),
    },
  ],
  "admin/login/code": [
    { does: "opens the code step", path: () => "/admin/login/code", expect: anyone(302, 302) },
    {
      does: "posts a code without a password first",
      method: "POST",
      path: () => "/admin/login/code",
      form: () => ({ code: "123456" }),
      expect: anyone(302, 302),
    },
  ],
  "admin/enrol": [
    { does: "opens enrolment", path: () => "/admin/enrol", expect: anyone(302, 302) },
    {
      does: "posts an enrolment without a password first",
      method: "POST",
      path: () => "/admin/enrol",
      form: () => ({ code: "123456" }),
      expect: anyone(302, 302),
    },
  ],
  "admin/invite/:token": [
    { does: "opens a made-up invitation", path: () => `/admin/invite/${"x".repeat(43)}`, expect: anyone(404, 404) },
    {
      does: "takes up a made-up invitation",
      method: "POST",
      path: () => `/admin/invite/${"x".repeat(43)}`,
      form: () => ({ password: "a long new password 1", confirm: "a long new password 1" }),
      expect: anyone(302, 302),
    },
  ],
  "admin/logout": [{ does: "signs out", method: "POST", path: () => "/admin/logout", expect: anyone(302, 302) }],
  "admin/switch-site": [
    {
      does: "switches to a site the person does not work on",
      method: "POST",
      path: () => "/admin/switch-site",
      form: () => ({ site: "suwon" }),
      expect: signedInOnly(403),
    },
  ],
  "admin/handoff": [{ does: "arrives with a forged key", path: () => "/admin/handoff?key=forged", expect: anyone(302, 302) }],
  "admin/leads": [
    { does: "opens the inbox", path: () => "/admin/leads", expect: signedInOnly(200) },
    { does: "searches", method: "POST", path: () => "/admin/leads", form: () => ({ q: "김하늘" }), expect: signedInOnly(303) },
    {
      does: "assigns ticked leads",
      method: "POST",
      path: () => "/admin/leads",
      form: (r) => ({ intent: "assign", assignee: String(r.counsellorId), ids: [String(r.unassigned), String(r.theirs)] }),
      expect: signedInOnly(303, 403),
    },
  ],
  // The live-alert stream; asked for as a page (not as an EventSource) it answers 406 once the session is good.
  "admin/events": [
    {
      does: "opens the live-alert stream as a page",
      path: () => "/admin/events",
      expect: { owner: 406, manager: 406, counsellor: 406, none: 401, otherSite: 401 },
    },
  ],
  "admin/settings": [
    { does: "opens the assignment settings", path: () => "/admin/settings", expect: ownersAndManagers(200) },
    {
      does: "turns round-robin on",
      method: "POST",
      path: () => "/admin/settings",
      form: () => ({ roundRobin: "on" }),
      expect: ownersAndManagers(303),
    },
  ],
  "admin/site-settings": [
    { does: "opens the site settings", path: () => "/admin/site-settings", expect: ownersAndManagers(200) },
    {
      does: "changes the sales phone",
      method: "POST",
      path: () => "/admin/site-settings",
      form: () => ({ intent: "save", salesPhone: "1661-2345" }),
      expect: ownersAndManagers(303),
    },
    {
      does: "reverts a change that was never made",
      method: "POST",
      path: () => "/admin/site-settings",
      form: () => ({ intent: "revert", change: "999999" }),
      expect: ownersAndManagers(404),
    },
  ],
  "admin/leads/export": [{ does: "opens the export form", path: () => "/admin/leads/export", expect: ownersAndManagers(200) }],
  "admin/leads/export.csv": [
    {
      does: "downloads with a reason",
      method: "POST",
      path: () => "/admin/leads/export.csv",
      form: () => EXPORT_FORM,
      expect: { owner: 200, manager: 200, counsellor: 403, none: 401, otherSite: 401 },
    },
    { does: "visits the download address", path: () => "/admin/leads/export.csv", expect: anyone(302, 302) },
  ],
  "admin/leads/bin": [
    { does: "opens the bin", path: () => "/admin/leads/bin", expect: ownersAndManagers(200) },
    {
      does: "restores a lead",
      method: "POST",
      path: () => "/admin/leads/bin",
      form: (r) => ({ intent: "restore", id: String(r.binned) }),
      expect: ownersAndManagers(303),
    },
  ],
  "admin/leads/:id": [
    { does: "opens an unassigned lead", path: (r) => `/admin/leads/${r.unassigned}`, expect: signedInOnly(200) },
    { does: "opens their own lead", path: (r) => `/admin/leads/${r.mine}`, expect: signedInOnly(200) },
    { does: "opens a lead another person works", path: (r) => `/admin/leads/${r.theirs}`, expect: signedInOnly(200, 404) },
    { does: "opens a lead in the bin", path: (r) => `/admin/leads/${r.binned}`, expect: signedInOnly(404) },
    {
      does: "changes an unassigned lead's status",
      method: "POST",
      path: (r) => `/admin/leads/${r.unassigned}`,
      form: () => ({ intent: "status", status: "contacted" }),
      expect: signedInOnly(303, 403),
    },
    {
      does: "changes their own lead's status",
      method: "POST",
      path: (r) => `/admin/leads/${r.mine}`,
      form: () => ({ intent: "status", status: "contacted" }),
      expect: signedInOnly(303),
    },
    {
      does: "notes on another person's lead",
      method: "POST",
      path: (r) => `/admin/leads/${r.theirs}`,
      form: () => ({ intent: "note", body: "메모" }),
      expect: signedInOnly(303, 404),
    },
    {
      does: "notes on their own lead",
      method: "POST",
      path: (r) => `/admin/leads/${r.mine}`,
      form: () => ({ intent: "note", body: "메모" }),
      expect: signedInOnly(303),
    },
    {
      does: "assigns a lead",
      method: "POST",
      path: (r) => `/admin/leads/${r.unassigned}`,
      form: (r) => ({ intent: "assign", assignee: String(r.counsellorId) }),
      expect: signedInOnly(303, 403),
    },
    {
      does: "reveals an unassigned lead's number",
      method: "POST",
      path: (r) => `/admin/leads/${r.unassigned}`,
      form: () => ({ intent: "reveal" }),
      expect: signedInOnly(200),
    },
  ],
  "admin/leads/:id/delete": [
    { does: "opens the delete page", path: (r) => `/admin/leads/${r.mine}/delete`, expect: ownersAndManagers(200) },
    { does: "deletes a lead", method: "POST", path: (r) => `/admin/leads/${r.mine}/delete`, expect: ownersAndManagers(303) },
  ],
  "admin/customers/:id": [
    {
      does: "opens the customer of an unassigned lead",
      path: (r) => `/admin/customers/${r.customers.unassigned}`,
      expect: signedInOnly(200),
    },
    { does: "opens the customer of their own lead", path: (r) => `/admin/customers/${r.customers.mine}`, expect: signedInOnly(200) },
    {
      does: "opens a customer whose only lead another person works",
      path: (r) => `/admin/customers/${r.customers.theirs}`,
      expect: signedInOnly(200, 404),
    },
  ],
  "admin/conversion": [
    { does: "opens the conversion report", path: () => "/admin/conversion", expect: ownersAndManagers(200) },
    { does: "asks for an impossible period", path: () => "/admin/conversion?from=2026-02-31", expect: ownersAndManagers(400) },
  ],
  "admin/leads/:id/text": [
    { does: "opens the text page of their own lead", path: (r) => `/admin/leads/${r.mine}/text`, expect: signedInOnly(200) },
    { does: "opens the text page of another person's lead", path: (r) => `/admin/leads/${r.theirs}/text`, expect: signedInOnly(200, 404) },
    {
      does: "texts the customer of an unassigned lead",
      method: "POST",
      path: (r) => `/admin/leads/${r.unassigned}/text`,
      form: () => ({ intent: "send", body: "안녕하세요" }),
      expect: signedInOnly(303, 403),
    },
    {
      does: "texts the customer of their own lead",
      method: "POST",
      path: (r) => `/admin/leads/${r.mine}/text`,
      form: () => ({ intent: "send", body: "안녕하세요" }),
      expect: signedInOnly(303),
    },
    {
      does: "texts the customer of another person's lead",
      method: "POST",
      path: (r) => `/admin/leads/${r.theirs}/text`,
      form: () => ({ intent: "send", body: "안녕하세요" }),
      expect: signedInOnly(303, 404),
    },
    {
      does: "records their own customer's opt-out from advertising",
      method: "POST",
      path: (r) => `/admin/leads/${r.mine}/text`,
      form: () => ({ intent: "opt-out" }),
      expect: signedInOnly(303),
    },
  ],
  "admin/notifications": [
    { does: "opens the outbox", path: () => "/admin/notifications", expect: ownersAndManagers(200) },
    {
      does: "sends a failed text again",
      method: "POST",
      path: () => "/admin/notifications",
      form: (r) => ({ intent: "retry", id: String(r.failedText) }),
      expect: ownersAndManagers(303),
    },
  ],
  "admin/visits": [
    { does: "opens the visit schedule", path: () => `/admin/visits?day=${DAY}`, expect: signedInOnly(200) },
    {
      // The booking's day is ahead, so only 예약 (undoing a mark) may be set yet.
      does: "marks a visit",
      method: "POST",
      path: () => "/admin/visits",
      form: (r) => ({ intent: "attendance", bookingId: String(r.booking), status: "booked" }),
      expect: ownersAndManagers(303),
    },
    {
      does: "marks a visit before its day (refused)",
      method: "POST",
      path: () => "/admin/visits",
      form: (r) => ({ intent: "attendance", bookingId: String(r.booking), status: "visited" }),
      expect: ownersAndManagers(409),
    },
    {
      does: "asks before closing a day that has a booking",
      method: "POST",
      path: () => "/admin/visits",
      form: () => ({ intent: "close-day", day: DAY }),
      expect: ownersAndManagers(200),
    },
    {
      does: "closes a day and texts its booked visitors",
      method: "POST",
      path: () => "/admin/visits",
      form: () => ({ intent: "close-day-confirmed", day: DAY }),
      expect: ownersAndManagers(303),
    },
    {
      does: "cancels a booking",
      method: "POST",
      path: () => "/admin/visits",
      form: (r) => ({ intent: "cancel-booking", bookingId: String(r.booking) }),
      expect: ownersAndManagers(303),
    },
    {
      does: "moves a booking to another time",
      method: "POST",
      path: () => "/admin/visits",
      form: (r) => ({ intent: "move-booking", bookingId: String(r.booking), slotId: String(r.otherSlot) }),
      expect: ownersAndManagers(303),
    },
    {
      does: "clears a booking's burst flag",
      method: "POST",
      path: () => "/admin/visits",
      form: (r) => ({ intent: "burst-clear", bookingIds: String(r.booking) }),
      expect: ownersAndManagers(303),
    },
    {
      does: "marks a burst of bookings as spam",
      method: "POST",
      path: () => "/admin/visits",
      form: (r) => ({ intent: "burst-spam", bookingIds: String(r.booking) }),
      expect: ownersAndManagers(303),
    },
  ],
  "admin/staff": [
    { does: "opens the staff page", path: () => "/admin/staff", expect: ownersOnly(200) },
    {
      does: "invites a person",
      method: "POST",
      path: () => "/admin/staff",
      form: () => ({
        intent: "invite",
        name: "새직원",
        email: "new@example.com",
        mobile: "010-2222-3333",
        role: "counsellor",
        sites: "daegu",
      }),
      expect: ownersOnly(200),
    },
    {
      does: "disables the counsellor",
      method: "POST",
      path: () => "/admin/staff",
      form: (r) => ({ intent: "disable", adminId: String(r.counsellorId) }),
      expect: ownersOnly(200),
    },
    {
      does: "makes the counsellor an owner",
      method: "POST",
      path: () => "/admin/staff",
      form: (r) => ({ intent: "role", adminId: String(r.counsellorId), role: "owner" }),
      expect: ownersOnly(200),
    },
  ],
  "admin/audit": [
    { does: "opens the access records", path: () => "/admin/audit", expect: ownersOnly(200) },
    { does: "opens a month's downloads", path: () => "/admin/audit?view=month", expect: ownersOnly(200) },
    {
      does: "marks last month reviewed",
      method: "POST",
      path: () => "/admin/audit",
      form: () => ({ month: "2020-01", note: "" }),
      expect: ownersOnly(200),
    },
  ],
  "admin/account": [
    { does: "opens their own account", path: () => "/admin/account", expect: signedInOnly(200) },
    {
      does: "changes their password with a wrong current one",
      method: "POST",
      path: () => "/admin/account",
      form: () => ({ intent: "password", current: "not it at all", password: "a brand new password 7", confirm: "a brand new password 7" }),
      expect: signedInOnly(400),
    },
    {
      does: "asks to be texted about assignments",
      method: "POST",
      path: () => "/admin/account",
      form: () => ({ intent: "alerts", textOnAssignment: "on", mobile: "010-3333-4444" }),
      expect: signedInOnly(200),
    },
    {
      does: "signs out everywhere",
      method: "POST",
      path: () => "/admin/account",
      form: () => ({ intent: "sign-out-everywhere" }),
      expect: signedInOnly(302),
    },
  ],
  "admin/press": [{ does: "opens the press articles", path: () => "/admin/press", expect: ownersAndManagers(200) }],
  "admin/press/new": [
    { does: "opens a new article's editor", path: () => "/admin/press/new", expect: ownersAndManagers(200) },
    {
      does: "previews a new article",
      method: "POST",
      path: () => "/admin/press/new",
      form: () => ({ ...PRESS_FORM, intent: "preview" }),
      expect: ownersAndManagers(200),
    },
    { does: "saves a new article", method: "POST", path: () => "/admin/press/new", form: () => PRESS_FORM, expect: ownersAndManagers(303) },
  ],
  "admin/press/:id": [
    { does: "opens an article's editor", path: (r) => `/admin/press/${r.article}`, expect: ownersAndManagers(200) },
    {
      does: "publishes an article",
      method: "POST",
      path: (r) => `/admin/press/${r.article}`,
      form: () => ({ ...PRESS_FORM, publication: "now" }),
      expect: ownersAndManagers(303),
    },
  ],
  "admin/press/:id/delete": [
    { does: "opens an article's delete page", path: (r) => `/admin/press/${r.article}/delete`, expect: ownersAndManagers(200) },
    { does: "deletes an article", method: "POST", path: (r) => `/admin/press/${r.article}/delete`, expect: ownersAndManagers(303) },
  ],
  "admin/schedule": [
    { does: "opens the subscription schedule", path: () => "/admin/schedule", expect: ownersAndManagers(200) },
    {
      does: "adds a schedule entry",
      method: "POST",
      path: () => "/admin/schedule",
      form: () => SCHEDULE_FORM,
      expect: ownersAndManagers(303),
    },
  ],
  "admin/schedule/:id": [
    { does: "opens a schedule entry", path: (r) => `/admin/schedule/${r.scheduleEntry}`, expect: ownersAndManagers(200) },
    {
      does: "changes a schedule entry",
      method: "POST",
      path: (r) => `/admin/schedule/${r.scheduleEntry}`,
      form: () => SCHEDULE_FORM,
      expect: ownersAndManagers(303),
    },
  ],
  "admin/schedule/:id/delete": [
    {
      does: "opens a schedule entry's delete page",
      path: (r) => `/admin/schedule/${r.scheduleEntry}/delete`,
      expect: ownersAndManagers(200),
    },
    {
      does: "deletes a schedule entry",
      method: "POST",
      path: (r) => `/admin/schedule/${r.scheduleEntry}/delete`,
      expect: ownersAndManagers(303),
    },
  ],
  "admin/popups": [{ does: "opens the notice popups", path: () => "/admin/popups", expect: ownersAndManagers(200) }],
  "admin/popups/new": [
    { does: "opens a new popup's editor", path: () => "/admin/popups/new", expect: ownersAndManagers(200) },
    { does: "saves a new popup", method: "POST", path: () => "/admin/popups/new", form: () => POPUP_FORM, expect: ownersAndManagers(303) },
  ],
  "admin/popups/:id": [
    { does: "opens a popup's editor", path: (r) => `/admin/popups/${r.popup}`, expect: ownersAndManagers(200) },
    {
      does: "changes a popup",
      method: "POST",
      path: (r) => `/admin/popups/${r.popup}`,
      form: () => POPUP_FORM,
      expect: ownersAndManagers(303),
    },
    {
      does: "deletes a popup",
      method: "POST",
      path: (r) => `/admin/popups/${r.popup}`,
      form: () => ({ intent: "delete" }),
      expect: ownersAndManagers(303),
    },
  ],
  "admin/documents": [
    { does: "opens the documents", path: () => "/admin/documents", expect: ownersAndManagers(200) },
    {
      does: "goes back to the generated announcement",
      method: "POST",
      path: () => "/admin/documents",
      form: () => ({ kind: "announcement", intent: "reset" }),
      expect: ownersAndManagers(303),
    },
  ],
};

const cases = [...Object.entries(TABLE).flatMap(([pattern, probes]) => probes.map((probe) => ({ pattern, probe })))].flatMap(
  ({ pattern, probe }) =>
    WHO.map((who) => ({
      name: `${pattern}: ${who === "none" ? "a visitor without a session" : who === "otherSite" ? "another site's owner" : `the ${who}`} ${probe.does} → ${probe.expect[who]}`,
      probe,
      who,
    })),
);

describe("who may use each console route", () => {
  test("the table names every console route app/routes.ts declares", async () => {
    expect(Object.keys(TABLE).sort()).toEqual(await consoleRoutePatterns());
  });

  test.each(cases)("$name", async ({ probe, who }) => {
    const path = probe.path(records);
    const response = await on(path, { method: probe.method, form: probe.form?.(records), cookie: cookies[who] });
    const body = response.status >= 400 ? await response.text() : "";
    expect(response.status, `${probe.method ?? "GET"} ${path} as ${who}: ${body.slice(0, 200)}`).toBe(probe.expect[who]);
  });
});
