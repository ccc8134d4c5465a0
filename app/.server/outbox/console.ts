import { and, count, desc, eq, inArray, lt } from "drizzle-orm";
import type { OutboxView } from "#app/forms/admin.ts";
import type { OutboxStatus } from "#app/vocabulary.ts";
import type { Admin } from "../auth.ts";
import { db } from "../db.ts";
import { leads, smsOutbox } from "../schema.ts";
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
  sentAt: smsOutbox.sentAt,
  createdAt: smsOutbox.createdAt,
};

const VIEW_STATUSES: Record<OutboxView, OutboxStatus[]> = {
  pending: ["pending", "sending"],
  sent: ["sent"],
  failed: ["failed"],
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
  return { messages, nextBeforeId: rows.length > limit ? messages.at(-1)?.id : undefined };
}

export async function outboxCounts(site: string) {
  const rows = await db()
    .select({ status: smsOutbox.status, messages: count() })
    .from(smsOutbox)
    .where(eq(smsOutbox.site, site))
    .groupBy(smsOutbox.status);
  const of = (status: string) => rows.find((row) => row.status === status)?.messages ?? 0;
  return { pending: of("pending") + of("sending"), sent: of("sent"), failed: of("failed") };
}

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
