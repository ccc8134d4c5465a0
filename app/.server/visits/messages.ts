import { formatKoreanDate, kstDay, kstTime } from "#app/utils/kst.ts";
import { fill } from "#app/utils/template.ts";
import { formatPhone } from "#app/utils/phone.ts";
import type { OutgoingSms } from "../outbox/queue.ts";
import { sitePack } from "../site.ts";
import { cancelUrl } from "./cancel-link.ts";

/** A booking's text messages: the confirmation when it is made and the reminder the day before. */

export function bookingSms(
  purpose: "confirmation" | "reminder",
  booking: { id: number; site: string; leadId: number; name: string; phone: string; startsAt: Date },
): OutgoingSms {
  const site = sitePack(booking.site);
  const template = purpose === "confirmation" ? site.leads.visits.sms.booked : site.leads.visits.sms.reminder;
  const values: Record<string, string> = {
    senderName: site.leads.sms.senderName,
    name: booking.name,
    date: formatKoreanDate(kstDay(booking.startsAt)),
    time: kstTime(booking.startsAt),
    modelHouseAddress: site.modelHouse.address,
    cancelUrl: cancelUrl(booking.site, booking.id),
    salesPhone: formatPhone(site.phone),
    optOut: site.leads.sms.optOut,
  };
  return {
    leadId: booking.leadId,
    bookingId: booking.id,
    purpose,
    recipient: booking.phone,
    body: fill(template, values),
  };
}
