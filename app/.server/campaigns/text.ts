import type { SitePack } from "#app/content/types.ts";
import { composeText, smsLength } from "#app/forms/lead-text.ts";
import { advertisingWrap } from "../sms/advertising.ts";

/**
 * The text one recipient of a campaign receives: "(광고)" and the sender first, the office's words,
 * the free opt-out line last (정보통신망법 제50조). The one place it is composed, for every
 * recipient, the test send and the byte count, so whatever the law adds per person goes here.
 */
export function campaignText(site: SitePack, campaign: { body: string }, _recipient: { phone: string }) {
  return composeText(campaign.body, true, advertisingWrap(site));
}

/** How the campaign's text goes (SMS up to 90 bytes, else LMS) and its length, for the page and the cost. */
export function campaignLength(site: SitePack, campaign: { body: string }) {
  return smsLength(campaignText(site, campaign, { phone: "" }));
}
