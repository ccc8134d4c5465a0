import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { readAudience } from "#app/forms/campaigns.ts";
import { textPack } from "../content/site-settings.ts";
import { db } from "../db.ts";
import { getEnv } from "../env.ts";
import { logError } from "../log.ts";
import { enqueueOneSms } from "../outbox/queue.ts";
import { wakeOutboxWorker } from "../outbox/worker.ts";
import { startPollingWorker, type PollingWorker } from "../polling-worker.ts";
import { campaignRecipients, campaigns, smsOutbox } from "../schema.ts";
import { inQuietHours } from "../sms/advertising.ts";
import { stillInAudience } from "./audience.ts";
import { campaignMessage } from "./text.ts";

/**
 * Sending campaigns at a pace (docs/decisions/027-campaign-texts.md): every interval, each campaign
 * that is sending puts at most one batch of its recipients into the outbox, and only once its
 * previous batch has left it. So the outbox never holds more than a batch of a campaign's texts,
 * and the worker (which sends everything else first) never makes a confirmation wait behind them.
 * Any number of instances may run it: a campaign is claimed with FOR UPDATE SKIP LOCKED.
 */

/** Recipients a campaign moves into the outbox at a time. */
export const CAMPAIGN_BATCH_SIZE = 100;

export interface PacingReport {
  queued: number;
  skipped: number;
  finished: number;
}

/** One round: starts campaigns whose time has come, moves a batch of each, finishes those with nothing left. */
export async function advanceCampaigns({
  now = new Date(),
  batchSize = CAMPAIGN_BATCH_SIZE,
}: { now?: Date; batchSize?: number } = {}): Promise<PacingReport> {
  const report: PacingReport = { queued: 0, skipped: 0, finished: 0 };
  // Nothing starts or moves at night: the texts would only wait in the outbox, ahead of the morning's confirmations.
  if (inQuietHours(now)) return report;
  await db()
    .update(campaigns)
    .set({ status: "sending", startedAt: sql`coalesce(${campaigns.startedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(campaigns.status, "scheduled"), lte(campaigns.sendAt, now)));
  const sending = await db().select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.status, "sending"));
  for (const { id } of sending) {
    const moved = await advanceOne(id, batchSize, now);
    report.queued += moved.queued;
    report.skipped += moved.skipped;
    report.finished += moved.finished ? 1 : 0;
  }
  if (report.queued > 0) wakeOutboxWorker();
  return report;
}

async function advanceOne(id: number, batchSize: number, now: Date) {
  return db().transaction(async (tx) => {
    const [campaign] = await tx
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.id, id), eq(campaigns.status, "sending")))
      .for("update", { skipLocked: true });
    if (!campaign) return { queued: 0, skipped: 0, finished: false };
    const [inFlight] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(campaignRecipients)
      .innerJoin(smsOutbox, eq(smsOutbox.id, campaignRecipients.outboxId))
      .where(and(eq(campaignRecipients.campaignId, id), inArray(smsOutbox.status, ["pending", "sending"])));
    const room = batchSize - (inFlight?.count ?? 0);
    const batch =
      room > 0
        ? await tx
            .select()
            .from(campaignRecipients)
            .where(and(eq(campaignRecipients.campaignId, id), eq(campaignRecipients.state, "waiting")))
            .orderBy(asc(campaignRecipients.id))
            .limit(room)
        : [];
    // Their consent (and the filters) once more, now: whoever withdrew or was blocked since is left out.
    const reachable = await stillInAudience(
      tx,
      campaign.site,
      readAudience(campaign.audience),
      batch.map((recipient) => recipient.phone),
    );
    const site = await textPack(campaign.site, tx);
    let queued = 0;
    const skipped: number[] = [];
    for (const recipient of batch) {
      if (!reachable.has(recipient.phone)) {
        skipped.push(recipient.id);
        continue;
      }
      const { id: outboxId } = await enqueueOneSms(
        tx,
        {
          site: campaign.site,
          leadId: recipient.leadId,
          purpose: "campaign",
          recipient: recipient.phone,
          ...campaignMessage(campaign.site, site, campaign, recipient.phone),
          advertising: true,
          sentBy: campaign.createdBy ?? undefined,
          nextAttemptAt: now,
        },
        { now },
      );
      await tx.update(campaignRecipients).set({ state: "queued", outboxId }).where(eq(campaignRecipients.id, recipient.id));
      queued++;
    }
    if (skipped.length > 0) {
      await tx.update(campaignRecipients).set({ state: "skipped" }).where(inArray(campaignRecipients.id, skipped));
      await tx
        .update(campaigns)
        .set({ skippedCount: sql`${campaigns.skippedCount} + ${skipped.length}` })
        .where(eq(campaigns.id, id));
    }
    const finished = batch.length < room && (inFlight?.count ?? 0) === 0 && queued === 0;
    if (finished) await tx.update(campaigns).set({ status: "done", finishedAt: now }).where(eq(campaigns.id, id));
    return { queued, skipped: skipped.length, finished };
  });
}

let running: PollingWorker | undefined;

/** Starts the next round now instead of at the next interval (a campaign was sent or resumed). */
export function wakeCampaignPacer() {
  running?.wake();
}

/** Runs `advanceCampaigns` every CAMPAIGN_BATCH_INTERVAL_MS (30 s unless set) until stopped. */
export function startCampaignPacer({ intervalMs = getEnv().CAMPAIGN_BATCH_INTERVAL_MS }: { intervalMs?: number } = {}) {
  const pacer = startPollingWorker({
    intervalMs,
    log: logError,
    failure: "Campaign texts: a pacing round failed, retrying at the next interval",
    // One round per interval (or wake): a batch waits for the previous one to leave the outbox.
    step: async () => {
      await advanceCampaigns();
      return false;
    },
    onStop: (stopped) => {
      if (running === stopped) running = undefined;
    },
  });
  running = pacer;
  return pacer;
}
