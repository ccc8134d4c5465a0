import fs from "node:fs/promises";
import { smsLength } from "#app/forms/lead-text.ts";
import { maskPhone } from "#app/utils/phone.ts";
import type { DeliveryReport, SmsMessage, SmsProvider } from "./message.ts";

/** The log provider's answer, kept with each message (the console reads it as "기록됨(미발송)"). */
export const LOG_RESPONSE = "written to the server log";

/**
 * The default provider: nothing leaves the server. The log says that a message was not sent,
 * to whom (masked) and how long it was; its text stays in the outbox for staff to read (bearer
 * links masked), never in the log (names, links that cancel a booking).
 */
export function logProvider(write: (line: string) => void = console.log, { phoneFile }: { phoneFile?: string } = {}): SmsProvider {
  return {
    name: "log",
    async send(message) {
      // Browser tests only (E2E=1): the texts as the phones would get them, bearer links and all,
      // appended to a file in the test's own data folder, where a test reads its visitor's link.
      if (phoneFile)
        await fs.appendFile(phoneFile, `${JSON.stringify({ to: message.to, purpose: message.purpose, text: message.text })}\n`);
      write(
        `SMS #${message.id} (${message.purpose}) to ${maskPhone(message.to)}, ${[...message.text].length} characters: not sent (SMS_PROVIDER=log).`,
      );
      const messageId = `log-${message.id}`;
      return { messageId, response: LOG_RESPONSE, report: simulatedReport(messageId, message) };
    },
  };
}

/**
 * Numbers whose receipts the log provider makes up the same way every time, so the demo and the
 * tests see every state a real provider reports (README, "Receipts"). Any other number "receives"
 * the message on the channel it went by.
 */
export const LOG_TEST_NUMBERS = {
  /** 실패: 없는 번호. */
  noSuchNumber: "01000000001",
  /** The 알림톡 cannot be received: the text goes in its place and is received ("문자로 대체 발송 · 수신"). */
  noKakao: "01000000002",
  /** No report ever comes: the message stays "수신 확인 중". */
  noReport: "01000000003",
  /** 실패: 전송 시간 초과 (the phone was off). */
  phoneOff: "01000000004",
} as const;

function simulatedReport(messageId: string, message: SmsMessage): DeliveryReport | undefined {
  const at = new Date();
  const textChannel = smsLength(message.text).type === "SMS" ? "sms" : "lms";
  switch (message.to) {
    case LOG_TEST_NUMBERS.noSuchNumber:
      return { messageId, state: "failed", code: "3104", message: "없는 번호(모의)", at };
    case LOG_TEST_NUMBERS.phoneOff:
      return { messageId, state: "failed", code: "3040", message: "전송 시간 초과(모의)", at };
    case LOG_TEST_NUMBERS.noReport:
      return undefined;
    case LOG_TEST_NUMBERS.noKakao:
      if (message.channel === "alimtalk")
        return { messageId, state: "delivered", code: "4000", fellBack: true, fellBackTo: textChannel, at };
      return { messageId, state: "delivered", code: "4000", at };
    default:
      return { messageId, state: "delivered", code: "4000", at };
  }
}
