import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { SitePack } from "#app/content/types.ts";
import type { StoredLeadFields } from "#app/forms/lead-schema.ts";
import type { LeadKind, SpamReason } from "#app/vocabulary.ts";
import type { Attribution } from "../attribution.ts";
import { db, inSlices, queryRows, type Transaction } from "../db.ts";
import { getEnv } from "../env.ts";
import { enqueueSms, type OutgoingSms, type TextBudget } from "../outbox/queue.ts";
import { wakeOutboxWorker } from "../outbox/worker.ts";
import { customers, leads, visitBookings, visitSlots } from "../schema.ts";
import { recordFormConsent } from "../consent/ledger.ts";
import { channelOfAttribution } from "../channels/channels.ts";
import { keepSiteSettingsRead, textPack } from "../content/site-settings.ts";
import { sitePack } from "../site.ts";
import { claimVisitSlot, placeVisitBooking, type PlacedBooking, type SlotClaim } from "../visits/booking.ts";
import { BOOKING_BURSTS, flagBookingBurst, lockSiteBursts, type BookingBurstRules } from "../visits/bursts.ts";
import { bookingSms } from "../visits/messages.ts";
import { assignByTurns, giveNewLead } from "./assignment.ts";
import { recordLeadEvent, type EventActor } from "./events.ts";
import { leadMessages } from "./messages.ts";
import { nextReceiptNumber, receiptNumberCte } from "./receipts.ts";

/** A lead to store: the form's stored fields (name, phone digits, message, …) and what the server adds. */
export interface NewLead extends StoredLeadFields {
  kind: LeadKind;
  site: string;
  submissionId: string;
  /** The notice's version the visitor agreed to; absent: the one the site shows now, read with the texts' settings in the lead's transaction. */
  consentVersion?: string;
  sourcePath: string;
  attribution: Attribution;
  userAgent: string;
  spamReason: SpamReason | null;
  /** A keyed hash of the browser's lead_client cookie (app/.server/leads/client.ts), or null without one. */
  clientId: string | null;
  /** A keyed hash of the address it came from (spam.ts clientKey), for spotting booking bursts; null when unknown. */
  sourceKey?: string | null;
  /** A visit lead's chosen time slot, when the site books visits by slot. */
  visitSlotId?: number;
  /** 방문 인원 of that booking (1 by default). */
  visitPartySize?: number;
  /** The waitlist's offer this booking claims (visits/waitlist.ts): the place held for it is theirs. */
  waitlistOfferId?: number;
  /** The visitor ticked the optional consent to advertising texts (kept as its time). */
  marketingConsent?: boolean;
}

// Every field the forms store needs a lead column of the same name; a missing one is named here by the type checker.
type FieldsWithoutColumn = Exclude<keyof StoredLeadFields, keyof typeof leads.$inferInsert>;
const everyStoredFieldHasAColumn: [FieldsWithoutColumn] extends [never] ? true : FieldsWithoutColumn = true;
void everyStoredFieldHasAColumn;

export type CreateLeadOutcome =
  /** A new lead (and, unless it is spam, its SMS) was committed. */
  | { outcome: "created"; leadId: number; receiptNumber: string; booking: PlacedBooking | null }
  /** The same submission arrived again (double click, retried request): nothing new, the same answer. */
  | { outcome: "retried"; leadId: number; receiptNumber: string | null; booking: PlacedBooking | null }
  /** The same phone and form came again within the folding window, from any browser: folded into the first lead. */
  | { outcome: "folded"; leadId: number; receiptNumber: string | null; booking: PlacedBooking | null }
  /** The chosen visit slot cannot take this visitor (full, closed, past, unknown, or the phone holds a place that day): nothing was stored. */
  | { outcome: "unavailable"; reason: Extract<SlotClaim, { ok: false }>["reason"]; day: string | null };

/** Repeats of one phone and form within this window are one lead (and one text), whichever browser sends them. */
export const FOLD_WINDOW_MS = 10 * 60_000;

export interface CreateLeadOptions {
  now?: Date;
  staffRecipients?: string[];
  /** The site's text budget (its content pack's), or null to lift it (LEADS_RATE_LIMIT=off). */
  textBudget?: TextBudget | null;
  /** What makes a wave of bookings a burst for review (visits/bursts.ts), or null to look for none (LEADS_RATE_LIMIT=off). */
  bookingBursts?: BookingBurstRules | null;
  /** The person on the team who took the call this lead is (전화 접수): theirs, unless someone already works the customer. */
  takenBy?: EventActor;
  /** Runs in the new lead's transaction, after it is stored and assigned (a walk-in marks it visited there). */
  onCreated?: (tx: Transaction, lead: { id: number; receiptNumber: string }) => Promise<void>;
}

/**
 * Saves a lead and, in the same transaction, its customer, the visitor's confirmation text and
 * the staff notes — and for a visit with a chosen slot, the booking, or nothing at all when the
 * slot has no place. Resolves only after the commit, so a success answer means the lead is stored.
 *
 * The same phone on the same form within FOLD_WINDOW_MS is one lead and one text, whichever browser
 * sends it; the fold is written in the lead's history. Knowing a phone number still gives no power
 * over that phone's lead: only its own browser may add to its message or consent or book through
 * it, and a visit booking a time from another browser is a lead of its own (the booking rules
 * decide). Spam-flagged leads are kept for review but fold, book and text nothing.
 */
export async function createLead(input: NewLead, options: CreateLeadOptions = {}): Promise<CreateLeadOutcome> {
  const { now = new Date(), staffRecipients = [...sitePack(input.site).leads.sms.staffRecipients, ...getEnv().SMS_STAFF_TO] } = options;
  const textBudget = options.textBudget === undefined ? sitePack(input.site).leads.textBudget : options.textBudget;
  const bookingBursts = options.bookingBursts === undefined ? BOOKING_BURSTS : options.bookingBursts;
  let spam = input.spamReason !== null;
  const result = await db().transaction(async (tx): Promise<CreateLeadOutcome> => {
    // Everything one phone does at one site takes turns (two tabs, two instances, a double click):
    // the checks below and the text budget then see each other's writes.
    await tx.execute(sql`select pg_advisory_xact_lock(727003, hashtext(${`${input.site}:${input.phone}`}))`);

    const { repeat, blocked, latest } = await readPhoneRecords(tx, input, now);
    if (repeat)
      return { outcome: "retried", leadId: repeat.id, receiptNumber: repeat.receiptNumber, booking: await bookingOfLead(tx, repeat.id) };
    // The texts below are worded with the office's current settings (sales phone, model house), and
    // the consent is the notice those settings make (privacy.ts).
    const settingsPack = await textPack(input.site, tx);
    const consentVersion = input.consentVersion ?? settingsPack.leads.consent.version;
    // A blocked number is answered like anyone else (so its sender learns nothing) and kept as spam, untexted.
    const spamReason = input.spamReason ?? (blocked ? "blocked" : null);
    if (spamReason) {
      spam = true;
      const { leadId, receiptNumber } = await insertLead(tx, { ...input, consentVersion, spamReason }, { now, withCustomer: false });
      return { outcome: "created", leadId, receiptNumber, booking: null };
    }
    // A channel's visitor is given the channel's number, as the site showed them (issue #31).
    const channel = await channelOfAttribution(tx, input.site, input.attribution);
    const pack = channel?.phone ? { ...settingsPack, phone: channel.phone } : settingsPack;

    let claim: Extract<SlotClaim, { ok: true }> | null = null;
    if (input.kind === "visit" && input.visitSlotId !== undefined) {
      const claimed = await claimVisitSlot(tx, {
        site: input.site,
        slotId: input.visitSlotId,
        phone: input.phone,
        clientId: input.clientId,
        now,
        partySize: input.visitPartySize ?? 1,
        offerId: input.waitlistOfferId ?? null,
      });
      if (!claimed.ok) return { outcome: "unavailable", reason: claimed.reason, day: claimed.day };
      claim = claimed;
      // Before this transaction locks any booking or lead row: a manager's review takes the same
      // lock first and then those rows, so the two never wait on each other.
      if (bookingBursts && input.sourceKey) await lockSiteBursts(tx, input.site);
    }
    const sourceKey = input.sourceKey ?? null;
    const book = async (leadId: number) => {
      if (!claim) return null;
      const placed = await placeVisitBooking(tx, claim, {
        site: input.site,
        leadId,
        name: input.name,
        phone: input.phone,
        clientId: input.clientId,
        sourceKey,
        now,
      });
      if (placed.isNew && bookingBursts && sourceKey)
        await flagBookingBurst(tx, { site: input.site, sourceKey, rules: bookingBursts, now });
      return placed;
    };

    const earlier = foldableLead(latest, input);
    if (earlier && !earlier.sameBrowser) {
      // Another browser learns nothing of the earlier lead, not even its number: it gets one of its
      // own, kept in the repeat's history entry, so the office can still find what it was told.
      const receiptNumber = await nextReceiptNumber(tx, sitePack(input.site), now);
      await recordLeadEvent(
        tx,
        { leadId: earlier.id, kind: "resubmitted", actor: null, detail: { sameBrowser: false, receiptNumber } },
        now,
      );
      return { outcome: "folded", leadId: earlier.id, receiptNumber, booking: null };
    }
    if (earlier) {
      if (input.message && !earlier.message.includes(input.message)) {
        const merged = earlier.message ? `${earlier.message}\n\n${input.message}` : input.message;
        await tx.update(leads).set({ message: merged }).where(eq(leads.id, earlier.id));
      }
      if (input.marketingConsent) {
        const [consented] = await tx
          .update(leads)
          .set({ marketingConsentAt: now })
          .where(and(eq(leads.id, earlier.id), isNull(leads.marketingConsentAt)))
          .returning({ customerId: leads.customerId });
        if (consented) {
          await recordFormConsent(tx, {
            site: input.site,
            phone: input.phone,
            customerId: consented.customerId,
            leadId: earlier.id,
            at: now,
          });
        }
      }
      await recordLeadEvent(tx, { leadId: earlier.id, kind: "resubmitted", actor: null, detail: { sameBrowser: true } }, now);
      const booking = await book(earlier.id);
      // A new time for the same visitor is news to them; the same time again is not.
      if (booking?.isNew) {
        const held = await enqueueSms(tx, [bookingMessage(pack, input, earlier, booking)], { budget: textBudget, now });
        if (held) await tx.update(leads).set({ textsHeld: held }).where(eq(leads.id, earlier.id));
      }
      return { outcome: "folded", leadId: earlier.id, receiptNumber: earlier.receiptNumber, booking };
    }

    const { leadId, receiptNumber, customerId, roundRobin, keeperId } = await insertLead(
      tx,
      { ...input, consentVersion },
      { now, withCustomer: true },
    );
    if (input.marketingConsent) await recordFormConsent(tx, { site: input.site, phone: input.phone, customerId, leadId, at: now });
    const given = { id: leadId, name: input.name, kind: input.kind };
    const giving = { budget: textBudget, now };
    const kept =
      keeperId !== null && (await giveNewLead(tx, input.site, given, { assigneeId: keeperId, how: "returning" }, giving)).assigned;
    const taken =
      !kept &&
      options.takenBy !== undefined &&
      (await giveNewLead(tx, input.site, given, { assigneeId: options.takenBy.id, how: "taken", by: options.takenBy }, giving)).assigned;
    if (!kept && !taken && roundRobin) await assignByTurns(tx, input.site, [given], giving);
    await options.onCreated?.(tx, { id: leadId, receiptNumber });
    const booking = await book(leadId);
    // A channel's new lead is also noted to the channel's recipients (its agency's manager).
    const recipients = [...new Set([...staffRecipients, ...(channel?.alertRecipients ?? [])])];
    const messages = leadMessages(pack, { ...input, id: leadId, receiptNumber }, recipients);
    const held = await enqueueSms(
      tx,
      booking
        ? messages.map((message) =>
            message.purpose === "confirmation" ? bookingMessage(pack, input, { id: leadId, receiptNumber }, booking) : message,
          )
        : messages,
      { budget: textBudget, now },
    );
    if (held) await tx.update(leads).set({ textsHeld: held }).where(eq(leads.id, leadId));
    return { outcome: "created", leadId, receiptNumber, booking };
  });
  if ((result.outcome === "created" && !spam) || (result.outcome === "folded" && result.booking?.isNew)) wakeOutboxWorker();
  return result;
}

interface PhoneRecordRow {
  what: "repeat" | "blocked" | "latest" | "settings";
  id: number | null;
  receipt_number: string | null;
  message: string | null;
  client_id: string | null;
  /** The site's stored settings (site_settings.values), on the "settings" row. */
  settings: Record<string, unknown> | null;
}

/**
 * What the checks read once the phone's lock is held, in one statement (each statement is a round
 * trip while the transaction holds its connection; on PGlite, the only one): the lead this
 * submission already made (a double click, a retried request), whether the site blocks the number
 * (blocked_phones, leads/blocklist.ts), and the latest lead of this phone and form within the
 * folding window; and the site's settings, which the lead's texts and consent are worded from
 * (kept as this transaction's reading of them, site-settings.ts). Taken after the lock, the
 * statement's snapshot holds every lead of this phone committed before, so two browsers sending at
 * once take turns and the second sees the first.
 */
async function readPhoneRecords(tx: Transaction, input: NewLead, now: Date) {
  const rows = await queryRows<PhoneRecordRow>(
    tx,
    sql`select 'repeat' as what, id, receipt_number, null::text as message, null::varchar as client_id, null::jsonb as settings
          from leads where submission_id = ${input.submissionId}
        union all
        select 'blocked', id, null, null, null, null
          from blocked_phones where site = ${input.site} and phone = ${input.phone}
        union all
        select 'settings', null, null, null, null, values
          from site_settings where site = ${input.site}
        union all
        (select 'latest', id, receipt_number, message, client_id, null
          from leads
          where site = ${input.site} and kind = ${input.kind} and phone = ${input.phone} and spam = false
            and created_at >= ${new Date(now.getTime() - FOLD_WINDOW_MS).toISOString()}::timestamptz
          order by created_at desc
          limit 1)`,
  );
  const row = (what: PhoneRecordRow["what"]) => rows.find((candidate) => candidate.what === what);
  const repeat = row("repeat");
  const latest = row("latest");
  keepSiteSettingsRead(tx, input.site, row("settings")?.settings ?? null);
  return {
    repeat: repeat && { id: repeat.id!, receiptNumber: repeat.receipt_number },
    blocked: row("blocked") !== undefined,
    latest: latest && { id: latest.id!, message: latest.message ?? "", clientId: latest.client_id, receiptNumber: latest.receipt_number },
  };
}

/**
 * The latest lead of this phone and form within the folding window (readPhoneRecords), and whether
 * this same browser sent it. A visit booking a time folds only into its own browser's lead.
 */
function foldableLead(
  lead: { id: number; message: string; clientId: string | null; receiptNumber: string | null } | undefined,
  input: NewLead,
) {
  if (!lead) return undefined;
  const sameBrowser = input.clientId !== null && lead.clientId === input.clientId;
  if (!sameBrowser && input.visitSlotId !== undefined) return undefined;
  return { id: lead.id, message: lead.message, receiptNumber: lead.receiptNumber, sameBrowser };
}

/**
 * The site's customers with these phones (digits), made on first contact, in a statement per
 * ROWS_PER_STATEMENT: each phone's customer id; a merged customer's number leads to the one kept
 * (for imported lists: leads/import.ts).
 */
export async function customersOf(tx: Transaction, site: string, phones: readonly string[], now: Date): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const slice of inSlices([...new Set(phones)]))
    for (const customer of await upsertCustomers(tx, site, slice, now)) ids.set(customer.phone, customer.id);
  return ids;
}

function upsertCustomers(tx: Transaction, site: string, phones: readonly string[], now: Date) {
  return tx
    .insert(customers)
    .values(phones.map((phone) => ({ site, phone, createdAt: now })))
    .onConflictDoUpdate({ target: [customers.site, customers.phone], set: { phone: sql`excluded.phone` } })
    .returning({ phone: customers.phone, id: sql<number>`coalesce(${customers.mergedIntoId}, ${customers.id})`.as("id") });
}

/**
 * Stores the lead with its receipt number and (`withCustomer`) its customer, and reads whether the
 * site gives new leads by turns and who already works the customer: one statement (the customer's
 * upsert and the day's receipt counter are its CTEs), where it was four round trips, each while the
 * transaction holds its connection and, from the counter on, the row every lead of the site and
 * day waits for.
 */
async function insertLead(
  tx: Transaction,
  input: NewLead & { consentVersion: string },
  { now, withCustomer }: { now: Date; withCustomer: boolean },
) {
  const receipt = receiptNumberCte(tx, sitePack(input.site), now);
  const customer = tx.$with("customer").as(upsertCustomers(tx, input.site, [input.phone], now));
  const [inserted] = await tx
    .with(receipt.counter, ...(withCustomer ? [customer] : []))
    .insert(leads)
    .values({
      ...leadColumns(input),
      customerId: withCustomer ? sql`(select ${customer.id} from ${customer})` : null,
      consentedAt: now,
      marketingConsentAt: input.marketingConsent ? now : null,
      sourcePath: input.sourcePath.slice(0, 300),
      ...input.attribution,
      userAgent: input.userAgent.slice(0, 400),
      spam: input.spamReason !== null,
      spamReason: input.spamReason,
      receiptNumber: receipt.number,
      createdAt: now,
    })
    .returning({
      id: leads.id,
      receiptNumber: leads.receiptNumber,
      customerId: leads.customerId,
      roundRobin: sql<boolean>`coalesce((select round_robin from console_settings where site = ${input.site}), false)`,
      // Who works this person already: the assignee of their latest lead still kept (the new one is
      // not in the statement's snapshot).
      keeperId: withCustomer
        ? sql<number | null>`(select l.assignee_id from leads l
            where l.site = ${input.site} and l.customer_id = (select ${customer.id} from ${customer})
              and l.assignee_id is not null and l.deleted_at is null and not l.spam
            order by l.created_at desc limit 1)`
        : sql<number | null>`null::integer`,
    });
  return {
    leadId: inserted!.id,
    receiptNumber: inserted!.receiptNumber!,
    customerId: inserted!.customerId,
    roundRobin: inserted!.roundRobin,
    keeperId: inserted!.keeperId,
  };
}

/** The booking a lead made, for the answer to a retried submission (a double tap on the last place is not "full"). */
async function bookingOfLead(tx: Transaction, leadId: number): Promise<PlacedBooking | null> {
  const [row] = await tx
    .select({
      id: visitBookings.id,
      linkToken: visitBookings.linkToken,
      slotId: visitSlots.id,
      day: visitSlots.day,
      startsAt: visitSlots.startsAt,
      endsAt: visitSlots.endsAt,
    })
    .from(visitBookings)
    .innerJoin(visitSlots, eq(visitSlots.id, visitBookings.slotId))
    .where(eq(visitBookings.leadId, leadId))
    .orderBy(desc(visitBookings.id))
    .limit(1);
  return row
    ? {
        id: row.id,
        isNew: false,
        linkToken: row.linkToken,
        slot: { id: row.slotId, day: row.day, startsAt: row.startsAt, endsAt: row.endsAt },
      }
    : null;
}

/** What a new lead stores as given: the form's fields (whatever the schema adds) and the kind, site, submission and consent version. */
function leadColumns(input: NewLead & { consentVersion: string }) {
  const {
    attribution: _attribution,
    sourcePath: _sourcePath,
    userAgent: _userAgent,
    spamReason: _spamReason,
    visitSlotId: _visitSlotId,
    visitPartySize: _visitPartySize,
    waitlistOfferId: _waitlistOfferId,
    marketingConsent: _marketingConsent,
    ...columns
  } = input;
  return columns;
}

/** The visitor's booking confirmation: date, time, address and the personal cancel link. */
function bookingMessage(
  pack: SitePack,
  input: NewLead,
  lead: { id: number; receiptNumber: string | null },
  booking: PlacedBooking,
): OutgoingSms {
  return bookingSms(pack, "confirmation", {
    id: booking.id,
    leadId: lead.id,
    receiptNumber: lead.receiptNumber,
    name: input.name,
    phone: input.phone,
    startsAt: booking.slot.startsAt,
    linkToken: booking.linkToken,
  });
}
