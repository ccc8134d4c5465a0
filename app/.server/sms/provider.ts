import type { Env } from "../env.ts";
import { logProvider } from "./log.ts";
import { solapiProvider } from "./solapi.ts";
import { webhookProvider } from "./webhook.ts";

export interface SmsMessage {
  /** The outbox row id: the same message always has the same id, so a receiver can deduplicate. */
  id: number;
  /** Digits only. */
  to: string;
  text: string;
  purpose: "confirmation" | "staff" | "reminder";
}

export interface SmsReceipt {
  messageId?: string;
  /** The provider's answer, kept with the message. */
  response: string;
}

export interface SmsProvider {
  readonly name: string;
  /** Resolves once the provider has accepted the message; throws SmsDeliveryError otherwise. */
  send(message: SmsMessage, signal: AbortSignal): Promise<SmsReceipt>;
}

export class SmsDeliveryError extends Error {
  override name = "SmsDeliveryError";
  /** False when sending the same message again cannot help (a refused number, bad credentials). */
  readonly retryable: boolean;
  readonly response: string;
  constructor(message: string, { retryable, response }: { retryable: boolean; response?: string }) {
    super(message);
    this.retryable = retryable;
    this.response = response ?? message;
  }
}

/** The provider SMS_PROVIDER names; env.ts has already checked that its settings are present. */
export function smsProviderFromEnv(env: Env): SmsProvider {
  switch (env.SMS_PROVIDER) {
    case "webhook":
      return webhookProvider({ url: env.SMS_WEBHOOK_URL! });
    case "solapi":
      return solapiProvider({ apiKey: env.SOLAPI_API_KEY!, apiSecret: env.SOLAPI_API_SECRET!, sender: env.SMS_SENDER! });
    default:
      return logProvider();
  }
}

/** Cuts a provider's answer to a size worth keeping. */
export function truncate(text: string, max = 2000) {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
