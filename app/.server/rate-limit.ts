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
 * count is one atomic upsert, correct with any number of instances on one database.
 */
export async function consumeRateLimit(key: string, rules: RateLimitRule[], now = new Date()): Promise<RateLimitResult> {
  let blocked = false;
  let retryAfterMs = 0;
  for (const rule of rules) {
    const windowKey = `${key}:${rule.name}`;
    const at = now.toISOString();
    const expired = new Date(now.getTime() - rule.windowMs).toISOString();
    const [row] = await db()
      .insert(rateLimits)
      .values({ key: windowKey, windowStartedAt: now, hits: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          windowStartedAt: sql`case when ${rateLimits.windowStartedAt} <= ${expired}::timestamptz then ${at}::timestamptz else ${rateLimits.windowStartedAt} end`,
          hits: sql`case when ${rateLimits.windowStartedAt} <= ${expired}::timestamptz then 1 else ${rateLimits.hits} + 1 end`,
        },
      })
      .returning({ hits: rateLimits.hits, windowStartedAt: rateLimits.windowStartedAt });
    if (row && row.hits > rule.limit) {
      blocked = true;
      retryAfterMs = Math.max(retryAfterMs, row.windowStartedAt.getTime() + rule.windowMs - now.getTime());
    }
  }
  if (Math.random() < 0.01) await pruneRateLimits(now);
  return { allowed: !blocked, retryAfterSeconds: blocked ? Math.max(1, Math.ceil(retryAfterMs / 1000)) : 0 };
}

/** Forgets windows that ended long ago; the longest rule is a day. */
export async function pruneRateLimits(now = new Date()) {
  await db()
    .delete(rateLimits)
    .where(lt(rateLimits.windowStartedAt, new Date(now.getTime() - 2 * 24 * 60 * 60_000)));
}
