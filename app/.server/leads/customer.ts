import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import { kstDay } from "#app/utils/kst.ts";
import { formatPhone, maskPhone, telHref } from "#app/utils/phone.ts";
import { PLACE_HOLDING_STATUSES, type BookingStatus } from "#app/vocabulary.ts";
import { recordAccess, type ChangeContext } from "../audit/records.ts";
import { db } from "../db.ts";
import { admins, customers, leads, visitBookings, visitSlots } from "../schema.ts";
import { slotLabel } from "../visits/schedule.ts";
import { consentHistory } from "../consent/ledger.ts";
import { leadHistory } from "./history.ts";
import { effectiveStatus } from "./inbox.ts";
import { mayWork, visibleTo, type Viewer } from "./visibility.ts";

/**
 * One customer (a phone number at a site, docs/decisions/016): every lead of theirs this person may
 * see, the visits those leads booked, and everything that happened to them. A counsellor sees the
 * customer only through a lead they may see, and only those leads; the number is whole only to
 * whoever works one of them. Showing it is an access record naming the leads shown.
 */

const customerWhere = (site: string, customerId: number, viewer: Viewer) =>
  and(eq(leads.customerId, customerId), eq(leads.site, site), visibleTo(viewer));

/** How many of the customer's leads this person sees: the lead page's link says it. */
export async function countCustomerLeads(site: string, customerId: number, viewer: Viewer) {
  const [row] = await db()
    .select({ value: count() })
    .from(leads)
    .where(customerWhere(site, customerId, viewer));
  return row?.value ?? 0;
}

export async function customerRecord(change: ChangeContext, customerId: number, now = new Date()) {
  const viewer = change.actor;
  const [customer] = await db()
    .select({ id: customers.id, phone: customers.phone, createdAt: customers.createdAt, marketingOptOutAt: customers.marketingOptOutAt })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.site, change.site)));
  if (!customer) return null;
  const shown = await db()
    .select({
      id: leads.id,
      site: leads.site,
      kind: leads.kind,
      name: leads.name,
      status: effectiveStatus,
      message: leads.message,
      sourcePath: leads.sourcePath,
      utmSource: leads.utmSource,
      utmMedium: leads.utmMedium,
      utmCampaign: leads.utmCampaign,
      assigneeId: leads.assigneeId,
      assigneeName: admins.name,
      createdAt: leads.createdAt,
    })
    .from(leads)
    .leftJoin(admins, eq(admins.id, leads.assigneeId))
    .where(customerWhere(change.site, customerId, viewer))
    .orderBy(desc(leads.createdAt), desc(leads.id));
  // Someone who sees none of the customer's leads learns nothing, not even that the customer exists.
  if (shown.length === 0) return null;
  const ids = shown.map((lead) => lead.id);
  // The numbers merged into this customer: the person's other phones, each with its own consent.
  const otherNumbers = await db()
    .select({ phone: customers.phone })
    .from(customers)
    .where(and(eq(customers.site, change.site), eq(customers.mergedIntoId, customer.id)))
    .orderBy(asc(customers.id));
  const [bookings, history, consent, otherConsents] = await Promise.all([
    db()
      .select({
        id: visitBookings.id,
        leadId: visitBookings.leadId,
        status: visitBookings.status,
        day: visitSlots.day,
        startsAt: visitSlots.startsAt,
        createdAt: visitBookings.createdAt,
        cancelledAt: visitBookings.cancelledAt,
      })
      .from(visitBookings)
      .innerJoin(visitSlots, eq(visitSlots.id, visitBookings.slotId))
      .where(inArray(visitBookings.leadId, ids))
      .orderBy(desc(visitSlots.startsAt), desc(visitBookings.id)),
    leadHistory(viewer, shown),
    consentHistory(db(), change.site, customer.phone),
    Promise.all(otherNumbers.map((number) => consentHistory(db(), change.site, number.phone))),
  ]);
  await recordAccess({ ...change, action: "customer.view", leadIds: ids, detail: { customerId } }, { now });
  const works = shown.some((lead) => mayWork(viewer, lead));
  return {
    customer: {
      id: customer.id,
      phone: works ? formatPhone(customer.phone) : maskPhone(customer.phone),
      tel: works ? telHref(customer.phone) : null,
      since: customer.createdAt,
      marketingOptOutAt: customer.marketingOptOutAt,
    },
    otherNumbers: otherNumbers.map((number, index) => ({
      phone: works ? formatPhone(number.phone) : maskPhone(number.phone),
      tel: works ? telHref(number.phone) : null,
      consent: otherConsents[index]!,
    })),
    leads: shown,
    // 방문 and 노쇼 from the visit's day on, by whoever works its lead (visits/office.ts decides again).
    bookings: bookings.map((booking) => ({
      ...booking,
      when: slotLabel(booking.day, booking.startsAt),
      markable:
        (PLACE_HOLDING_STATUSES as readonly BookingStatus[]).includes(booking.status) &&
        booking.day <= kstDay(now) &&
        shown.some((lead) => lead.id === booking.leadId && mayWork(viewer, lead)),
    })),
    history,
    consent,
  };
}
