import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { createLead } from "#app/.server/leads/create.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { withTestDatabase } from "#tests/db.ts";
import { newLeadInput } from "#tests/lead-requests.ts";
import { addStaff, consoleCookie } from "#tests/staff.ts";

/**
 * Every number the console reads from a URL or a form (issue #24): a value no integer column can
 * hold, a negative one, one past a double's range, a fraction or a word is refused with a 4xx and
 * a Korean message, never a 500 from the database. A refused post changes nothing and the cursors
 * only read, so every case asks the one owner and lead made first.
 */

withTestDatabase({ empty: "once" });
let app: TestApp;
let HERE: string;
let ownerCookie: string;
let leadId: number;

beforeAll(async () => {
  app = await startTestApp();
  HERE = `http://here.localhost:${app.port}`;
  setEnv(parseEnv({ SITES: `daegu@${HERE}`, LEADS_RATE_LIMIT: "off" }));
  const owner = await addStaff({ email: "owner@example.com", role: "owner" });
  ownerCookie = await consoleCookie(owner);
  const created = await createLead(newLeadInput({ kind: "visit" }), { staffRecipients: [] });
  if (created.outcome !== "created") throw new Error(`expected a new lead, got ${created.outcome}`);
  leadId = created.leadId;
});
afterAll(() => app.close());

/** Past the integer column (2^31), negative, past a double, a fraction, a word. */
const HOSTILE = ["2147483648", "-1", "1e309", "1.5", "abc"];

interface Input {
  name: string;
  /** The URL, with the value in it for a URL's own number. */
  path: (value: string) => string;
  /** The posted fields, with the value in one of them. */
  form?: (value: string) => Record<string, string | string[]>;
  multipart?: boolean;
}

const INPUTS: Input[] = [
  // Ids in the path.
  ...[
    "leads/:id",
    "leads/:id/delete",
    "leads/:id/text",
    "customers/:id",
    "press/:id",
    "press/:id/delete",
    "schedule/:id",
    "schedule/:id/delete",
    "popups/:id",
  ].map((pattern) => ({
    name: `/admin/${pattern}`,
    path: (value: string) => `/admin/${pattern.replace(":id", encodeURIComponent(value))}`,
  })),
  // Filters and cursors in the query.
  { name: "/admin/audit?person=", path: (value) => `/admin/audit?person=${encodeURIComponent(value)}` },
  { name: "/admin/audit?lead=", path: (value) => `/admin/audit?lead=${encodeURIComponent(value)}` },
  { name: "/admin/audit?before=", path: (value) => `/admin/audit?before=${encodeURIComponent(value)}` },
  { name: "/admin/notifications?before=", path: (value) => `/admin/notifications?before=${encodeURIComponent(value)}` },
  // Form fields.
  { name: "staff adminId (role)", path: () => "/admin/staff", form: (value) => ({ intent: "role", adminId: value, role: "manager" }) },
  { name: "staff adminId (disable)", path: () => "/admin/staff", form: (value) => ({ intent: "disable", adminId: value }) },
  { name: "staff adminId (sites)", path: () => "/admin/staff", form: (value) => ({ intent: "sites", adminId: value, sites: "daegu" }) },
  { name: "staff adminId (reinvite)", path: () => "/admin/staff", form: (value) => ({ intent: "reinvite", adminId: value }) },
  { name: "lead assignee", path: () => `/admin/leads/${leadId}`, form: (value) => ({ intent: "assign", assignee: value }) },
  {
    name: "inbox bulk assignee",
    path: () => "/admin/leads",
    form: (value) => ({ intent: "assign", assignee: value, ids: [String(leadId)] }),
  },
  {
    name: "inbox bulk ids",
    path: () => "/admin/leads",
    form: (value) => ({ intent: "assign", assignee: "", unassign: "yes", ids: [value] }),
  },
  { name: "bin restore id", path: () => "/admin/leads/bin", form: (value) => ({ intent: "restore", id: value }) },
  { name: "outbox retry id", path: () => "/admin/notifications", form: (value) => ({ intent: "retry", id: value }) },
  { name: "unit board unit", path: () => "/admin/units", form: (value) => ({ intent: "release", unit: value }) },
  { name: "unit hold lead", path: () => "/admin/units", form: (value) => ({ intent: "hold", unit: "1", lead: value }) },
  {
    name: "lead book-visit slot",
    path: () => `/admin/leads/${leadId}`,
    form: (value) => ({ intent: "book-visit", slotId: value, partySize: "1" }),
  },
  {
    name: "lead book-visit party",
    path: () => `/admin/leads/${leadId}`,
    form: (value) => ({ intent: "book-visit", slotId: "1", partySize: value }),
  },
  { name: "settings revert change", path: () => "/admin/site-settings", form: (value) => ({ intent: "revert", change: value }) },
  {
    name: "visit slot capacity (slot)",
    path: () => "/admin/visits",
    form: (value) => ({ intent: "capacity", slotId: value, capacity: "3" }),
  },
  {
    name: "visit slot capacity (count)",
    path: () => "/admin/visits",
    form: (value) => ({ intent: "capacity", slotId: "1", capacity: value }),
  },
  {
    name: "visit attendance booking",
    path: () => "/admin/visits",
    form: (value) => ({ intent: "attendance", bookingId: value, status: "visited", shown: "booked" }),
  },
  { name: "visit move slot", path: () => "/admin/visits", form: (value) => ({ intent: "move-booking", bookingId: "1", slotId: value }) },
  {
    name: "popup sortOrder",
    path: () => "/admin/popups/new",
    multipart: true,
    form: (value) => ({
      title: "공지",
      body: "",
      linkUrl: "",
      startDay: "2026-01-01",
      startTime: "09:00",
      endDay: "2026-12-31",
      endTime: "18:00",
      sortOrder: value,
      devices: "all",
    }),
  },
];

async function send(input: Input, value: string) {
  const headers: Record<string, string> = { Host: new URL(HERE).host, Accept: "text/html", Cookie: ownerCookie };
  if (!input.form) return app.fetch(input.path(value), { headers });
  const fields = input.form(value);
  let body: Buffer | string;
  if (input.multipart) {
    const form = new FormData();
    for (const [name, item] of Object.entries(fields)) for (const each of [item].flat()) form.append(name, each);
    const encoded = new Response(form);
    headers["Content-Type"] = encoded.headers.get("Content-Type")!;
    body = Buffer.from(await encoded.arrayBuffer());
  } else {
    const params = new URLSearchParams();
    for (const [name, item] of Object.entries(fields)) for (const each of [item].flat()) params.append(name, each);
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = params.toString();
  }
  return app.fetch(input.path(value), { method: "POST", headers: { ...headers, Origin: HERE }, body });
}

/**
 * Cursors the server wrote and the numbers of a redirect's one-line notice: one that names nothing
 * shows the first page, or no notice (as a malformed press cursor always has), never a 500.
 */
const IGNORED: Input[] = [
  {
    name: "/admin/leads?after= (the inbox cursor)",
    path: (value) => `/admin/leads?after=${Buffer.from(`2026-01-01 00:00:00+00|${value}`).toString("base64url")}`,
  },
  // The inbox's 담당자 filter: an id no column can hold is no filter.
  { name: "/admin/leads?assignedTo=", path: (value) => `/admin/leads?assignedTo=${encodeURIComponent(value)}` },
  { name: "/admin/press?after=", path: (value) => `/admin/press?after=2026-01-01T00:00:00.000000Z_${encodeURIComponent(value)}` },
  { name: "/admin/press?saved=…&id=", path: (value) => `/admin/press?saved=saved&id=${encodeURIComponent(value)}` },
  { name: "/admin/popups?saved=", path: (value) => `/admin/popups?saved=${encodeURIComponent(value)}` },
  { name: "/admin/leads/bin?restored=", path: (value) => `/admin/leads/bin?restored=${encodeURIComponent(value)}` },
  // The board's chosen unit, and the inquiry form's unit from a 잔여세대 link.
  { name: "/admin/units?unit=", path: (value) => `/admin/units?unit=${encodeURIComponent(value)}` },
  // The customer a lead's page opened the board for (세대 홀드하기).
  { name: "/admin/units?for=", path: (value) => `/admin/units?for=${encodeURIComponent(value)}` },
  { name: "/Promotion/Customer?unit=", path: (value) => `/Promotion/Customer?unit=${encodeURIComponent(value)}` },
];

describe("a number no column can hold is refused with a 4xx and a Korean message", () => {
  for (const input of INPUTS) {
    test.each(HOSTILE)(`${input.name} = %s`, async (value) => {
      const response = await send(input, value);
      expect(
        response.status,
        await response
          .clone()
          .text()
          .then((text) => text.slice(0, 300)),
      ).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(await response.text()).toMatch(/[가-힣]/);
    });
  }
});

describe("a cursor or notice number that names nothing is ignored, never a 500", () => {
  for (const input of IGNORED) {
    test.each(HOSTILE)(`${input.name} = %s`, async (value) => {
      const response = await send(input, value);
      expect(response.status).toBe(200);
      expect(await response.text()).not.toContain("2147483648");
    });
  }
});
