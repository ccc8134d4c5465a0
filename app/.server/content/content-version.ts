import { eq, sql } from "drizzle-orm";
import { db, type Executor } from "../db.ts";
import { siteSettings } from "../schema.ts";

/**
 * Every change to what the public pages show from the database (settings, popups, schedule,
 * documents, press, places left in visit times) bumps its site's version in the same transaction,
 * so the page cache of any instance can tell, with one primary-key read, that what it holds is
 * stale (server/page-cache.ts; docs/decisions/018-page-cache.md).
 */
export async function bumpContentVersion(executor: Executor, site: string, adminId: number | null = null): Promise<number> {
  const [row] = await raiseVersion(executor, site, adminId).returning({ version: siteSettings.version });
  return row!.version;
}

/**
 * The same bump as a CTE of a larger statement (a visit booking's insert, visits/booking.ts):
 * PostgreSQL runs a data-modifying CTE whether or not the statement reads it.
 */
export function contentVersionBumpCte(executor: Executor, site: string) {
  return executor.$with("content_version").as(raiseVersion(executor, site, null).returning({ version: siteSettings.version }));
}

function raiseVersion(executor: Executor, site: string, adminId: number | null) {
  // Marked before the commit and for a few seconds after it, so this instance reads the version
  // afresh on every request until the change is certainly visible: whoever made it sees it next.
  locallyChangedAt.set(site, Date.now());
  return executor
    .insert(siteSettings)
    .values({ site, version: 1, updatedBy: adminId })
    .onConflictDoUpdate({
      target: siteSettings.site,
      set: { version: sql`${siteSettings.version} + 1`, updatedAt: sql`now()`, updatedBy: adminId },
    });
}

/** The site's content version: 0 until anything was ever changed. */
export async function contentVersion(executor: Executor, site: string): Promise<number> {
  const [row] = await executor.select({ version: siteSettings.version }).from(siteSettings).where(eq(siteSettings.site, site));
  return row?.version ?? 0;
}

/** How long a version read stands for requests to come: another instance's change shows within this. */
export const VERSION_CHECK_MS = 1_000;
/** After a change made here, how long every request reads the version from the database. */
const LOCAL_CHANGE_WINDOW_MS = 5_000;

const locallyChangedAt = new Map<string, number>();
const lastRead = new Map<string, { version: number; readAt: number } | Promise<number>>();

/**
 * The site's content version as the page cache needs it: read from the database at most once a
 * second per site (one read shared by the requests waiting for it), and on every request for a
 * few seconds after this instance changed the site itself.
 */
export async function recentContentVersion(site: string, now = Date.now()): Promise<number> {
  const known = lastRead.get(site);
  if (known instanceof Promise) return known;
  const changedHere = now - (locallyChangedAt.get(site) ?? -Infinity) < LOCAL_CHANGE_WINDOW_MS;
  if (known && !changedHere && now - known.readAt < VERSION_CHECK_MS) return known.version;
  const reading = contentVersion(db(), site).then(
    (version) => {
      lastRead.set(site, { version, readAt: now });
      return version;
    },
    (error: unknown) => {
      lastRead.delete(site);
      throw error;
    },
  );
  lastRead.set(site, reading);
  return reading;
}

/** Forgets every version read and every change made here (server/page-cache.ts's forgetAllPages). */
export function forgetContentVersions() {
  lastRead.clear();
  locallyChangedAt.clear();
}
