import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "#app/.server/db.ts";
import { enqueueOneSms } from "#app/.server/outbox/queue.ts";
import { deliverDueMessages } from "#app/.server/outbox/worker.ts";
import { messageTemplates, siteSettings, smsOutbox } from "#app/.server/schema.ts";
import { providerAnswer } from "#app/.server/sms/answers.ts";
import { SmsDeliveryError, type SmsMessage } from "#app/.server/sms/message.ts";
import { solapiAuthorization, solapiProvider } from "#app/.server/sms/solapi.ts";
import { withTestDatabase } from "#tests/db.ts";
import { startSolapiFake, type SolapiFake } from "#tests/solapi-fake.ts";

/**
 * The SOLAPI adapter (app/.server/sms/solapi.ts) against a fake of SOLAPI's messages API on
 * loopback (tests/solapi-fake.ts): what it sends for SMS, LMS and 알림톡, how it reads SOLAPI's
 * answers and error answers, and the reports it polls. Nothing leaves the machine.
 */

withTestDatabase();
let fake: SolapiFake;
beforeAll(async () => {
  fake = await startSolapiFake();
});
afterAll(() => fake.close());

const signal = new AbortController().signal;
const SENDER = "16610000";

function provider(secret = fake.apiSecret) {
  return solapiProvider({ apiKey: fake.apiKey, apiSecret: secret, sender: SENDER, baseUrl: fake.baseUrl });
}

const SHORT: SmsMessage = { id: 7, to: "01023456789", text: "[온빛채] 예약이 확인되었습니다.", purpose: "confirmation", channel: "sms" };
const ALIMTALK: SmsMessage = {
  ...SHORT,
  id: 8,
  channel: "alimtalk",
  alimtalk: { pfId: "KA01PF2611260000000000abcd", templateCode: "KA01TP_CONFIRM", variables: { "#{고객명}": "김*늘" } },
};

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SmsDeliveryError) return error;
    throw error;
  }
  throw new Error("expected the send to fail");
}

describe("sending through SOLAPI", () => {
  test("a text goes to send-many/detail signed with HMAC-SHA256 of the date and salt, and its message id is kept", async () => {
    const receipt = await provider().send(SHORT, signal);
    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({ method: "POST", path: "/messages/v4/send-many/detail" });
    expect(request.body).toEqual({
      messages: [{ to: SHORT.to, from: SENDER, text: SHORT.text, autoTypeDetect: true, customFields: { outboxId: "7" } }],
      showMessageList: true,
    });
    const [, date, salt, signature] = /date=([^,]+), salt=([^,]+), signature=([0-9a-f]+)$/.exec(request.authorization!)!;
    expect(signature).toBe(
      crypto
        .createHmac("sha256", fake.apiSecret)
        .update(date! + salt!)
        .digest("hex"),
    );
    expect(receipt.messageId).toMatch(/^M4V/);
    expect(fake.messages.get(receipt.messageId!)).toMatchObject({ type: "SMS", to: SHORT.to, from: SENDER });
    expect(providerAnswer({ provider: "solapi", lastResponse: receipt.response })).toBe("솔라피가 접수했습니다.");
  });

  test("the authorization header is the one SOLAPI documents, and a fresh salt signs each request", () => {
    const now = new Date("2026-11-26T01:00:00.000Z");
    const header = solapiAuthorization("KEY", "SECRET", now, "abc123");
    const expected = crypto.createHmac("sha256", "SECRET").update("2026-11-26T01:00:00.000Zabc123").digest("hex");
    expect(header).toBe(`HMAC-SHA256 apiKey=KEY, date=2026-11-26T01:00:00.000Z, salt=abc123, signature=${expected}`);
    expect(solapiAuthorization("KEY", "SECRET", now)).not.toBe(solapiAuthorization("KEY", "SECRET", now));
  });

  test("a 알림톡 carries the channel, template and variables, with SOLAPI's own text fallback left on", async () => {
    const receipt = await provider().send(ALIMTALK, signal);
    expect(fake.requests.at(-1)!.body).toMatchObject({
      messages: [
        {
          to: ALIMTALK.to,
          type: "ATA",
          text: ALIMTALK.text,
          kakaoOptions: {
            pfId: ALIMTALK.alimtalk!.pfId,
            templateId: "KA01TP_CONFIRM",
            variables: { "#{고객명}": "김*늘" },
            disableSms: false,
          },
        },
      ],
    });
    expect(fake.messages.get(receipt.messageId!)?.type).toBe("ATA");
  });

  test("a wrong secret is SOLAPI's 401, not worth retrying, and the console reads it in Korean", async () => {
    const error = await failure(provider("not-the-secret").send(SHORT, signal));
    expect(error.retryable).toBe(false);
    expect(JSON.parse(error.response)).toEqual({
      status: 401,
      errorCode: "SignatureDoesNotMatch",
      errorMessage: "서명이 일치하지 않습니다.",
    });
    expect(providerAnswer({ provider: "solapi", lastResponse: error.response })).toBe(
      "솔라피가 인증을 거절했습니다. API 키와 시크릿을 확인해 주세요 (응답 401 SignatureDoesNotMatch).",
    );
  });

  test.each([
    [
      400,
      { errorCode: "ValidationError", errorMessage: "to는 필수입니다." },
      false,
      "솔라피가 이 요청을 거절했습니다 (응답 400 ValidationError): to는 필수입니다.",
    ],
    [
      402,
      { errorCode: "NotEnoughBalance", errorMessage: "잔액이 부족합니다." },
      false,
      "솔라피 잔액이 부족해 보내지 못했습니다 (응답 402 NotEnoughBalance).",
    ],
    [
      429,
      { errorCode: "TooManyRequests", errorMessage: "요청이 너무 많습니다." },
      true,
      "솔라피에 문제가 있어 받지 못했습니다 (응답 429 TooManyRequests). 잠시 뒤 다시 시도합니다.",
    ],
    [
      503,
      { errorCode: "ServiceUnavailable", errorMessage: "점검 중" },
      true,
      "솔라피에 문제가 있어 받지 못했습니다 (응답 503 ServiceUnavailable). 잠시 뒤 다시 시도합니다.",
    ],
  ])("SOLAPI's %i answer is retried only when it may pass", async (status, body, retryable, words) => {
    fake.answerNext(status, body);
    const error = await failure(provider().send(SHORT, signal));
    expect(error.retryable).toBe(retryable);
    expect(providerAnswer({ provider: "solapi", lastResponse: error.response })).toBe(words);
  });

  test("a message SOLAPI lists as failed on arrival is refused for good", async () => {
    fake.refuse("01099998888", "1022", "수신번호 형식이 올바르지 않습니다.");
    const error = await failure(provider().send({ ...SHORT, to: "01099998888" }, signal));
    expect(error.retryable).toBe(false);
    expect(providerAnswer({ provider: "solapi", lastResponse: error.response })).toBe(
      "솔라피가 이 문자를 거절했습니다: 수신번호 형식이 올바르지 않습니다.",
    );
  });

  test("SOLAPI out of reach is worth another try", async () => {
    const unreachable = solapiProvider({ apiKey: "k", apiSecret: "s", sender: SENDER, baseUrl: "http://127.0.0.1:9" });
    expect((await failure(unreachable.send(SHORT, signal))).retryable).toBe(true);
  });
});

describe("reports from SOLAPI's message list", () => {
  test("received, failed with the carrier's code, still on its way, and a 알림톡 replaced by a text", async () => {
    const sent = await Promise.all(
      [SHORT, { ...SHORT, id: 9 }, { ...SHORT, id: 10 }, ALIMTALK].map((message) => provider().send(message, signal)),
    );
    const [received, failed, waiting, replaced] = sent.map((receipt) => receipt.messageId!);
    fake.report(received!, { statusCode: "4000" });
    fake.report(failed!, { statusCode: "3104", reason: "착신 가입자 없음" });
    fake.report(replaced!, { statusCode: "3018", replacements: [{ type: "LMS", statusCode: "4000" }] });

    const reports = await provider().reports!([received!, failed!, waiting!, replaced!], signal);
    const request = fake.requests.at(-1)!;
    expect(request.method).toBe("GET");
    expect(request.path).toBe("/messages/v4/list");
    expect(Object.fromEntries(reports.map((report) => [report.messageId, report]))).toEqual({
      [received!]: expect.objectContaining({ state: "delivered", code: "4000" }),
      [failed!]: expect.objectContaining({ state: "failed", code: "3104", message: "착신 가입자 없음" }),
      [waiting!]: expect.objectContaining({ state: null, code: "2000" }),
      [replaced!]: expect.objectContaining({ state: "delivered", code: "4000", fellBack: true, fellBackTo: "lms" }),
    });
  });
});

describe("the outbox through SOLAPI", () => {
  test("a 알림톡 SOLAPI refuses on arrival goes at once as the same text, and the console says why", async () => {
    await db()
      .insert(siteSettings)
      .values({ site: "daegu", values: { kakaoPfId: "KA01PF2611260000000000abcd" } });
    const [template] = await db()
      .insert(messageTemplates)
      .values({ site: "daegu", code: "KA01TP_STAFF", purpose: "staff", body: "#{현장명} 새 #{접수종류}: #{고객명}" })
      .returning();
    // SOLAPI refuses the 알림톡 on arrival (it does not know the number as a Kakao user); a text to it is fine.
    fake.refuse("01077776666", "3018", "카카오톡을 사용하지 않는 번호입니다.", "ATA");
    const { id } = await enqueueOneSms(db(), {
      site: "daegu",
      leadId: null,
      purpose: "staff",
      recipient: "01077776666",
      body: "[온빛채] 새 관심고객 등록: 김*늘",
      variables: { senderName: "[온빛채]", kindLabel: "관심고객 등록", maskedName: "김*늘" },
    });
    expect((await db().select().from(smsOutbox).where(eq(smsOutbox.id, id)))[0]).toMatchObject({
      channel: "alimtalk",
      templateId: template!.id,
    });
    await deliverDueMessages({ provider: provider(), workerId: "w1" });
    const [row] = await db().select().from(smsOutbox).where(eq(smsOutbox.id, id));
    expect(row).toMatchObject({ status: "sent", channel: "sms", fallbackReason: "alimtalk-refused", provider: "solapi" });
    const bodies = fake.requests.slice(-2).map((request) => (request.body as { messages: { type?: string }[] }).messages[0]!.type);
    expect(bodies).toEqual(["ATA", undefined]);
  });
});
