import { and, asc, eq } from "drizzle-orm";
import { can } from "#app/permissions.ts";
import { recordAccess, type ChangeContext } from "../audit/records.ts";
import { db } from "../db.ts";
import { admins, blockedPhones } from "../schema.ts";
import type { LeadChange } from "./record.ts";

/**
 * Numbers a site refuses (pranks, abuse): a form from one is stored as spam ("blocked") and answered
 * like any other, so the sender learns nothing; it is not texted. Owners and managers keep the list;
 * each change is an access record naming the entry, never the number. A lead's transaction reads
 * the list with its other checks, in one statement (readPhoneRecords in leads/create.ts).
 */

export async function listBlockedPhones(site: string) {
  return db()
    .select({
      id: blockedPhones.id,
      phone: blockedPhones.phone,
      reason: blockedPhones.reason,
      createdAt: blockedPhones.createdAt,
      byName: admins.name,
      byEmail: admins.email,
    })
    .from(blockedPhones)
    .leftJoin(admins, eq(admins.id, blockedPhones.createdBy))
    .where(eq(blockedPhones.site, site))
    .orderBy(asc(blockedPhones.createdAt), asc(blockedPhones.id));
}

/** Adds a number (digits) to the site's blocklist; "exists" when it is on it already. */
export async function blockPhone(
  change: ChangeContext,
  { phone, reason }: { phone: string; reason: string },
  now = new Date(),
): Promise<LeadChange | "exists"> {
  if (!can(change.actor.role, "leads.assign")) return "forbidden";
  return db().transaction(async (tx) => {
    const [added] = await tx
      .insert(blockedPhones)
      .values({ site: change.site, phone, reason, createdBy: change.actor.id, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: blockedPhones.id });
    if (!added) return "exists";
    await recordAccess({ ...change, action: "blocklist.change", detail: { entry: added.id, step: "added" } }, { executor: tx, now });
    return "done";
  });
}

export async function unblockPhone(change: ChangeContext, entryId: number, now = new Date()): Promise<LeadChange> {
  if (!can(change.actor.role, "leads.assign")) return "forbidden";
  return db().transaction(async (tx) => {
    const [removed] = await tx
      .delete(blockedPhones)
      .where(and(eq(blockedPhones.id, entryId), eq(blockedPhones.site, change.site)))
      .returning({ id: blockedPhones.id });
    if (!removed) return "not-found";
    await recordAccess({ ...change, action: "blocklist.change", detail: { entry: removed.id, step: "removed" } }, { executor: tx, now });
    return "done";
  });
}
