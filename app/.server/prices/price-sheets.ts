import { and, eq, isNotNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { PriceSheet } from "#app/utils/payment-plan.ts";
import { recordAccess, type ChangeContext } from "../audit/records.ts";
import { bumpContentVersion } from "../content/content-version.ts";
import { db, type Executor } from "../db.ts";
import { admins, priceSheets } from "../schema.ts";

/**
 * The 분양가 table, 납부 일정 and 중도금 loan terms the office keeps per site (/admin/prices) and
 * publishes on /SalesInfo/price. A save changes only the draft; publishing puts the sheet on the
 * site and bumps the content version in the same transaction, so every instance's page cache
 * drops the old page (docs/decisions/018-page-cache.md). Each step is an access record.
 */

export interface PriceSheetState {
  draft: PriceSheet;
  savedAt: Date;
  savedBy: string | null;
  published: PriceSheet | null;
  publishedAt: Date | null;
  publishedBy: string | null;
}

const saver = alias(admins, "saver");
const publisher = alias(admins, "publisher");

/** The site's sheet as the console shows it, or null before the office saved one. */
export async function priceSheetOf(site: string): Promise<PriceSheetState | null> {
  const [row] = await db()
    .select({
      draft: priceSheets.draft,
      savedAt: priceSheets.savedAt,
      saverName: saver.name,
      saverEmail: saver.email,
      published: priceSheets.published,
      publishedAt: priceSheets.publishedAt,
      publisherName: publisher.name,
      publisherEmail: publisher.email,
    })
    .from(priceSheets)
    .leftJoin(saver, eq(saver.id, priceSheets.savedBy))
    .leftJoin(publisher, eq(publisher.id, priceSheets.publishedBy))
    .where(eq(priceSheets.site, site));
  if (!row) return null;
  return {
    draft: row.draft,
    savedAt: row.savedAt,
    savedBy: row.saverName || row.saverEmail,
    published: row.published,
    publishedAt: row.publishedAt,
    publishedBy: row.publisherName || row.publisherEmail,
  };
}

/** What the public page shows: the published sheet, or null (nothing is claimed). */
export async function publishedPriceSheet(site: string, executor: Executor = db()): Promise<PriceSheet | null> {
  const [row] = await executor.select({ published: priceSheets.published }).from(priceSheets).where(eq(priceSheets.site, site));
  return row?.published ?? null;
}

/** Saves the office's sheet; with `publish`, also puts it on the site at once. */
export async function savePriceSheet(
  change: ChangeContext,
  sheet: PriceSheet,
  { publish, now = new Date() }: { publish: boolean; now?: Date },
) {
  await db().transaction(async (tx) => {
    const saved = { draft: sheet, savedBy: change.actor.id, savedAt: now };
    const published = publish ? { published: sheet, publishedBy: change.actor.id, publishedAt: now } : {};
    await tx
      .insert(priceSheets)
      .values({ site: change.site, ...saved, ...published })
      .onConflictDoUpdate({ target: priceSheets.site, set: { ...saved, ...published } });
    if (publish) await bumpContentVersion(tx, change.site, change.actor.id);
    await recordAccess(
      { ...change, action: "prices.change", detail: { step: publish ? "published" : "saved", ...summary(sheet) } },
      { executor: tx, now },
    );
  });
}

/** Takes the sheet off the site (the draft stays); "not-published" when nothing was on it. */
export async function withdrawPriceSheet(change: ChangeContext, now = new Date()): Promise<"done" | "not-published"> {
  return db().transaction(async (tx) => {
    const rows = await tx
      .update(priceSheets)
      .set({ published: null, publishedBy: change.actor.id, publishedAt: now })
      .where(and(eq(priceSheets.site, change.site), isNotNull(priceSheets.published)))
      .returning({ site: priceSheets.site });
    if (rows.length === 0) return "not-published";
    await bumpContentVersion(tx, change.site, change.actor.id);
    await recordAccess({ ...change, action: "prices.change", detail: { step: "withdrawn" } }, { executor: tx, now });
    return "done";
  });
}

/** What an access record says of a sheet: its shape, not every figure. */
function summary(sheet: PriceSheet) {
  return {
    bands: sheet.bands.map((band) => `${band.from}-${band.to}`),
    percents: sheet.payments.map((payment) => payment.percent),
    loan: sheet.loan.kind,
  };
}
