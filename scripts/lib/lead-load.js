// Shared by bench-leads.js and crash-leads.js: posting a realistic mix of leads the way the site's
// forms do (registrations, inquiries, and visit bookings of a time the visit page offers), and
// counting what the database a stopped server wrote to holds (its PGlite folder, or DATABASE_URL's).
import crypto from "node:crypto";
import http from "node:http";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/** Each kind's JSON endpoint, as the forms' script posts them (app/forms/lead.ts LEAD_ENDPOINTS). */
const ENDPOINTS = { interest: "/actions/interest", visit: "/actions/visit", inquiry: "/actions/inquiry" };

/** Of every five visitors, two register, two book a visit and one asks a question. */
const LEAD_MIX = ["interest", "visit", "inquiry", "interest", "visit"];

/** The visit page of the demo database's site: its form lists the open times. */
const VISIT_PAGE = "/daegu/customer";

/** A busy server on two cores may take seconds per answer; a minute of silence is a failure. */
const REQUEST_TIMEOUT_MS = 60_000;
/** How many more connections each step of connect() opens. */
const CONNECT_STEP = 200;

/** A distinct mobile number per lead of one run, so duplicate folding never merges two. */
export function phoneFor(runOffset, index) {
  return `010${String((runOffset + index) % 100_000_000).padStart(8, "0")}`;
}

export function randomRunOffset() {
  return crypto.randomInt(0, 90_000_000);
}

/** The kind of the index-th lead of a run: the mix repeats every five leads. */
export function kindFor(index) {
  return LEAD_MIX[index % LEAD_MIX.length];
}

/**
 * An HTTP client with its own keep-alive pool, one socket per simulated visitor. Node's fetch
 * shares one global pool that a script cannot size or close, and gives up connecting after 10 s,
 * which a thousand visitors arriving at once can take when the server's accept queue overflows.
 * Sends the server's own Origin, as a browser's same-origin post does.
 */
export function createLeadClient(baseUrl, { connections }) {
  const url = new URL(baseUrl);
  // An idle socket is closed here after 4 s, before the server's keep-alive timeout (5 s) closes
  // it: a post sent on a socket the server is closing fails with ECONNRESET. A request in flight
  // has its own timeout (given in its options, so that it also covers a socket still connecting).
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, timeout: 4_000 });

  /** Resolves with the status and body text, or status 0 and the network error's code. */
  function send(method, pathname, { body, headers = {} } = {}) {
    const started = performance.now();
    return new Promise((resolve) => {
      const done = (result) => resolve({ ...result, ms: performance.now() - started });
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          method,
          path: pathname,
          agent,
          timeout: REQUEST_TIMEOUT_MS,
          headers: { Origin: url.origin, ...headers },
        },
        (response) => {
          const chunks = [];
          response.on("data", (chunk) => chunks.push(chunk));
          response.on("end", () => done({ status: response.statusCode, text: Buffer.concat(chunks).toString("utf8") }));
          // A body cut short (the server killed mid-answer) is no answer.
          response.on("error", (error) => done({ status: 0, error: error.code ?? error.name }));
          response.on("close", () => response.complete || done({ status: 0, error: "ABORTED" }));
        },
      );
      request.on("error", (error) => done({ status: 0, error: error.code ?? error.name }));
      request.on("timeout", () => request.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
      request.end(body);
    });
  }

  return {
    baseUrl,
    /**
     * Opens every visitor's connection before the load, as visitors have the page open before they
     * post. Node accepts new connections slowly while established keep-alive ones keep its loop
     * busy: a visitor connecting once the load runs waits for most of it (measured here: posts on
     * the last connections answered after 16 s, the median after 0.7 s). A few hundred more at a
     * time, each step reusing the last one's sockets: a thousand at once overflow the listen queue
     * (511), and the first ones idle past the server's keep-alive timeout (5 s) while the last
     * retry their SYN, then fail with ECONNRESET once the load runs.
     */
    async connect() {
      for (let open = Math.min(CONNECT_STEP, connections); ; open = Math.min(open + CONNECT_STEP, connections)) {
        const answers = await Promise.all(Array.from({ length: open }, () => send("GET", "/healthz")));
        const refused = answers.find((answer) => answer.status !== 200);
        if (refused) throw new Error(`GET /healthz answered ${refused.status || refused.error} while the visitors connected`);
        if (open === connections) return;
      }
    },
    get: (pathname) => send("GET", pathname, { headers: { Accept: "text/html" } }),
    postForm: (pathname, fields) =>
      send("POST", pathname, {
        body: new URLSearchParams(fields).toString(),
        headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded;charset=UTF-8" },
      }),
    close: () => agent.destroy(),
  };
}

/**
 * The visit times on offer, read as a visitor's browser shows them: the visit page's radio inputs
 * `name="visitSlot"` (with their day in `data-day`, `disabled` when full or past) and the places
 * left beside each. One reading is shared by all visitors of a run, and each booking takes a place
 * from it, so bookings spread over the open times; it is read again when it has none left.
 */
export function createVisitPicker(client) {
  let slots = [];
  let reading = null;
  let readAt = -Infinity;

  async function read() {
    const page = await client.get(VISIT_PAGE);
    if (page.status !== 200) throw Object.assign(new Error(`GET ${VISIT_PAGE} answered ${page.status || page.error}`), { page });
    slots = parseVisitSlots(page.text);
    readAt = performance.now();
  }

  return {
    /**
     * Reads the page before the load, as visitors open it before they fill the form in: read
     * in the middle of the load, it would wait behind every post in flight.
     */
    read,
    /** An open time and its day, or null when the page offers none (every place is taken). */
    async pick() {
      let open = slots.filter((slot) => slot.left > 0);
      // Read again when this reading is used up, but not more than once a second while all is full.
      if (open.length === 0 && performance.now() - readAt > 1_000) {
        reading ??= read().finally(() => (reading = null));
        await reading;
        open = slots.filter((slot) => slot.left > 0);
      }
      if (open.length === 0) return null;
      const slot = open[crypto.randomInt(open.length)];
      slot.left -= 1;
      return slot;
    },
    /** The server refused the time (409: it filled, closed or passed meanwhile). */
    refused(slot) {
      slot.left = 0;
    },
  };
}

/** The open times of a visit page's form: slot id, day and places left. */
export function parseVisitSlots(html) {
  const slots = [];
  for (const [, attributes, left] of html.matchAll(/<input([^>]*\bname="visitSlot"[^>]*)>[\s\S]*?class="visit-slot__left">([^<]*)</g)) {
    if (/\bdisabled\b/.test(attributes)) continue;
    const attribute = (name) => new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1];
    const id = attribute("value");
    const day = attribute("data-day");
    if (id && day) slots.push({ id, day, left: Number(/\d+/.exec(left)?.[0] ?? 1) });
  }
  return slots;
}

/**
 * Posts one lead of the given kind. A visit books a time the picker offers; when none is left the
 * visitor registers interest instead, as the page invites them to. Resolves with the outcome:
 * "acknowledged" (2xx and `ok`), "refused" (a visit whose time filled meanwhile: 409, an honest
 * answer, not a lost lead) or "failed" (any other answer, or none: status 0 and the error).
 */
export async function postLead(client, picker, { kind, phone }) {
  const fields = { name: "부하테스트", phone, consent: "yes", _gotcha: "", _submission: crypto.randomUUID() };
  let postedKind = kind;
  let slot = null;
  if (kind === "inquiry") fields.message = "분양 일정과 잔여 세대가 궁금합니다.";
  if (kind === "visit") {
    try {
      slot = await picker.pick();
    } catch (error) {
      return { kind, phone, outcome: "failed", status: error.page?.status ?? 0, error: error.page?.error, ms: error.page?.ms ?? 0 };
    }
    if (slot) Object.assign(fields, { message: "", visitDate: slot.day, visitSlot: slot.id });
    else postedKind = "interest";
  }
  const response = await client.postForm(ENDPOINTS[postedKind], fields);
  const answer = parseJson(response.text);
  const base = { kind: postedKind, wanted: kind, phone, status: response.status, error: response.error, ms: response.ms };
  if (response.status >= 200 && response.status < 300 && answer?.ok === true) return { ...base, outcome: "acknowledged" };
  if (postedKind === "visit" && response.status === 409) {
    picker.refused(slot);
    return { ...base, outcome: "refused" };
  }
  return { ...base, outcome: "failed" };
}

function parseJson(text) {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** Counts by kind and outcome, and the failures by status or error code. */
export function createTally() {
  const byKind = {};
  const failures = {};
  let fullyBooked = 0;
  return {
    add(result) {
      byKind[result.kind] ??= { acknowledged: 0, refused: 0, failed: 0 };
      byKind[result.kind][result.outcome] += 1;
      if (result.wanted === "visit" && result.kind !== "visit") fullyBooked += 1;
      if (result.outcome === "failed") {
        const reason = result.error ?? result.status;
        failures[reason] = (failures[reason] ?? 0) + 1;
      }
    },
    /** One line per kind, then the visitors who found every time taken. */
    lines() {
      const lines = Object.entries(byKind)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(
          ([kind, counts]) => `  ${kind.padEnd(8)} acknowledged ${counts.acknowledged}, refused ${counts.refused}, failed ${counts.failed}`,
        );
      if (fullyBooked > 0) lines.push(`  ${fullyBooked} visitors found every visit time taken and registered interest instead`);
      return lines;
    },
    get refused() {
      return Object.values(byKind).reduce((sum, counts) => sum + counts.refused, 0);
    },
    failures,
  };
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Opens the database a stopped server wrote to (never a PGlite folder while its server runs):
 * `databaseUrl` when the server was given one (DATABASE_URL, which it prefers to its folder), else
 * its PGlite folder; then reads every stored lead's phone with whether its text message is queued,
 * the visit bookings, and the outbox states.
 */
export async function readStoredLeads(dataDir, { databaseUrl = process.env.DATABASE_URL } = {}) {
  const db = await openStoredDatabase(dataDir, databaseUrl);
  try {
    const leads = await db.query(
      `select l.phone, l.kind, exists (select 1 from sms_outbox o where o.lead_id = l.id) as queued
       from leads l where l.spam = false`,
    );
    const bookings = await db.query("select phone from visit_bookings where status = 'booked'");
    // Places are counted under the slot's row lock (app/.server/visits/booking.ts); a thousand
    // visitors at once must never put more people in a slot than it holds.
    const overbooked = await db.query(
      `select count(*)::int as n from (
         select s.id from visit_slots s join visit_bookings b on b.slot_id = s.id
         where b.status in ('booked', 'visited', 'no_show') group by s.id, s.capacity having count(*) > s.capacity
       ) as over`,
    );
    const outbox = await db.query("select status, count(*)::int as n from sms_outbox group by status order by status");
    return {
      leads: new Map(leads.rows.map((row) => [row.phone, { kind: row.kind, queued: row.queued }])),
      leadsWithoutSms: leads.rows.filter((row) => !row.queued).length,
      bookedPhones: new Set(bookings.rows.map((row) => row.phone)),
      overbookedSlots: overbooked.rows[0].n,
      outbox: Object.fromEntries(outbox.rows.map((row) => [row.status, row.n])),
    };
  } finally {
    await db.close();
  }
}

/** Both clients answer `query(text)` with `{ rows }`; node-postgres closes with end(). */
async function openStoredDatabase(dataDir, databaseUrl) {
  if (!databaseUrl) return new PGlite(path.join(dataDir, "pglite"));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return { query: (text) => client.query(text), close: () => client.end() };
}

/**
 * Checks acknowledged leads (phone → kind) against the stored ones: each must be there, as that
 * kind, with its text message queued, and each acknowledged visit must hold its booking.
 */
export function checkAcknowledged(acknowledged, stored) {
  let present = 0;
  let withoutSms = 0;
  let wrongKind = 0;
  let visitsWithoutBooking = 0;
  for (const [phone, kind] of acknowledged) {
    const lead = stored.leads.get(phone);
    if (!lead) continue;
    present += 1;
    if (!lead.queued) withoutSms += 1;
    if (lead.kind !== kind) wrongKind += 1;
    if (kind === "visit" && !stored.bookedPhones.has(phone)) visitsWithoutBooking += 1;
  }
  return { present, lost: acknowledged.size - present, withoutSms, wrongKind, visitsWithoutBooking };
}
