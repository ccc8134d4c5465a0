import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { SitePack } from "#app/content/types.ts";
import { db } from "../db.ts";
import { outboxColumns, presentOutboxMessage } from "../outbox/console.ts";
import { campaignRecipients, leads, smsOutbox } from "../schema.ts";
import type { CampaignRow } from "./campaigns.ts";
import { unitPrice, type CampaignPrices } from "#app/forms/campaigns.ts";
import { campaignLength } from "./text.ts";

/**
 * How far a campaign has got, from its recipients and their outbox messages: the page's progress
 * bar, the per-recipient results with their receipts, and what it costs.
 */

export interface CampaignProgress {
  total: number;
  /** Accepted by the provider (delivered or not yet reported). */
  sent: number;
  delivered: number;
  /** Not sent, or reported as not received. */
  failed: number;
  /** Left out at sending time (no live consent any more, a blocked number). */
  skipped: number;
  /** Not sent because the campaign was cancelled. */
  cancelled: number;
  /** Still to go: waiting for a batch, or in the outbox. */
  remaining: number;
  /** The SMS and LMS among those sent and not reported as failed: what the provider charges for. */
  chargedSms: number;
  chargedLms: number;
}

export async function campaignProgress(campaignId: number): Promise<CampaignProgress> {
  const [row] = await db()
    .select({
      total: sql<number>`count(*)::int`,
      sent: sql<number>`count(*) filter (where ${smsOutbox.status} = 'sent' and ${smsOutbox.receiptState} is distinct from 'failed')::int`,
      delivered: sql<number>`count(*) filter (where ${smsOutbox.receiptState} = 'delivered')::int`,
      failed: sql<number>`count(*) filter (where ${smsOutbox.status} = 'failed' or ${smsOutbox.receiptState} = 'failed')::int`,
      skipped: sql<number>`count(*) filter (where ${campaignRecipients.state} = 'skipped')::int`,
      cancelled: sql<number>`count(*) filter (where ${campaignRecipients.state} = 'cancelled')::int`,
      remaining: sql<number>`count(*) filter (where ${campaignRecipients.state} = 'waiting' or ${smsOutbox.status} in ('pending', 'sending'))::int`,
      chargedSms: sql<number>`count(*) filter (where ${smsOutbox.status} = 'sent' and ${smsOutbox.receiptState} is distinct from 'failed' and ${smsOutbox.channel} = 'sms')::int`,
      chargedLms: sql<number>`count(*) filter (where ${smsOutbox.status} = 'sent' and ${smsOutbox.receiptState} is distinct from 'failed' and ${smsOutbox.channel} = 'lms')::int`,
    })
    .from(campaignRecipients)
    .leftJoin(smsOutbox, eq(smsOutbox.id, campaignRecipients.outboxId))
    .where(eq(campaignRecipients.campaignId, campaignId));
  return row ?? { total: 0, sent: 0, delivered: 0, failed: 0, skipped: 0, cancelled: 0, remaining: 0, chargedSms: 0, chargedLms: 0 };
}

export interface CampaignCost {
  /** The audience times the price of its text's channel; null without prices. */
  estimated: number | null;
  /** What was sent and not reported as failed, at the prices of the send; null before sending or without prices. */
  actual: number | null;
}

/**
 * Before sending: the count times today's price of the channel the text goes by. After: the texts
 * that went, at the prices kept with the campaign when it was sent.
 */
export function campaignCost(
  site: SitePack,
  campaign: Pick<CampaignRow, "site" | "body" | "status" | "smsPrice" | "lmsPrice">,
  audienceCount: number,
  progress: CampaignProgress,
  currentPrices: CampaignPrices | null,
): CampaignCost {
  const sentWith =
    campaign.smsPrice !== null && campaign.lmsPrice !== null ? { smsPrice: campaign.smsPrice, lmsPrice: campaign.lmsPrice } : null;
  const prices = campaign.status === "draft" ? currentPrices : sentWith;
  const channel = campaignLength(campaign.site, site, campaign).type === "SMS" ? "sms" : "lms";
  return {
    estimated: prices ? audienceCount * unitPrice(prices, channel) : null,
    actual:
      campaign.status === "draft" || !sentWith
        ? null
        : progress.chargedSms * unitPrice(sentWith, "sms") + progress.chargedLms * unitPrice(sentWith, "lms"),
  };
}

export const RECIPIENTS_PAGE = 50;

/** A page of recipients in the order they were sent, each with its message as the outbox shows it. */
export async function campaignRecipientsPage(campaignId: number, { afterId = 0 }: { afterId?: number } = {}) {
  const rows = await db()
    .select({
      recipientId: campaignRecipients.id,
      state: campaignRecipients.state,
      phone: campaignRecipients.phone,
      leadId: campaignRecipients.leadId,
      leadName: leads.name,
      message: outboxColumns,
    })
    .from(campaignRecipients)
    .leftJoin(smsOutbox, eq(smsOutbox.id, campaignRecipients.outboxId))
    .leftJoin(leads, eq(leads.id, campaignRecipients.leadId))
    .where(and(eq(campaignRecipients.campaignId, campaignId), gt(campaignRecipients.id, afterId)))
    .orderBy(asc(campaignRecipients.id))
    .limit(RECIPIENTS_PAGE + 1);
  const page = rows.slice(0, RECIPIENTS_PAGE);
  return {
    recipients: page.map((row) => ({
      id: row.recipientId,
      state: row.state,
      leadId: row.leadId,
      leadName: row.leadName,
      phone: row.phone,
      message: row.message ? presentOutboxMessage(row.message) : null,
    })),
    nextAfterId: rows.length > RECIPIENTS_PAGE ? page.at(-1)?.recipientId : undefined,
  };
}
