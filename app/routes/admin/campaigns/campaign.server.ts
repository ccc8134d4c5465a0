import { data } from "react-router";
import { countAudience } from "#app/.server/campaigns/audience.ts";
import type { CampaignRow } from "#app/.server/campaigns/campaigns.ts";
import { campaignCost, campaignProgress, campaignRecipientsPage } from "#app/.server/campaigns/progress.ts";
import { pricesOf } from "#app/.server/campaigns/prices.ts";
import { campaignLength, campaignPreview } from "#app/.server/campaigns/text.ts";
import { textPack } from "#app/.server/content/site-settings.ts";
import { db } from "#app/.server/db.ts";
import { textsAreNotSent } from "#app/.server/outbox/console.ts";
import { readAudience } from "#app/forms/campaigns.ts";
import { readWholeNumber } from "#app/forms/numbers.ts";

/** What the campaign page shows: the text as it goes, who, how far it has got, what it costs. */
export async function campaignPage(campaign: CampaignRow, { afterId }: { afterId?: number }) {
  const pack = await textPack(campaign.site);
  const audience = readAudience(campaign.audience);
  const [progress, recipients, prices, liveCount] = await Promise.all([
    campaignProgress(campaign.id),
    campaignRecipientsPage(campaign.id, { afterId }),
    pricesOf(campaign.site),
    // A draft shows who it would reach now (대상 확인); a sent one, the people it was sent to.
    campaign.status === "draft" ? countAudience(db(), campaign.site, audience) : Promise.resolve(null),
  ]);
  const audienceCount = liveCount ?? campaign.audienceCount;
  return {
    campaign: {
      id: campaign.id,
      title: campaign.title,
      status: campaign.status,
      sendAt: campaign.sendAt,
      startedAt: campaign.startedAt,
      finishedAt: campaign.finishedAt,
      skippedCount: campaign.skippedCount,
      audienceCount,
      audience,
      text: campaignPreview(campaign.site, pack, campaign),
      length: campaignLength(campaign.site, pack, campaign),
    },
    progress,
    cost: campaignCost(pack, campaign, audienceCount, progress, prices),
    pricesSet: prices !== null,
    kindLabels: pack.leads.kindLabels,
    testMode: textsAreNotSent(),
    ...recipients,
  };
}

/** The campaign id of the URL, or a 404 for anything that cannot be one. */
export function requireCampaignId(value: string | undefined) {
  const id = readWholeNumber(value);
  if (id === undefined) throw notFound();
  return id;
}

export function notFound() {
  return data("없는 캠페인입니다.", { status: 404 });
}
