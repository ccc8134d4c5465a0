import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { AuditAction, Role } from "#app/vocabulary.ts";
import { recordAccess, type ChangeContext } from "../audit/records.ts";
import { db, type Executor } from "../db.ts";
import { admins, adminSites } from "../schema.ts";

/**
 * Who holds which role on which site (docs/decisions/022-role-per-site.md). A role is a
 * membership's, one row per account × site; disabled state, password and second factor are the
 * account's. So an owner changes a role only where they are owner, and changes what is the
 * account's only when they own every site the account works on: the owner of one development never
 * reaches into another's.
 */

export interface Membership {
  site: string;
  role: Role;
}

// Any constant works; it only has to be the same in every instance.
const RIGHTS_LOCK_KEY = 727_021;

/**
 * Changes of access rights run one at a time per database: two owners demoting each other at once
 * would otherwise each see the other still an owner and leave the site with none.
 */
export async function lockRights(executor: Executor) {
  await executor.execute(sql`select pg_advisory_xact_lock(${RIGHTS_LOCK_KEY})`);
}

export async function membershipsOf(executor: Executor, adminId: number): Promise<Membership[]> {
  return executor
    .select({ site: adminSites.site, role: adminSites.role })
    .from(adminSites)
    .where(eq(adminSites.adminId, adminId))
    .orderBy(asc(adminSites.site));
}

/** Each of these accounts' memberships, for the staff page. */
export async function membershipsOfStaff(adminIds: number[]): Promise<Map<number, Membership[]>> {
  const memberships = new Map<number, Membership[]>();
  if (adminIds.length === 0) return memberships;
  const rows = await db()
    .select({ adminId: adminSites.adminId, site: adminSites.site, role: adminSites.role })
    .from(adminSites)
    .where(inArray(adminSites.adminId, adminIds))
    .orderBy(asc(adminSites.site));
  for (const { adminId, ...membership } of rows) memberships.set(adminId, [...(memberships.get(adminId) ?? []), membership]);
  return memberships;
}

/** The sites on which this account is an owner: the only ones it can give, take or change roles on. */
export async function sitesOwnedBy(adminId: number, executor: Executor = db()): Promise<string[]> {
  const rows = await executor
    .select({ site: adminSites.site })
    .from(adminSites)
    .where(and(eq(adminSites.adminId, adminId), eq(adminSites.role, "owner")))
    .orderBy(asc(adminSites.site));
  return rows.map((row) => row.site);
}

/** Whether what is the account's (disabled, second factor, invitation) is this owner's to change: they own every site it works on. */
export function ownsEverySite(owned: readonly string[], memberships: readonly Membership[]) {
  return memberships.every((membership) => owned.includes(membership.site));
}

/** The sites among `sites` that would have no enabled owner left without this account. */
export async function sitesLeftWithoutOwner(executor: Executor, adminId: number, sites: readonly string[]): Promise<string[]> {
  if (sites.length === 0) return [];
  const others = await executor
    .selectDistinct({ site: adminSites.site })
    .from(adminSites)
    .innerJoin(admins, eq(admins.id, adminSites.adminId))
    .where(
      and(inArray(adminSites.site, [...sites]), eq(adminSites.role, "owner"), isNull(admins.disabledAt), ne(adminSites.adminId, adminId)),
    );
  const covered = new Set(others.map((row) => row.site));
  return sites.filter((site) => !covered.has(site));
}

/**
 * Records a change of access rights on the console's site and on every site it touches, so each
 * site's owner finds in their own records every change to their staff. A record filed on another
 * site names the console it was made from.
 */
export async function recordRightsChange(
  executor: Executor,
  change: ChangeContext,
  { action, sites, detail }: { action: AuditAction; sites: readonly string[]; detail: Record<string, unknown> },
  now: Date,
) {
  for (const site of new Set([change.site, ...sites])) {
    await recordAccess(
      { ...change, site, action, detail: site === change.site ? detail : { ...detail, console: change.site } },
      { executor, now },
    );
  }
}
