import crypto from "node:crypto";
import { and, eq, gte, lt } from "drizzle-orm";
import { db } from "../db.ts";
import { leadSearches } from "../schema.ts";

/** Kept searches: an inbox search's URL carries a random id, and the term (a name, phone digits) stays on the server. */

const SEARCH_LIFETIME_MS = 12 * 60 * 60 * 1000;

export async function keepLeadSearch(adminId: number, term: string, now = new Date()): Promise<string> {
  const id = crypto.randomBytes(12).toString("base64url");
  await db().insert(leadSearches).values({ id, adminId, term, createdAt: now });
  await db()
    .delete(leadSearches)
    .where(lt(leadSearches.createdAt, new Date(now.getTime() - SEARCH_LIFETIME_MS)));
  return id;
}

/** The term behind a kept search of this administrator, or null when it is unknown or has run out. */
export async function readLeadSearch(adminId: number, id: string | null | undefined, now = new Date()): Promise<string | null> {
  // Ids are 16 base64url characters (above); anything else, a NUL byte included, names no search.
  if (!id || !/^[A-Za-z0-9_-]{1,32}$/.test(id)) return null;
  const [row] = await db()
    .select({ term: leadSearches.term })
    .from(leadSearches)
    .where(
      and(
        eq(leadSearches.id, id),
        eq(leadSearches.adminId, adminId),
        gte(leadSearches.createdAt, new Date(now.getTime() - SEARCH_LIFETIME_MS)),
      ),
    );
  return row?.term ?? null;
}
