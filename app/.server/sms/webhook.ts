import { SmsDeliveryError, truncate, type SmsProvider } from "./message.ts";

/**
 * POSTs each message as JSON to SMS_WEBHOOK_URL (an in-house gateway, a Slack relay, a test
 * receiver). A 2xx answer means accepted. The Idempotency-Key header lets the receiver drop a
 * message it already has when a timed-out request is sent again.
 */
export function webhookProvider({ url, fetchImpl = fetch }: { url: string; fetchImpl?: typeof fetch }): SmsProvider {
  return {
    name: "webhook",
    async send(message, signal) {
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: "POST",
          headers: { "Content-Type": "application/json", "Idempotency-Key": `sms-${message.id}` },
          body: JSON.stringify({ id: message.id, to: message.to, from: message.from, text: message.text, purpose: message.purpose }),
          signal,
        });
      } catch (error) {
        throw new SmsDeliveryError(`webhook unreachable: ${error instanceof Error ? error.message : String(error)}`, {
          retryable: true,
        });
      }
      const body = truncate(await response.text().catch(() => ""));
      if (!response.ok) {
        // 408, 429 and 5xx are the receiver's trouble, worth another try; other 4xx will not change.
        const retryable = response.status >= 500 || response.status === 429 || response.status === 408;
        throw new SmsDeliveryError(`webhook answered ${response.status}`, {
          retryable,
          response: `${response.status} ${body}`,
        });
      }
      return { messageId: messageIdFrom(body), response: `${response.status} ${body}`.trim() };
    },
  };
}

function messageIdFrom(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object") {
      const id = "messageId" in parsed ? parsed.messageId : "id" in parsed ? parsed.id : undefined;
      if (typeof id === "string" || typeof id === "number") return String(id).slice(0, 128);
    }
  } catch {
    // Not JSON: the receiver gave no id.
  }
  return undefined;
}
