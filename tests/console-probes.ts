import { eq } from "drizzle-orm";
import { db } from "#app/.server/db.ts";
import {
  campaigns,
  customers,
  leads,
  messageTemplates,
  noticePopups,
  pressArticles,
  scheduleEntries,
  smsOutbox,
  visitBookings,
  visitSlots,
} from "#app/.server/schema.ts";
import { openVisitDays } from "#app/.server/visits/schedule.ts";
import { allows, CONSOLE_ROUTES, postAccess, type ConsolePath, type ConsoleRoute } from "#app/routes/admin/console-access.ts";
import { addDays, kstDay } from "#app/utils/kst.ts";
import { ROLES, type Role } from "#app/vocabulary.ts";
import { addStaff, consoleCookie } from "#tests/staff.ts";
import { addProbeUnits, type ProbeUnits } from "#tests/units.ts";

/**
 * The authorization table (tests/integration/console-authorization-*.test.ts): for every console
 * route and every action it takes, a request that exercises it, and what a person whom the route's
 * rule (app/routes/admin/console-access.ts) allows gets back. What everyone else gets is derived
 * from the rule: 302 to sign in (401 on a resource route) without a session on this site, 403 with
 * one. The people are every role of `ROLES` with an account on this site only, on both sites, and
 * on the other site only (whose session is presented here), and a visitor without a session.
 */

/** A day ahead with open visit times. */
export const DAY = addDays(kstDay(new Date()), 3);

export interface Records {
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
  /** A booking of `mine`'s lead. */
  booking: number;
  /** A booking of `theirs`'s lead, on the same day. */
  theirBooking: number;
  article: number;
  scheduleEntry: number;
  /** An approved 알림톡 template of this site. */
  template: number;
  popup: number;
  /** Campaign texts of this site: one being written (its audience: one consenting lead), one sending, one paused. */
  campaigns: { draft: number; sending: number; paused: number };
  counsellorId: number;
  managerId: number;
  /** The customer of each lead above (one phone each). */
  customers: { unassigned: number; mine: number; theirs: number };
  /** Units of the board: one for sale, one the counsellor holds for `mine`, one sold to `theirs`. */
  units: ProbeUnits;
}

/** Where the person's account works: this site only, both sites (signed in here), or the other site only. */
export const REACHES = ["here", "both", "there"] as const;
type Reach = (typeof REACHES)[number];

export type Person = { role: Role; reach: Reach } | { role: null; reach: "none" };

// Derived from ROLES: a new role is asked about every route without touching this file.
export const PEOPLE: Person[] = [...ROLES.flatMap((role) => REACHES.map((reach) => ({ role, reach }))), { role: null, reach: "none" }];

export function describePerson(person: Person) {
  if (person.role === null) return "a visitor without a session";
  return { here: `a ${person.role} of this site`, both: `a ${person.role} of both sites`, there: `another site's ${person.role}` }[
    person.reach
  ];
}

export interface Probe {
  /** What is asked, as a sentence fragment: "opens the bin". */
  does: string;
  method?: "GET" | "POST";
  path: (records: Records) => string;
  form?: (records: Records) => Record<string, string | string[]>;
  /**
   * The answer to a person the rule allows: one status, or per role where the data decides (a
   * counsellor asking for a lead another person works gets 404); `signedOut` on routes anyone may
   * use. `role@both` names the person of that role on both sites, a different account: the
   * counsellor's own lead (`records.mine`) is this site's counsellor's, not theirs.
   */
  allowed: number | (Partial<Record<Role | `${Role}@both` | "signedOut", number>> & { default: number });
}

/** The rule of the action a probe asks for. */
function accessOf(route: ConsoleRoute, probe: Probe, records: Records) {
  const intent = probe.form?.(records).intent;
  const access = probe.method === "POST" ? postAccess(route, typeof intent === "string" ? intent : null) : (route.view ?? "anyone");
  if (access === null) throw new Error(`${probe.does}: the route takes no such post`);
  return access;
}

/** Any records, for reading what a probe asks (its intent), not which record it names. */
const ANY_RECORDS: Records = {
  unassigned: 0,
  mine: 0,
  theirs: 0,
  binned: 0,
  failedText: 0,
  slot: 0,
  otherSlot: 0,
  booking: 0,
  theirBooking: 0,
  article: 0,
  scheduleEntry: 0,
  template: 0,
  popup: 0,
  campaigns: { draft: 0, sending: 0, paused: 0 },
  counsellorId: 0,
  managerId: 0,
  customers: { unassigned: 0, mine: 0, theirs: 0 },
  units: { free: 0, held: 0, sold: 0 },
};

/** Whether the route's rule refuses this person this probe's action (before the route runs). */
export function isRefused(route: ConsoleRoute, probe: Probe, person: Person): boolean {
  return !allows(accessOf(route, probe, ANY_RECORDS), person.reach === "there" ? null : person.role);
}

/** The status a person should get for a probe of a route. */
export function expectedStatus(route: ConsoleRoute, probe: Probe, person: Person, records: Records): number {
  const access = accessOf(route, probe, records);
  // Another site's session is no session here.
  const role = person.reach === "there" ? null : person.role;
  const allowed = typeof probe.allowed === "number" ? { default: probe.allowed } : probe.allowed;
  if (!allows(access, role)) return role === null ? (route.resource ? 401 : 302) : 403;
  if (role === null) return allowed.signedOut ?? allowed.default;
  return (person.reach === "both" ? allowed[`${role}@both`] : undefined) ?? allowed[role] ?? allowed.default;
}

export type Sessions = Map<Person, string | undefined>;

/** Every person's account and session cookie (presented on daegu's host). */
export async function addPeople(): Promise<{ sessions: Sessions; ids: Record<Role, number> }> {
  const sessions: Sessions = new Map();
  const ids = {} as Record<Role, number>;
  for (const person of PEOPLE) {
    if (person.role === null) {
      sessions.set(person, undefined);
      continue;
    }
    const sites = { here: ["daegu"], both: ["daegu", "suwon"], there: ["suwon"] }[person.reach];
    const staff = await addStaff({ email: `${person.role}-${person.reach}@example.com`, role: person.role, sites, name: person.role });
    if (person.reach === "here") ids[person.role] = staff.id;
    sessions.set(person, await consoleCookie(staff, person.reach === "there" ? "suwon" : "daegu"));
  }
  return { sessions, ids };
}

/** The records the probes ask about, on daegu. */
export async function addRecords(ids: Record<Role, number>): Promise<Records> {
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
  const mine = await lead({ assigneeId: ids.counsellor });
  const theirs = await lead({ assigneeId: ids.manager });
  const binned = await lead({ deletedAt: new Date(), deletedBy: ids.manager });
  const [text] = await db()
    .insert(smsOutbox)
    .values({ site: "daegu", leadId: unassigned, purpose: "confirmation", recipient: "01055550000", body: "안내", status: "failed" })
    .returning({ id: smsOutbox.id });
  await openVisitDays("daegu", [DAY]);
  const [slot, otherSlot] = await db().select().from(visitSlots).where(eq(visitSlots.site, "daegu")).orderBy(visitSlots.startsAt).limit(2);
  const [booking, theirBooking] = await db()
    .insert(visitBookings)
    .values([
      { site: "daegu", slotId: slot!.id, leadId: mine, name: "김하늘", phone: "01055551111" },
      { site: "daegu", slotId: slot!.id, leadId: theirs, name: "김하늘", phone: "01055552222" },
    ])
    .returning({ id: visitBookings.id });
  const [article] = await db()
    .insert(pressArticles)
    .values({ site: "daegu", title: "보도자료", summary: "소식" })
    .returning({ id: pressArticles.id });
  const [scheduleEntry] = await db()
    .insert(scheduleEntries)
    .values({ site: "daegu", title: "1순위 청약", startsOn: DAY })
    .returning({ id: scheduleEntries.id });
  const [template] = await db()
    .insert(messageTemplates)
    .values({ site: "daegu", code: "PROBE_TEMPLATE", purpose: "staff", body: "#{현장명} 새 #{접수종류}" })
    .returning({ id: messageTemplates.id });
  const [popup] = await db()
    .insert(noticePopups)
    .values({ site: "daegu", title: "공지", startsAt: new Date(), endsAt: new Date(Date.now() + 86_400_000) })
    .returning({ id: noticePopups.id });
  await lead({ kind: "inquiry", marketingConsentAt: new Date() });
  const campaignOf = async (status: "draft" | "sending" | "paused") => {
    const [row] = await db()
      .insert(campaigns)
      .values({ site: "daegu", title: "견본주택 오픈", body: "견본주택이 문을 엽니다.", audience: { kind: "inquiry" }, status })
      .returning({ id: campaigns.id });
    return row!.id;
  };
  const campaignIds = { draft: await campaignOf("draft"), sending: await campaignOf("sending"), paused: await campaignOf("paused") };
  return {
    unassigned,
    mine,
    theirs,
    binned,
    failedText: text!.id,
    slot: slot!.id,
    otherSlot: otherSlot!.id,
    booking: booking!.id,
    theirBooking: theirBooking!.id,
    article: article!.id,
    scheduleEntry: scheduleEntry!.id,
    template: template!.id,
    popup: popup!.id,
    campaigns: campaignIds,
    counsellorId: ids.counsellor,
    managerId: ids.manager,
    customers: { unassigned: customerIds[unassigned]!, mine: customerIds[mine]!, theirs: customerIds[theirs]! },
    units: await addProbeUnits({ mine, theirs, counsellorId: ids.counsellor }),
  };
}

const PRESS_FORM = { intent: "save", title: "새 소식", summary: "요약", content: "본문", publication: "draft" };

const TEMPLATE_FORM = {
  code: "KA01TP_PROBE_2",
  purpose: "reminder",
  body: "#{고객명} 고객님, 내일 #{방문시간} 방문 예약입니다.",
  buttons: "",
};
/** A price sheet the editor accepts: one band, 10% 계약금 and 90% 잔금 at 입주. */
const PRICE_FORM = {
  "bands[0].from": "2",
  "bands[0].to": "10",
  "bands[0].prices[0]": "35000",
  "payments[0].percent": "10",
  "payments[0].dueOn": "2027-01-15",
  "payments[8].percent": "90",
  "payments[8].atMoveIn": "on",
  loanKind: "none",
};

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

const WALK_IN_FORM = { intent: "walk-in", name: "박현장", phone: "010-5555-3333", partySize: "2", unitType: "", consent: "on" };

const EXPORT_FORM = { purpose: "contact", reason: "오늘 연락할 명단", columns: ["id", "name", "phone"] };

export const PROBES: Record<ConsolePath, Probe[]> = {
  // A counsellor's console opens on 오늘 할 일 instead.
  "/admin": [{ does: "opens the dashboard", path: () => "/admin", allowed: { counsellor: 302, default: 200 } }],
  "/admin/today": [
    { does: "opens 오늘 할 일", path: () => "/admin/today", allowed: 200 },
    {
      does: "opens this site's counsellor's 오늘 할 일",
      path: (r) => `/admin/today?who=${r.counsellorId}`,
      allowed: { "counsellor@both": 403, default: 200 },
    },
    {
      does: "marks a visit of this site's counsellor's lead",
      method: "POST",
      path: () => "/admin/today",
      form: (r) => ({ intent: "visit", leadId: String(r.mine), bookingId: String(r.booking), status: "booked", shown: "booked" }),
      allowed: { "counsellor@both": 404, default: 303 },
    },
    {
      does: "marks a visit of a lead another person works",
      method: "POST",
      path: () => "/admin/today",
      form: (r) => ({ intent: "visit", leadId: String(r.theirs), bookingId: String(r.theirBooking), status: "booked", shown: "booked" }),
      allowed: { counsellor: 404, default: 303 },
    },
  ],
  "/admin/login": [
    { does: "opens the sign-in page", path: () => "/admin/login", allowed: { signedOut: 200, default: 302 } },
    {
      does: "signs in with a wrong password (signed in already: sent on)",
      method: "POST",
      path: () => "/admin/login",
      form: () => ({ email: "owner@example.com", password: "wrong password!" }),
      allowed: { signedOut: 401, default: 302 },
    },
  ],
  "/admin/login/code": [
    { does: "opens the code step", path: () => "/admin/login/code", allowed: { signedOut: 302, default: 302 } },
    {
      does: "posts a code without a password first",
      method: "POST",
      path: () => "/admin/login/code",
      form: () => ({ code: "123456" }),
      allowed: { signedOut: 302, default: 302 },
    },
  ],
  "/admin/enrol": [
    { does: "opens enrolment", path: () => "/admin/enrol", allowed: { signedOut: 302, default: 302 } },
    {
      does: "posts an enrolment without a password first",
      method: "POST",
      path: () => "/admin/enrol",
      form: () => ({ code: "123456" }),
      allowed: { signedOut: 302, default: 302 },
    },
  ],
  "/admin/invite/:token": [
    { does: "opens a made-up invitation", path: () => `/admin/invite/${"x".repeat(43)}`, allowed: { signedOut: 404, default: 404 } },
    {
      does: "takes up a made-up invitation",
      method: "POST",
      path: () => `/admin/invite/${"x".repeat(43)}`,
      form: () => ({ password: "a long new password 1", confirm: "a long new password 1" }),
      allowed: { signedOut: 302, default: 302 },
    },
  ],
  "/admin/logout": [
    { does: "visits the sign-out address (nothing happens)", path: () => "/admin/logout", allowed: 302 },
    { does: "signs out", method: "POST", path: () => "/admin/logout", allowed: { signedOut: 302, default: 302 } },
  ],
  "/admin/switch-site": [
    { does: "visits the switcher's address (nothing happens)", path: () => "/admin/switch-site", allowed: 302 },
    {
      does: "switches to the other site (refused unless they work there)",
      method: "POST",
      path: () => "/admin/switch-site",
      form: () => ({ site: "suwon" }),
      allowed: { "owner@both": 303, "manager@both": 303, "counsellor@both": 303, default: 403 },
    },
  ],
  "/admin/handoff": [
    { does: "arrives with a forged key", path: () => "/admin/handoff?key=forged", allowed: { signedOut: 302, default: 302 } },
    {
      does: "continues with a forged key",
      method: "POST",
      path: () => "/admin/handoff",
      form: () => ({ key: "forged", intent: "continue" }),
      allowed: 303,
    },
    {
      does: "declines a forged key",
      method: "POST",
      path: () => "/admin/handoff",
      form: () => ({ key: "forged", intent: "decline" }),
      allowed: 303,
    },
  ],
  "/admin/leads": [
    { does: "opens the inbox", path: () => "/admin/leads", allowed: 200 },
    { does: "searches", method: "POST", path: () => "/admin/leads", form: () => ({ intent: "search", q: "김하늘" }), allowed: 303 },
    {
      does: "assigns ticked leads",
      method: "POST",
      path: () => "/admin/leads",
      form: (r) => ({ intent: "assign", assignee: String(r.counsellorId), ids: [String(r.unassigned), String(r.theirs)] }),
      allowed: { counsellor: 403, default: 303 },
    },
  ],
  // The live-alert stream; asked for as a page (not as an EventSource) it answers 406 once the session is good.
  "/admin/events": [
    {
      does: "opens the live-alert stream as a page",
      path: () => "/admin/events",
      allowed: 406,
    },
  ],
  "/admin/settings": [
    { does: "opens the assignment settings", path: () => "/admin/settings", allowed: 200 },
    {
      does: "turns round-robin on",
      method: "POST",
      path: () => "/admin/settings",
      form: () => ({ intent: "save", roundRobin: "on", recycleAfterDays: "" }),
      allowed: 303,
    },
    {
      does: "sets a counsellor's daily cap and weight",
      method: "POST",
      path: () => "/admin/settings",
      form: (r) => ({ intent: "counsellor", adminId: String(r.counsellorId), dailyCap: "10", weight: "2" }),
      allowed: 303,
    },
    {
      does: "gives a counsellor a day off",
      method: "POST",
      path: () => "/admin/settings",
      form: (r) => ({ intent: "day-off", adminId: String(r.counsellorId), day: DAY }),
      allowed: 303,
    },
    {
      does: "takes a counsellor's day off back",
      method: "POST",
      path: () => "/admin/settings",
      form: (r) => ({ intent: "day-off-remove", adminId: String(r.counsellorId), day: DAY }),
      allowed: 303,
    },
    {
      does: "approves a transfer nobody asked for",
      method: "POST",
      path: () => "/admin/settings",
      form: () => ({ intent: "approve-transfer", transferId: "999999" }),
      allowed: 404,
    },
    {
      does: "declines a transfer nobody asked for",
      method: "POST",
      path: () => "/admin/settings",
      form: () => ({ intent: "decline-transfer", transferId: "999999" }),
      allowed: 404,
    },
    {
      does: "blocks a number",
      method: "POST",
      path: () => "/admin/settings",
      form: () => ({ intent: "block", phone: "010-9999-0000", reason: "장난 접수" }),
      allowed: 303,
    },
    {
      does: "unblocks a number that is not blocked",
      method: "POST",
      path: () => "/admin/settings",
      form: () => ({ intent: "unblock", entryId: "999999" }),
      allowed: 404,
    },
  ],
  "/admin/site-settings": [
    { does: "opens the site settings", path: () => "/admin/site-settings", allowed: 200 },
    {
      does: "changes the sales phone",
      method: "POST",
      path: () => "/admin/site-settings",
      form: () => ({ intent: "save", salesPhone: "1661-2345" }),
      allowed: 303,
    },
    {
      does: "reverts a change that was never made",
      method: "POST",
      path: () => "/admin/site-settings",
      form: () => ({ intent: "revert", change: "999999" }),
      allowed: 404,
    },
  ],
  "/admin/leads/export": [{ does: "opens the export form", path: () => "/admin/leads/export", allowed: 200 }],
  "/admin/leads/export.csv": [
    {
      does: "downloads with a reason",
      method: "POST",
      path: () => "/admin/leads/export.csv",
      form: () => EXPORT_FORM,
      allowed: 200,
    },
    { does: "visits the download address", path: () => "/admin/leads/export.csv", allowed: { signedOut: 302, default: 302 } },
  ],
  "/admin/leads/import": [
    { does: "opens the import page", path: () => "/admin/leads/import", allowed: 200 },
    {
      does: "imports from a preview that cannot be opened",
      method: "POST",
      path: () => "/admin/leads/import",
      form: () => ({ intent: "import", batch: "s1.forged", source: "대행사", basis: "agency-form" }),
      allowed: 409,
    },
  ],
  "/admin/leads/export.xlsx": [
    {
      does: "downloads a workbook with a reason",
      method: "POST",
      path: () => "/admin/leads/export.xlsx",
      form: () => EXPORT_FORM,
      allowed: 200,
    },
    { does: "visits the workbook's address", path: () => "/admin/leads/export.xlsx", allowed: { signedOut: 302, default: 302 } },
  ],
  "/admin/leads/bin": [
    { does: "opens the bin", path: () => "/admin/leads/bin", allowed: 200 },
    {
      does: "restores a lead",
      method: "POST",
      path: () => "/admin/leads/bin",
      form: (r) => ({ intent: "restore", id: String(r.binned) }),
      allowed: 303,
    },
  ],
  "/admin/leads/new": [
    { does: "opens 전화 접수", path: () => "/admin/leads/new", allowed: 200 },
    {
      does: "registers a caller",
      method: "POST",
      path: () => "/admin/leads/new",
      form: () => ({ name: "전화고객", phone: "010-4444-3333", unitType: "", message: "분양가 문의", consent: "on" }),
      allowed: 303,
    },
  ],
  "/admin/leads/:id": [
    { does: "opens an unassigned lead", path: (r) => `/admin/leads/${r.unassigned}`, allowed: 200 },
    {
      does: "opens this site's counsellor's lead",
      path: (r) => `/admin/leads/${r.mine}`,
      allowed: { "counsellor@both": 404, default: 200 },
    },
    { does: "opens a lead another person works", path: (r) => `/admin/leads/${r.theirs}`, allowed: { counsellor: 404, default: 200 } },
    { does: "opens a lead in the bin", path: (r) => `/admin/leads/${r.binned}`, allowed: 404 },
    {
      does: "changes an unassigned lead's status",
      method: "POST",
      path: (r) => `/admin/leads/${r.unassigned}`,
      form: () => ({ intent: "status", status: "contacted", shown: "new" }),
      allowed: { counsellor: 403, default: 303 },
    },
    {
      does: "changes this site's counsellor's lead's status",
      method: "POST",
      path: (r) => `/admin/leads/${r.mine}`,
      form: () => ({ intent: "status", status: "contacted", shown: "new" }),
      allowed: { "counsellor@both": 404, default: 303 },
    },
    {
      does: "notes on another person's lead",
      method: "POST",
      path: (r) => `/admin/leads/${r.theirs}`,
      form: () => ({ intent: "note", body: "메모" }),
      allowed: { counsellor: 404, default: 303 },
    },
    {
      does: "notes on this site's counsellor's lead",
      method: "POST",
      path: (r) => `/admin/leads/${r.mine}`,
      form: () => ({ intent: "note", body: "메모" }),
      allowed: { "counsellor@both": 404, default: 303 },
    },
    {
      does: "logs a missed call on this site's counsellor's lead",
      method: "POST",
      path: (r) => `/admin/leads/${r.mine}`,
      form: () => ({ intent: "contact", channel: "call-out", result: "no-answer", note: "", nextContactAt: "" }),
      allowed: { "counsellor@both": 404, default: 303 },
    },
    {
      does: "logs a call on another person's lead",
      method: "POST",
      path: (r) => `/admin/leads/${r.theirs}`,
      form: () => ({ intent: "contact", channel: "call-out", result: "reached", note: "통화함", nextContactAt: "" }),
      allowed: { counsellor: 404, default: 303 },
    },
    {
      does: "logs a call on an unassigned lead",
      method: "POST",
      path: (r) => `/admin/leads/${r.unassigned}`,
      form: () => ({ intent: "contact", channel: "call-out", result: "reached", note: "", nextContactAt: "" }),
      allowed: { counsellor: 403, default: 303 },
    },
    {
      does: "grades this site's counsellor's lead",
      method: "POST",
      path: (r) => `/admin/leads/${r.mine}`,
      form: () => ({ intent: "grade", grade: "A" }),
      allowed: { "counsellor@both": 404, default: 303 },
    },
    {
      does: "sets the next contact of another person's lead",
      method: "POST",
      path: (r) => `/admin/leads/${r.theirs}`,
      form: () => ({ intent: "follow-up", nextContactAt: "2026-12-01T10:00" }),
      allowed: { counsellor: 404, default: 303 },
    },
    {
      // Nobody has logged a 부재 on it, so there is no text to send.
      does: "sends the missed-call text on a lead never called",
      method: "POST",
      path: (r) => `/admin/leads/${r.mine}`,
      form: () => ({ intent: "missed-call-text" }),
      allowed: { "counsellor@both": 404, default: 409 },
    },
    {
      does: "assigns a lead",
      method: "POST",
      path: (r) => `/admin/leads/${r.unassigned}`,
      form: (r) => ({ intent: "assign", assignee: String(r.counsellorId) }),
      allowed: { counsellor: 403, default: 303 },
    },
    {
      does: "reveals an unassigned lead's number",
      method: "POST",
      path: (r) => `/admin/leads/${r.unassigned}`,
      form: () => ({ intent: "reveal" }),
      allowed: 200,
    },
    {
      does: "takes an unassigned lead",
      method: "POST",
      path: (r) => `/admin/leads/${r.unassigned}`,
      form: () => ({ intent: "take" }),
      allowed: 303,
    },
    {
      // The manager of this site works it already; anyone else who sees it is told it is taken.
      does: "takes a lead another person works",
      method: "POST",
      path: (r) => `/admin/leads/${r.theirs}`,
      form: () => ({ intent: "take" }),
      allowed: { counsellor: 404, manager: 303, "manager@both": 409, default: 409 },
    },
    {
      // The booking's day is ahead, so only 예약 (undoing a mark) may be set yet.
      does: "marks the visit of this site's counsellor's lead",
      method: "POST",
      path: (r) => `/admin/leads/${r.mine}`,
      form: (r) => ({ intent: "visit", bookingId: String(r.booking), status: "booked", shown: "booked" }),
      allowed: { "counsellor@both": 404, default: 303 },
    },
    {
      does: "marks the visit of another person's lead",
      method: "POST",
      path: (r) => `/admin/leads/${r.theirs}`,
      form: (r) => ({ intent: "visit", bookingId: String(r.theirBooking), status: "booked", shown: "booked" }),
      allowed: { counsellor: 404, default: 303 },
    },
    {
      does: "books a visit for this site's counsellor's lead",
      method: "POST",
      path: (r) => `/admin/leads/${r.mine}`,
      form: (r) => ({ intent: "book-visit", slotId: String(r.otherSlot), partySize: "1" }),
      allowed: { "counsellor@both": 404, default: 303 },
    },
    {
      does: "books a visit for another person's lead",
      method: "POST",
      path: (r) => `/admin/leads/${r.theirs}`,
      form: (r) => ({ intent: "book-visit", slotId: String(r.otherSlot), partySize: "1" }),
      allowed: { counsellor: 404, default: 303 },
    },
    {
      // Only whoever works the lead may ask; a manager who does not simply assigns it.
      does: "asks to hand this site's counsellor's lead to the manager",
      method: "POST",
      path: (r) => `/admin/leads/${r.mine}`,
      form: (r) => ({ intent: "transfer", to: String(r.managerId), reason: "다른 지역 상담 희망" }),
      allowed: { counsellor: 303, "counsellor@both": 404, default: 403 },
    },
  ],
  "/admin/leads/:id/delete": [
    { does: "opens the delete page", path: (r) => `/admin/leads/${r.mine}/delete`, allowed: 200 },
    { does: "deletes a lead", method: "POST", path: (r) => `/admin/leads/${r.mine}/delete`, allowed: 303 },
  ],
  "/admin/customers/:id": [
    {
      does: "opens the customer of an unassigned lead",
      path: (r) => `/admin/customers/${r.customers.unassigned}`,
      allowed: 200,
    },
    {
      does: "opens the customer of this site's counsellor's lead",
      path: (r) => `/admin/customers/${r.customers.mine}`,
      allowed: { "counsellor@both": 404, default: 200 },
    },
    {
      does: "opens a customer whose only lead another person works",
      path: (r) => `/admin/customers/${r.customers.theirs}`,
      allowed: { counsellor: 404, default: 200 },
    },
    {
      does: "marks a visit of this site's counsellor's customer",
      method: "POST",
      path: (r) => `/admin/customers/${r.customers.mine}`,
      form: (r) => ({ intent: "visit", leadId: String(r.mine), bookingId: String(r.booking), status: "booked", shown: "booked" }),
      allowed: { "counsellor@both": 404, default: 303 },
    },
    {
      does: "marks a visit of a customer another person works",
      method: "POST",
      path: (r) => `/admin/customers/${r.customers.theirs}`,
      form: (r) => ({ intent: "visit", leadId: String(r.theirs), bookingId: String(r.theirBooking), status: "booked", shown: "booked" }),
      allowed: { counsellor: 404, default: 303 },
    },
    {
      does: "merges a customer by a number the site does not know",
      method: "POST",
      path: (r) => `/admin/customers/${r.customers.mine}`,
      form: () => ({ intent: "merge", phone: "010-0000-0001" }),
      allowed: 404,
    },
  ],
  "/admin/units": [
    { does: "opens the 동호수 board", path: () => "/admin/units", allowed: 200 },
    {
      does: "holds a unit for the counsellor's customer (another counsellor: not their customer)",
      method: "POST",
      path: () => "/admin/units",
      form: (r) => ({ intent: "hold", unit: String(r.units.free), lead: String(r.mine) }),
      allowed: { "counsellor@both": 403, default: 303 },
    },
    {
      does: "lets the counsellor's hold go (another counsellor: not their hold)",
      method: "POST",
      path: () => "/admin/units",
      form: (r) => ({ intent: "release", unit: String(r.units.held) }),
      allowed: { "counsellor@both": 403, default: 303 },
    },
    {
      does: "marks a held unit 계약 완료",
      method: "POST",
      path: () => "/admin/units",
      form: (r) => ({ intent: "contract", unit: String(r.units.held) }),
      allowed: 303,
    },
    {
      does: "undoes a sale",
      method: "POST",
      path: () => "/admin/units",
      form: (r) => ({ intent: "undo-contract", unit: String(r.units.sold) }),
      allowed: 303,
    },
    {
      does: "edits a unit for sale",
      method: "POST",
      path: () => "/admin/units",
      form: (r) => ({ intent: "edit", unit: String(r.units.free), typeKey: "84A", price: "52000만원" }),
      allowed: 303,
    },
  ],
  "/admin/units/import": [
    { does: "opens the 배치표 import", path: () => "/admin/units/import", allowed: 200 },
    {
      does: "imports from a 배치표 preview that cannot be opened",
      method: "POST",
      path: () => "/admin/units/import",
      form: () => ({ intent: "import", batch: "s1.forged" }),
      allowed: 409,
    },
  ],
  "/admin/units/settings": [
    { does: "opens the remaining-units settings", path: () => "/admin/units/settings", allowed: 200 },
    {
      does: "saves the remaining-units settings",
      method: "POST",
      path: () => "/admin/units/settings",
      form: () => ({ holdHours: "24", remainingSource: "board", publicPage: "on" }),
      allowed: 303,
    },
  ],
  "/admin/consent": [
    { does: "opens the 080 opt-out list page", path: () => "/admin/consent", allowed: 200 },
    {
      does: "posts an 080 opt-out list without its file",
      method: "POST",
      path: () => "/admin/consent",
      form: () => ({ intent: "upload" }),
      allowed: 400,
    },
  ],
  "/admin/performance": [
    { does: "opens the team's performance", path: () => "/admin/performance", allowed: 200 },
    { does: "asks for an impossible day", path: () => "/admin/performance?unit=week&at=2026-02-31", allowed: 400 },
  ],
  "/admin/performance.csv": [{ does: "downloads the performance table", path: () => "/admin/performance.csv?unit=month", allowed: 200 }],
  "/admin/performance.xlsx": [{ does: "downloads the performance workbook", path: () => "/admin/performance.xlsx?unit=day", allowed: 200 }],
  "/admin/conversion": [
    { does: "opens the conversion report", path: () => "/admin/conversion", allowed: 200 },
    { does: "asks for an impossible period", path: () => "/admin/conversion?from=2026-02-31", allowed: 400 },
  ],
  "/admin/channels": [
    { does: "opens the channels", path: () => "/admin/channels", allowed: 200 },
    { does: "opens a channel that does not exist for editing", path: () => "/admin/channels?edit=999999", allowed: 404 },
    {
      does: "adds a channel with its own number",
      method: "POST",
      path: () => "/admin/channels",
      form: () => ({
        intent: "save",
        channelId: "",
        name: "네이버",
        utmSource: "naver",
        utmCampaign: "",
        phone: "0504-123-4567",
        alertRecipients: "",
      }),
      allowed: 303,
    },
    {
      does: "deletes a channel that does not exist",
      method: "POST",
      path: () => "/admin/channels",
      form: () => ({ intent: "delete", channelId: "999999" }),
      allowed: 404,
    },
    {
      does: "enters spend for a channel that does not exist",
      method: "POST",
      path: () => "/admin/channels",
      form: () => ({ intent: "spend", channelId: "999999", month: "2026-11", amount: "1000000" }),
      allowed: 404,
    },
  ],
  "/admin/channels/spend-import": [
    { does: "opens the spend import", path: () => "/admin/channels/spend-import", allowed: 200 },
    {
      does: "asks to read a spend report without its file",
      method: "POST",
      path: () => "/admin/channels/spend-import",
      form: () => ({ intent: "preview" }),
      allowed: 400,
    },
  ],
  "/admin/leads/:id/text": [
    {
      does: "opens the text page of this site's counsellor's lead",
      path: (r) => `/admin/leads/${r.mine}/text`,
      allowed: { "counsellor@both": 404, default: 200 },
    },
    {
      does: "opens the text page of another person's lead",
      path: (r) => `/admin/leads/${r.theirs}/text`,
      allowed: { counsellor: 404, default: 200 },
    },
    {
      does: "texts the customer of an unassigned lead",
      method: "POST",
      path: (r) => `/admin/leads/${r.unassigned}/text`,
      form: () => ({ intent: "send", body: "안녕하세요" }),
      allowed: { counsellor: 403, default: 303 },
    },
    {
      does: "texts the customer of this site's counsellor's lead",
      method: "POST",
      path: (r) => `/admin/leads/${r.mine}/text`,
      form: () => ({ intent: "send", body: "안녕하세요" }),
      allowed: { "counsellor@both": 404, default: 303 },
    },
    {
      does: "texts the customer of another person's lead",
      method: "POST",
      path: (r) => `/admin/leads/${r.theirs}/text`,
      form: () => ({ intent: "send", body: "안녕하세요" }),
      allowed: { counsellor: 404, default: 303 },
    },
    {
      does: "records this site's counsellor's customer's opt-out from advertising",
      method: "POST",
      path: (r) => `/admin/leads/${r.mine}/text`,
      form: () => ({ intent: "opt-out" }),
      allowed: { "counsellor@both": 404, default: 303 },
    },
  ],
  "/admin/notifications": [
    { does: "opens the outbox", path: () => "/admin/notifications", allowed: 200 },
    {
      does: "sends a failed text again",
      method: "POST",
      path: () => "/admin/notifications",
      form: (r) => ({ intent: "retry", id: String(r.failedText) }),
      allowed: 303,
    },
  ],
  // The door: every role of the site's desk. The probe's booking is days ahead, so checking it in today is refused (409).
  "/admin/door": [
    { does: "opens the door's check-in", path: () => "/admin/door", allowed: 200 },
    { does: "searches today's visitors at the door", path: () => "/admin/door?q=%EA%B9%80%ED%95%98%EB%8A%98", allowed: 200 },
    {
      does: "checks in a booking of another day (refused)",
      method: "POST",
      path: () => "/admin/door",
      form: (r) => ({ intent: "check-in", bookingId: String(r.booking) }),
      allowed: 409,
    },
    {
      does: "checks in an unknown entry QR (refused)",
      method: "POST",
      path: () => "/admin/door",
      form: () => ({ intent: "check-in-key", key: "AAAAAAAAAAAAAAAAAAAAAA" }),
      allowed: 404,
    },
    { does: "registers a walk-in", method: "POST", path: () => "/admin/door", form: () => WALK_IN_FORM, allowed: 200 },
    {
      does: "turns the browser into the desk's kiosk",
      method: "POST",
      path: () => "/admin/door",
      form: () => ({ intent: "kiosk" }),
      allowed: 302,
    },
  ],
  "/admin/door/kiosk": [
    { does: "opens the kiosk", path: () => "/admin/door/kiosk", allowed: 200 },
    { does: "registers a walk-in on the kiosk", method: "POST", path: () => "/admin/door/kiosk", form: () => WALK_IN_FORM, allowed: 200 },
  ],
  "/admin/visits": [
    { does: "opens the visit schedule", path: () => `/admin/visits?day=${DAY}`, allowed: 200 },
    {
      // The booking's day is ahead, so only 예약 (undoing a mark) may be set yet. A counsellor marks their own customers'.
      does: "marks a visit of this site's counsellor's customer",
      method: "POST",
      path: () => "/admin/visits",
      form: (r) => ({ intent: "attendance", bookingId: String(r.booking), status: "booked", shown: "booked" }),
      allowed: { "counsellor@both": 403, default: 303 },
    },
    {
      does: "marks a visit of another person's customer",
      method: "POST",
      path: () => "/admin/visits",
      form: (r) => ({ intent: "attendance", bookingId: String(r.theirBooking), status: "booked", shown: "booked" }),
      allowed: { counsellor: 403, default: 303 },
    },
    {
      does: "marks a visit before its day (refused)",
      method: "POST",
      path: () => "/admin/visits",
      form: (r) => ({ intent: "attendance", bookingId: String(r.booking), status: "visited", shown: "booked" }),
      allowed: { "counsellor@both": 403, default: 409 },
    },
    {
      does: "asks before closing a day that has a booking",
      method: "POST",
      path: () => "/admin/visits",
      form: () => ({ intent: "close-day", day: DAY }),
      allowed: 200,
    },
    {
      does: "closes a day and texts its booked visitors",
      method: "POST",
      path: () => "/admin/visits",
      form: () => ({ intent: "close-day-confirmed", day: DAY }),
      allowed: 303,
    },
    {
      does: "cancels a booking",
      method: "POST",
      path: () => "/admin/visits",
      form: (r) => ({ intent: "cancel-booking", bookingId: String(r.booking) }),
      allowed: 303,
    },
    {
      does: "moves a booking to another time",
      method: "POST",
      path: () => "/admin/visits",
      form: (r) => ({ intent: "move-booking", bookingId: String(r.booking), slotId: String(r.otherSlot) }),
      allowed: 303,
    },
    {
      does: "opens another day for booking",
      method: "POST",
      path: () => "/admin/visits",
      form: () => ({ intent: "open-day", day: addDays(DAY, 1) }),
      allowed: 303,
    },
    {
      does: "changes a time's places",
      method: "POST",
      path: () => "/admin/visits",
      form: (r) => ({ intent: "capacity", slotId: String(r.otherSlot), capacity: "10" }),
      allowed: 303,
    },
    {
      does: "changes how places are counted, held for the waitlist and reminded on the day",
      method: "POST",
      path: () => "/admin/visits",
      form: () => ({ intent: "visit-settings", capacityUnit: "groups", holdMinutes: "30", sameDayReminderHours: "2" }),
      allowed: 303,
    },
    {
      does: "takes someone out of a waitlist (none there: refused)",
      method: "POST",
      path: () => "/admin/visits",
      form: () => ({ intent: "waitlist-withdraw", entryId: "999999" }),
      allowed: 409,
    },
    {
      does: "clears a booking's burst flag",
      method: "POST",
      path: () => "/admin/visits",
      form: (r) => ({ intent: "burst-clear", bookingIds: String(r.booking) }),
      allowed: 303,
    },
    {
      does: "marks a burst of bookings as spam",
      method: "POST",
      path: () => "/admin/visits",
      form: (r) => ({ intent: "burst-spam", bookingIds: String(r.booking) }),
      allowed: 303,
    },
  ],
  "/admin/staff": [
    { does: "opens the staff page", path: () => "/admin/staff", allowed: 200 },
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
      allowed: 200,
    },
    {
      does: "disables the counsellor",
      method: "POST",
      path: () => "/admin/staff",
      form: (r) => ({ intent: "disable", adminId: String(r.counsellorId) }),
      allowed: 200,
    },
    {
      does: "makes the counsellor an owner",
      method: "POST",
      path: () => "/admin/staff",
      form: (r) => ({ intent: "role", adminId: String(r.counsellorId), role: "owner" }),
      allowed: 200,
    },
    {
      does: "enables the counsellor again",
      method: "POST",
      path: () => "/admin/staff",
      form: (r) => ({ intent: "enable", adminId: String(r.counsellorId) }),
      allowed: 200,
    },
    {
      does: "reissues the invitation of someone who already joined (refused)",
      method: "POST",
      path: () => "/admin/staff",
      form: (r) => ({ intent: "reinvite", adminId: String(r.counsellorId) }),
      allowed: 409,
    },
    {
      does: "resets the counsellor's second factor",
      method: "POST",
      path: () => "/admin/staff",
      form: (r) => ({ intent: "reset-second-factor", adminId: String(r.counsellorId) }),
      allowed: 200,
    },
    {
      does: "sets the counsellor's sites",
      method: "POST",
      path: () => "/admin/staff",
      form: (r) => ({ intent: "sites", adminId: String(r.counsellorId), sites: "daegu" }),
      allowed: 200,
    },
  ],
  "/admin/audit": [
    { does: "opens the access records", path: () => "/admin/audit", allowed: 200 },
    { does: "opens a month's downloads", path: () => "/admin/audit?view=month", allowed: 200 },
    {
      does: "marks last month reviewed",
      method: "POST",
      path: () => "/admin/audit",
      form: () => ({ month: "2020-01", note: "" }),
      allowed: 303,
    },
  ],
  "/admin/account": [
    { does: "opens their own account", path: () => "/admin/account", allowed: 200 },
    {
      does: "changes their own name",
      method: "POST",
      path: () => "/admin/account",
      form: () => ({ intent: "name", name: "새 이름" }),
      allowed: 200,
    },
    {
      does: "changes their password with a wrong current one",
      method: "POST",
      path: () => "/admin/account",
      form: () => ({ intent: "password", current: "not it at all", password: "a brand new password 7", confirm: "a brand new password 7" }),
      allowed: 400,
    },
    {
      does: "asks to be texted about assignments",
      method: "POST",
      path: () => "/admin/account",
      form: () => ({ intent: "alerts", textOnAssignment: "on", mobile: "010-3333-4444" }),
      allowed: 200,
    },
    {
      does: "marks 퇴근",
      method: "POST",
      path: () => "/admin/account",
      form: () => ({ intent: "duty", duty: "off" }),
      allowed: 200,
    },
    {
      does: "signs out everywhere",
      method: "POST",
      path: () => "/admin/account",
      form: () => ({ intent: "sign-out-everywhere" }),
      allowed: 302,
    },
  ],
  "/admin/press": [{ does: "opens the press articles", path: () => "/admin/press", allowed: 200 }],
  "/admin/press/new": [
    { does: "opens a new article's editor", path: () => "/admin/press/new", allowed: 200 },
    {
      does: "previews a new article",
      method: "POST",
      path: () => "/admin/press/new",
      form: () => ({ ...PRESS_FORM, intent: "preview" }),
      allowed: 200,
    },
    { does: "saves a new article", method: "POST", path: () => "/admin/press/new", form: () => PRESS_FORM, allowed: 303 },
  ],
  "/admin/press/:id": [
    { does: "opens an article's editor", path: (r) => `/admin/press/${r.article}`, allowed: 200 },
    {
      does: "publishes an article",
      method: "POST",
      path: (r) => `/admin/press/${r.article}`,
      form: () => ({ ...PRESS_FORM, publication: "now" }),
      allowed: 303,
    },
    {
      does: "previews an article's changes",
      method: "POST",
      path: (r) => `/admin/press/${r.article}`,
      form: () => ({ ...PRESS_FORM, intent: "preview" }),
      allowed: 200,
    },
  ],
  "/admin/press/:id/delete": [
    { does: "opens an article's delete page", path: (r) => `/admin/press/${r.article}/delete`, allowed: 200 },
    { does: "deletes an article", method: "POST", path: (r) => `/admin/press/${r.article}/delete`, allowed: 303 },
  ],
  "/admin/templates": [
    { does: "opens the 알림톡 templates", path: () => "/admin/templates", allowed: 200 },
    {
      does: "registers a 알림톡 template",
      method: "POST",
      path: () => "/admin/templates",
      form: () => ({ intent: "register", ...TEMPLATE_FORM }),
      allowed: 303,
    },
    {
      does: "previews a 알림톡 template",
      method: "POST",
      path: () => "/admin/templates",
      form: () => ({ intent: "preview", ...TEMPLATE_FORM }),
      allowed: 200,
    },
    {
      does: "retires a 알림톡 template",
      method: "POST",
      path: () => "/admin/templates",
      form: (r) => ({ intent: "retire", id: String(r.template) }),
      allowed: 303,
    },
  ],
  "/admin/campaigns": [
    { does: "opens the campaign texts", path: () => "/admin/campaigns", allowed: 200 },
    {
      does: "counts a campaign's audience",
      method: "POST",
      path: () => "/admin/campaigns",
      form: () => ({ intent: "count", kind: "inquiry" }),
      allowed: 200,
    },
    {
      does: "saves a new campaign",
      method: "POST",
      path: () => "/admin/campaigns",
      form: () => ({ intent: "create", title: "잔여세대 안내", body: "잔여세대 선착순 분양 중입니다.", kind: "inquiry" }),
      allowed: 303,
    },
    {
      does: "sets the texts' unit prices",
      method: "POST",
      path: () => "/admin/campaigns",
      form: () => ({ intent: "prices", smsPrice: "20", lmsPrice: "50" }),
      allowed: 303,
    },
  ],
  "/admin/campaigns/:id": [
    { does: "opens a campaign", path: (r) => `/admin/campaigns/${r.campaigns.draft}`, allowed: 200 },
    {
      does: "sends a campaign's test to a typed number",
      method: "POST",
      path: (r) => `/admin/campaigns/${r.campaigns.draft}`,
      form: () => ({ intent: "test", phone: "010-5555-9999" }),
      allowed: 303,
    },
    {
      does: "sends a campaign to the audience it was shown",
      method: "POST",
      path: (r) => `/admin/campaigns/${r.campaigns.draft}`,
      form: () => ({ intent: "send", when: "later", day: addDays(kstDay(new Date()), 2), time: "10:00", expectedCount: "1" }),
      allowed: 303,
    },
    {
      does: "pauses a sending campaign",
      method: "POST",
      path: (r) => `/admin/campaigns/${r.campaigns.sending}`,
      form: () => ({ intent: "pause" }),
      allowed: 303,
    },
    {
      does: "resumes a paused campaign",
      method: "POST",
      path: (r) => `/admin/campaigns/${r.campaigns.paused}`,
      form: () => ({ intent: "resume" }),
      allowed: 303,
    },
    {
      does: "cancels a campaign",
      method: "POST",
      path: (r) => `/admin/campaigns/${r.campaigns.draft}`,
      form: () => ({ intent: "cancel" }),
      allowed: 303,
    },
  ],
  "/admin/schedule": [
    { does: "opens the subscription schedule", path: () => "/admin/schedule", allowed: 200 },
    {
      does: "adds a schedule entry",
      method: "POST",
      path: () => "/admin/schedule",
      form: () => SCHEDULE_FORM,
      allowed: 303,
    },
  ],
  "/admin/schedule/:id": [
    { does: "opens a schedule entry", path: (r) => `/admin/schedule/${r.scheduleEntry}`, allowed: 200 },
    {
      does: "changes a schedule entry",
      method: "POST",
      path: (r) => `/admin/schedule/${r.scheduleEntry}`,
      form: () => SCHEDULE_FORM,
      allowed: 303,
    },
  ],
  "/admin/schedule/:id/delete": [
    {
      does: "opens a schedule entry's delete page",
      path: (r) => `/admin/schedule/${r.scheduleEntry}/delete`,
      allowed: 200,
    },
    {
      does: "deletes a schedule entry",
      method: "POST",
      path: (r) => `/admin/schedule/${r.scheduleEntry}/delete`,
      allowed: 303,
    },
  ],
  "/admin/prices": [
    { does: "opens the price editor", path: () => "/admin/prices", allowed: 200 },
    {
      does: "saves the price sheet",
      method: "POST",
      path: () => "/admin/prices",
      form: () => ({ ...PRICE_FORM, intent: "save" }),
      allowed: 303,
    },
    {
      does: "publishes the price sheet",
      method: "POST",
      path: () => "/admin/prices",
      form: () => ({ ...PRICE_FORM, intent: "publish" }),
      allowed: 303,
    },
    {
      does: "withdraws a price sheet that is not published",
      method: "POST",
      path: () => "/admin/prices",
      form: () => ({ intent: "withdraw" }),
      allowed: 409,
    },
  ],
  "/admin/popups": [{ does: "opens the notice popups", path: () => "/admin/popups", allowed: 200 }],
  "/admin/popups/new": [
    { does: "opens a new popup's editor", path: () => "/admin/popups/new", allowed: 200 },
    { does: "saves a new popup", method: "POST", path: () => "/admin/popups/new", form: () => POPUP_FORM, allowed: 303 },
  ],
  "/admin/popups/:id": [
    { does: "opens a popup's editor", path: (r) => `/admin/popups/${r.popup}`, allowed: 200 },
    {
      does: "changes a popup",
      method: "POST",
      path: (r) => `/admin/popups/${r.popup}`,
      form: () => POPUP_FORM,
      allowed: 303,
    },
    {
      does: "deletes a popup",
      method: "POST",
      path: (r) => `/admin/popups/${r.popup}`,
      form: () => ({ intent: "delete" }),
      allowed: 303,
    },
  ],
  "/admin/*": [{ does: "opens a console address that does not exist", path: () => "/admin/no-such-page", allowed: 404 }],
  "/admin/documents": [
    { does: "opens the documents", path: () => "/admin/documents", allowed: 200 },
    {
      does: "goes back to the generated announcement",
      method: "POST",
      path: () => "/admin/documents",
      form: () => ({ kind: "announcement", intent: "reset" }),
      allowed: 303,
    },
  ],
};

/** Every probe with its route's rule, reads or posts. */
export function probesOf(method: "GET" | "POST") {
  return Object.entries(PROBES).flatMap(([path, probes]) =>
    probes
      .filter((probe) => (probe.method ?? "GET") === method)
      .map((probe) => ({ path, route: (CONSOLE_ROUTES as Record<string, ConsoleRoute>)[path]!, probe })),
  );
}

/** What a probe must exercise for each route: "GET", and "POST" (one rule) or "POST intent" for each intent its rule names. */
export function declaredActions(route: ConsoleRoute): string[] {
  // Every console URL can be visited, a route without a page answering with a redirect.
  const actions = ["GET"];
  if (typeof route.post === "string") actions.push("POST");
  else if (route.post) actions.push(...Object.keys(route.post).map((intent) => `POST ${intent}`));
  return actions;
}

/** The same names for a probe. */
export function probedAction(route: ConsoleRoute, probe: Probe, records: Records): string {
  if ((probe.method ?? "GET") === "GET") return "GET";
  return typeof route.post === "string" ? "POST" : `POST ${probe.form?.(records).intent}`;
}
