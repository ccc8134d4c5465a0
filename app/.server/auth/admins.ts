import { and, count, eq } from "drizzle-orm";
import type { AuditAction } from "#app/vocabulary.ts";
import { db } from "../db.ts";
import { lockRights, membershipsOf } from "./memberships.ts";
import { hashPassword } from "./password.ts";
import { recordAccess, systemActor } from "../audit/records.ts";
import { admins, adminSites, recoveryCodes, sessions } from "../schema.ts";

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

export async function countAdmins(): Promise<number> {
  const [row] = await db().select({ value: count() }).from(admins);
  return row?.value ?? 0;
}

/**
 * `npm run admin:create` and ADMIN_EMAIL: creates an owner of `sites` (the first account of an
 * install, who then invites the team), or, for an email that exists, sets a new password (ending
 * its sessions) and, with `resetSecondFactor`, clears its second factor: the way back in for an
 * owner who lost both phone and recovery codes. A new password changes no rights: an existing
 * account is made owner of the sites named in `grantSites` (`--grant-sites`, `--all-sites`) and of
 * no others. A new owner enrols a second factor at the first sign-in. `name` names the person
 * (`--name`, ADMIN_NAME): a new account without one is named by its email's mailbox; an existing
 * account is renamed only when one is given. Each change is an access record, on every site it
 * touches, naming the command (`by`) as its actor.
 */
export async function upsertAdmin(
  email: string,
  password: string,
  {
    sites,
    name,
    grantSites = [],
    by = "npm run admin:create",
    resetSecondFactor = false,
  }: { sites: string[]; name?: string; grantSites?: string[]; by?: string; resetSecondFactor?: boolean },
): Promise<"created" | "updated"> {
  const normalized = normalizeEmail(email);
  const givenName = name?.trim() || undefined;
  const passwordHash = await hashPassword(password);
  const actor = systemActor(by);
  return db().transaction(async (tx) => {
    await lockRights(tx);
    // An account on no site (none can sign in anywhere) still has its change recorded.
    const record = async (recordSites: readonly string[], action: AuditAction, detail: Record<string, unknown>) => {
      for (const site of new Set(recordSites.length > 0 ? recordSites : ["-"]))
        await recordAccess({ site, actor, clientAddress: "-", action, detail }, { executor: tx });
    };
    const [existing] = await tx.select({ id: admins.id, name: admins.name }).from(admins).where(eq(admins.email, normalized)).for("update");
    if (!existing) {
      const ownerOf = [...new Set(grantSites.length > 0 ? grantSites : sites)];
      const [admin] = await tx
        .insert(admins)
        .values({ email: normalized, name: givenName ?? normalized.split("@")[0]!, passwordHash })
        .returning({ id: admins.id });
      await tx.insert(adminSites).values(ownerOf.map((site) => ({ adminId: admin!.id, site, role: "owner" as const })));
      await record(ownerOf, "staff.create", { adminId: admin!.id, role: "owner", sites: ownerOf });
      return "created";
    }
    const adminId = existing.id;
    const before = await membershipsOf(tx, adminId);
    await tx.update(admins).set({ passwordHash }).where(eq(admins.id, adminId));
    // A new password ends every session of the account: whoever knew the old one is signed out.
    await tx.delete(sessions).where(eq(sessions.adminId, adminId));
    await record(
      before.map((membership) => membership.site),
      "auth.password",
      { adminId },
    );
    let worksOn = before.map((membership) => membership.site);
    if (givenName && givenName !== existing.name) {
      await tx.update(admins).set({ name: givenName }).where(eq(admins.id, adminId));
      await record(worksOn, "staff.name", { adminId });
    }
    for (const site of new Set(grantSites)) {
      const held = before.find((membership) => membership.site === site);
      if (held?.role === "owner") continue;
      if (held) {
        await tx
          .update(adminSites)
          .set({ role: "owner" })
          .where(and(eq(adminSites.adminId, adminId), eq(adminSites.site, site)));
        await record([site], "staff.role", { adminId, from: held.role, to: "owner" });
      } else {
        await tx.insert(adminSites).values({ adminId, site, role: "owner" });
        const from = worksOn;
        worksOn = [...worksOn, site].sort();
        await record([site], "staff.sites", { adminId, from, to: worksOn, role: "owner" });
      }
    }
    if (resetSecondFactor) {
      await tx.update(admins).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(admins.id, adminId));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.adminId, adminId));
      const after = await membershipsOf(tx, adminId);
      await record(
        after.map((membership) => membership.site),
        "staff.reset-second-factor",
        { adminId },
      );
    }
    return "updated";
  });
}
