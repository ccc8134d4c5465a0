import { and, asc, eq, gt, isNotNull, isNull, lt } from "drizzle-orm";
import { db } from "../db.ts";
import { logError } from "../log.ts";
import { smsOutbox } from "../schema.ts";
import type { DeliveryReport, SmsProvider } from "../sms/message.ts";
import { textChannel } from "../sms/templates.ts";

/**
 * Delivery receipts: the provider's report on each message it accepted (received, failed, or a
 * 알림톡 replaced by a text), by its webhook (app/routes/hooks/solapi.ts) or by polling. Recording
 * is idempotent: the first final report of a message stands, and a report sent twice, late, or by
 * both roads at once changes nothing more.
 */

/** Reports wait this long for the webhook before a worker asks for them. */
export const POLL_AFTER_MS = 5 * 60_000;
/** Carriers stop trying after about three days; a message with no report by then is not asked about again. */
export const POLL_UNTIL_MS = 3 * 24 * 60 * 60_000;

/** A final or interim report's state as the message keeps it. */
export function receiptColumns(report: DeliveryReport & { state: NonNullable<DeliveryReport["state"]> }, now: Date) {
  return {
    receiptState: report.state,
    receiptCode: report.code.slice(0, 16),
    receiptMessage: report.message?.slice(0, 300) ?? null,
    receiptAt: report.at ?? now,
  };
}

/** Applies reports to the messages they name; answers how many messages changed. */
export async function recordReceipts(reports: readonly DeliveryReport[], now = new Date()): Promise<number> {
  let changed = 0;
  for (const report of reports) {
    const named = eq(smsOutbox.providerMessageId, report.messageId);
    if (report.fellBack) {
      // The provider sends the same text instead: the message says so before (or with) its receipt.
      const replaced = and(named, eq(smsOutbox.channel, "alimtalk"), isNull(smsOutbox.receiptState));
      const [row] = await db().select({ body: smsOutbox.body }).from(smsOutbox).where(replaced);
      if (row) {
        const rows = await db()
          .update(smsOutbox)
          .set({ channel: report.fellBackTo ?? textChannel(row.body), fallbackReason: "alimtalk-failed" })
          .where(replaced)
          .returning({ id: smsOutbox.id });
        changed += rows.length;
      }
    }
    if (!report.state) continue;
    const rows = await db()
      .update(smsOutbox)
      .set(receiptColumns({ ...report, state: report.state }, now))
      .where(and(named, isNull(smsOutbox.receiptState)))
      .returning({ id: smsOutbox.id });
    changed += rows.length;
  }
  return changed;
}

/**
 * Asks the provider for the reports of its messages sent more than five minutes ago (and less than
 * three days) that have none yet, a hundred at a time. Several instances may poll at once: the
 * answers are the same and recording them twice changes nothing.
 */
export async function pollReceipts(provider: SmsProvider, { now = new Date(), limit = 100 } = {}): Promise<number> {
  if (!provider.reports) return 0;
  const waiting = await db()
    .select({ messageId: smsOutbox.providerMessageId })
    .from(smsOutbox)
    .where(
      and(
        eq(smsOutbox.status, "sent"),
        eq(smsOutbox.provider, provider.name),
        isNull(smsOutbox.receiptState),
        isNotNull(smsOutbox.providerMessageId),
        lt(smsOutbox.sentAt, new Date(now.getTime() - POLL_AFTER_MS)),
        gt(smsOutbox.sentAt, new Date(now.getTime() - POLL_UNTIL_MS)),
      ),
    )
    .orderBy(asc(smsOutbox.sentAt))
    .limit(limit);
  const ids = waiting.flatMap((row) => (row.messageId ? [row.messageId] : []));
  if (ids.length === 0) return 0;
  try {
    const reports = await provider.reports(ids, AbortSignal.timeout(15_000));
    return await recordReceipts(
      reports.filter((report) => ids.includes(report.messageId)),
      now,
    );
  } catch (error) {
    logError("SMS receipts: polling the provider failed, asking again at the next poll", error);
    return 0;
  }
}
