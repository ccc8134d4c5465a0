import type { SitePack } from "#app/content/types.ts";
import { composeText, smsLength } from "#app/forms/lead-text.ts";
import { optOutLinkFor } from "../consent/opt-out-link.ts";
import { maskLinks } from "../outbox/queue.ts";
import { siteOrigin } from "../site.ts";
import { advertisingWrap } from "../sms/advertising.ts";

/** A number of the usual length, for the page's preview and byte count: every phone's link is as long. */
const PREVIEW_PHONE = "01000000000";

/**
 * The text one recipient of a campaign receives: "(광고)" and the sender first, the office's words,
 * then the recipient's personal opt-out link and the free opt-out number last (정보통신망법 제50조).
 * The one place it is composed, for every recipient, the test send and the byte count. The link is
 * a bearer link (whoever has it withdraws that number), so it goes to the outbox as one: sealed,
 * masked on every screen.
 */
export function campaignMessage(siteKey: string, site: SitePack, campaign: { body: string }, phone: string) {
  const { wrap, optOutLink } = personalWrap(siteKey, site, phone);
  return { body: composeText(campaign.body, true, wrap), bearerLinks: [optOutLink] };
}

function personalWrap(siteKey: string, site: SitePack, phone: string) {
  const optOutLink = optOutLinkFor(siteOrigin(siteKey), siteKey, phone);
  const wrap = advertisingWrap(site);
  return { wrap: { ...wrap, suffix: `수신거부 링크 ${optOutLink}\n${wrap.suffix}` }, optOutLink };
}

/** The marks around a campaign's words, for the form's byte count (a link as long as a recipient's) and its hint. */
export function campaignWrap(siteKey: string, site: SitePack) {
  const { wrap } = personalWrap(siteKey, site, PREVIEW_PHONE);
  return { counted: wrap, shown: { prefix: wrap.prefix } };
}

/** The text as the campaign's page shows it: a recipient's, with their personal link masked. */
export function campaignPreview(siteKey: string, site: SitePack, campaign: { body: string }) {
  const { body, bearerLinks } = campaignMessage(siteKey, site, campaign, PREVIEW_PHONE);
  return maskLinks(body, bearerLinks);
}

/** How the campaign's text goes (SMS up to 90 bytes, else LMS) and its length, for the page and the cost. */
export function campaignLength(siteKey: string, site: SitePack, campaign: { body: string }) {
  return smsLength(campaignMessage(siteKey, site, campaign, PREVIEW_PHONE).body);
}
