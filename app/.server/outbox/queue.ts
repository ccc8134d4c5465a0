import { and, eq, gt, inArray, notInArray, sql } from "drizzle-orm";
import { MASKED_LINK } from "#app/forms/admin.ts";
import type { SmsPurpose, TextHoldReason } from "#app/vocabulary.ts";
import { inSlices, type Executor } from "../db.ts";
import { sealText } from "../sealed.ts";
import { smsOutbox } from "../schema.ts";
import { chooseChannel } from "../sms/templates.ts";

/**
 * Putting text messages in the outbox. Messages are written in the same transaction as the lead
 * they confirm, so a lead never exists without its message and a provider outage never loses or
 * delays a lead; worker.ts sends them.
 */

export interface OutgoingSms {
  /** The site that sends it: its text budget, its console. */
  site: string;
  leadId: number | null;
  /** Set for a visit booking's confirmation and reminder: cancelling the booking withdraws them if unsent. */
  bookingId?: number;
  purpose: SmsPurpose;
  recipient: string;
  body: string;
  /**
   * Links in `body` that let whoever holds them in (an invitation, a booking's own page): the outbox
   * keeps the body with them masked, for every screen, and the real text sealed for the worker alone.
   */
  bearerLinks?: string[];
  /** Advertising content (app/.server/sms/advertising.ts): the worker never sends it 21:00–08:00. */
  advertising?: boolean;
  /** The person on the team who wrote it. */
  sentBy?: number;
  /** Not before this instant (an advertising text written at night waits until 08:00). */
  nextAttemptAt?: Date;
  /**
   * The values the pack's text was filled with ({maskedName} → "김*늘" …): with them an approved
   * 알림톡 template of the purpose can be checked against `body` (sms/templates.ts). Absent for
   * texts the team writes, which go as SMS/LMS.
   */
  variables?: Record<string, string>;
}

/** The site's limits on texts, from its content pack; null lifts them (LEADS_RATE_LIMIT=off, for tests and load scripts). */
export interface TextBudget {
  /** Confirmations one phone number may receive from this site in 24 hours. */
  perPhonePerDay: number;
  /** Confirmations the site may send in an hour. */
  confirmationsPerHour: number;
}

/**
 * The one purpose the budget counts and holds: a confirmation goes to whatever number a visitor
 * typed, so a script can aim it at strangers. Reminders follow a booking (one a day per phone),
 * and staff notes, invitations, the team's own texts and day-closed notices are the office's:
 * a flood of leads must never hold them.
 */
const BUDGETED: SmsPurpose = "confirmation";

/**
 * Queues messages in the caller's transaction. A confirmation past the site's text budget is
 * still stored, as "held" with the reason, and never sent: a form can't be used to flood a phone
 * or run up the office's bill, and the console shows why a customer got no text. Answers the
 * reason the customer's confirmation was held, if it was.
 */
export async function enqueueSms(
  executor: Executor,
  messages: OutgoingSms[],
  { budget = null, now = new Date() }: { budget?: TextBudget | null; now?: Date } = {},
): Promise<TextHoldReason | null> {
  if (messages.length === 0) return null;
  // Nothing the budget counts (an import's assignment notes, the staff's own texts): nothing to
  // count before each, so all of them in a statement per ROWS_PER_STATEMENT.
  if (!budget || !messages.some((message) => message.purpose === BUDGETED)) {
    const rows = [];
    for (const message of messages) rows.push(await outboxRow(executor, message, null, now));
    for (const slice of inSlices(rows)) await executor.insert(smsOutbox).values(slice);
    return null;
  }
  let heldForCustomer: TextHoldReason | null = null;
  // One at a time: rows of this batch count against the budget of the next ones.
  for (const message of messages) {
    const { held } = await enqueueOneSms(executor, message, { budget, now });
    heldForCustomer ??= held;
  }
  return heldForCustomer;
}

/** Queues one message as enqueueSms does, answering its outbox id and why it was held, if it was. */
export async function enqueueOneSms(
  executor: Executor,
  message: OutgoingSms,
  { budget = null, now = new Date() }: { budget?: TextBudget | null; now?: Date } = {},
): Promise<{ id: number; held: TextHoldReason | null }> {
  const held = budget && message.purpose === BUDGETED ? await overBudget(executor, message, budget, now) : null;
  const [row] = await executor
    .insert(smsOutbox)
    .values(await outboxRow(executor, message, held, now))
    .returning({ id: smsOutbox.id });
  return { id: row!.id, held };
}

/** The outbox row of a message: its channel unless held, its bearer links masked (the real text sealed). */
async function outboxRow(executor: Executor, message: OutgoingSms, held: TextHoldReason | null, now: Date) {
  const { bearerLinks = [], variables: _variables, ...stored } = message;
  const channel = held ? {} : await chooseChannel(executor, message);
  const carriesBearerLink = bearerLinks.some((link) => message.body.includes(link));
  const texts = carriesBearerLink ? { body: maskLinks(message.body, bearerLinks), sealedBody: sealText(message.body) } : {};
  return { ...stored, ...texts, ...channel, createdAt: now, ...(held ? { status: "held" as const, lastResponse: held } : {}) };
}

/** The body as every screen shows it: each bearer link replaced by "(링크 가림)". */
export function maskLinks(body: string, links: string[]) {
  return links.reduce((masked, link) => masked.replaceAll(link, MASKED_LINK), body);
}

async function overBudget(executor: Executor, message: OutgoingSms, budget: TextBudget, now: Date): Promise<TextHoldReason | null> {
  const counted = and(
    notInArray(smsOutbox.status, ["held", "withdrawn"]),
    eq(smsOutbox.site, message.site),
    eq(smsOutbox.purpose, BUDGETED),
  );
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60_000);
  const hourAgo = new Date(now.getTime() - 60 * 60_000);
  // Both counts in one statement: every lead asks this inside its transaction (issue #32).
  const [counts] = await executor
    .select({
      toPhone: sql<number>`count(*) filter (where ${eq(smsOutbox.recipient, message.recipient)})`.mapWith(Number),
      fromSite: sql<number>`count(*) filter (where ${gt(smsOutbox.createdAt, hourAgo)})`.mapWith(Number),
    })
    .from(smsOutbox)
    .where(and(counted, gt(smsOutbox.createdAt, dayAgo)));
  if ((counts?.toPhone ?? 0) >= budget.perPhonePerDay) return "phone-daily";
  return (counts?.fromSite ?? 0) >= budget.confirmationsPerHour ? "site-hourly" : null;
}

/** Messages about these visit bookings that have not gone out yet are not sent (the booking was cancelled or moved). */
export async function withdrawBookingMessages(executor: Executor, bookingIds: number[]) {
  await executor
    .update(smsOutbox)
    .set({ status: "withdrawn" })
    .where(and(inArray(smsOutbox.bookingId, bookingIds), eq(smsOutbox.status, "pending")));
}

/** Unsent messages about these leads are not sent (a manager marked them as spam). */
export async function withdrawLeadMessages(executor: Executor, leadIds: number[]) {
  if (leadIds.length === 0) return;
  await executor
    .update(smsOutbox)
    .set({ status: "withdrawn" })
    .where(and(inArray(smsOutbox.leadId, leadIds), eq(smsOutbox.status, "pending")));
}
