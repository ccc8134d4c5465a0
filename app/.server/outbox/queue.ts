import { and, eq, inArray } from "drizzle-orm";
import type { SmsPurpose } from "#app/vocabulary.ts";
import type { Executor } from "../db.ts";
import { smsOutbox } from "../schema.ts";

/**
 * Putting text messages in the outbox. Messages are written in the same transaction as the lead
 * they confirm, so a lead never exists without its message and a provider outage never loses or
 * delays a lead; worker.ts sends them.
 */

export interface OutgoingSms {
  leadId: number | null;
  /** Set for a visit booking's confirmation and reminder: cancelling the booking withdraws them if unsent. */
  bookingId?: number;
  purpose: SmsPurpose;
  recipient: string;
  body: string;
}

export async function enqueueSms(executor: Executor, messages: OutgoingSms[]) {
  if (messages.length > 0) await executor.insert(smsOutbox).values(messages);
}

/** Messages about these visit bookings that have not gone out yet are not sent (the booking was cancelled or moved). */
export async function withdrawBookingMessages(executor: Executor, bookingIds: number[]) {
  await executor
    .update(smsOutbox)
    .set({ status: "withdrawn" })
    .where(and(inArray(smsOutbox.bookingId, bookingIds), eq(smsOutbox.status, "pending")));
}
