import type { SmsPurpose } from "#app/vocabulary.ts";

/** What every SMS adapter (log, webhook, solapi) speaks: the message, the receipt, the failure. */

export interface SmsMessage {
  /** The outbox row id: the same message always has the same id, so a receiver can deduplicate. */
  id: number;
  /** Digits only. */
  to: string;
  text: string;
  purpose: SmsPurpose;
  /** The sending site's registered number (digits); the provider's default sender without one. */
  from?: string;
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

/** Cuts a provider's answer to a size worth keeping. */
export function truncate(text: string, max = 2000) {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
