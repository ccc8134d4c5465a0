import { formatKoreanDate, kstDay, kstTime } from "#app/utils/kst.ts";
import { fill } from "#app/utils/template.ts";
import { formatPhone } from "#app/utils/phone.ts";
import type { OutgoingSms } from "../outbox/queue.ts";
import type { SitePack } from "#app/content/types.ts";
import { siteOrigin } from "../site.ts";
import { optOutLine } from "../sms/advertising.ts";
import { maskName } from "../leads/messages.ts";
import { kakaoMapUrl } from "#app/utils/maps.ts";

/**
 * A booking's text messages: the confirmation when it is made (or moved), the reminder the day
 * before, the notice that the office closed its day, and the word that the visitor's own cancel went through.
 */

/** The personal link in a booking's messages, e.g. https://…/daegu/visit/Ab3…: the page that shows, changes and cancels it. */
export function bookingUrl(site: string, linkToken: string) {
  return `${siteOrigin(site)}/${site}/visit/${linkToken}`;
}

/** Worded from `site`, the pack with the office's overrides (site-settings.ts `textPack`). */
export function bookingSms(
  site: SitePack,
  purpose: "confirmation" | "reminder" | "day-closed" | "visit-cancelled" | "reminder-today" | "no-show",
  booking: { id: number; leadId: number; name: string; phone: string; startsAt: Date; linkToken: string; receiptNumber?: string | null },
): OutgoingSms {
  const templates = {
    confirmation: site.leads.visits.sms.booked,
    reminder: site.leads.visits.sms.reminder,
    "day-closed": site.leads.visits.sms.dayClosed,
    "visit-cancelled": site.leads.visits.sms.cancelled,
    "reminder-today": site.leads.visits.sms.reminderToday,
    "no-show": site.leads.visits.sms.noShow,
  };
  const template = templates[purpose];
  const cancelUrl = bookingUrl(site.slug, booking.linkToken);
  const values: Record<string, string> = {
    senderName: site.leads.sms.senderName,
    maskedName: maskName(booking.name),
    date: formatKoreanDate(kstDay(booking.startsAt)),
    time: kstTime(booking.startsAt),
    modelHouseAddress: site.modelHouse.address,
    // Kakao Map's search for the address: no key, and it opens the app on a phone that has it.
    mapUrl: kakaoMapUrl({ name: site.brand.name, address: site.modelHouse.address }),
    cancelUrl,
    salesPhone: formatPhone(site.phone),
    optOut: optOutLine(site.leads.sms),
    // The lead's number, told with its success message; a booking's confirmation says it again.
    receiptNumber: booking.receiptNumber ?? "",
  };
  return {
    site: site.slug,
    leadId: booking.leadId,
    bookingId: booking.id,
    purpose,
    recipient: booking.phone,
    body: fill(template, values),
    variables: values,
    // The visitor's own page: no one on the team reads it in the outbox (decision 024).
    bearerLinks: [cancelUrl],
  };
}

/** A waitlist entry's personal page (/{site}/waitlist/{token}): its place in line, the place offered, the claim. */
export function waitlistUrl(site: string, linkToken: string) {
  return `${siteOrigin(site)}/${site}/waitlist/${linkToken}`;
}

/** The waitlist's texts: in line for a full time, and a freed place held for the visitor until `holdUntil`. */
export function waitlistSms(
  site: SitePack,
  purpose: "waitlist-joined" | "waitlist-offer",
  entry: { name: string; phone: string; startsAt: Date; linkToken: string; holdUntil: Date | null },
): OutgoingSms {
  const template = purpose === "waitlist-joined" ? site.leads.visits.sms.waitlistJoined : site.leads.visits.sms.waitlistOffer;
  const link = waitlistUrl(site.slug, entry.linkToken);
  const values: Record<string, string> = {
    senderName: site.leads.sms.senderName,
    maskedName: maskName(entry.name),
    date: formatKoreanDate(kstDay(entry.startsAt)),
    time: kstTime(entry.startsAt),
    waitlistUrl: link,
    holdUntil: entry.holdUntil ? kstTime(entry.holdUntil) : "",
    salesPhone: formatPhone(site.phone),
  };
  return {
    site: site.slug,
    leadId: null,
    purpose,
    recipient: entry.phone,
    body: fill(template, values),
    variables: values,
    bearerLinks: [link],
  };
}
