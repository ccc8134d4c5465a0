import { count, eq } from "drizzle-orm";
import { db, type Executor } from "./db.ts";
import { hashPassword } from "./password.ts";
import { admins, adminSites, sessions } from "./schema.ts";

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
 * Creates an administrator, or sets a new password when the email already exists; either way
 * the account works on `sites` (as well as any it already had).
 */
export async function upsertAdmin(email: string, password: string, { sites }: { sites: string[] }): Promise<"created" | "updated"> {
  const normalized = normalizeEmail(email);
  const passwordHash = await hashPassword(password);
  const existing = await db().select({ id: admins.id }).from(admins).where(eq(admins.email, normalized));
  if (existing.length > 0) {
    await db().transaction(async (tx) => {
      const [admin] = await tx.update(admins).set({ passwordHash }).where(eq(admins.email, normalized)).returning({ id: admins.id });
      // A new password ends every session of the account: whoever knew the old one is signed out.
      if (admin) {
        await tx.delete(sessions).where(eq(sessions.adminId, admin.id));
        await grantSites(tx, admin.id, sites);
      }
    });
    return "updated";
  }
  await db().transaction(async (tx) => {
    const [admin] = await tx.insert(admins).values({ email: normalized, passwordHash }).returning({ id: admins.id });
    await grantSites(tx, admin!.id, sites);
  });
  return "created";
}
