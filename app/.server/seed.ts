import { count, eq, sql } from "drizzle-orm";
import { sitePacks } from "#app/content/index.ts";
import { bumpContentVersion } from "./content/content-version.ts";
import { db } from "./db.ts";
import { priceSheets, pressArticles } from "./schema.ts";
import { seedDemoUnits } from "./units/demo.ts";
import { seedVisitSchedule } from "./visits/schedule.ts";

const DAY = 24 * 60 * 60 * 1000;

/**
 * Fills an empty database with the content pack's demo records (press articles, a visit
 * schedule for the coming days, a published price sheet, a 동호수 board), once. Several instances may boot together on one PostgreSQL,
 * so the check and the insert run under one advisory lock.
 */
export async function seedDemoContent(site: string, now = new Date()) {
  const pack = sitePacks[site];
  if (!pack) throw new Error(`Unknown site ${site}`);
  await db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    await seedVisitSchedule(tx, site, now);
    if (pack.demoPriceSheet) {
      const sheet = pack.demoPriceSheet;
      const added = await tx
        .insert(priceSheets)
        .values({ site, draft: sheet, published: sheet, savedAt: now, publishedAt: now })
        .onConflictDoNothing()
        .returning({ site: priceSheets.site });
      // Another instance already serving may hold the page as "공고 예정".
      if (added.length > 0) await bumpContentVersion(tx, site);
    }
    await seedDemoUnits(tx, pack);
    const [row] = await tx.select({ value: count() }).from(pressArticles).where(eq(pressArticles.site, site));
    if ((row?.value ?? 0) > 0 || pack.demoPress.length === 0) return;
    await tx.insert(pressArticles).values(
      pack.demoPress.map((article) => ({
        site,
        title: article.title,
        summary: article.summary,
        content: article.content,
        date: new Date(now.getTime() - article.daysAgo * DAY),
        views: article.views,
      })),
    );
  });
}
