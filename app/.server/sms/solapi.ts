import crypto from "node:crypto";
import { SmsDeliveryError, truncate, type DeliveryReport, type SmsMessage, type SmsProvider } from "./message.ts";

/**
 * SOLAPI's messages API (v4), spoken directly over fetch: `POST /messages/v4/send-many/detail` to
 * send, `GET /messages/v4/list` to read reports, every request signed with the HMAC-SHA256 header
 * SOLAPI's SDKs send. A site's sender number (its pack's, else SMS_SENDER) must be registered with
 * SOLAPI. A 알림톡 goes with `kakaoOptions` (pfId, templateId, variables) and `disableSms: false`,
 * so SOLAPI itself sends the same text as SMS/LMS to a phone that cannot receive it. Tested
 * against a fake of the API on loopback (tests/solapi-fake.ts).
 */

export const SOLAPI_BASE_URL = "https://api.solapi.com";

/** SOLAPI's status codes that are not final: accepted (2000), handed to the carrier (3000). */
const IN_FLIGHT = new Set(["2000", "3000"]);
export const SOLAPI_DELIVERED = "4000";

/** `Authorization: HMAC-SHA256 apiKey=…, date=…, salt=…, signature=hex(HMAC-SHA256(secret, date + salt))`. */
export function solapiAuthorization(apiKey: string, apiSecret: string, now = new Date(), salt = crypto.randomBytes(16).toString("hex")) {
  const date = now.toISOString();
  const signature = crypto
    .createHmac("sha256", apiSecret)
    .update(date + salt)
    .digest("hex");
  return `HMAC-SHA256 apiKey=${apiKey}, date=${date}, salt=${salt}, signature=${signature}`;
}

export function solapiProvider({
  apiKey,
  apiSecret,
  sender,
  baseUrl = SOLAPI_BASE_URL,
  fetchImpl = fetch,
}: {
  apiKey: string;
  apiSecret: string;
  sender: string;
  baseUrl?: string;
  fetchImpl?: typeof fetch;
}): SmsProvider {
  const call = async (method: "GET" | "POST", path: string, signal: AbortSignal, body?: unknown) => {
    let response: Response;
    try {
      response = await fetchImpl(`${baseUrl}${path}`, {
        method,
        headers: { Authorization: solapiAuthorization(apiKey, apiSecret), "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (error) {
      throw new SmsDeliveryError(`solapi: ${error instanceof Error ? error.message : String(error)}`, { retryable: true });
    }
    const text = await response.text().catch(() => "");
    if (!response.ok) {
      // SOLAPI answers errors as {errorCode, errorMessage}; 429, 408 and 5xx are worth another try.
      const { errorCode, errorMessage } = parseObject(text);
      const retryable = response.status >= 500 || response.status === 429 || response.status === 408;
      const answer = JSON.stringify({
        status: response.status,
        errorCode: errorCode ?? null,
        errorMessage: errorMessage ?? truncate(text, 300),
      });
      throw new SmsDeliveryError(`solapi answered ${response.status} ${String(errorCode ?? "")}`.trim(), { retryable, response: answer });
    }
    return parseObject(text);
  };

  return {
    name: "solapi",
    async send(message, signal) {
      const answer = await call("POST", "/messages/v4/send-many/detail", signal, {
        messages: [solapiMessage(message, sender)],
        showMessageList: true,
      });
      const failed = Array.isArray(answer.failedMessageList)
        ? (answer.failedMessageList[0] as Record<string, unknown> | undefined)
        : undefined;
      if (failed) {
        throw new SmsDeliveryError(`solapi refused the message: ${String(failed.statusMessage)}`, {
          retryable: false,
          response: truncate(JSON.stringify(failed)),
        });
      }
      const groupInfo = (answer.groupInfo ?? {}) as Record<string, unknown>;
      const listed = Array.isArray(answer.messageList) ? (answer.messageList[0] as Record<string, unknown> | undefined) : undefined;
      const messageId = typeof listed?.messageId === "string" ? listed.messageId : undefined;
      return { messageId, response: truncate(JSON.stringify({ groupId: groupInfo.groupId ?? null, ...(groupInfo.count as object) })) };
    },
    async reports(messageIds, signal) {
      if (messageIds.length === 0) return [];
      const query = new URLSearchParams(messageIds.map((id) => ["messageIds", id]));
      query.set("limit", String(messageIds.length));
      const answer = await call("GET", `/messages/v4/list?${query}`, signal);
      return reportsFromSolapi(answer.messageList);
    },
  };
}

/** One message of send-many: text as SMS/LMS by length, or a 알림톡 whose text SOLAPI sends instead if it must. */
export function solapiMessage(message: SmsMessage, sender: string) {
  const base = { to: message.to, from: message.from ?? sender, text: message.text, customFields: { outboxId: String(message.id) } };
  if (message.channel === "alimtalk" && message.alimtalk) {
    const { pfId, templateCode, variables } = message.alimtalk;
    return { ...base, type: "ATA", kakaoOptions: { pfId, templateId: templateCode, variables, disableSms: false } };
  }
  return { ...base, autoTypeDetect: true };
}

/**
 * SOLAPI's message objects (its list's `messageList`, keyed by id or listed, or a webhook's
 * payload) as reports. A 알림톡 that failed is SOLAPI's to replace with a text (`disableSms: false`):
 * its report says so and waits for the text's, which its `replacements` carry when present.
 */
export function reportsFromSolapi(payload: unknown): DeliveryReport[] {
  const items = Array.isArray(payload)
    ? payload
    : payload && typeof payload === "object"
      ? "messageId" in payload
        ? [payload]
        : Object.values(payload)
      : [];
  return items.flatMap((item) => {
    const report = reportFromSolapi(item);
    return report ? [report] : [];
  });
}

function reportFromSolapi(item: unknown): DeliveryReport | null {
  if (!item || typeof item !== "object") return null;
  const message = item as Record<string, unknown>;
  const messageId = typeof message.messageId === "string" ? message.messageId : undefined;
  if (!messageId) return null;
  const code = String(message.statusCode ?? "");
  const at = dateOf(message.dateReceived) ?? dateOf(message.dateUpdated);
  const words =
    typeof message.reason === "string" ? message.reason : typeof message.statusMessage === "string" ? message.statusMessage : undefined;
  const replacement = Array.isArray(message.replacements)
    ? (message.replacements.at(-1) as Record<string, unknown> | undefined)
    : undefined;
  if (message.type === "ATA" && code && code !== SOLAPI_DELIVERED && !IN_FLIGHT.has(code)) {
    const replacementCode = replacement ? String(replacement.statusCode ?? "") : "";
    const fellBackTo = replacement?.type === "LMS" ? "lms" : replacement?.type === "SMS" ? "sms" : undefined;
    return { messageId, code: replacementCode || code, fellBack: true, fellBackTo, state: stateOf(replacementCode), message: words, at };
  }
  const fellBack = message.replacement === true || message.replacement === 1;
  const fellBackTo = message.type === "LMS" ? "lms" : message.type === "SMS" ? "sms" : undefined;
  return { messageId, code, state: stateOf(code), message: words, at, ...(fellBack ? { fellBack, fellBackTo } : {}) };
}

function stateOf(code: string): DeliveryReport["state"] {
  if (!code || IN_FLIGHT.has(code)) return null;
  return code === SOLAPI_DELIVERED ? "delivered" : "failed";
}

function dateOf(value: unknown) {
  if (typeof value !== "string") return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function parseObject(text: string): Record<string, unknown> & { errorCode?: unknown; errorMessage?: unknown } {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
