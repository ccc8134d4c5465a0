import { count, eq } from "drizzle-orm";
import { db, type Executor } from "./db.ts";
import { hashPassword } from "./password.ts";
import { recordAccess, systemActor } from "./audit.ts";
import { admins, adminSites, recoveryCodes, sessions } from "./schema.ts";

async function grantSites(executor: Executor, adminId: number, sites: string[]) {
  if (sites.length > 0)
    await executor
      .insert(adminSites)
      .values(sites.map((site) => ({ adminId, site })))
      .onConflictDoNothing();
}

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

export async function countAdmins(): Promise<number> {
  const [row] = await db().select({ value: count() }).from(admins);
  return row?.value ?? 0;
}

/**
 * `npm run admin:create` and ADMIN_EMAIL: creates an owner (the first account of an install, who
 * then invites the team), or, for an email that exists, sets a new password (ending its sessions)
 * and, with `resetSecondFactor`, clears its second factor: the way back in for an owner who lost
 * both phone and recovery codes. Either way the account works on `sites` as well as any it had.
 * A new owner enrols a second factor at the first sign-in. Each change is an access record naming
 * the command (`by`) as its actor.
 */
export async function upsertAdmin(
  email: string,
  password: string,
  { sites, by = "npm run admin:create", resetSecondFactor = false }: { sites: string[]; by?: string; resetSecondFactor?: boolean },
): Promise<"created" | "updated"> {
  const normalized = normalizeEmail(email);
  const passwordHash = await hashPassword(password);
  const change = { site: sites[0] ?? "-", actor: systemActor(by), clientAddress: "-" };
  return db().transaction(async (tx) => {
    const [existing] = await tx.select({ id: admins.id }).from(admins).where(eq(admins.email, normalized)).for("update");
    if (existing) {
      await tx.update(admins).set({ passwordHash }).where(eq(admins.id, existing.id));
      // A new password ends every session of the account: whoever knew the old one is signed out.
      await tx.delete(sessions).where(eq(sessions.adminId, existing.id));
      await grantSites(tx, existing.id, sites);
      await recordAccess({ ...change, action: "auth.password", detail: { adminId: existing.id, sites } }, { executor: tx });
      if (resetSecondFactor) {
        await tx.update(admins).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(admins.id, existing.id));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.adminId, existing.id));
        await recordAccess({ ...change, action: "staff.reset-second-factor", detail: { adminId: existing.id } }, { executor: tx });
      }
      return "updated";
    }
    const [admin] = await tx
      .insert(admins)
      .values({ email: normalized, name: normalized.split("@")[0]!, role: "owner", passwordHash })
      .returning({ id: admins.id });
    await grantSites(tx, admin!.id, sites);
    await recordAccess({ ...change, action: "staff.create", detail: { adminId: admin!.id, role: "owner", sites } }, { executor: tx });
    return "created";
  });
}
