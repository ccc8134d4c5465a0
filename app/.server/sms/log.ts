import fs from "node:fs/promises";
import { maskPhone } from "#app/utils/phone.ts";
import type { SmsProvider } from "./message.ts";

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
      return { messageId: `log-${message.id}`, response: LOG_RESPONSE };
    },
  };
}
