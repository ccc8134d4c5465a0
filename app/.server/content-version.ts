import { eq, sql } from "drizzle-orm";
import type { Executor } from "./db.ts";
import { siteSettings } from "./schema.ts";

/**
 * Every change to what the public pages show from the database (settings, popups, schedule,
 * documents) bumps its site's version in the same transaction, so a cache on any instance can
 * tell, with one indexed read, that what it holds is stale (issue #19 builds the page cache on it).
 */
export async function bumpContentVersion(executor: Executor, site: string, adminId: number | null = null): Promise<number> {
  const [row] = await executor
    .insert(siteSettings)
    .values({ site, version: 1, updatedBy: adminId })
    .onConflictDoUpdate({
      target: siteSettings.site,
      set: { version: sql`${siteSettings.version} + 1`, updatedAt: sql`now()`, updatedBy: adminId },
    })
    .returning({ version: siteSettings.version });
  return row!.version;
}

/** The site's content version: 0 until anything was ever changed. */
export async function contentVersion(executor: Executor, site: string): Promise<number> {
  const [row] = await executor.select({ version: siteSettings.version }).from(siteSettings).where(eq(siteSettings.site, site));
  return row?.version ?? 0;
}
