import { eq } from "drizzle-orm";
import type { CampaignPrices } from "#app/forms/campaigns.ts";
import { recordAccess, type ChangeContext } from "../audit/records.ts";
import { db, type Executor } from "../db.ts";
import { campaignPrices } from "../schema.ts";

/** The site's unit prices, or null until the office sets them. */
export async function pricesOf(site: string, executor: Executor = db()): Promise<CampaignPrices | null> {
  const [row] = await executor
    .select({ smsPrice: campaignPrices.smsPrice, lmsPrice: campaignPrices.lmsPrice })
    .from(campaignPrices)
    .where(eq(campaignPrices.site, site));
  return row ?? null;
}

export async function setPrices(change: ChangeContext, prices: CampaignPrices, now = new Date()) {
  await db().transaction(async (tx) => {
    await tx
      .insert(campaignPrices)
      .values({ site: change.site, ...prices, updatedBy: change.actor.id, updatedAt: now })
      .onConflictDoUpdate({ target: campaignPrices.site, set: { ...prices, updatedBy: change.actor.id, updatedAt: now } });
    await recordAccess({ ...change, action: "campaign.prices", detail: { ...prices } }, { executor: tx, now });
  });
}
