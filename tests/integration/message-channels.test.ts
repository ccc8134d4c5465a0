import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { createLead, type NewLead } from "#app/.server/leads/create.ts";
import { leadHistory } from "#app/.server/leads/history.ts";
import { listOutboxPage } from "#app/.server/outbox/console.ts";
import { enqueueOneSms } from "#app/.server/outbox/queue.ts";
import { pollReceipts, POLL_AFTER_MS, recordReceipts } from "#app/.server/outbox/receipts.ts";
import { deliverDueMessages } from "#app/.server/outbox/worker.ts";
import { messageTemplates, siteSettings, smsOutbox } from "#app/.server/schema.ts";
import { LOG_TEST_NUMBERS, logProvider } from "#app/.server/sms/log.ts";
import { SmsDeliveryError, type DeliveryReport, type SmsMessage, type SmsProvider } from "#app/.server/sms/message.ts";
import { suggestedTemplates } from "#app/.server/sms/template-check.ts";
import { deliveryLabel, TEMPLATE_MESSAGES } from "#app/forms/message-templates.ts";
import type { AlimtalkPurpose } from "#app/vocabulary.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { renderedField } from "#tests/console-form-html.ts";
import { withTestDatabase } from "#tests/db.ts";
import { newLeadInput } from "#tests/lead-requests.ts";
import { addTeam, consoleCookie } from "#tests/staff.ts";

/**
 * Texts as Korean offices send them (issue #27, items 1–3): 알림톡 when the site's Kakao channel has
 * an approved template the text matches, SMS/LMS otherwise with the reason, and the receipts that
 * come back by SOLAPI's authenticated webhook or by polling, shown wherever the text is.
 */

const PF_ID = "KA01PF2611260000000000abcd";
const WEBHOOK_SECRET = "solapi-webhook-secret-0123456789abcdef";

withTestDatabase();
let app: TestApp;
let HERE: string;

beforeAll(async () => {
  app = await startTestApp();
  HERE = `http://here.localhost:${app.port}`;
});
afterAll(() => app.close());

beforeEach(() => {
  setEnv(parseEnv({ SITES: `daegu@${HERE}`, TRUST_PROXY: "1", SOLAPI_WEBHOOK_SECRET: WEBHOOK_SECRET }));
});

function newLead(overrides: Partial<NewLead> = {}): NewLead {
  return newLeadInput({ name: "김하늘", clientId: "browser-a", ...overrides });
}

async function connectKakao() {
  await db()
    .insert(siteSettings)
    .values({ site: "daegu", values: { kakaoPfId: PF_ID } });
}

/** Registers the template Kakao would have approved for the pack's own wording of the purpose. */
async function approveTemplate(purpose: AlimtalkPurpose = "confirmation", edit: (body: string) => string = (body) => body) {
  const [suggested] = await suggestedTemplates("daegu", purpose);
  const [row] = await db()
    .insert(messageTemplates)
    .values({ site: "daegu", code: `KA01TP_${purpose}_${crypto.randomBytes(3).toString("hex")}`, purpose, body: edit(suggested!.body) })
    .returning();
  return row!;
}

async function confirmationOf(leadId: number) {
  const [row] = await db().select().from(smsOutbox).where(eq(smsOutbox.leadId, leadId));
  return row!;
}

async function leadWithConfirmation(overrides: Partial<NewLead> = {}) {
  const outcome = await createLead(newLead(overrides), { staffRecipients: [], textBudget: null });
  if (outcome.outcome !== "created") throw new Error(outcome.outcome);
  return { leadId: outcome.leadId, text: await confirmationOf(outcome.leadId) };
}

function recordingProvider(answer: (message: SmsMessage) => void = () => {}) {
  const sent: SmsMessage[] = [];
  const provider: SmsProvider = {
    name: "test",
    async send(message) {
      sent.push(message);
      answer(message);
      return { messageId: `test-${message.id}-${sent.length}`, response: "accepted" };
    },
  };
  return { provider, sent };
}

async function historyLabel(leadId: number) {
  const entries = await leadHistory({ id: 0, role: "owner" } as never, [{ id: leadId, site: "daegu", assigneeId: null }]);
  return entries.find((entry) => entry.type === "text")?.textLabel;
}

describe("the channel a text goes by", () => {
  test("a confirmation goes as 알림톡 when the site's Kakao channel has an approved template its text matches", async () => {
    await connectKakao();
    const template = await approveTemplate();
    const { text } = await leadWithConfirmation();
    expect(text).toMatchObject({ channel: "alimtalk", templateId: template.id, fallbackReason: null });

    const { provider, sent } = recordingProvider();
    await deliverDueMessages({ provider, workerId: "w1" });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: "alimtalk", alimtalk: { pfId: PF_ID, templateCode: template.code } });
    expect(sent[0]!.alimtalk!.variables).toMatchObject({ "#{고객명}": "김*늘", "#{대표번호}": expect.stringMatching(/^[\d-]+$/) });
    // The same words whichever way it goes: the text is the template with the values filled in.
    expect(sent[0]!.text).toBe(text.body);
  });

  test("a confirmation goes as SMS/LMS without a template, and without a Kakao channel", async () => {
    const { text: withoutChannel } = await leadWithConfirmation();
    expect(withoutChannel).toMatchObject({ channel: "lms", templateId: null, fallbackReason: null });

    await connectKakao();
    const { text: withoutTemplate } = await leadWithConfirmation();
    expect(withoutTemplate).toMatchObject({ channel: "lms", templateId: null, fallbackReason: null });

    const { provider, sent } = recordingProvider();
    await deliverDueMessages({ provider, workerId: "w1" });
    expect(sent.map((message) => [message.channel, message.alimtalk])).toEqual([
      ["lms", undefined],
      ["lms", undefined],
    ]);
  });

  test("a text whose wording differs from the approved template is not sent as 알림톡, and the console says why", async () => {
    await connectKakao();
    await approveTemplate("confirmation", (body) => body.replace("고객님", "고객님!"));
    const { leadId, text } = await leadWithConfirmation({ phone: "01023450001" });
    expect(text).toMatchObject({ channel: "lms", fallbackReason: "template-mismatch" });

    const { provider, sent } = recordingProvider();
    await deliverDueMessages({ provider, workerId: "w1" });
    expect(sent[0]).toMatchObject({ channel: "lms" });
    expect(sent[0]!.alimtalk).toBeUndefined();
    await recordReceipts([{ messageId: `test-${text.id}-1`, state: "delivered", code: "4000" }]);
    const [shown] = (await listOutboxPage({ site: "daegu" })).messages;
    expect(shown).toMatchObject({ fallbackReason: "template-mismatch", receiptState: "delivered" });
    expect(await historyLabel(leadId)).toBe("발송 완료 · 문자로 대체 발송 · 수신");
  });

  test("a booking's confirmation matches its own template beside the lead's, bearer link and all", async () => {
    await connectKakao();
    const [, booked] = await suggestedTemplates("daegu", "confirmation");
    const [template] = await db()
      .insert(messageTemplates)
      .values({ site: "daegu", code: "KA01TP_BOOKED", purpose: "confirmation", body: booked!.body })
      .returning();
    const { id } = await enqueueOneSms(db(), {
      site: "daegu",
      leadId: null,
      purpose: "confirmation",
      recipient: "01023450002",
      body: booked!.body
        .replace("#{현장명}", "[동대구]")
        .replace("#{고객명}", "김*늘")
        .replace("#{방문일}", "12월 8일(화)")
        .replace("#{방문시간}", "14:00")
        .replace("#{견본주택주소}", "대구 동구")
        .replace("#{대표번호}", "1661-0000")
        .replace("#{예약링크}", "https://x/visit/secret")
        .replace("#{수신거부}", "무료수신거부 080-000-0000"),
      bearerLinks: ["https://x/visit/secret"],
      variables: {
        senderName: "[동대구]",
        maskedName: "김*늘",
        date: "12월 8일(화)",
        time: "14:00",
        modelHouseAddress: "대구 동구",
        salesPhone: "1661-0000",
        cancelUrl: "https://x/visit/secret",
        optOut: "무료수신거부 080-000-0000",
      },
    });
    const [row] = await db().select().from(smsOutbox).where(eq(smsOutbox.id, id));
    expect(row).toMatchObject({ channel: "alimtalk", templateId: template!.id });
    expect(row!.body).not.toContain("secret");

    const { provider, sent } = recordingProvider();
    await deliverDueMessages({ provider, workerId: "w1" });
    // The worker opens the sealed text and reads the link back into the template's variable.
    expect(sent[0]!.alimtalk!.variables["#{예약링크}"]).toBe("https://x/visit/secret");
  });

  test("advertising never goes as 알림톡, whatever templates the site has", async () => {
    await connectKakao();
    const template = await approveTemplate();
    const { id } = await enqueueOneSms(db(), {
      site: "daegu",
      leadId: null,
      purpose: "confirmation",
      recipient: "01023450003",
      body: template.body,
      advertising: true,
      variables: {},
    });
    const [row] = await db().select().from(smsOutbox).where(eq(smsOutbox.id, id));
    expect(row).toMatchObject({ channel: "lms", templateId: null });
  });

  test("a 알림톡 the provider refuses goes at once as the same text, and a retired template sends texts", async () => {
    await connectKakao();
    const template = await approveTemplate();
    const { text } = await leadWithConfirmation();
    const { provider, sent } = recordingProvider((message) => {
      if (message.channel === "alimtalk") throw new SmsDeliveryError("solapi refused the message: 템플릿 없음", { retryable: false });
    });
    await deliverDueMessages({ provider, workerId: "w1" });
    expect(sent.map((message) => message.channel)).toEqual(["alimtalk", "lms"]);
    expect(sent[1]!.text).toBe(sent[0]!.text);
    expect(await confirmationOf(text.leadId!)).toMatchObject({ status: "sent", channel: "lms", fallbackReason: "alimtalk-refused" });

    // Queued as 알림톡, but the office stopped using the template before it went.
    const { text: queued } = await leadWithConfirmation();
    expect(queued.channel).toBe("alimtalk");
    await db().update(messageTemplates).set({ status: "retired" }).where(eq(messageTemplates.id, template.id));
    const later = recordingProvider();
    await deliverDueMessages({ provider: later.provider, workerId: "w1" });
    expect(later.sent.map((message) => message.channel)).toEqual(["lms"]);
    expect(await confirmationOf(queued.leadId!)).toMatchObject({ channel: "lms", fallbackReason: "alimtalk-unavailable" });
  });
});

describe("receipts under the log provider's test numbers", () => {
  const log = logProvider(() => {});

  test.each([
    ["an ordinary number", "01023450010", true, "기록됨(미발송) · 모의 결과: 알림톡 수신"],
    [LOG_TEST_NUMBERS.noKakao, LOG_TEST_NUMBERS.noKakao, true, "기록됨(미발송) · 모의 결과: 문자로 대체 발송 · 수신"],
    [LOG_TEST_NUMBERS.noSuchNumber, LOG_TEST_NUMBERS.noSuchNumber, true, "기록됨(미발송) · 모의 결과: 실패: 없는 번호"],
    [
      LOG_TEST_NUMBERS.phoneOff,
      LOG_TEST_NUMBERS.phoneOff,
      false,
      "기록됨(미발송) · 모의 결과: 실패: 전송 시간 초과(휴대폰 꺼짐·통신 불가)",
    ],
    [LOG_TEST_NUMBERS.noReport, LOG_TEST_NUMBERS.noReport, true, "기록됨(미발송) · 모의 결과: 알림톡 · 수신 확인 중"],
  ])("%s reads as the lead's history says: %s", async (_name, phone, kakao, label) => {
    if (kakao) {
      await connectKakao();
      await approveTemplate();
    }
    const { leadId } = await leadWithConfirmation({ phone });
    await deliverDueMessages({ provider: log, workerId: "w1" });
    expect(await historyLabel(leadId)).toBe(label);
  });
});

describe("receipts by SOLAPI's webhook", () => {
  async function sentBySolapi(messageId: string, channel: "alimtalk" | "lms" = "lms") {
    const { leadId, text } = await leadWithConfirmation();
    await db()
      .update(smsOutbox)
      .set({ status: "sent", provider: "solapi", providerMessageId: messageId, sentAt: new Date(), channel })
      .where(eq(smsOutbox.id, text.id));
    return { leadId, id: text.id };
  }

  function hook(path: string, body: unknown, headers: Record<string, string> = {}) {
    return app.fetch(path, {
      method: "POST",
      headers: { Host: new URL(HERE).host, "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  }

  const report = (messageId: string, statusCode: string, extra: Record<string, unknown> = {}) => ({
    messageId,
    groupId: "G4V20261126000000",
    type: "LMS",
    to: "01023456789",
    statusCode,
    reason: statusCode === "4000" ? "수신 완료" : "착신 가입자 없음",
    dateReceived: "2026-11-26T01:02:03.000Z",
    ...extra,
  });

  test("an authenticated report reaches the console, and the same report again changes nothing", async () => {
    const { leadId } = await sentBySolapi("M4V00000000000001");
    const first = await hook(`/hooks/solapi/${WEBHOOK_SECRET}`, [report("M4V00000000000001", "3104")]);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true, recorded: 1 });
    const [shown] = (await listOutboxPage({ site: "daegu" })).messages;
    expect(shown).toMatchObject({ receiptState: "failed", receiptCode: "3104" });
    expect(deliveryLabel({ ...shown!, status: "sent", loggedOnly: false })).toBe("실패: 없는 번호");
    expect(await historyLabel(leadId)).toBe("발송 완료 · 실패: 없는 번호");

    // SOLAPI retries a report it thinks was lost; a late "received" never overturns the first word.
    const again = await hook("/hooks/solapi", [report("M4V00000000000001", "4000")], { Authorization: `Bearer ${WEBHOOK_SECRET}` });
    expect(await again.json()).toEqual({ ok: true, recorded: 0 });
    expect(await historyLabel(leadId)).toBe("발송 완료 · 실패: 없는 번호");
  });

  test("a 알림톡 SOLAPI replaced with a text reads 문자로 대체 발송 · 수신", async () => {
    const { leadId } = await sentBySolapi("M4V00000000000002", "alimtalk");
    const response = await hook(`/hooks/solapi/${WEBHOOK_SECRET}`, [
      report("M4V00000000000002", "3018", { type: "ATA", replacements: [{ type: "LMS", statusCode: "4000" }] }),
    ]);
    expect(response.status).toBe(200);
    expect(await historyLabel(leadId)).toBe("발송 완료 · 문자로 대체 발송 · 수신");
    const [row] = await db().select().from(smsOutbox).where(eq(smsOutbox.leadId, leadId));
    expect(row).toMatchObject({ channel: "lms", fallbackReason: "alimtalk-failed", receiptState: "delivered" });
  });

  test.each([
    ["without a secret", "/hooks/solapi", {}, 401],
    ["with a forged secret in the address", "/hooks/solapi/forged-secret-forged-secret-forged-00", {}, 403],
    ["with a forged bearer token", "/hooks/solapi", { Authorization: "Bearer forged-secret-forged-secret-forged-00" }, 403],
  ])("a report %s is refused and changes nothing", async (_name, path, headers, status) => {
    const { id } = await sentBySolapi("M4V00000000000003");
    const response = await hook(path, [report("M4V00000000000003", "4000")], headers);
    expect(response.status).toBe(status);
    const [row] = await db().select().from(smsOutbox).where(eq(smsOutbox.id, id));
    expect(row).toMatchObject({ receiptState: null, receiptCode: null, receiptAt: null });
  });

  test("without SOLAPI_WEBHOOK_SECRET the webhook takes no report at all", async () => {
    setEnv(parseEnv({ SITES: `daegu@${HERE}`, TRUST_PROXY: "1" }));
    await sentBySolapi("M4V00000000000004");
    const response = await hook(`/hooks/solapi/${WEBHOOK_SECRET}`, [report("M4V00000000000004", "4000")]);
    expect(response.status).toBe(401);
  });
});

describe("receipts by polling", () => {
  test("a worker asks for the reports of texts sent over five minutes ago without one, and asking twice changes nothing", async () => {
    const { leadId, text } = await leadWithConfirmation();
    const asked: string[][] = [];
    const provider: SmsProvider = {
      name: "solapi",
      async send(message) {
        return { messageId: `M4V-${message.id}`, response: "{}" };
      },
      async reports(ids) {
        asked.push(ids);
        return ids.map((messageId): DeliveryReport => ({ messageId, state: "delivered", code: "4000" }));
      },
    };
    await deliverDueMessages({ provider, workerId: "w1" });
    expect(await pollReceipts(provider)).toBe(0);
    expect(asked).toEqual([]);

    const later = new Date(Date.now() + POLL_AFTER_MS + 1_000);
    expect(await pollReceipts(provider, { now: later })).toBe(1);
    expect(asked).toEqual([[`M4V-${text.id}`]]);
    expect(await historyLabel(leadId)).toBe("발송 완료 · LMS 수신");
    expect(await pollReceipts(provider, { now: later })).toBe(0);
    expect(asked).toHaveLength(1);
  });
});

describe("the templates page", () => {
  let cookie: string;
  beforeEach(async () => {
    const team = await addTeam();
    cookie = await consoleCookie(team.manager);
  });

  function post(form: Record<string, string>, path = "/admin/templates") {
    return app.fetch(path, {
      method: "POST",
      headers: {
        Host: new URL(HERE).host,
        Origin: HERE,
        Cookie: cookie,
        Accept: "text/html",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(form).toString(),
    });
  }

  test("a template whose variables its purpose does not fill is refused beside the field, with every other problem", async () => {
    const response = await post({
      intent: "register",
      code: "KA01TP 공백",
      purpose: "reminder",
      body: "#{고객명}님, 담당 #{담당자}가 #{접수종류} 건으로 연락드립니다.",
      buttons: "전화하기",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(renderedField(html, "body").errors).toEqual([TEMPLATE_MESSAGES.unknownVariables("reminder", ["담당자", "접수종류"])]);
    expect(renderedField(html, "code")).toMatchObject({ invalid: true, errors: [TEMPLATE_MESSAGES.codeFormat] });
    expect(renderedField(html, "buttons").errors).toEqual([TEMPLATE_MESSAGES.buttonLine(1)]);
    expect(await db().select().from(messageTemplates)).toEqual([]);
  });

  test("a preview fills the template with the site's real values and says whether today's texts match it", async () => {
    const [suggested] = await suggestedTemplates("daegu", "confirmation");
    const response = await post({ intent: "preview", code: "", purpose: "confirmation", body: suggested!.body, buttons: "" });
    expect(response.status).toBe(200);
    const html = (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "");
    const shown = /class="template-preview-result"[\s\S]*?<pre[^>]*>([\s\S]*?)<\/pre>([\s\S]*?)<\/div>/.exec(html);
    const filled = shown![1]!.replaceAll("&amp;", "&");
    expect(filled).toContain("김*늘 고객님, 관심고객 등록이 완료되었습니다.");
    expect(filled).toContain("■ 분양문의: 1661-0000");
    expect(filled).not.toContain("#{");
    expect(shown![2]!.replace(/<[^>]+>/g, "")).toContain(
      "지금 보내는 문자와 같습니다: 관심고객 등록 확인, 방문예약 접수 확인, 고객문의 접수 확인",
    );
    expect(await db().select().from(messageTemplates)).toEqual([]);
  });

  test("the site's Kakao channel is set in the site settings, and a pfId that is not one is refused beside the field", async () => {
    const refused = await post({ intent: "save", kakaoPfId: "@온빛채" }, "/admin/site-settings");
    expect(refused.status).toBe(400);
    expect(renderedField(await refused.text(), "kakaoPfId").errors).toEqual([
      "pfId는 KA01PF로 시작하는 영문·숫자입니다. 솔라피 카카오 채널 관리 화면에서 복사해 주세요.",
    ]);
    const saved = await post({ intent: "save", kakaoPfId: PF_ID }, "/admin/site-settings");
    expect(saved.status).toBe(303);
    const { text } = await leadWithConfirmation();
    expect(text.channel).toBe("lms");
    await approveTemplate();
    expect((await leadWithConfirmation()).text.channel).toBe("alimtalk");
  });

  test("a registered template is listed in use; its code twice is refused beside the code", async () => {
    const form = {
      intent: "register",
      code: "KA01TP_REMINDER",
      purpose: "reminder",
      body: "#{고객명} 고객님, 내일 #{방문시간} 방문 예약입니다.",
      buttons: "",
    };
    const registered = await post(form);
    expect(registered.status).toBe(303);
    expect(await db().select({ code: messageTemplates.code, status: messageTemplates.status }).from(messageTemplates)).toEqual([
      { code: "KA01TP_REMINDER", status: "approved" },
    ]);
    const twice = await post(form);
    expect(twice.status).toBe(409);
    expect(renderedField(await twice.text(), "code").errors).toEqual([TEMPLATE_MESSAGES.codeTaken]);
  });
});
