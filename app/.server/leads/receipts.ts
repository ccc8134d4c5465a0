import { eq, sql } from "drizzle-orm";
import type { SitePack } from "#app/content/types.ts";
import { kstDay } from "#app/utils/kst.ts";
import type { Executor } from "../db.ts";
import { leads, receiptCounters } from "../schema.ts";

/**
 * Receipt numbers: "DG-20261125-0042", the site's prefix, the Korean day and that day's sequence.
 * The day's counter row is raised in the lead's own transaction, so leads arriving at once on any
 * number of servers take turns on the row and get consecutive numbers, none twice; a lead that rolls
 * back takes its number with it.
 */

/** The pack's prefix, or the first two letters of the site's slug. */
export function receiptPrefix(pack: Pick<SitePack, "slug" | "leads">) {
  return (pack.leads.receiptPrefix ?? pack.slug.slice(0, 2)).toUpperCase();
}

export async function nextReceiptNumber(tx: Executor, pack: Pick<SitePack, "slug" | "leads">, now: Date) {
  const [row] = await raiseDayCounter(tx, pack, now).returning({ last: receiptCounters.last });
  return `${receiptNumberStem(pack, now)}${String(row!.last).padStart(4, "0")}`;
}

/**
 * The same number as nextReceiptNumber, as part of a larger statement (a new lead's insert,
 * leads/create.ts): `number` is the receipt number (an SQL expression over the CTE's `last`),
 * `counter` the CTE that raises the day's counter.
 */
export function receiptNumberCte(tx: Executor, pack: Pick<SitePack, "slug" | "leads">, now: Date) {
  const counter = tx.$with("receipt_counter").as(raiseDayCounter(tx, pack, now).returning({ last: receiptCounters.last }));
  // lpad would cut a number past 9999 to four digits; padStart does not.
  const last = sql`(select ${counter.last}::text from ${counter})`;
  const number = sql<string>`${receiptNumberStem(pack, now)} || lpad(${last}, greatest(4, length(${last})), '0')`;
  return { counter, number };
}

function raiseDayCounter(tx: Executor, pack: Pick<SitePack, "slug" | "leads">, now: Date) {
  return tx
    .insert(receiptCounters)
    .values({ site: pack.slug, day: kstDay(now), last: 1 })
    .onConflictDoUpdate({ target: [receiptCounters.site, receiptCounters.day], set: { last: sql`${receiptCounters.last} + 1` } });
}

/** "DG-20261125-": the prefix and the Korean day, before the day's sequence. */
function receiptNumberStem(pack: Pick<SitePack, "slug" | "leads">, now: Date) {
  return `${receiptPrefix(pack)}-${kstDay(now).replaceAll("-", "")}-`;
}

/** Whether a value is a whole receipt number, as an answer page's address may carry it. */
export function isReceiptNumber(value: string | null | undefined): value is string {
  return typeof value === "string" && /^[A-Z]{1,6}-\d{8}-\d{4,6}$/.test(value);
}

/** Whether a search term is (the start of) a receipt number: "DG-20261125-0042", "dg-20261125". */
export function looksLikeReceiptNumber(term: string) {
  return /^[A-Za-z]{1,6}-\d{8}(-\d{1,6})?$/.test(term.trim());
}

/** A lead's receipt number (a booking moved later is confirmed with the number its lead was given). */
export async function receiptNumberOf(executor: Executor, leadId: number): Promise<string | null> {
  const [lead] = await executor.select({ receiptNumber: leads.receiptNumber }).from(leads).where(eq(leads.id, leadId));
  return lead?.receiptNumber ?? null;
}
