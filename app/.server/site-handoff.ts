import crypto from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import { db } from "./db.ts";
import { admins, adminSites, siteHandoffs } from "./schema.ts";
import { createSession } from "./auth/session.ts";

/**
 * Moving a signed-in administrator to another of their sites. Each site has its own host, and
 * so its own session cookie; the site switcher hands the other host a one-time key, valid a
 * minute, which it exchanges for a session there. Only the key's hash is stored.
 *
 * Opening the link signs nobody in: the other host shows whose account it is and signs in only
 * when that page posts back (its Origin checked). Otherwise anyone could send a victim a link made
 * with their own account and have the victim working, unaware, in the attacker's console.
 */

const HANDOFF_LIFETIME_MS = 60_000;

const hashKey = (key: string) => crypto.createHash("sha256").update(key).digest("hex");

/** The administrator's sites, for the switcher. */
export async function sitesOf(adminId: number): Promise<string[]> {
  const rows = await db().select({ site: adminSites.site }).from(adminSites).where(eq(adminSites.adminId, adminId));
  return rows.map((row) => row.site);
}

/** A one-time key for `site`, or null when the administrator does not work there. */
export async function startHandoff(adminId: number, site: string, now = new Date()): Promise<string | null> {
  if (!(await sitesOf(adminId)).includes(site)) return null;
  const key = crypto.randomBytes(32).toString("base64url");
  await db()
    .insert(siteHandoffs)
    .values({ id: hashKey(key), adminId, site, expiresAt: new Date(now.getTime() + HANDOFF_LIFETIME_MS) });
  await db().delete(siteHandoffs).where(lt(siteHandoffs.expiresAt, now));
  return key;
}

const wellFormed = (key: string) => /^[\w-]{43}$/.test(key);

/** Whose account a key would sign in on `site`, while it is good; nothing is spent. */
export async function findHandoff(key: string, site: string, now = new Date()) {
  if (!wellFormed(key)) return null;
  const [handoff] = await db()
    .select({ adminId: admins.id, name: admins.name, email: admins.email })
    .from(siteHandoffs)
    .innerJoin(admins, eq(admins.id, siteHandoffs.adminId))
    .where(and(eq(siteHandoffs.id, hashKey(key)), eq(siteHandoffs.site, site), gt(siteHandoffs.expiresAt, now)));
  return handoff ?? null;
}

/** "Not my account": the key is spent without signing anyone in. */
export async function declineHandoff(key: string, site: string) {
  if (!wellFormed(key)) return;
  await db()
    .delete(siteHandoffs)
    .where(and(eq(siteHandoffs.id, hashKey(key)), eq(siteHandoffs.site, site)));
}

/** Spends a key on the site it was made for (the confirm page's post): the Set-Cookie of a new session there, or null. */
export async function finishHandoff(key: string, site: string, now = new Date()): Promise<string | null> {
  if (!wellFormed(key)) return null;
  const [handoff] = await db()
    .delete(siteHandoffs)
    .where(and(eq(siteHandoffs.id, hashKey(key)), eq(siteHandoffs.site, site), gt(siteHandoffs.expiresAt, now)))
    .returning({ adminId: siteHandoffs.adminId });
  if (!handoff || !(await sitesOf(handoff.adminId)).includes(site)) return null;
  return createSession(handoff.adminId, site, { complete: true }, now);
}
