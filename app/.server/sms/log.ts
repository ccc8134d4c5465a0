import { maskPhone } from "#app/utils/phone.ts";
import type { SmsProvider } from "./message.ts";

const PHONE_IN_TEXT = /01\d[-\s]?\d{3,4}[-\s]?\d{4}/g;

/**
 * The default provider: nothing leaves the server. The message goes to the server log with every
 * phone number masked, and stays in the outbox for the administrator to read.
 */
export function logProvider(write: (line: string) => void = console.log): SmsProvider {
  return {
    name: "log",
    async send(message) {
      const text = message.text.replace(PHONE_IN_TEXT, (phone) => maskPhone(phone));
      write(`SMS #${message.id} (${message.purpose}) to ${maskPhone(message.to)}, not sent (SMS_PROVIDER=log):\n${text}`);
      return { messageId: `log-${message.id}`, response: "written to the server log" };
    },
  };
}
