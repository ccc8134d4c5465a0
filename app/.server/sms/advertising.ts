import { and, eq, isNull, max } from "drizzle-orm";
import type { SitePack } from "#app/content/types.ts";
import type { AdvertisingWrap } from "#app/forms/lead-text.ts";
import { addDays, kstDay, kstInstant, kstTime } from "#app/utils/kst.ts";
import { formatPhone } from "#app/utils/phone.ts";
import type { Executor } from "../db.ts";
import { getEnv } from "../env.ts";
import { customers, leads } from "../schema.ts";

/**
 * The law on advertising texts (정보통신망법 제50조, 시행령 제61조) in one place: an advertising
 * text starts with "(광고)", the sender's name and contact, ends with a free opt-out number, goes only to a
 * person who agreed to receive advertising and has not withdrawn, and is not sent between 21:00
 * and 08:00 (Korean time) — it waits until 08:00. Confirmations and reminders are not advertising
 * and carry no promotion (tests/pack-checks.ts).
 */

export const QUIET_FROM = "21:00";
export const QUIET_UNTIL = "08:00";

/** "무료수신거부 080-000-0000": the last line of every advertising text. */
export function optOutLine(sms: SitePack["leads"]["sms"]) {
  return `무료수신거부 ${sms.optOutNumber}`;
}

/**
 * The marks the console puts around an advertising text of this site: "(광고)", the sender's name and
 * its contact number first, the free opt-out number last. The law lets the contact be left out only
 * when it is the number the text comes from, so the office's number is added whenever the site sends
 * from another one (its sales phone changed in the settings, or texts sent from SMS_SENDER) or from
 * none known.
 */
export function advertisingWrap(site: SitePack): AdvertisingWrap {
  const from = site.leads.sms.senderNumber ?? getEnv().SMS_SENDER;
  const contact = from === site.phone.replace(/\D/g, "") ? "" : ` ${formatPhone(site.phone)}`;
  return { prefix: `(광고)${site.leads.sms.senderName}${contact}`, suffix: optOutLine(site.leads.sms) };
}

/** Whether an advertising text may not go out at this instant (21:00 up to, not including, 08:00 KST). */
export function inQuietHours(now: Date) {
  if (getEnv().ADVERTISING_QUIET_HOURS === "off") return false;
  const time = kstTime(now);
  return time >= QUIET_FROM || time < QUIET_UNTIL;
}

/** When an advertising text written at `now` may be sent: now, or the next 08:00 KST. */
export function advertisingSendTime(now: Date): Date {
  if (!inQuietHours(now)) return now;
  const today = kstDay(now);
  return kstInstant(kstTime(now) < QUIET_UNTIL ? today : addDays(today, 1), QUIET_UNTIL);
}

export type MarketingStanding = "consented" | "no-consent" | "opted-out";

/**
 * Whether this site may send advertising to this phone: one of its leads there agreed to it (the
 * optional box of the lead forms) and the customer has not asked to stop since. Agreeing again on
 * a later form, after an opt-out, counts.
 */
export async function marketingStanding(executor: Executor, site: string, phone: string): Promise<MarketingStanding> {
  return (await marketingStandingOf(executor, site, phone)).standing;
}

/** The standing with the two instants it is decided from: the latest consent and the withdrawal. */
export async function marketingStandingOf(executor: Executor, site: string, phone: string) {
  const [customer] = await executor
    .select({ optedOutAt: customers.marketingOptOutAt })
    .from(customers)
    .where(and(eq(customers.site, site), eq(customers.phone, phone)));
  const [consent] = await executor
    .select({ at: max(leads.marketingConsentAt) })
    .from(leads)
    .where(and(eq(leads.site, site), eq(leads.phone, phone), eq(leads.spam, false), isNull(leads.deletedAt)));
  const consentedAt = consent?.at ? new Date(consent.at) : null;
  const optedOutAt = customer?.optedOutAt ?? null;
  const standing: MarketingStanding =
    optedOutAt && (!consentedAt || optedOutAt >= consentedAt) ? "opted-out" : consentedAt ? "consented" : "no-consent";
  return { standing, consentedAt, optedOutAt };
}
