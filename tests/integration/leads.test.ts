import crypto from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, test } from "vitest";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { createLead, FOLD_WINDOW_MS, type NewLead } from "#app/.server/leads/create.ts";
import { backoffMs, deliverDueMessages, MAX_ATTEMPTS } from "#app/.server/outbox/worker.ts";
import { leadEvents, leads, smsOutbox } from "#app/.server/schema.ts";
import { leadHistory } from "#app/.server/leads/history.ts";
import { SmsDeliveryError, type SmsMessage, type SmsProvider } from "#app/.server/sms/message.ts";
import { consumeRateLimit } from "#app/.server/rate-limit.ts";
import { issueFormToken } from "#app/.server/form-tokens.ts";
import { LEAD_MESSAGES } from "#app/forms/lead.ts";
import { action as inquiryJsonAction } from "#app/routes/actions/inquiry.ts";
import { loader as interestLoader } from "#app/routes/actions/interest.ts";
import { loader as tokenLoader } from "#app/routes/actions/token.ts";
import { action as visitJsonAction } from "#app/routes/actions/visit.ts";
import { action as visitPageAction } from "#app/routes/site/customer.tsx";
import { action as inquiryPageAction } from "#app/routes/site/inquiry.tsx";
import { withTestDatabase } from "#tests/db.ts";
import {
  BROWSER,
  cookieFrom,
  filledForm,
  getArgs,
  pageOutcome,
  post,
  postArgs,
  SITE_URL,
  newLeadInput,
  submitJson,
} from "#tests/lead-requests.ts";

/** The success message, then the lead's receipt number (issue #28): "… 접수번호는 DG-20261125-0001입니다." */
const receipted = (message: string) =>
  new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} 접수번호는 DG-\\d{8}-\\d{4}입니다\\.$`);

const BASE_ENV = { SITE_URL, SESSION_SECRET: "leads-integration-test-secret-0123456789" };
setEnv(parseEnv(BASE_ENV));

withTestDatabase();

afterEach(() => setEnv(parseEnv(BASE_ENV)));

async function countRows(table: typeof leads | typeof smsOutbox) {
  const [row] = await db().select({ value: count() }).from(table);
  return row?.value ?? 0;
}

function newLead(overrides: Partial<NewLead> = {}): NewLead {
  return newLeadInput({ kind: "visit", clientId: "browser-a", ...overrides });
}

function recordingProvider(answer: (message: SmsMessage, call: number) => Promise<void> | void = () => {}) {
  const sent: SmsMessage[] = [];
  let calls = 0;
  const provider: SmsProvider = {
    name: "test",
    async send(message) {
      calls += 1;
      await answer(message, calls);
      sent.push(message);
      return { messageId: `test-${message.id}`, response: "accepted" };
    },
  };
  return { provider, sent, calls: () => calls };
}

// ---- accepting a lead -----------------------------------------------------------------------

describe("a registration", () => {
  test("is stored with the phone as digits, the consent version and time, its page and campaign, and its SMS queued", async () => {
    const form = filledForm("interest", { phone: "010-2345-6789" });
    const result = await submitJson("interest", form, {
      headers: { Cookie: "lead_source=s%3Dnaver%26m%3Dcpc%26c%3Dspring_open%26r%3Dsearch.naver.com" },
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ ok: true, message: expect.stringMatching(receipted(LEAD_MESSAGES.success)) });

    const [lead] = await db().select().from(leads);
    expect(lead).toMatchObject({
      kind: "interest",
      site: "daegu",
      name: "김하늘",
      phone: "01023456789",
      message: "",
      consentVersion: expect.stringMatching(/^2025-03-01\+[0-9a-f]{8}$/),
      sourcePath: "/Brand/intro",
      utmSource: "naver",
      utmMedium: "cpc",
      utmCampaign: "spring_open",
      referrerHost: "search.naver.com",
      userAgent: BROWSER,
      status: "new",
      spam: false,
      submissionId: form._submission,
    });
    expect(lead?.consentedAt).toBeInstanceOf(Date);

    const messages = await db().select().from(smsOutbox);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ leadId: lead?.id, purpose: "confirmation", recipient: "01023456789", status: "pending" });
    expect(messages[0]?.body).toContain("김*늘 고객님");
    expect(messages[0]?.body).not.toContain("김하늘");
    expect(messages[0]?.body).toContain("대구광역시 동구 동부로 000");
    expect(messages[0]?.body).toContain("1661-0000");
    expect(messages[0]?.body).toContain("수신거부");
  });

  test("of each kind answers with the spec's success message (the inquiry with a check mark)", async () => {
    expect((await submitJson("visit", filledForm("visit"))).body).toMatchObject({
      ok: true,
      message: expect.stringMatching(receipted(LEAD_MESSAGES.success)),
    });
    expect((await submitJson("inquiry", filledForm("inquiry"))).body).toMatchObject({
      ok: true,
      message: expect.stringMatching(receipted("등록이 완료되었습니다. 전문상담원이 곧 연락드립니다.")),
    });
    expect(await countRows(leads)).toBe(2);
  });

  test("also notifies each staff number, without the visitor's full name or number", async () => {
    setEnv(parseEnv({ ...BASE_ENV, SMS_STAFF_TO: "010-9000-0001,01090000002" }));
    await submitJson("visit", filledForm("visit", { name: "김하늘", phone: "01023456789" }));
    const staff = await db().select().from(smsOutbox).where(eq(smsOutbox.purpose, "staff"));
    expect(staff.map((message) => message.recipient).sort()).toEqual(["01090000001", "01090000002"]);
    expect(staff[0]?.body).toContain("김*늘");
    expect(staff[0]?.body).toContain("010-****-6789");
    expect(staff[0]?.body).not.toContain("23456789");
  });

  test("ignores fields it does not know", async () => {
    const result = await submitJson("visit", filledForm("visit", { status: "closed", spam: "true", admin: "1" }));
    expect(result.status).toBe(200);
    const [lead] = await db().select().from(leads);
    expect(lead).toMatchObject({ status: "new", spam: false });
  });
});

describe("invalid input", () => {
  test("gets 400 with a Korean message for each field, and nothing is stored", async () => {
    const result = await submitJson("visit", filledForm("visit", { name: " ", phone: "02-123-4567", consent: "" }));
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      ok: false,
      message: LEAD_MESSAGES.invalid,
      errors: {
        name: "이름을 입력해 주세요.",
        phone: "휴대폰 번호를 정확히 입력해 주세요. 예: 01012345678 또는 010-1234-5678",
        consent: "개인정보 수집·이용에 동의해 주세요.",
      },
    });
    expect(await countRows(leads)).toBe(0);
    expect(await countRows(smsOutbox)).toBe(0);
  });

  test("without consent is refused even when everything else is right", async () => {
    const { consent: _consent, ...withoutConsent } = filledForm("interest");
    const result = await submitJson("interest", withoutConsent);
    expect(result.status).toBe(400);
    expect(result.body.errors).toEqual({ consent: "개인정보 수집·이용에 동의해 주세요." });
    expect(await countRows(leads)).toBe(0);
  });

  test("over 32 KB is refused with 413 when Content-Length says so", async () => {
    const body = new URLSearchParams(filledForm("inquiry", { message: "가".repeat(12_000) })).toString();
    expect(body.length).toBeGreaterThan(32 * 1024);
    const response = await inquiryJsonAction(
      postArgs("/actions/inquiry", body, {
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(body.length) },
      }),
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ ok: false, message: LEAD_MESSAGES.tooLarge });
    expect(await countRows(leads)).toBe(0);
  });

  test("over 32 KB is refused with 413 when the body is streamed without a Content-Length", async () => {
    const chunk = new TextEncoder().encode(`message=${"a".repeat(8 * 1024)}`);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 8) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const args = postArgs("/actions/visit", stream, { headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(args.request.headers.get("Content-Length")).toBeNull();
    const response = await visitJsonAction(args);
    expect(response.status).toBe(413);
    expect(await countRows(leads)).toBe(0);
  });
});

// ---- keeping bots out -----------------------------------------------------------------------

describe("rate limits", () => {
  test("answer a sixth registration in a minute from one client with 429 and a Korean message; other clients go on", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await submitJson("inquiry", filledForm("inquiry"), { client: "198.51.100.1" })).status).toBe(200);
    }
    const refused = await submitJson("inquiry", filledForm("inquiry"), { client: "198.51.100.1" });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ ok: false, message: LEAD_MESSAGES.tooMany });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await countRows(leads)).toBe(5);

    expect((await submitJson("inquiry", filledForm("inquiry"), { client: "198.51.100.2" })).status).toBe(200);
    // Limits are per kind of form: the same client may still book a visit.
    expect((await submitJson("visit", filledForm("visit"), { client: "198.51.100.1" })).status).toBe(200);
  });

  test("count in windows that start at the first hit and end after their length", async () => {
    const rules = [{ name: "minute", limit: 2, windowMs: 60_000 }];
    const start = new Date("2025-05-01T09:00:59Z");
    const at = (ms: number) => new Date(start.getTime() + ms);
    expect((await consumeRateLimit("test:a", rules, at(0))).allowed).toBe(true);
    // One second later a clock-aligned minute has turned over; this window has not.
    expect((await consumeRateLimit("test:a", rules, at(1_000))).allowed).toBe(true);
    const third = await consumeRateLimit("test:a", rules, at(2_000));
    expect(third).toEqual({ allowed: false, retryAfterSeconds: 58 });
    expect((await consumeRateLimit("test:a", rules, at(60_000))).allowed).toBe(true);
  });

  test("apply the daily limit across many minutes", async () => {
    const rules = [
      { name: "minute", limit: 5, windowMs: 60_000 },
      { name: "day", limit: 30, windowMs: 24 * 60 * 60_000 },
    ];
    const start = Date.parse("2025-05-01T00:00:00Z");
    const results = [];
    for (let i = 0; i < 31; i++) results.push(await consumeRateLimit("test:day", rules, new Date(start + i * 61_000)));
    expect(results.slice(0, 30).every((result) => result.allowed)).toBe(true);
    expect(results[30]?.allowed).toBe(false);
    expect((await consumeRateLimit("test:day", rules, new Date(start + 24 * 60 * 60_000 + 1))).allowed).toBe(true);
  });

  test("are switched off by LEADS_RATE_LIMIT=off (browser tests, load scripts)", async () => {
    setEnv(parseEnv({ ...BASE_ENV, LEADS_RATE_LIMIT: "off" }));
    for (let i = 0; i < 7; i++) expect((await submitJson("interest", filledForm("interest"))).status).toBe(200);
  });
});

describe("a robot", () => {
  test("that fills the honeypot is answered as if it succeeded, stored as spam, and nobody is messaged", async () => {
    const result = await submitJson("visit", filledForm("visit", { _gotcha: "http://spam.example" }));
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ ok: true, message: expect.stringMatching(receipted(LEAD_MESSAGES.success)) });
    const [lead] = await db().select().from(leads);
    expect(lead).toMatchObject({ spam: true, spamReason: "honeypot" });
    expect(await countRows(smsOutbox)).toBe(0);
  });

  test("that submits within two seconds of the form being rendered is treated the same way", async () => {
    const result = await submitJson("interest", filledForm("interest", { _token: issueFormToken("daegu", "interest") }));
    expect(result.body).toMatchObject({ ok: true, message: expect.stringMatching(receipted(LEAD_MESSAGES.success)) });
    const [lead] = await db().select().from(leads);
    expect(lead).toMatchObject({ spam: true, spamReason: "too-fast" });
    expect(await countRows(smsOutbox)).toBe(0);
  });

  test("that posts without a valid form token (none, forged, or another form's) is treated the same way", async () => {
    const tokens = ["", `${Date.now().toString(36)}.forgedsignature000000`, issueFormToken("daegu", "visit", Date.now() - 10_000)];
    for (const token of tokens) {
      expect((await submitJson("inquiry", filledForm("inquiry", { _token: token }))).status).toBe(200);
    }
    const rows = await db().select({ spam: leads.spam, reason: leads.spamReason }).from(leads);
    expect(rows).toEqual(tokens.map(() => ({ spam: true, reason: "no-token" })));
    expect(await countRows(smsOutbox)).toBe(0);
  });

  test("is relaxed under E2E=1: no fill time and no token needed, but the honeypot still counts", async () => {
    setEnv(parseEnv({ ...BASE_ENV, E2E: "1" }));
    await submitJson("interest", filledForm("interest", { _token: "" }));
    await submitJson("interest", filledForm("interest", { _gotcha: "x" }));
    const rows = await db().select({ spam: leads.spam }).from(leads).orderBy(leads.id);
    expect(rows).toEqual([{ spam: false }, { spam: true }]);
  });
});

// ---- one lead per person and per submission ---------------------------------------------------

describe("repeats", () => {
  test("of one phone and kind from one browser within ten minutes fold into one lead, still answered with success", async () => {
    const phone = "010-3333-4444";
    const first = await submitJson("inquiry", filledForm("inquiry", { phone, message: "토요일 오전" }));
    const browser = { headers: { Cookie: cookieFrom(first.headers) } };
    expect(browser.headers.Cookie).toMatch(/^lead_client=\S+$/);
    const again = await submitJson("inquiry", filledForm("inquiry", { phone: "01033334444", message: "일요일도 괜찮아요" }), browser);
    expect(first.body.ok && again.body.ok).toBe(true);
    const rows = await db().select().from(leads);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.message).toBe("토요일 오전\n\n일요일도 괜찮아요");
    expect(await countRows(smsOutbox)).toBe(1);

    // Another kind of form is another lead.
    await submitJson("interest", filledForm("interest", { phone }), browser);
    expect(await countRows(leads)).toBe(2);
  });

  test("of one phone and form from two browsers within ten minutes are one lead and one text, its message untouched and the repeat in its history", async () => {
    const phone = "01033335555";
    const first = await submitJson("inquiry", filledForm("inquiry", { phone, message: "84B 관심 있습니다." }));
    const stranger = await submitJson(
      "inquiry",
      filledForm("inquiry", { phone, message: "계약 취소하겠습니다. 더 이상 연락하지 마세요.", marketing: "yes" }),
    );
    expect(cookieFrom(stranger.headers)).not.toBe(cookieFrom(first.headers));
    expect(stranger).toMatchObject({ status: 200, body: { ok: true } });
    const rows = await db().select().from(leads);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ message: "84B 관심 있습니다.", marketingConsentAt: null });
    expect(await countRows(smsOutbox)).toBe(1);
    const history = await leadHistory({ id: 0, role: "owner" }, [{ id: rows[0]!.id, site: "daegu", assigneeId: rows[0]!.assigneeId }]);
    expect(history.map((entry) => entry.sentence)).toContainEqual(
      expect.stringMatching(/^같은 번호로 다시 접수 \(다른 기기에서, 안내한 접수번호 DG-\d{8}-\d{4}\)$/),
    );
  });

  test("of one phone and form sent from several browsers at the same moment are one lead and one text", async () => {
    const phone = "01033336666";
    const answers = await Promise.all(
      ["203.0.113.7", "198.51.100.4", "192.0.2.9"].map((client) => submitJson("interest", filledForm("interest", { phone }), { client })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await countRows(leads)).toBe(1);
    expect(await countRows(smsOutbox)).toBe(1);
    const [lead] = await db().select().from(leads);
    const events = await db().select().from(leadEvents).where(eq(leadEvents.leadId, lead!.id));
    expect(events.filter((event) => event.kind === "resubmitted")).toHaveLength(2);
  });

  test("after the folding window make a new lead", async () => {
    const now = new Date("2025-05-01T10:00:00Z");
    const phone = "01055556666";
    expect((await createLead(newLead({ phone }), { now })).outcome).toBe("created");
    const within = new Date(now.getTime() + FOLD_WINDOW_MS - 1_000);
    expect((await createLead(newLead({ phone }), { now: within })).outcome).toBe("folded");
    const after = new Date(now.getTime() + FOLD_WINDOW_MS + 1_000);
    expect((await createLead(newLead({ phone }), { now: after })).outcome).toBe("created");
    expect(await countRows(leads)).toBe(2);
  });

  test("of one submission (a double click, a retried request) make one lead, even at the same moment", async () => {
    const form = filledForm("inquiry");
    const answers = await Promise.all([submitJson("inquiry", form), submitJson("inquiry", form), submitJson("inquiry", form)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const later = await submitJson("inquiry", form);
    expect(later.body).toMatchObject({ ok: true, message: expect.stringMatching(receipted(LEAD_MESSAGES.inquirySuccess)) });
    expect(await countRows(leads)).toBe(1);
    expect(await countRows(smsOutbox)).toBe(1);
  });

  test("of one submission make one lead even after the folding window, by the unique submission id", async () => {
    const submissionId = crypto.randomUUID();
    const now = new Date("2025-05-01T10:00:00Z");
    expect((await createLead(newLead({ submissionId }), { now })).outcome).toBe("created");
    const muchLater = new Date(now.getTime() + 2 * FOLD_WINDOW_MS);
    expect((await createLead(newLead({ submissionId }), { now: muchLater })).outcome).toBe("retried");
    const spamId = crypto.randomUUID();
    await createLead(newLead({ submissionId: spamId, spamReason: "honeypot" }));
    expect((await createLead(newLead({ submissionId: spamId, spamReason: "honeypot" }))).outcome).toBe("retried");
    expect(await countRows(leads)).toBe(2);
  });
});

describe("the lead and its SMS", () => {
  test("are committed together: when the outbox insert fails, the lead is not stored either", async () => {
    await db().execute(sql`create function refuse_sms() returns trigger language plpgsql as $$
      begin raise exception 'outbox unavailable'; end; $$`);
    await db().execute(sql`create trigger refuse_sms before insert on sms_outbox for each row execute function refuse_sms()`);
    try {
      await expect(createLead(newLead())).rejects.toMatchObject({ cause: { message: "outbox unavailable" } });
      expect(await countRows(leads)).toBe(0);
    } finally {
      await db().execute(sql`drop trigger refuse_sms on sms_outbox`);
      await db().execute(sql`drop function refuse_sms()`);
    }
  });

  test("a database failure is answered with the spec's failure message (500) and logged", async () => {
    const errors: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    await db().execute(sql`alter table leads rename to leads_away`);
    try {
      const result = await submitJson("visit", filledForm("visit"));
      expect(result.status).toBe(500);
      expect(result.body).toMatchObject({ ok: false, message: LEAD_MESSAGES.failed });
      expect(String(errors[0]?.[0])).toContain("Could not save a visit lead");
    } finally {
      await db().execute(sql`alter table leads_away rename to leads`);
      console.error = original;
    }
  });
});

// ---- pages without JavaScript ----------------------------------------------------------------

describe("a plain form post (no JavaScript)", () => {
  test("to /daegu/customer stores the reservation and redirects to the result (post/redirect/get)", async () => {
    const result = await pageOutcome(() => visitPageAction(post("/daegu/customer", filledForm("visit"))));
    expect(result).toMatchObject({ status: 303, location: expect.stringMatching(/^\/daegu\/customer\?done=1&receipt=DG-\d{8}-0001$/) });
    expect(await countRows(leads)).toBe(1);
  });

  test("that is invalid comes back with 400, the messages and what was typed", async () => {
    const result = await pageOutcome(() => visitPageAction(post("/daegu/customer", filledForm("visit", { name: "이도윤", phone: "123" }))));
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      errors: { phone: "휴대폰 번호를 정확히 입력해 주세요. 예: 01012345678 또는 010-1234-5678" },
      values: { name: "이도윤", phone: "123" },
    });
    expect(await countRows(leads)).toBe(0);
  });

  test("to an unknown site's customer page is a 404", async () => {
    const result = await pageOutcome(() => visitPageAction(post("/nowhere/customer", filledForm("visit"))));
    expect(result.status).toBe(404);
    expect(await countRows(leads)).toBe(0);
  });

  test("to /Promotion/Customer stores the inquiry and redirects to the result", async () => {
    const result = await pageOutcome(() => inquiryPageAction(post("/Promotion/Customer", filledForm("inquiry"))));
    expect(result).toMatchObject({ status: 303, location: "/Promotion/Customer?done=1" });
    const [lead] = await db().select().from(leads);
    expect(lead?.kind).toBe("inquiry");
  });
});

describe("the popup's setup", () => {
  test("hands out the consent wording, never cached", async () => {
    const response = await interestLoader(getArgs("/actions/interest"));
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const body = (await response.json()) as { consent: { version: string; purpose: string } };
    // The pack's version, then the hash of the policy as configured (app/.server/privacy.ts).
    expect(body.consent).toMatchObject({
      version: expect.stringMatching(/^2025-03-01\+[0-9a-f]{8}$/),
      purpose: "분양 상담 및 견본주택 방문 안내",
    });
  });

  test("a form drawn in the browser gets a fresh token for its kind, never cached", async () => {
    const response = tokenLoader(getArgs("/actions/token?form=visit"));
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const { token } = (await response.json()) as { token: string };
    expect(token).toMatch(/^[0-9a-z]+\.[\w-]{16}\.[\w-]{22}$/);
    const unknown = tokenLoader(getArgs("/actions/token?form=admin"));
    expect(unknown.status).toBe(400);
  });
});

// ---- the SMS worker --------------------------------------------------------------------------

describe("the SMS outbox worker", () => {
  test("sends each queued message once and records the provider's answer", async () => {
    await createLead(newLead());
    await createLead(newLead());
    const { provider, sent } = recordingProvider();
    const report = await deliverDueMessages({ provider, workerId: "w1" });
    expect(report).toMatchObject({ claimed: 2, sent: 2 });
    expect(sent).toHaveLength(2);
    const rows = await db().select().from(smsOutbox);
    for (const row of rows) {
      expect(row).toMatchObject({ status: "sent", attempts: 1, provider: "test", lastResponse: "accepted", lockedBy: null });
      expect(row.providerMessageId).toBe(`test-${row.id}`);
      expect(row.sentAt).toBeInstanceOf(Date);
    }
    expect((await deliverDueMessages({ provider, workerId: "w1" })).claimed).toBe(0);
  });

  test("retries after a failing provider with exponential backoff, then sends", async () => {
    await createLead(newLead());
    const now = new Date();
    const { provider, sent, calls } = recordingProvider((_message, call) => {
      if (call <= 2) throw new SmsDeliveryError("provider down", { retryable: true, response: "503 Service Unavailable" });
    });

    expect(await deliverDueMessages({ provider, workerId: "w1", now })).toMatchObject({ claimed: 1, retrying: 1 });
    let [row] = await db().select().from(smsOutbox);
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastResponse: "503 Service Unavailable" });
    expect(row?.nextAttemptAt.getTime()).toBe(now.getTime() + backoffMs(1));

    // Not due yet: nothing is claimed.
    expect((await deliverDueMessages({ provider, workerId: "w1", now: new Date(now.getTime() + 1_000) })).claimed).toBe(0);

    const second = new Date(now.getTime() + backoffMs(1));
    expect(await deliverDueMessages({ provider, workerId: "w1", now: second })).toMatchObject({ retrying: 1 });
    [row] = await db().select().from(smsOutbox);
    expect(row?.nextAttemptAt.getTime()).toBe(second.getTime() + backoffMs(2));
    expect(backoffMs(2)).toBe(2 * backoffMs(1));

    await deliverDueMessages({ provider, workerId: "w1", now: new Date(second.getTime() + backoffMs(2)) });
    [row] = await db().select().from(smsOutbox);
    expect(row).toMatchObject({ status: "sent", attempts: 3 });
    expect(calls()).toBe(3);
    expect(sent).toHaveLength(1);
  });

  test("gives up on a message the provider refuses, and after the last attempt", async () => {
    await createLead(newLead());
    const refusing = recordingProvider(() => {
      throw new SmsDeliveryError("invalid number", { retryable: false, response: "400 invalid recipient" });
    });
    expect(await deliverDueMessages({ provider: refusing.provider, workerId: "w1" })).toMatchObject({ failed: 1 });
    expect((await db().select().from(smsOutbox))[0]).toMatchObject({ status: "failed", lastResponse: "400 invalid recipient" });

    await createLead(newLead());
    const down = recordingProvider(() => {
      throw new Error("socket hang up");
    });
    let now = Date.now();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await deliverDueMessages({ provider: down.provider, workerId: "w1", now: new Date(now) });
      now += backoffMs(attempt);
    }
    const [last] = await db()
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.status, "failed"))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(last).toMatchObject({ attempts: MAX_ATTEMPTS, lastResponse: "socket hang up" });
    expect(down.calls()).toBe(MAX_ATTEMPTS);
  });

  test("never sends one message twice with two workers at once", async () => {
    for (let i = 0; i < 12; i++) await createLead(newLead());
    const { provider, sent } = recordingProvider(() => new Promise((resolve) => setTimeout(resolve, 5)));
    const drain = async (workerId: string) => {
      while ((await deliverDueMessages({ provider, workerId, batchSize: 3 })).claimed > 0) {
        // keep claiming until the outbox is empty
      }
    };
    await Promise.all([drain("instance-a"), drain("instance-b")]);
    const ids = sent.map((message) => message.id);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    const rows = await db().select({ status: smsOutbox.status, attempts: smsOutbox.attempts }).from(smsOutbox);
    expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
  });

  test("does not resend a message whose sender died mid-delivery: the expired claim ends as failed", async () => {
    await createLead(newLead());
    const now = new Date();
    await db()
      .update(smsOutbox)
      .set({ status: "sending", attempts: 1, lockedBy: "dead-process", lockedUntil: new Date(now.getTime() - 1) });
    const { provider, sent } = recordingProvider();
    const report = await deliverDueMessages({ provider, workerId: "w2", now });
    expect(report).toMatchObject({ abandoned: 1, claimed: 0 });
    expect(sent).toHaveLength(0);
    expect((await db().select().from(smsOutbox))[0]).toMatchObject({ status: "failed", lockedBy: null });
  });

  test("spam gets no message, and a provider outage never holds up or loses a lead", async () => {
    await createLead(newLead({ spamReason: "honeypot" }));
    expect(await countRows(smsOutbox)).toBe(0);
    const down = recordingProvider(() => {
      throw new SmsDeliveryError("down", { retryable: true });
    });
    await createLead(newLead());
    await deliverDueMessages({ provider: down.provider, workerId: "w1" });
    expect((await submitJson("visit", filledForm("visit"))).status).toBe(200);
    expect(await countRows(leads)).toBe(3);
  });
});
