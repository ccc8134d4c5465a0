import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { upsertAdmin } from "#app/.server/auth/admins.ts";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { FORM_TOKEN_LIFETIME_MS, issueFormToken } from "#app/.server/form-tokens.ts";
import { createLead, FOLD_WINDOW_MS } from "#app/.server/leads/create.ts";
import { describeError, loggablePath } from "#app/.server/log.ts";
import { leads, rateLimits, sessions, smsOutbox, spentFormTokens, visitBookings } from "#app/.server/schema.ts";
import { startSpamRecordsPruning } from "#app/.server/spam.ts";
import { unsealText } from "#app/.server/sealed.ts";
import { openVisitDays } from "#app/.server/visits/schedule.ts";
import { addDays, kstDay } from "#app/utils/kst.ts";
import { VISIT_MESSAGES } from "#app/forms/visit.ts";
import type { LeadKind } from "#app/vocabulary.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { withTestDatabase } from "#tests/db.ts";
import { addStaff, consoleCookie, type TestStaff } from "#tests/staff.ts";
import { BROWSER, uniquePhone } from "#tests/lead-requests.ts";

/**
 * The attacks on the public forms (issue #14), each sent as a browser or a script would, through
 * the whole app: body limits, origin checks, form tokens, folding, the text budget, the logs.
 */

withTestDatabase();
let app: TestApp;
const ADMIN = { email: "office@example.com", password: "staff password for tests" };
let office: TestStaff;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());
beforeEach(async () => {
  // The strict policy, as in production: tokens required, rate limits and the text budget on.
  // One proxy in front, so each test client can come from an address of its own.
  setEnv(parseEnv({ SITE_URL: app.origin, TRUST_PROXY: "1" }));
  office = await addStaff({ email: ADMIN.email, role: "owner" });
});

const JSON_PATH: Record<LeadKind, string> = { interest: "/actions/interest", visit: "/actions/visit", inquiry: "/actions/inquiry" };

function form(kind: LeadKind, fields: Record<string, string> = {}) {
  return {
    name: "김하늘",
    phone: uniquePhone(),
    ...(kind === "interest" ? {} : { message: "주차 가능한가요?" }),
    consent: "yes",
    _gotcha: "",
    _token: issueFormToken("daegu", kind, Date.now() - 3_000),
    _submission: crypto.randomUUID(),
    ...fields,
  };
}

/** A post as a browser on another address makes it (each test client gets its own rate limits). */
let client = 0;
function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  client += 1;
  return app.fetch(path, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Accept: "application/json",
      "User-Agent": BROWSER,
      "X-Forwarded-For": `203.0.113.${client % 250}`,
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

async function leadsOf(phone: string) {
  // In the order they were made: PostgreSQL answers an unordered select in whatever order its pages hold the rows.
  return db().select().from(leads).where(eq(leads.phone, phone)).orderBy(leads.id);
}

async function openSlot() {
  const day = addDays(kstDay(new Date()), 3);
  await openVisitDays("daegu", [day]);
  const [slot] = await db().query.visitSlots.findMany({ where: (slots, { eq: equals }) => equals(slots.day, day), limit: 1 });
  return { day, id: slot!.id };
}

/** Signed in with both factors (signing in is tests/integration/staff.test.ts's subject). */
function signIn() {
  return consoleCookie(office);
}

describe("a visitor's name", () => {
  test("that could carry a link or an instruction is refused with a Korean message, and nothing is stored or sent", async () => {
    const fields = form("visit", { name: "확인필요 evil.example/k" });
    const response = await post(JSON_PATH.visit, fields, { Origin: app.origin });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: Record<string, string> };
    expect(body.errors.name).toMatch(/^이름을 확인해 주세요\. 한글 또는 영문으로/);
    expect(await leadsOf(fields.phone)).toHaveLength(0);
  });

  test("reaches a text message only masked, and the message field never does", async () => {
    const fields = form("inquiry", { name: "Kim Ha-neul", message: "www.evil.example 로 연락 주세요" });
    expect((await post(JSON_PATH.inquiry, fields, { Origin: app.origin })).status).toBe(200);
    const [text] = await db().select().from(smsOutbox).where(eq(smsOutbox.recipient, fields.phone));
    expect(text!.body).toContain("K*********l 고객님");
    expect(text!.body).not.toContain("Kim");
    expect(text!.body).not.toContain("evil.example");
  });
});

describe("a post made by another site", () => {
  const crossSite = (origin: string) => [
    ["Origin", origin],
    ["Sec-Fetch-Site", "cross-site"],
  ];

  test.each(["/actions/interest", "/actions/visit", "/actions/inquiry", "/daegu/customer", "/Promotion/Customer"])(
    "to %s is refused with 403 before anything is stored or sent",
    async (path) => {
      const kind: LeadKind = path.includes("interest")
        ? "interest"
        : path.includes("visit") || (path.includes("customer") && path.startsWith("/daegu"))
          ? "visit"
          : "inquiry";
      const fields = form(kind);
      for (const [name, value] of crossSite("https://evil.example")) {
        const response = await post(path, fields, { [name!]: value! });
        expect(response.status, `${name}: ${value}`).toBe(403);
        expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      }
      expect(await leadsOf(fields.phone)).toHaveLength(0);
      expect(await db().select().from(smsOutbox)).toHaveLength(0);
    },
  );

  test("is refused when its origin differs only in scheme, port or userinfo", async () => {
    const { port } = app;
    for (const origin of [
      `https://localhost:${port}`,
      `http://localhost:${port + 1}`,
      `http://user@localhost:${port}`,
      "null",
      `http://localhost:${port}/`,
    ]) {
      expect((await post(JSON_PATH.interest, form("interest"), { Origin: origin })).status, origin).toBe(403);
      expect((await post("/admin/login", ADMIN, { Origin: origin, Accept: "text/html" })).status, `sign-in from ${origin}`).toBe(403);
    }
  });

  test("is not a post that names no origin (no script, an old browser): that one is judged by its token", async () => {
    const fields = form("interest");
    expect((await post(JSON_PATH.interest, fields)).status).toBe(200);
    expect(await leadsOf(fields.phone)).toMatchObject([{ spam: false }]);
    const tokenless = form("interest", { _token: "" });
    expect((await post(JSON_PATH.interest, tokenless)).status).toBe(200);
    expect(await leadsOf(tokenless.phone)).toMatchObject([{ spam: true, spamReason: "no-token" }]);
  });
});

describe("form tokens", () => {
  test("are spent by the submission that used them: the same token again is a replay, stored as spam with no text", async () => {
    const token = issueFormToken("daegu", "inquiry", Date.now() - 3_000);
    const first = form("inquiry", { _token: token });
    const replay = form("inquiry", { _token: token });
    expect((await post(JSON_PATH.inquiry, first, { Origin: app.origin })).status).toBe(200);
    expect((await post(JSON_PATH.inquiry, replay, { Origin: app.origin })).status).toBe(200);
    expect(await leadsOf(first.phone)).toMatchObject([{ spam: false }]);
    expect(await leadsOf(replay.phone)).toMatchObject([{ spam: true, spamReason: "replayed" }]);
    expect(await db().select().from(smsOutbox).where(eq(smsOutbox.recipient, replay.phone))).toHaveLength(0);
  });

  test("used twice by one submission (a double click) are not a replay", async () => {
    const fields = form("inquiry");
    await Promise.all([post(JSON_PATH.inquiry, fields, { Origin: app.origin }), post(JSON_PATH.inquiry, fields, { Origin: app.origin })]);
    expect(await leadsOf(fields.phone)).toMatchObject([{ spam: false }]);
  });

  test("expire after two hours and belong to the form that issued them", async () => {
    const expired = form("interest", { _token: issueFormToken("daegu", "interest", Date.now() - FORM_TOKEN_LIFETIME_MS - 1_000) });
    const otherForm = form("interest", { _token: issueFormToken("daegu", "visit", Date.now() - 3_000) });
    await post(JSON_PATH.interest, expired, { Origin: app.origin });
    await post(JSON_PATH.interest, otherForm, { Origin: app.origin });
    expect(await leadsOf(expired.phone)).toMatchObject([{ spam: true, spamReason: "expired" }]);
    expect(await leadsOf(otherForm.phone)).toMatchObject([{ spam: true, spamReason: "no-token" }]);
  });

  test("come with each answer, so the browser's next submission has its own", async () => {
    const response = await post(JSON_PATH.interest, form("interest"), { Origin: app.origin });
    expect(((await response.json()) as { token: string }).token).toMatch(/^[0-9a-z]+\.[\w-]{16}\.[\w-]{22}$/);
  });

  test("are put into each rendered page fresh, so a cached page still hands every visitor their own", async () => {
    const tokens = await Promise.all(
      [1, 2].map(async () => /name="_token" value="([^"]+)"/.exec(await (await app.fetch("/Promotion/Customer")).text())?.[1]),
    );
    expect(tokens[0]).toMatch(/^[0-9a-z]+\.[\w-]{16}\.[\w-]{22}$/);
    expect(tokens[0]).not.toBe(tokens[1]);
  });
});

describe("the text budget", () => {
  test("holds a phone's texts past three a day: the lead is stored and flagged, the text kept as held, never sent", async () => {
    const phone = uniquePhone();
    const start = Date.now() - 60 * 60_000;
    // Eleven minutes apart, so each is a lead of its own rather than a repeat folded into the first.
    for (let i = 0; i < 4; i++) {
      const now = new Date(start + i * (FOLD_WINDOW_MS + 60_000));
      await createLead(
        {
          kind: "inquiry",
          site: "daegu",
          name: "김하늘",
          phone,
          message: "",
          submissionId: crypto.randomUUID(),
          consentVersion: "test",
          sourcePath: "/",
          userAgent: BROWSER,
          spamReason: null,
          clientId: null,
          attribution: { utmSource: null, utmMedium: null, utmCampaign: null, referrerHost: null },
        },
        { now, textBudget: { perPhonePerDay: 3, confirmationsPerHour: 100 } },
      );
    }
    const stored = await leadsOf(phone);
    expect(stored).toHaveLength(4);
    expect(stored.map((lead) => lead.textsHeld)).toEqual([null, null, null, "phone-daily"]);
    const texts = await db().select().from(smsOutbox).where(eq(smsOutbox.recipient, phone)).orderBy(smsOutbox.id);
    expect(texts.map((text) => text.status)).toEqual(["pending", "pending", "pending", "held"]);
  });

  test("holds every text past the site's hourly ceiling", async () => {
    const budget = { perPhonePerDay: 3, confirmationsPerHour: 2 };
    const base = {
      kind: "inquiry" as const,
      site: "daegu",
      consentVersion: "test",
      sourcePath: "/",
      userAgent: "",
      spamReason: null,
      clientId: null,
    };
    const attribution = { utmSource: null, utmMedium: null, utmCampaign: null, referrerHost: null };
    const outcomes = [];
    for (let i = 0; i < 3; i++) {
      outcomes.push(
        await createLead(
          { ...base, attribution, submissionId: crypto.randomUUID(), name: "김하늘", phone: uniquePhone(), message: "" },
          { textBudget: budget },
        ),
      );
    }
    const held = await db().select().from(leads).where(eq(leads.textsHeld, "site-hourly"));
    expect(held).toHaveLength(1);
    expect(held[0]!.id).toBe(outcomes[2]!.outcome === "created" ? outcomes[2]!.leadId : -1);
  });
});

describe("a booking", () => {
  test("is changed and cancelled only through its personal link, which names nothing else", async () => {
    const slot = await openSlot();
    const fields = form("visit", { visitDate: slot.day, visitSlot: String(slot.id) });
    expect((await post(JSON_PATH.visit, fields, { Origin: app.origin })).status).toBe(200);
    const [booking] = await db().select().from(visitBookings).where(eq(visitBookings.phone, fields.phone));
    expect(booking!.linkToken).toMatch(/^[\w-]{22}$/);
    const [text] = await db().select().from(smsOutbox).where(eq(smsOutbox.bookingId, booking!.id));
    // Only the visitor's text carries the link; the outbox (which staff read) keeps it masked.
    expect(text!.body).not.toContain(booking!.linkToken);
    expect(unsealText(text!.sealedBody!)).toContain(`${app.origin}/daegu/visit/${booking!.linkToken}`);

    const page = await app.fetch(`/daegu/visit/${booking!.linkToken}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await app.fetch(`/daegu/visit/${booking!.id}`)).status).toBe(404);

    const [, later] = await db().query.visitSlots.findMany({ where: (slots, { eq: equals }) => equals(slots.day, slot.day), limit: 2 });
    const link = `/daegu/visit/${booking!.linkToken}`;
    const changed = await post(link, { intent: "change", visitSlot: String(later!.id) }, { Origin: app.origin, Accept: "text/html" });
    expect(changed.status).toBe(303);
    const [moved] = await db().select().from(visitBookings).where(eq(visitBookings.id, booking!.id));
    expect(moved).toMatchObject({ slotId: later!.id, status: "booked", linkToken: booking!.linkToken });
    const texts = await db().select().from(smsOutbox).where(eq(smsOutbox.bookingId, booking!.id)).orderBy(smsOutbox.id);
    expect(texts.map((row) => row.status)).toEqual(["withdrawn", "pending"]);
  });

  test.each(["2147483648", "-1", "1e309", "1.5", "abc"])(
    "moved through its link to a time numbered %s (no slot's id) answers 400 with a Korean message and stays put",
    async (visitSlot) => {
      const slot = await openSlot();
      const fields = form("visit", { visitDate: slot.day, visitSlot: String(slot.id) });
      await post(JSON_PATH.visit, fields, { Origin: app.origin });
      const [booking] = await db().select().from(visitBookings).where(eq(visitBookings.phone, fields.phone));
      const response = await post(
        `/daegu/visit/${booking!.linkToken}`,
        { intent: "change", visitSlot },
        { Origin: app.origin, Accept: "text/html" },
      );
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(VISIT_MESSAGES.chooseSlot);
      expect((await db().select().from(visitBookings).where(eq(visitBookings.id, booking!.id)))[0]).toMatchObject({
        slotId: slot.id,
        status: "booked",
      });
    },
  );

  test("link posted from another site is refused without a word in the log", async () => {
    const slot = await openSlot();
    const fields = form("visit", { visitDate: slot.day, visitSlot: String(slot.id) });
    await post(JSON_PATH.visit, fields, { Origin: app.origin });
    const [booking] = await db().select().from(visitBookings).where(eq(visitBookings.phone, fields.phone));
    const response = await post(
      `/daegu/visit/${booking!.linkToken}`,
      { intent: "cancel" },
      { Origin: "https://evil.example", Accept: "text/html" },
    );
    expect(response.status).toBe(403);
    expect((await db().select().from(visitBookings).where(eq(visitBookings.id, booking!.id)))[0]!.status).toBe("booked");
    // tests/setup/fail-on-console-error.ts fails the test on any console.error.
  });
});

describe("request bodies", () => {
  test.each(["/admin/login", "/daegu/press", JSON_PATH.visit, "/daegu/customer"])(
    "past the limit are refused with 413 at %s before anything reads them",
    async (path) => {
      const large = await app.fetch(path, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.origin },
        body: `email=${"a".repeat(200_000)}`,
      });
      expect(large.status).toBe(413);
      expect(large.headers.get("Cache-Control")).toBe("private, no-store");
      // Chunked, with no length to refuse up front: read up to the limit, then refused.
      const chunked = await app.fetch(path, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.origin, "Transfer-Encoding": "chunked" },
        body: Readable.from(
          (function* () {
            for (let i = 0; i < 64; i++) yield Buffer.alloc(16 * 1024, 97);
          })(),
        ),
      });
      expect(chunked.status).toBe(413);
    },
  );

  test("the lead endpoints answer a refused body in JSON, in Korean", async () => {
    const response = await app.fetch(JSON_PATH.inquiry, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "x".repeat(100_000),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ ok: false, message: "보내신 내용이 너무 큽니다. 내용을 줄여 다시 시도해 주세요." });
  });
});

describe("the console", () => {
  test("answers an impossible date with 400 and a message, never a database error", async () => {
    const cookie = await signIn();
    for (const path of [
      "/admin/leads?from=2026-02-31",
      "/admin/leads?to=2026-13-01",
      "/admin/visits?from=2026-02-30",
      "/admin/visits?day=2026-00-10",
      "/admin/leads/export?from=2026-02-31",
    ]) {
      const response = await app.fetch(path, { headers: { Cookie: cookie } });
      expect(response.status, path).toBe(400);
      expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
  });

  test("a new password ends every session of the account", async () => {
    await signIn();
    await signIn();
    expect(await db().select().from(sessions)).toHaveLength(2);
    await upsertAdmin(ADMIN.email, "another long password", { sites: ["daegu"] });
    expect(await db().select().from(sessions)).toHaveLength(0);
  });
});

describe("pages that echo what a visitor typed", () => {
  test("are never stored by a cache", async () => {
    const refused = await post("/daegu/customer", form("visit", { phone: "12345" }), { Origin: app.origin, Accept: "text/html" });
    expect(refused.status).toBe(400);
    expect(refused.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await refused.text()).toContain("12345");
  });
});

describe("the log", () => {
  test("never shows a query's parameters, a refused value or a link key", () => {
    const error = new Error("Failed query: select * from leads where name = $1 and phone = $2\nparams: 박서연,01012345678");
    error.cause = Object.assign(new Error('invalid input syntax for type date: "2026-02-31"'), { code: "22007" });
    const line = describeError(error);
    expect(line).not.toContain("박서연");
    expect(line).not.toContain("01012345678");
    expect(line).not.toContain("2026-02-31");
    expect(line).toContain("22007");
    expect(loggablePath("http://localhost/daegu/visit/YqTBSXsK-rAsqGLav8fHhA?x=1")).toBe("/daegu/visit/…");
  });
});

describe("the hourly pruning", () => {
  test("forgets rate-limit windows two days old and form tokens past their lifetime, and keeps the rest", async () => {
    const now = Date.now();
    await db()
      .insert(rateLimits)
      .values([
        { key: "prune-test:old", windowStartedAt: new Date(now - 3 * 24 * 60 * 60_000), hits: 4 },
        { key: "prune-test:recent", windowStartedAt: new Date(now - 60_000), hits: 1 },
      ]);
    await db()
      .insert(spentFormTokens)
      .values([
        { tokenId: "prune-test-old", submissionId: "a", spentAt: new Date(now - FORM_TOKEN_LIFETIME_MS - 2 * 60 * 60_000) },
        { tokenId: "prune-test-recent", submissionId: "b", spentAt: new Date(now - 60_000) },
      ]);
    const pruning = startSpamRecordsPruning({ firstRunMs: 0 });
    try {
      await vi.waitFor(async () => {
        const tokens = await db().select({ id: spentFormTokens.tokenId }).from(spentFormTokens);
        expect(tokens.map((token) => token.id)).not.toContain("prune-test-old");
      });
    } finally {
      await pruning.stop();
    }
    const windows = await db().select({ key: rateLimits.key }).from(rateLimits);
    expect(windows.map((window) => window.key)).toContain("prune-test:recent");
    expect(windows.map((window) => window.key)).not.toContain("prune-test:old");
    const tokens = await db().select({ id: spentFormTokens.tokenId }).from(spentFormTokens);
    expect(tokens.map((token) => token.id)).toContain("prune-test-recent");
  });
});
