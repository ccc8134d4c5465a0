import { lt, sql } from "drizzle-orm";
import { db } from "./db.ts";
import { rateLimits } from "./schema.ts";

/** Fixed-window rate limits kept in the database, so that every instance counts the same hits. */

export interface RateLimitRule {
  name: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the exhausted window ends (0 when allowed). */
  retryAfterSeconds: number;
}

/**
 * Counts one hit against each rule for `key`. Each window starts at the first hit after the
 * previous window ended (so a burst is never split across a clock-aligned boundary), and the
 * count is one atomic upsert of every rule's row, correct with any number of instances on one
 * database.
 */
export async function consumeRateLimit(key: string, rules: RateLimitRule[], now = new Date()): Promise<RateLimitResult> {
  if (rules.length === 0) return { allowed: true, retryAfterSeconds: 0 };
  const windowOf = new Map(rules.map((rule) => [`${key}:${rule.name}`, rule]));
  const at = now.toISOString();
  // Each row's own rule decides whether its window has ended: the rule's length, looked up by the row's key.
  const windowEnded = sql`${rateLimits.windowStartedAt} <= case ${rateLimits.key} ${sql.join(
    rules.map((rule) => sql`when ${`${key}:${rule.name}`} then ${new Date(now.getTime() - rule.windowMs).toISOString()}::timestamptz`),
    sql` `,
  )} end`;
  const rows = await db()
    .insert(rateLimits)
    .values([...windowOf.keys()].map((windowKey) => ({ key: windowKey, windowStartedAt: now, hits: 1 })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        windowStartedAt: sql`case when ${windowEnded} then ${at}::timestamptz else ${rateLimits.windowStartedAt} end`,
        hits: sql`case when ${windowEnded} then 1 else ${rateLimits.hits} + 1 end`,
      },
    })
    .returning({ key: rateLimits.key, hits: rateLimits.hits, windowStartedAt: rateLimits.windowStartedAt });
  let retryAfterMs = 0;
  const exhausted = rows.filter((row) => row.hits > windowOf.get(row.key)!.limit);
  for (const row of exhausted) {
    retryAfterMs = Math.max(retryAfterMs, row.windowStartedAt.getTime() + windowOf.get(row.key)!.windowMs - now.getTime());
  }
  const blocked = exhausted.length > 0;
  return { allowed: !blocked, retryAfterSeconds: blocked ? Math.max(1, Math.ceil(retryAfterMs / 1000)) : 0 };
}

/** Forgets windows that ended long ago; the longest rule is a day. */
export async function pruneRateLimits(now = new Date()) {
  await db()
    .delete(rateLimits)
    .where(lt(rateLimits.windowStartedAt, new Date(now.getTime() - 2 * 24 * 60 * 60_000)));
}
