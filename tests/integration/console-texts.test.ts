import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { textLead } from "#app/.server/leads/texts.ts";
import { deliverDueMessages } from "#app/.server/outbox/worker.ts";
import { auditLog, customers, leadEvents, leads, smsOutbox } from "#app/.server/schema.ts";
import { logProvider } from "#app/.server/sms/log.ts";
import { action as textActionRaw, loader as textLoaderRaw } from "#app/routes/admin/leads/lead-text.tsx";
import { loader as leadLoaderRaw } from "#app/routes/admin/leads/lead.tsx";
import { loader as notificationsLoaderRaw } from "#app/routes/admin/notifications.tsx";
import { outboxStatusLabel } from "#app/routes/admin/outbox-parts.tsx";
import { addDays, kstDay, kstInstant } from "#app/utils/kst.ts";
import { withTestDatabase } from "#tests/db.ts";
import { filledForm, submitJson } from "#tests/lead-requests.ts";
import { routeContext } from "#tests/route-context.ts";
import { addStaff, consoleCookie, type TestStaff } from "#tests/staff.ts";
import { viaConsole } from "#tests/console-call.ts";

const textAction = viaConsole(textActionRaw);
const textLoader = viaConsole(textLoaderRaw);
const leadLoader = viaConsole(leadLoaderRaw);
const notificationsLoader = viaConsole(notificationsLoaderRaw);

const SITE_URL = "http://localhost:3000";
setEnv(parseEnv({ SITE_URL, SESSION_SECRET: "texts-integration-test-secret-0123456789" }));

withTestDatabase();

let manager: TestStaff;
let counsellor: TestStaff;

beforeEach(async () => {
  manager = await addStaff({ email: "manager@example.com", role: "manager", name: "박지민" });
  counsellor = await addStaff({ email: "counsellor@example.com", role: "counsellor" });
});

const acting = (staff: TestStaff = manager) => ({ site: "daegu", actor: staff, clientAddress: "203.0.113.9" });
const kst = (iso: string) => new Date(`${iso}+09:00`);

function routeArgs(path: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  const request = new Request(new URL(path, SITE_URL), { ...init, headers });
  const id = /^\/admin\/leads\/(\d+)/.exec(new URL(request.url).pathname)?.[1];
  return { request, url: new URL(request.url), pattern: "", params: { id: id ?? "" }, context: routeContext(request.url) };
}

function post(path: string, fields: Record<string, string>, cookie: string) {
  return routeArgs(path, { method: "POST", body: new URLSearchParams(fields), headers: { Origin: SITE_URL }, cookie });
}

/** What a data function answered, whether it returned or threw. */
async function outcome(run: () => unknown) {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, headers: result.headers, data: undefined };
  if (result && typeof result === "object" && "type" in result && result.type === "DataWithResponseInit") {
    const { init, data } = result as unknown as { init: ResponseInit | null; data: unknown };
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), data };
  }
  return { status: 200, headers: new Headers(), data: result };
}

let phones = 0;
async function insertLead(values: Partial<typeof leads.$inferInsert> = {}) {
  phones += 1;
  const [row] = await db()
    .insert(leads)
    .values({
      submissionId: crypto.randomUUID(),
      kind: "interest",
      site: "daegu",
      name: "김하늘",
      phone: `0107777${String(phones).padStart(4, "0")}`,
      consentVersion: "test",
      consentedAt: new Date(),
      sourcePath: "/",
      ...values,
    })
    .returning();
  return row!;
}

async function outbox() {
  return db().select().from(smsOutbox).orderBy(smsOutbox.id);
}

describe("texts from a lead's page", () => {
  test("a manager texts a customer from the lead page; it waits in the outbox as a manual text, is in the lead's history and the access records", async () => {
    const cookie = await consoleCookie(manager);
    const lead = await insertLead();
    const page = await outcome(() => textLoader(routeArgs(`/admin/leads/${lead.id}/text`, { cookie })));
    const templates = (page.data as Awaited<ReturnType<typeof textLoader>>).texts.form!.templates;
    const thanks = templates.find((template) => template.key === "thanks")!;
    expect(thanks.text).toContain("김하늘 고객님");
    expect(thanks.text).toContain("담당: 박지민");

    const sent = await outcome(() =>
      textAction(post(`/admin/leads/${lead.id}/text`, { intent: "send", template: "thanks", body: `${thanks.text}\r\n` }, cookie)),
    );
    expect(sent.status).toBe(303);
    const [message] = await outbox();
    expect(sent.headers.get("Location")).toBe(`/admin/leads/${lead.id}?text=queued&message=${message!.id}#texts`);
    expect(message).toMatchObject({
      leadId: lead.id,
      purpose: "manual",
      sentBy: manager.id,
      recipient: lead.phone,
      status: "pending",
      advertising: false,
      body: thanks.text,
    });
    const events = await db().select().from(leadEvents).where(eq(leadEvents.leadId, lead.id));
    expect(events).toEqual([
      expect.objectContaining({ kind: "text-sent", actorId: manager.id, detail: { outboxId: message!.id, advertising: false } }),
    ]);
    const records = await db().select().from(auditLog).where(eq(auditLog.action, "lead.text"));
    expect(records).toEqual([expect.objectContaining({ adminId: manager.id, leadIds: [lead.id] })]);

    const leadPage = await outcome(() => leadLoader(routeArgs(`/admin/leads/${lead.id}`, { cookie })));
    const texts = (leadPage.data as Awaited<ReturnType<typeof leadLoader>>).texts;
    expect(texts.messages).toEqual([expect.objectContaining({ id: message!.id, purpose: "manual", body: thanks.text })]);
  });

  test("a counsellor cannot text a lead that is not theirs", async () => {
    const cookie = await consoleCookie(counsellor);
    const theirs = await insertLead({ assigneeId: manager.id });
    const unassigned = await insertLead();
    const mine = await insertLead({ assigneeId: counsellor.id });

    const toTheirs = await outcome(() =>
      textAction(post(`/admin/leads/${theirs.id}/text`, { intent: "send", body: "안녕하세요" }, cookie)),
    );
    expect(toTheirs.status).toBe(404);
    const toUnassigned = await outcome(() =>
      textAction(post(`/admin/leads/${unassigned.id}/text`, { intent: "send", body: "안녕하세요" }, cookie)),
    );
    expect(toUnassigned.status).toBe(403);
    const unassignedPage = await outcome(() => leadLoader(routeArgs(`/admin/leads/${unassigned.id}`, { cookie })));
    expect((unassignedPage.data as Awaited<ReturnType<typeof leadLoader>>).texts.form).toBeNull();
    expect(await outbox()).toEqual([]);

    const toMine = await outcome(() => textAction(post(`/admin/leads/${mine.id}/text`, { intent: "send", body: "안녕하세요" }, cookie)));
    expect(toMine.status).toBe(303);
    expect((await outbox()).map((row) => row.leadId)).toEqual([mine.id]);
  });

  test("a text too long for an LMS, or an empty one, is refused with the reason and nothing is queued", async () => {
    const cookie = await consoleCookie(manager);
    const lead = await insertLead();
    const long = await outcome(() => textAction(post(`/admin/leads/${lead.id}/text`, { intent: "send", body: "가".repeat(1001) }, cookie)));
    expect(long.status).toBe(400);
    expect(long.data).toMatchObject({ result: { error: { body: [expect.stringContaining("2,000바이트")] } } });
    const empty = await outcome(() => textAction(post(`/admin/leads/${lead.id}/text`, { intent: "send", body: "  " }, cookie)));
    expect(empty.status).toBe(400);
    expect(await outbox()).toEqual([]);
  });
});

describe("advertising texts", () => {
  test("an advertising text to a customer without marketing consent is refused", async () => {
    const cookie = await consoleCookie(manager);
    const lead = await insertLead();
    const refused = await outcome(() =>
      textAction(post(`/admin/leads/${lead.id}/text`, { intent: "send", body: "분양 소식", advertising: "yes" }, cookie)),
    );
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({ result: { error: { advertising: [expect.stringContaining("동의하지 않아")] } } });
    // An advertising template is advertising whether or not the box came with it.
    const byTemplate = await outcome(() =>
      textAction(post(`/admin/leads/${lead.id}/text`, { intent: "send", template: "remaining-units", body: "잔여세대 안내" }, cookie)),
    );
    expect(byTemplate.status).toBe(409);
    expect(await outbox()).toEqual([]);
  });

  test("consent on any of the customer's leads lets advertising through, until the office records their opt-out", async () => {
    const cookie = await consoleCookie(manager);
    const lead = await insertLead();
    await insertLead({ phone: lead.phone, kind: "visit", marketingConsentAt: kst("2026-11-20T10:00:00") });
    const at = kst("2026-11-23T14:00:00");
    expect(await textLead(acting(), lead.id, { body: "분양 소식", advertising: true, template: undefined }, at)).toMatchObject({
      outcome: "queued",
      sendsAt: null,
    });

    const optedOut = await outcome(() => textAction(post(`/admin/leads/${lead.id}/text`, { intent: "opt-out" }, cookie)));
    expect(optedOut.headers.get("Location")).toBe(`/admin/leads/${lead.id}?text=opted-out#texts`);
    const [customer] = await db()
      .select()
      .from(customers)
      .where(and(eq(customers.site, "daegu"), eq(customers.phone, lead.phone)));
    expect(customer?.marketingOptOutAt).toBeInstanceOf(Date);
    // What had not gone out yet does not go out; the customer is told the withdrawal went through.
    expect((await outbox()).map((row) => [row.purpose, row.status, row.advertising])).toEqual([
      ["manual", "withdrawn", true],
      ["opt-out", "pending", false],
    ]);
    const records = await db().select().from(auditLog).where(eq(auditLog.action, "consent.withdraw")).orderBy(auditLog.id);
    expect(records.at(-1)?.detail).toMatchObject({ via: "console" });

    const refused = await outcome(() =>
      textAction(post(`/admin/leads/${lead.id}/text`, { intent: "send", body: "분양 소식", advertising: "yes" }, cookie)),
    );
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({ result: { error: { advertising: [expect.stringContaining("수신을 거부")] } } });
    // Texts that are not advertising still go.
    const plain = await outcome(() =>
      textAction(post(`/admin/leads/${lead.id}/text`, { intent: "send", body: "내일 방문 확인드립니다." }, cookie)),
    );
    expect(plain.status).toBe(303);
  });

  test("an advertising text at 22:00 waits until 08:00 with (광고), the sender and the opt-out number", async () => {
    const lead = await insertLead({ marketingConsentAt: new Date() });
    // Tomorrow night, so the outbox page (which reads the clock) still sees the text waiting.
    const night = addDays(kstDay(new Date()), 1);
    const morning = addDays(night, 1);
    const at = kstInstant(night, "22:00");
    const result = await textLead(acting(), lead.id, { body: "84A 잔여세대 안내", advertising: true, template: undefined }, at);
    expect(result).toMatchObject({ outcome: "queued", sendsAt: kstInstant(morning, "08:00") });

    const [message] = await outbox();
    expect(message).toMatchObject({ advertising: true, status: "pending", nextAttemptAt: kstInstant(morning, "08:00") });
    expect(message!.body).toBe("(광고)[동대구 온빛채 센트럴]\n84A 잔여세대 안내\n무료수신거부 080-000-0000");

    const provider = logProvider(() => {});
    expect((await deliverDueMessages({ provider, workerId: "night", now: kstInstant(morning, "07:59") })).claimed).toBe(0);
    const cookie = await consoleCookie(manager);
    const page = await outcome(() => notificationsLoader(routeArgs("/admin/notifications", { cookie })));
    const shown = (page.data as Awaited<ReturnType<typeof notificationsLoader>>).messages[0]!;
    expect(outboxStatusLabel(shown)).toBe("08:00 발송 예정");

    expect((await deliverDueMessages({ provider, workerId: "morning", now: kstInstant(morning, "08:00") })).sent).toBe(1);
  });

  test("an advertising text that comes due again at night, by a retry, waits for the morning", async () => {
    const lead = await insertLead({ marketingConsentAt: new Date() });
    await db()
      .insert(smsOutbox)
      .values({
        site: "daegu",
        leadId: lead.id,
        purpose: "manual",
        recipient: lead.phone,
        body: "광고",
        advertising: true,
        nextAttemptAt: kst("2026-11-23T20:00:00"),
      });
    const provider = logProvider(() => {});
    expect((await deliverDueMessages({ provider, workerId: "late", now: kst("2026-11-23T21:30:00") })).claimed).toBe(0);
    expect((await deliverDueMessages({ provider, workerId: "early", now: kst("2026-11-24T08:00:00") })).claimed).toBe(1);
  });
});

describe("the outbox under the log provider", () => {
  test("under the log provider the outbox says texts are not sent and shows 기록됨(미발송)", async () => {
    const cookie = await consoleCookie(manager);
    const lead = await insertLead();
    await textLead(acting(), lead.id, { body: "안녕하세요", advertising: false, template: undefined });
    await deliverDueMessages({ provider: logProvider(() => {}), workerId: "test" });

    const page = await outcome(() => notificationsLoader(routeArgs("/admin/notifications", { cookie })));
    const data = page.data as Awaited<ReturnType<typeof notificationsLoader>>;
    expect(data.testMode).toBe(true);
    const [message] = data.messages;
    expect(outboxStatusLabel(message!)).toBe("기록됨(미발송)");
    expect(message).toMatchObject({ provider: "테스트 모드(발송 안 함)", providerMessageId: null });
    expect(message!.answer).toBe("테스트 모드라 서버 기록에만 남기고 고객에게 보내지 않았습니다.");
    expect(JSON.stringify(data)).not.toContain("written to the server log");

    const leadPage = await outcome(() => leadLoader(routeArgs(`/admin/leads/${lead.id}`, { cookie })));
    const texts = (leadPage.data as Awaited<ReturnType<typeof leadLoader>>).texts;
    expect(texts.testMode).toBe(true);
    expect(outboxStatusLabel(texts.messages[0]!)).toBe("기록됨(미발송)");
  });

  test("a provider's answers read in Korean, and an unknown one is labelled as the provider's", async () => {
    const cookie = await consoleCookie(manager);
    const lead = await insertLead();
    const rows = [
      { provider: "webhook", status: "failed" as const, lastResponse: "webhook unreachable: connect ECONNREFUSED" },
      { provider: "solapi", status: "sent" as const, lastResponse: '{"total":1,"sentTotal":0}' },
      { provider: "solapi", status: "failed" as const, lastResponse: '{"statusCode":"3059","statusMessage":"변작된 발신번호"}' },
      { provider: "other", status: "failed" as const, lastResponse: "<b>strange</b>" },
    ];
    for (const row of rows) {
      await db()
        .insert(smsOutbox)
        .values({ site: "daegu", leadId: lead.id, purpose: "manual", recipient: lead.phone, body: "안내", ...row });
    }
    const page = await outcome(() => notificationsLoader(routeArgs("/admin/notifications", { cookie })));
    const answers = (page.data as Awaited<ReturnType<typeof notificationsLoader>>).messages.map((message) => message.answer).reverse();
    expect(answers).toEqual([
      "문자 중계 서버에 연결하지 못했습니다. 잠시 뒤 다시 시도합니다.",
      "솔라피가 접수했습니다.",
      "솔라피가 이 문자를 거절했습니다: 변작된 발신번호",
      "업체 응답: <b>strange</b>",
    ]);
  });
});

describe("the optional marketing consent on the lead forms", () => {
  test("a form sent without it makes a lead without marketing consent; ticked, the lead keeps when", async () => {
    const without = await submitJson("interest", filledForm("interest"));
    expect(without.status).toBe(200);
    const ticked = await submitJson("inquiry", filledForm("inquiry", { marketing: "yes" }));
    expect(ticked.status).toBe(200);
    const rows = await db().select({ kind: leads.kind, marketingConsentAt: leads.marketingConsentAt }).from(leads).orderBy(leads.id);
    expect(rows).toEqual([
      { kind: "interest", marketingConsentAt: null },
      { kind: "inquiry", marketingConsentAt: expect.any(Date) },
    ]);
  });
});
