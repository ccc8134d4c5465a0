import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { SitePack } from "#app/content/types.ts";
import { kstDay } from "#app/utils/kst.ts";
import { formatPhone } from "#app/utils/phone.ts";
import { fill } from "#app/utils/template.ts";
import type { ConsentChannel } from "#app/vocabulary.ts";
import { textPack } from "../content/site-settings.ts";
import { inSlices, type Executor } from "../db.ts";
import { enqueueOneSms } from "../outbox/queue.ts";
import { admins, customers, leads, marketingConsentEvents, smsOutbox } from "../schema.ts";
import { marketingStandingOf } from "../sms/advertising.ts";

/**
 * The marketing-consent ledger: each consent to advertising texts, each withdrawal and each
 * two-year reconfirmation notice is a row (who, when, how), never changed afterwards. The standing
 * is still read from `leads.marketingConsentAt` and `customers.marketingOptOutAt` (sms/advertising.ts),
 * which every verb here writes in the same transaction as its row, so every reader of them agrees
 * with the ledger.
 */

/** Everything one phone does at one site takes turns (the same lock as a new lead's, leads/create.ts). */
export async function lockPhone(executor: Executor, site: string, phone: string) {
  await executor.execute(sql`select pg_advisory_xact_lock(727003, hashtext(${`${site}:${phone}`}))`);
}

/**
 * The customer records of these people (each record kept by a merge, with the records merged into
 * it), locked in id order. A withdrawal and a merge lock a person so before they change a refusal, so
 * two of them on one person's numbers at once queue instead of deadlocking.
 */
export async function lockPerson(executor: Executor, site: string, personIds: number[]) {
  await executor
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.site, site), or(inArray(customers.id, personIds), inArray(customers.mergedIntoId, personIds))))
    .orderBy(asc(customers.id))
    .for("update");
}

/**
 * The consents an imported list declares (its consent column, the office vouching that it proves
 * them), in the import's transaction: a row each, naming who imported it, so the customer view shows
 * where the consent came from and the two-year reconfirmation (reconfirmation.ts, which reads the
 * ledger) reaches these people too.
 */
export async function recordImportedConsents(
  executor: Executor,
  site: string,
  consents: { phone: string; customerId: number; leadId: number }[],
  actorId: number,
  at: Date,
) {
  for (const slice of inSlices(consents)) {
    await executor
      .insert(marketingConsentEvents)
      .values(slice.map((consent) => ({ ...consent, site, kind: "consent" as const, via: "import" as const, actorId, at, createdAt: at })));
  }
}

/** A lead form's optional consent, in the lead's transaction. */
export async function recordFormConsent(
  executor: Executor,
  consent: { site: string; phone: string; customerId: number | null; leadId: number; at: Date },
) {
  await executor.insert(marketingConsentEvents).values({ ...consent, kind: "consent", via: "form", createdAt: consent.at });
}

export type WithdrawalOutcome =
  /** Recorded; the confirmation text is queued (wake the outbox worker after the commit). */
  | { outcome: "withdrawn"; outboxId: number; withdrawnTexts: number[] }
  /** The number had already withdrawn: nothing recorded, no second text. */
  | { outcome: "already-withdrawn" }
  /** The customer consented again after the withdrawal's date (an old 080 entry): it no longer applies. */
  | { outcome: "consented-since" };

export interface Withdrawal {
  site: string;
  /** Digits only. */
  phone: string;
  via: ConsentChannel;
  /** When the person withdrew (an 080 list's own date); the standing counts from it. */
  at: Date;
  /** The person on the team who recorded it, from the console. */
  actorId?: number | null;
}

/**
 * A withdrawal from advertising texts: the ledger row, `customers.marketingOptOutAt` (the customer
 * made if the site did not know the number), the phone's advertising texts not yet sent withdrawn,
 * and the confirmation text queued at once (the law gives 14 days; informational, so it goes even
 * at night). A number already withdrawn records nothing and gets no second text. Runs in its own
 * transaction, or a savepoint of the caller's.
 */
export async function recordWithdrawal(
  executor: Executor,
  withdrawal: Withdrawal,
  { now = new Date(), pack }: { now?: Date; pack?: SitePack } = {},
): Promise<WithdrawalOutcome> {
  const { site, phone, via, at } = withdrawal;
  return executor.transaction(async (tx): Promise<WithdrawalOutcome> => {
    await lockPhone(tx, site, phone);
    const [own] = await tx
      .select({ person: sql<number>`coalesce(${customers.mergedIntoId}, ${customers.id})` })
      .from(customers)
      .where(and(eq(customers.site, site), eq(customers.phone, phone)));
    if (own) await lockPerson(tx, site, [own.person]);
    const { standing, consentedAt } = await marketingStandingOf(tx, site, phone);
    if (standing === "opted-out") return { outcome: "already-withdrawn" };
    if (consentedAt && consentedAt > at) return { outcome: "consented-since" };
    const [customer] = await tx
      .insert(customers)
      .values({ site, phone, marketingOptOutAt: at, createdAt: now })
      .onConflictDoUpdate({ target: [customers.site, customers.phone], set: { marketingOptOutAt: at } })
      .returning({ id: customers.id, mergedIntoId: customers.mergedIntoId });
    const withdrawn = [
      ...(await withdrawPendingAdvertising(tx, site, phone)),
      ...(await withdrawOtherNumbers(tx, site, customer!.mergedIntoId ?? customer!.id, { phone, at }, now)),
    ];
    const texts = pack ?? (await textPack(site, tx));
    const { id: outboxId } = await enqueueOneSms(
      tx,
      {
        site,
        // The customer's latest lead, so the text shows in their history.
        leadId: await latestLeadOf(tx, site, phone),
        purpose: "opt-out",
        recipient: phone,
        body: fill(texts.leads.sms.optOutConfirmation, {
          senderName: texts.leads.sms.senderName,
          date: kstDay(now),
          salesPhone: formatPhone(texts.phone),
        }),
      },
      { now },
    );
    await tx.insert(marketingConsentEvents).values({
      site,
      phone,
      customerId: customer!.id,
      kind: "withdrawal",
      via,
      actorId: withdrawal.actorId ?? null,
      outboxId,
      at,
      createdAt: now,
    });
    return { outcome: "withdrawn", outboxId, withdrawnTexts: withdrawn };
  });
}

/** The advertising texts to a number not yet sent, withdrawn; answers their ids. */
async function withdrawPendingAdvertising(executor: Executor, site: string, phone: string) {
  const withdrawn = await executor
    .update(smsOutbox)
    .set({ status: "withdrawn" })
    .where(and(eq(smsOutbox.site, site), eq(smsOutbox.recipient, phone), eq(smsOutbox.advertising, true), eq(smsOutbox.status, "pending")))
    .returning({ id: smsOutbox.id });
  return withdrawn.map((row) => row.id);
}

/**
 * A refusal holds for the person, not only for the number it came from (decision 055): every other
 * number of the customer `personId` (the customer kept by a merge, and the numbers merged into it)
 * that stands consented withdraws too, as of the refusal's instant, with a ledger row of its own
 * (via "other-number") and its advertising texts not yet sent withdrawn. A number that consented
 * again after the refusal keeps that consent, one without consent is left alone, and only the number
 * that asked is texted the confirmation. Answers the ids of the texts withdrawn.
 */
export async function withdrawOtherNumbers(
  executor: Executor,
  site: string,
  personId: number,
  refusal: { phone: string; at: Date },
  now: Date,
): Promise<number[]> {
  const numbers = await executor
    .select({ id: customers.id, phone: customers.phone })
    .from(customers)
    .where(
      and(
        eq(customers.site, site),
        or(eq(customers.id, personId), eq(customers.mergedIntoId, personId)),
        ne(customers.phone, refusal.phone),
      ),
    )
    .orderBy(asc(customers.id))
    .for("update");
  const withdrawn: number[] = [];
  for (const number of numbers) {
    const { standing, consentedAt } = await marketingStandingOf(executor, site, number.phone);
    if (standing !== "consented" || consentedAt! > refusal.at) continue;
    await executor.update(customers).set({ marketingOptOutAt: refusal.at }).where(eq(customers.id, number.id));
    await executor.insert(marketingConsentEvents).values({
      site,
      phone: number.phone,
      customerId: number.id,
      kind: "withdrawal",
      via: "other-number",
      at: refusal.at,
      createdAt: now,
    });
    withdrawn.push(...(await withdrawPendingAdvertising(executor, site, number.phone)));
  }
  return withdrawn;
}

async function latestLeadOf(executor: Executor, site: string, phone: string) {
  const [lead] = await executor
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.site, site), eq(leads.phone, phone), isNull(leads.deletedAt)))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(1);
  return lead?.id ?? null;
}

/** Consents are reconfirmed this many years after they were given, or after their last notice. */
export const RECONFIRM_AFTER_YEARS = 2;

/**
 * What the customer view shows of a phone's consent: the ledger, oldest first (with the form's kind
 * and the staff member's name when there are), the standing, and when the next reconfirmation is due.
 */
export async function consentHistory(executor: Executor, site: string, phone: string) {
  const [events, standing] = await Promise.all([
    executor
      .select({
        id: marketingConsentEvents.id,
        kind: marketingConsentEvents.kind,
        via: marketingConsentEvents.via,
        at: marketingConsentEvents.at,
        leadId: marketingConsentEvents.leadId,
        leadKind: leads.kind,
        actorName: admins.name,
        outboxId: marketingConsentEvents.outboxId,
      })
      .from(marketingConsentEvents)
      .leftJoin(leads, eq(leads.id, marketingConsentEvents.leadId))
      .leftJoin(admins, eq(admins.id, marketingConsentEvents.actorId))
      .where(and(eq(marketingConsentEvents.site, site), eq(marketingConsentEvents.phone, phone)))
      .orderBy(asc(marketingConsentEvents.at), asc(marketingConsentEvents.id)),
    marketingStandingOf(executor, site, phone),
  ]);
  const lastBasis = events.filter((event) => event.kind !== "withdrawal").at(-1);
  const nextNotice = standing.standing === "consented" && lastBasis ? reconfirmationDay(lastBasis.at) : null;
  return { events, ...standing, nextNotice };
}

/** The Korean calendar day a consent (or notice) given at `at` is next reconfirmed: two years on (29 February: the 28th). */
export function reconfirmationDay(at: Date): string {
  const [year, month, day] = kstDay(at).split("-");
  const monthDay = `${month}-${day}` === "02-29" ? "02-28" : `${month}-${day}`;
  return `${Number(year) + RECONFIRM_AFTER_YEARS}-${monthDay}`;
}
