import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { sitePacks } from "#app/content/index.ts";
import { db, queryRows } from "../db.ts";
import { logError } from "../log.ts";
import { startPollingWorker, type PollingWorker } from "../polling-worker.ts";
import { unsealText } from "../sealed.ts";
import { inQuietHours } from "../sms/advertising.ts";
import { SmsDeliveryError, truncate, type DeliveryReport as ProviderReport, type SmsMessage, type SmsProvider } from "../sms/message.ts";
import { alimtalkRoute, readTemplateValues, textChannel } from "../sms/templates.ts";
import type { AlimtalkFallbackReason, MessageChannel } from "#app/vocabulary.ts";
import { pollReceipts, receiptColumns, recordReceipts } from "./receipts.ts";

/**
 * Sending the outbox. Workers (one per instance) claim due messages with FOR UPDATE SKIP LOCKED
 * and a lease, send them, and record the provider's answer.
 *
 * Delivery is at most once: a message is marked "sending" before the provider is called, and a
 * lease that runs out while "sending" (the process died mid-call, so the provider may or may not
 * have accepted it) ends as failed rather than sent again. Answers that certainly mean "not
 * accepted" (network errors, 5xx, timeouts) are retried with exponential backoff.
 */

export interface DeliveryOptions {
  provider: SmsProvider;
  workerId: string;
  now?: Date;
  batchSize?: number;
  /** How long a claim holds; longer than any send can take (sendTimeoutMs). */
  leaseMs?: number;
  sendTimeoutMs?: number;
  maxAttempts?: number;
}

export interface DeliveryReport {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
  abandoned: number;
}

export const MAX_ATTEMPTS = 6;

/** Kept with a message whose claim ran out while it was being sent (the console says it in Korean). */
export const ABANDONED_RESPONSE =
  "The sending process stopped during delivery, so whether the provider accepted it is unknown; not sent again to avoid a duplicate.";

/** Kept with a message whose sealed text no longer opens (the server's secret changed since it was queued). */
export const UNSEALABLE_RESPONSE = "The sealed text could not be opened with this server's secret; not sent.";

/** 30 s, 1 min, 2 min, 4 min … capped at an hour. */
export function backoffMs(attempt: number) {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 60 * 60_000);
}

interface ClaimedRow {
  id: number;
  site: string;
  recipient: string;
  body: string;
  /** The text with its bearer link, when `body` masks it (queue.ts). */
  sealed_body: string | null;
  purpose: SmsMessage["purpose"];
  attempts: number;
  channel: MessageChannel;
  template_id: number | null;
}

/** One pass: gives up on dead claims, claims up to batchSize due messages, sends them, records the outcome. */
export async function deliverDueMessages({
  provider,
  workerId,
  now = new Date(),
  batchSize = 10,
  leaseMs = 60_000,
  sendTimeoutMs = 15_000,
  maxAttempts = MAX_ATTEMPTS,
}: DeliveryOptions): Promise<DeliveryReport> {
  const [pass] = await queryRows<{ abandoned: number; claimed: ClaimedRow[] }>(
    db(),
    // The batch is chosen once, in a materialized CTE. Inside `where id in (…)` PostgreSQL may run
    // the choice again for each row of a nested loop, and a row locked again after this statement
    // updated it is skipped (it was "updated by us"), so every rescan took the next batch: a pass of
    // 10 once claimed all 100 of a campaign's queued texts (campaigns.test.ts, PostgreSQL only).
    sql`with abandoned as (${abandonExpiredClaims(now)}),
        due as materialized (
            select id from sms_outbox
            where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
              -- Advertising is never sent at night (정보통신망법 제50조), whatever brought it due: a retry, a late worker.
              ${inQuietHours(now) ? sql`and not advertising` : sql``}
              -- A lead in the bin gets no texts; restored within the week, its texts go out again.
              and not exists (select 1 from leads where leads.id = sms_outbox.lead_id and leads.deleted_at is not null)
            -- Everything else before advertising: a campaign's batch never makes a confirmation wait.
            order by advertising, next_attempt_at, id
            limit ${batchSize}
            for update skip locked
        ),
        claimed as (
          update sms_outbox
          set status = 'sending', attempts = attempts + 1, locked_by = ${workerId},
              locked_until = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz
          where id in (select id from due)
          returning id, site, recipient, body, sealed_body, purpose, attempts, channel, template_id)
        select (select count(*)::int from abandoned) as abandoned,
               coalesce((select json_agg(claimed) from claimed), '[]') as claimed`,
  );
  const { abandoned, claimed } = pass!;
  const report: DeliveryReport = { claimed: claimed.length, sent: 0, retrying: 0, failed: 0, abandoned };
  const outcomes = outcomeWriter(workerId, provider.name);
  await Promise.all(
    claimed.map(async (row) => {
      const outcome = await sendOne(provider, row, sendTimeoutMs);
      // The channel it went by, when that is not the one it was queued for (a 알림톡 sent as a text).
      const route = outcome.channel === row.channel ? null : { channel: outcome.channel, fallbackReason: outcome.fallbackReason };
      if (outcome.ok) {
        report.sent++;
        const given = outcome.receipt.report;
        // A report given with the answer (the log provider's) is kept with the message's new state.
        // A 알림톡 that fell back also changes the channel, which recordReceipts decides.
        const kept = given?.state && !given.fellBack && given.messageId === outcome.receipt.messageId ? given : null;
        const sentAt = new Date();
        outcomes.add(
          {
            id: row.id,
            status: "sent",
            route,
            sentAt,
            providerMessageId: outcome.receipt.messageId ?? null,
            lastResponse: outcome.receipt.response,
            receipt: kept?.state ? receiptColumns({ ...kept, state: kept.state }, sentAt) : null,
          },
          given && !kept ? given : null,
        );
      } else if (outcome.error.retryable && row.attempts < maxAttempts) {
        report.retrying++;
        outcomes.add({
          id: row.id,
          status: "pending",
          route: null,
          nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts)),
          lastResponse: outcome.error.response,
        });
      } else {
        report.failed++;
        outcomes.add({ id: row.id, status: "failed", route, lastResponse: outcome.error.response });
      }
    }),
  );
  await outcomes.written();
  return report;
}

/** A claimed message's new state after its attempt: sent, due again later, or failed for good. */
interface Outcome {
  id: number;
  status: "sent" | "pending" | "failed";
  /** The channel it went by and why, when not the one it was queued for. */
  route: { channel: MessageChannel; fallbackReason: AlimtalkFallbackReason | null } | null;
  lastResponse: string;
  sentAt?: Date;
  providerMessageId?: string | null;
  nextAttemptAt?: Date;
  receipt?: ReturnType<typeof receiptColumns> | null;
}

/**
 * Writes the outcomes of a pass's messages as their sends finish: the first at once, and those
 * that finish while a write is in flight together in the next (with a provider that answers at
 * once, two statements a pass instead of one a text, each a round trip a lead's transaction may
 * wait behind for a connection). A message is written as soon as the write before it is done, so
 * a crash leaves no more messages "sending" (failed once their claim runs out, never sent twice).
 */
function outcomeWriter(workerId: string, providerName: string) {
  let queued: { outcome: Outcome; report: ProviderReport | null }[] = [];
  let writing: Promise<void> | undefined;
  let failure: unknown;
  const drain = async () => {
    try {
      // Not deferred to gather more: on PGlite a write that waits a turn queues behind the leads
      // that arrived meanwhile, and its messages stay "sending" (failed, if the process dies) the longer.
      while (queued.length > 0) {
        const batch = queued;
        queued = [];
        await writeOutcomes(
          batch.map((entry) => entry.outcome),
          workerId,
          providerName,
        );
        const reports = batch.flatMap((entry) => (entry.report ? [entry.report] : []));
        if (reports.length > 0) await recordReceipts(reports);
      }
    } catch (error) {
      failure ??= error;
    } finally {
      // In the same turn as the loop's last look at the queue: an outcome added later starts a new drain.
      writing = undefined;
    }
  };
  return {
    add(outcome: Outcome, report: ProviderReport | null = null) {
      queued.push({ outcome, report });
      writing ??= drain();
    },
    /** Resolves once every outcome added is written; rejects with the first write that failed. */
    async written() {
      while (writing) await writing;
      if (failure) throw failure;
    },
  };
}

/** Each message's new state, if this worker still holds its claim; the claim is released. */
async function writeOutcomes(outcomes: Outcome[], workerId: string, providerName: string) {
  const rows = outcomes.map((outcome) => ({
    id: outcome.id,
    status: outcome.status,
    last_response: outcome.lastResponse,
    sent_at: outcome.sentAt?.toISOString() ?? null,
    provider_message_id: outcome.providerMessageId ?? null,
    next_attempt_at: outcome.nextAttemptAt?.toISOString() ?? null,
    rerouted: outcome.route !== null,
    channel: outcome.route?.channel ?? null,
    fallback_reason: outcome.route?.fallbackReason ?? null,
    receipt_state: outcome.receipt?.receiptState ?? null,
    receipt_code: outcome.receipt?.receiptCode ?? null,
    receipt_message: outcome.receipt?.receiptMessage ?? null,
    receipt_at: outcome.receipt?.receiptAt.toISOString() ?? null,
  }));
  await db().execute(
    sql`update sms_outbox as m
        set status = v.status, locked_by = null, locked_until = null, provider = ${providerName},
            last_response = v.last_response,
            sent_at = case when v.status = 'sent' then v.sent_at else m.sent_at end,
            provider_message_id = case when v.status = 'sent' then v.provider_message_id else m.provider_message_id end,
            next_attempt_at = coalesce(v.next_attempt_at, m.next_attempt_at),
            channel = case when v.rerouted then v.channel else m.channel end,
            fallback_reason = case when v.rerouted then v.fallback_reason else m.fallback_reason end,
            receipt_state = case when v.receipt_state is null then m.receipt_state else v.receipt_state end,
            receipt_code = case when v.receipt_state is null then m.receipt_code else v.receipt_code end,
            receipt_message = case when v.receipt_state is null then m.receipt_message else v.receipt_message end,
            receipt_at = case when v.receipt_state is null then m.receipt_at else v.receipt_at end
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(
          id integer, status text, last_response text, sent_at timestamptz, provider_message_id text,
          next_attempt_at timestamptz, rerouted boolean, channel text, fallback_reason text,
          receipt_state text, receipt_code text, receipt_message text, receipt_at timestamptz)
        where m.id = v.id and m.locked_by = ${workerId} and m.status = 'sending'`,
  );
}

type SendOutcome = { channel: MessageChannel; fallbackReason: AlimtalkFallbackReason | null } & (
  { ok: true; receipt: Awaited<ReturnType<SmsProvider["send"]>> } | { ok: false; error: SmsDeliveryError }
);

async function sendOne(provider: SmsProvider, row: ClaimedRow, timeoutMs: number): Promise<SendOutcome> {
  // Each site sends from its own registered number (its content pack), else SMS_SENDER.
  const from = sitePacks[row.site]?.leads.sms.senderNumber;
  // The real link is opened here, at the last moment, and goes nowhere but to the provider.
  const text = row.sealed_body === null ? row.body : unsealText(row.sealed_body);
  if (text === null) {
    return {
      ok: false,
      channel: row.channel,
      fallbackReason: null,
      error: new SmsDeliveryError(UNSEALABLE_RESPONSE, { retryable: false }),
    };
  }
  const asText = { id: row.id, to: row.recipient, text, purpose: row.purpose, from, channel: textChannel(text) } satisfies SmsMessage;
  if (row.channel !== "alimtalk" || row.template_id === null)
    return { ...(await attempt(provider, asText, timeoutMs)), fallbackReason: null };
  // The site's channel and the template are read again: either may have gone since the message was queued.
  const route = await alimtalkRoute(row.site, row.template_id);
  const variables = route ? readTemplateValues(route.templateBody, text) : null;
  if (!route || !variables) {
    const reason: AlimtalkFallbackReason = route ? "template-mismatch" : "alimtalk-unavailable";
    return { ...(await attempt(provider, asText, timeoutMs)), fallbackReason: reason };
  }
  const alimtalk: SmsMessage = {
    ...asText,
    channel: "alimtalk",
    alimtalk: { pfId: route.pfId, templateCode: route.templateCode, variables },
  };
  const outcome = await attempt(provider, alimtalk, timeoutMs);
  // A 알림톡 the provider refused outright (a template it does not know …) goes at once as the same text.
  if (!outcome.ok && !outcome.error.retryable)
    return { ...(await attempt(provider, asText, timeoutMs)), fallbackReason: "alimtalk-refused" };
  return { ...outcome, fallbackReason: null };
}

async function attempt(provider: SmsProvider, message: SmsMessage, timeoutMs: number) {
  try {
    const receipt = await provider.send(message, AbortSignal.timeout(timeoutMs));
    return { ok: true as const, channel: message.channel, receipt: { ...receipt, response: truncate(receipt.response) } };
  } catch (error) {
    const failure =
      error instanceof SmsDeliveryError
        ? error
        : new SmsDeliveryError(error instanceof Error ? error.message : String(error), { retryable: true });
    return { ok: false as const, channel: message.channel, error: failure };
  }
}

/**
 * Gives up on claims whose lease ran out while "sending" (see the top of this file), as a CTE of the
 * pass's claim: one statement a pass instead of two. The rows differ (these are "sending", the
 * claim takes "pending" ones), so neither part sees the other's change.
 */
function abandonExpiredClaims(now: Date) {
  return sql`update sms_outbox
             set status = 'failed', locked_by = null, locked_until = null, last_response = ${ABANDONED_RESPONSE}
             where status = 'sending' and locked_until < ${now.toISOString()}::timestamptz
             returning id`;
}

/** Texts a pass claims and sends at once. */
const BATCH_SIZE = 10;

/** How often a worker asks the provider for the reports that have not come by webhook. */
const RECEIPT_POLL_MS = 60_000;

/** `wake()` delivers now instead of at the next poll (called after a lead is saved). */
export type OutboxWorker = PollingWorker;

let running: OutboxWorker | undefined;

/** Nudges this process's worker, if one runs. */
export function wakeOutboxWorker() {
  running?.wake();
}

/**
 * Polls the outbox every `intervalMs` (and whenever woken) until stopped. Several instances may
 * each run one: claims never overlap. Errors (the database restarting) are logged and retried
 * at the next poll.
 */
export function startOutboxWorker({
  provider,
  intervalMs = 2_000,
  log = logError,
}: {
  provider: SmsProvider;
  intervalMs?: number;
  log?: (context: string, error: unknown) => void;
}): OutboxWorker {
  const workerId = `${process.pid}-${crypto.randomBytes(4).toString("hex")}`;
  let polledAt = 0;
  const worker = startPollingWorker({
    intervalMs,
    log,
    failure: "SMS outbox: delivery pass failed, retrying at the next poll",
    // Only a full batch may have left due texts behind: a text queued since the claim woke the worker
    // (createLead), which runs the pass again; without this, every pass ended with an empty claim.
    step: async () => (await deliverDueMessages({ provider, workerId, batchSize: BATCH_SIZE })).claimed === BATCH_SIZE,
    afterPass: async () => {
      if (provider.reports && Date.now() - polledAt >= RECEIPT_POLL_MS) {
        polledAt = Date.now();
        await pollReceipts(provider);
      }
    },
    onStop: (stopped) => {
      if (running === stopped) running = undefined;
    },
  });
  running = worker;
  return worker;
}
