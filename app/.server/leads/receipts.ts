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
  const day = kstDay(now);
  const [row] = await tx
    .insert(receiptCounters)
    .values({ site: pack.slug, day, last: 1 })
    .onConflictDoUpdate({ target: [receiptCounters.site, receiptCounters.day], set: { last: sql`${receiptCounters.last} + 1` } })
    .returning({ last: receiptCounters.last });
  return `${receiptPrefix(pack)}-${day.replaceAll("-", "")}-${String(row!.last).padStart(4, "0")}`;
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
