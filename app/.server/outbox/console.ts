import { and, count, desc, eq, gt, inArray, lt } from "drizzle-orm";
import type { OutboxView } from "#app/forms/admin.ts";
import { TEXT_HOLD_REASONS, type OutboxStatus, type TextHoldReason } from "#app/vocabulary.ts";
import type { Admin } from "../auth/sign-in.ts";
import { db } from "../db.ts";
import { getEnv } from "../env.ts";
import { leads, smsOutbox } from "../schema.ts";
import { sitePack } from "../site.ts";
import { formatPhone, maskPhone } from "#app/utils/phone.ts";
import { advertisingSendTime } from "../sms/advertising.ts";
import { loggedOnly, providerAnswer, providerName, reportsDeliveries } from "../sms/answers.ts";
import { wakeOutboxWorker } from "./worker.ts";

/** The SMS outbox as the sales office sees it (/admin/notifications and a lead's page). */

export const outboxColumns = {
  id: smsOutbox.id,
  leadId: smsOutbox.leadId,
  purpose: smsOutbox.purpose,
  recipient: smsOutbox.recipient,
  body: smsOutbox.body,
  status: smsOutbox.status,
  attempts: smsOutbox.attempts,
  nextAttemptAt: smsOutbox.nextAttemptAt,
  provider: smsOutbox.provider,
  providerMessageId: smsOutbox.providerMessageId,
  lastResponse: smsOutbox.lastResponse,
  advertising: smsOutbox.advertising,
  sentAt: smsOutbox.sentAt,
  createdAt: smsOutbox.createdAt,
  channel: smsOutbox.channel,
  fallbackReason: smsOutbox.fallbackReason,
  receiptState: smsOutbox.receiptState,
  receiptCode: smsOutbox.receiptCode,
  receiptMessage: smsOutbox.receiptMessage,
  receiptAt: smsOutbox.receiptAt,
};

export type OutboxRow = Pick<typeof smsOutbox.$inferSelect, keyof typeof outboxColumns>;

/**
 * A message as the console shows it: whether it only went to the server log (the log provider:
 * "기록됨(미발송)", never "발송 완료"), the provider and its answer in Korean, the 08:00 an
 * advertising text waits for. `reveal: false` masks the number and hides the body (a counsellor
 * on a lead that is not theirs).
 */
export function presentOutboxMessage<Row extends OutboxRow>(
  message: Row,
  { reveal = true, now = new Date() }: { reveal?: boolean; now?: Date } = {},
) {
  const { lastResponse: _lastResponse, provider, providerMessageId, ...rest } = message;
  // The worker leaves advertising alone through the night, whatever its due time says.
  const due =
    message.advertising && message.status === "pending"
      ? advertisingSendTime(message.nextAttemptAt > now ? message.nextAttemptAt : now)
      : null;
  return {
    ...rest,
    recipient: reveal ? formatPhone(message.recipient) : maskPhone(message.recipient),
    body: reveal ? message.body : null,
    loggedOnly: loggedOnly(message),
    receiptExpected: reportsDeliveries(provider),
    provider: providerName(provider),
    // The log provider's "log-15" means nothing to anyone.
    providerMessageId: provider === "log" ? null : providerMessageId,
    answer: providerAnswer(message),
    /** An advertising text held through the night: "08:00 발송 예정". */
    sendsAt: due && due > now ? due : null,
  };
}

export type OutboxMessageView = ReturnType<typeof presentOutboxMessage<OutboxRow>>;

/** Whether the outbox only writes to the server log (SMS_PROVIDER=log): every outbox screen says so. */
export function textsAreNotSent() {
  return getEnv().SMS_PROVIDER === "log";
}

const VIEW_STATUSES: Record<OutboxView, OutboxStatus[]> = {
  pending: ["pending", "sending"],
  sent: ["sent"],
  failed: ["failed"],
  held: ["held"],
};

/** Messages newest first, optionally of one view (pending includes those being sent), paged by id. */
export async function listOutboxPage({
  site,
  view,
  beforeId,
  limit = 50,
}: {
  site: string;
  view?: OutboxView;
  beforeId?: number;
  limit?: number;
}) {
  const rows = await db()
    .select({ ...outboxColumns, leadName: leads.name, leadKind: leads.kind })
    .from(smsOutbox)
    .leftJoin(leads, eq(leads.id, smsOutbox.leadId))
    .where(
      and(
        eq(smsOutbox.site, site),
        view ? inArray(smsOutbox.status, VIEW_STATUSES[view]) : undefined,
        beforeId ? lt(smsOutbox.id, beforeId) : undefined,
      ),
    )
    .orderBy(desc(smsOutbox.id))
    .limit(limit + 1);
  const messages = rows.slice(0, limit);
  return {
    messages: messages.map((message) => presentOutboxMessage(message)),
    nextBeforeId: rows.length > limit ? messages.at(-1)?.id : undefined,
  };
}

export async function outboxCounts(site: string) {
  const rows = await db()
    .select({ status: smsOutbox.status, messages: count() })
    .from(smsOutbox)
    .where(eq(smsOutbox.site, site))
    .groupBy(smsOutbox.status);
  const of = (status: string) => rows.find((row) => row.status === status)?.messages ?? 0;
  return { pending: of("pending") + of("sending"), sent: of("sent"), failed: of("failed"), held: of("held") };
}

export interface HeldTextsSummary {
  /** Confirmations held in the last 24 hours, by why. */
  byReason: Record<TextHoldReason, number>;
  total: number;
  /** The site's hourly ceiling on confirmations of new leads (its content pack). */
  confirmationsPerHour: number;
}

/**
 * What the text budget held back in the last day, for the notice on the outbox page and the
 * dashboard: the leads are all stored, but these customers got no confirmation.
 */
export async function heldTextsSummary(site: string, now = new Date()): Promise<HeldTextsSummary> {
  const rows = await db()
    .select({ reason: smsOutbox.lastResponse, messages: count() })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.site, site), eq(smsOutbox.status, "held"), gt(smsOutbox.createdAt, new Date(now.getTime() - DAY_MS))))
    .groupBy(smsOutbox.lastResponse);
  const byReason = Object.fromEntries(
    TEXT_HOLD_REASONS.map((reason) => [reason, rows.find((row) => row.reason === reason)?.messages ?? 0]),
  ) as Record<TextHoldReason, number>;
  return {
    byReason,
    total: rows.reduce((sum, row) => sum + row.messages, 0),
    confirmationsPerHour: sitePack(site).leads.textBudget.confirmationsPerHour,
  };
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * Puts a failed message back in the queue with a fresh set of attempts and wakes this
 * instance's worker. Answers false unless the message exists and had failed.
 */
export async function retryFailedMessage(site: string, id: number, admin: Admin, now = new Date()) {
  const rows = await db()
    .update(smsOutbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: now, lockedBy: null, lockedUntil: null })
    .where(and(eq(smsOutbox.id, id), eq(smsOutbox.site, site), eq(smsOutbox.status, "failed")))
    .returning({ id: smsOutbox.id });
  if (rows.length === 0) return false;
  console.log(`Text message ${id} queued again by administrator ${admin.id}.`);
  wakeOutboxWorker();
  return true;
}
