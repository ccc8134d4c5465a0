import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { readAudience, type CampaignAudience } from "#app/forms/campaigns.ts";
import { kstInstant } from "#app/utils/kst.ts";
import type { CampaignStatus } from "#app/vocabulary.ts";
import { recordAccess, type ChangeContext } from "../audit/records.ts";
import { textPack } from "../content/site-settings.ts";
import { db, type Executor } from "../db.ts";
import { enqueueOneSms } from "../outbox/queue.ts";
import { wakeOutboxWorker } from "../outbox/worker.ts";
import { admins, campaignRecipients, campaigns, smsOutbox } from "../schema.ts";
import { advertisingSendTime } from "../sms/advertising.ts";
import { listAudience } from "./audience.ts";
import { wakeCampaignPacer } from "./pacing.ts";
import { pricesOf } from "./prices.ts";
import { campaignMessage } from "./text.ts";

/**
 * Campaign texts (issue #27, item 4): the office writes one, checks who it reaches, sends itself a
 * test, then sends it now or at a time. Sending fixes the list of recipients (one per phone); the
 * pacer (pacing.ts) moves them into the outbox in batches, checking each one's consent again.
 * Every step is an access record with the audience count, in the step's own transaction.
 */

async function lockCampaign(tx: Executor, site: string, id: number) {
  const [campaign] = await tx
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.site, site)))
    .for("update");
  return campaign;
}

export async function createCampaign(
  change: ChangeContext,
  draft: { title: string; body: string; audience: CampaignAudience },
  now = new Date(),
): Promise<number> {
  return db().transaction(async (tx) => {
    const audienceCount = (await listAudience(tx, change.site, draft.audience)).length;
    const [row] = await tx
      .insert(campaigns)
      .values({
        site: change.site,
        title: draft.title,
        body: draft.body,
        audience: { ...draft.audience },
        audienceCount,
        createdBy: change.actor.id,
        createdAt: now,
      })
      .returning({ id: campaigns.id });
    await recordAccess({ ...change, action: "campaign.create", detail: { campaignId: row!.id, audienceCount } }, { executor: tx, now });
    return row!.id;
  });
}

export type TestOutcome = { outcome: "queued"; phone: string; sendsAt: Date | null } | { outcome: "no-phone" | "not-found" };

/**
 * The campaign's text to the sender's own phone (their account's mobile, else the one typed): an
 * advertising text like the others, through the outbox, marked as a test ("campaign-test").
 */
export async function sendTestText(change: ChangeContext, id: number, typedPhone: string, now = new Date()): Promise<TestOutcome> {
  const site = await textPack(change.site);
  const phone = typedPhone || (await ownMobile(change.actor.id)) || "";
  const result = await db().transaction(async (tx): Promise<TestOutcome> => {
    const campaign = await lockCampaign(tx, change.site, id);
    if (!campaign) return { outcome: "not-found" };
    if (!phone) return { outcome: "no-phone" };
    const sendsAt = advertisingSendTime(now);
    const { id: outboxId } = await enqueueOneSms(
      tx,
      {
        site: change.site,
        leadId: null,
        purpose: "campaign-test",
        recipient: phone,
        ...campaignMessage(change.site, site, campaign, phone),
        advertising: true,
        sentBy: change.actor.id,
        nextAttemptAt: sendsAt,
      },
      { now },
    );
    await recordAccess(
      { ...change, action: "campaign.test", detail: { campaignId: id, audienceCount: campaign.audienceCount, outboxId } },
      { executor: tx, now },
    );
    return { outcome: "queued", phone, sendsAt: sendsAt > now ? sendsAt : null };
  });
  if (result.outcome === "queued" && !result.sendsAt) wakeOutboxWorker();
  return result;
}

export type SendOutcome =
  | { outcome: "sending" | "scheduled"; sendAt: Date; audienceCount: number }
  | { outcome: "count-changed"; audienceCount: number }
  | { outcome: "empty" | "past" | "not-draft" | "not-found" };

/**
 * Sends the campaign now or at `day time` (KST); a time between 21:00 and 08:00 is held to 08:00.
 * The audience is counted again: if it differs from the count the person confirmed, nothing is sent
 * and the new count is shown. The recipients are fixed here; each is checked again as it is sent.
 */
export async function sendCampaign(
  change: ChangeContext,
  id: number,
  form: { when: "now" | "later"; day: string; time: string; expectedCount: number },
  now = new Date(),
): Promise<SendOutcome> {
  const result = await db().transaction(async (tx): Promise<SendOutcome> => {
    const campaign = await lockCampaign(tx, change.site, id);
    if (!campaign) return { outcome: "not-found" };
    if (campaign.status !== "draft") return { outcome: "not-draft" };
    const chosen = form.when === "now" ? now : kstInstant(form.day, form.time);
    if (chosen < now && form.when === "later") return { outcome: "past" };
    const audience = await listAudience(tx, change.site, readAudience(campaign.audience));
    if (audience.length === 0) return { outcome: "empty" };
    if (audience.length !== form.expectedCount) return { outcome: "count-changed", audienceCount: audience.length };
    const sendAt = advertisingSendTime(chosen);
    const prices = await pricesOf(change.site, tx);
    // In slices: a statement has a limit on its parameters, an audience has none.
    for (let start = 0; start < audience.length; start += 1_000) {
      await tx.insert(campaignRecipients).values(audience.slice(start, start + 1_000).map((member) => ({ campaignId: id, ...member })));
    }
    const status: CampaignStatus = sendAt <= now ? "sending" : "scheduled";
    await tx
      .update(campaigns)
      .set({
        status,
        sendAt,
        audienceCount: audience.length,
        smsPrice: prices?.smsPrice ?? null,
        lmsPrice: prices?.lmsPrice ?? null,
        startedAt: status === "sending" ? now : null,
      })
      .where(eq(campaigns.id, id));
    await recordAccess(
      { ...change, action: "campaign.send", detail: { campaignId: id, audienceCount: audience.length, sendAt: sendAt.toISOString() } },
      { executor: tx, now },
    );
    return { outcome: status, sendAt, audienceCount: audience.length };
  });
  if (result.outcome === "sending") wakeCampaignPacer();
  return result;
}

/**
 * Takes the campaign's texts that are in the outbox but not yet sent back out of it: their
 * recipients wait again (a pause) or are not sent (a cancel). A text a worker has already claimed
 * goes out, and counts as sent.
 */
async function withdrawQueued(tx: Executor, id: number, to: "waiting" | "cancelled") {
  const queued = tx
    .select({ id: campaignRecipients.outboxId })
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.campaignId, id), eq(campaignRecipients.state, "queued")));
  const withdrawn = await tx
    .delete(smsOutbox)
    .where(and(inArray(smsOutbox.id, queued), eq(smsOutbox.status, "pending")))
    .returning({ id: smsOutbox.id });
  // The recipients' outbox ids were cleared by the delete (on delete set null).
  await tx
    .update(campaignRecipients)
    .set({ state: to, outboxId: null })
    .where(and(eq(campaignRecipients.campaignId, id), eq(campaignRecipients.state, "queued"), sql`${campaignRecipients.outboxId} is null`));
  return withdrawn.length;
}

export type ControlOutcome = { outcome: "done"; withdrawn: number } | { outcome: "not-found" | "not-allowed" };

const CONTROLS = {
  pause: { from: ["scheduled", "sending"], action: "campaign.pause" },
  resume: { from: ["paused"], action: "campaign.resume" },
  cancel: { from: ["draft", "scheduled", "sending", "paused"], action: "campaign.cancel" },
} as const satisfies Record<string, { from: readonly CampaignStatus[]; action: string }>;

/** Pause (no new batches; unsent texts back to the campaign), resume, or cancel (nothing more is sent). */
export async function controlCampaign(
  change: ChangeContext,
  id: number,
  control: keyof typeof CONTROLS,
  now = new Date(),
): Promise<ControlOutcome> {
  const result = await db().transaction(async (tx): Promise<ControlOutcome> => {
    const campaign = await lockCampaign(tx, change.site, id);
    if (!campaign) return { outcome: "not-found" };
    if (!(CONTROLS[control].from as readonly CampaignStatus[]).includes(campaign.status)) return { outcome: "not-allowed" };
    let withdrawn = 0;
    let status: CampaignStatus;
    if (control === "pause") {
      withdrawn = await withdrawQueued(tx, id, "waiting");
      status = "paused";
    } else if (control === "resume") {
      status = campaign.sendAt && campaign.sendAt > now ? "scheduled" : "sending";
    } else {
      withdrawn = await withdrawQueued(tx, id, "cancelled");
      await tx
        .update(campaignRecipients)
        .set({ state: "cancelled" })
        .where(and(eq(campaignRecipients.campaignId, id), eq(campaignRecipients.state, "waiting")));
      status = "cancelled";
    }
    await tx
      .update(campaigns)
      .set({ status, ...(status === "cancelled" ? { finishedAt: now } : {}) })
      .where(eq(campaigns.id, id));
    await recordAccess(
      { ...change, action: CONTROLS[control].action, detail: { campaignId: id, audienceCount: campaign.audienceCount, withdrawn } },
      { executor: tx, now },
    );
    return { outcome: "done", withdrawn };
  });
  if (result.outcome === "done" && control === "resume") wakeCampaignPacer();
  return result;
}

/** The site's campaigns, newest first. */
export async function listCampaigns(site: string) {
  return db()
    .select({
      id: campaigns.id,
      title: campaigns.title,
      status: campaigns.status,
      audienceCount: campaigns.audienceCount,
      sendAt: campaigns.sendAt,
      createdAt: campaigns.createdAt,
    })
    .from(campaigns)
    .where(eq(campaigns.site, site))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(100);
}

/** The campaign, if it is this site's. */
export async function getCampaign(site: string, id: number) {
  const [campaign] = await db()
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.site, site)));
  return campaign;
}

export type CampaignRow = NonNullable<Awaited<ReturnType<typeof getCampaign>>>;

/** The signed-in person's own mobile, where a test goes unless they type another. */
export async function ownMobile(adminId: number) {
  const [account] = await db().select({ mobile: admins.mobile }).from(admins).where(eq(admins.id, adminId));
  return account?.mobile ?? null;
}
