import type { MessageChannel, ReceiptState, SmsPurpose } from "#app/vocabulary.ts";

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
  /** "alimtalk" with `alimtalk` set, else "sms" or "lms" (the provider may still pick by length). */
  channel: MessageChannel;
  /** A 알림톡's channel, template and its variables' values; the text falls back to SMS/LMS if it cannot be delivered. */
  alimtalk?: { pfId: string; templateCode: string; variables: Record<string, string> };
}

/** A provider's report on a message it accepted: received, failed, or still on its way (state null). */
export interface DeliveryReport {
  /** The provider's id of the message (SmsReceipt.messageId). */
  messageId: string;
  state: ReceiptState | null;
  /** The provider's status code ("4000", "3104" …). */
  code: string;
  /** The provider's own words for it. */
  message?: string;
  /** The 알림톡 could not be delivered and the provider sends (or sent) the text as SMS/LMS in its place. */
  fellBack?: boolean;
  /** The text channel it took then, when the provider says. */
  fellBackTo?: "sms" | "lms";
  at?: Date;
}

export interface SmsReceipt {
  messageId?: string;
  /** The provider's answer, kept with the message. */
  response: string;
  /** A report the provider gives at once (the log provider's simulated receipts). */
  report?: DeliveryReport;
}

export interface SmsProvider {
  readonly name: string;
  /** Resolves once the provider has accepted the message; throws SmsDeliveryError otherwise. */
  send(message: SmsMessage, signal: AbortSignal): Promise<SmsReceipt>;
  /** The current reports on messages it accepted, for polling; providers without reports leave it out. */
  reports?(messageIds: string[], signal: AbortSignal): Promise<DeliveryReport[]>;
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
