import { Secret, TOTP } from "otpauth";
import { db } from "#app/.server/db.ts";
import { hashPassword } from "#app/.server/auth/password.ts";
import { admins, adminSites } from "#app/.server/schema.ts";
import { newTotpSecret } from "#app/.server/auth/second-factor.ts";
import { createSession } from "#app/.server/auth/session.ts";
import type { Role } from "#app/vocabulary.ts";

/**
 * The sales team for tests: accounts made straight in the database (a role on each of its sites, a
 * known second factor), codes computed as an authenticator app would, and signed-in cookies for tests whose
 * subject is not signing in itself.
 */

export interface TestStaff {
  id: number;
  email: string;
  name: string;
  password: string;
  role: Role;
  /** The account's TOTP key (base32), or null when it has not enrolled one. */
  secret: string | null;
}

// Every test account shares one password and one hash, of a low cost: each sign-in of a test
// verifies it, and production's cost (hashPassword's default) takes ~100 ms of processor a time.
const PASSWORD = "staff password for tests";
const TEST_HASH_COST = 2 ** 10;
let passwordHash: Promise<string> | undefined;

export async function addStaff({
  email,
  role,
  sites = ["daegu"],
  name = email.split("@")[0]!,
  enrolled = true,
  disabled = false,
  invited = false,
  roles = {},
}: {
  email: string;
  /** The role on each of `sites`. */
  role: Role;
  sites?: string[];
  /** Invited and not taken up yet: no password, no second factor. */
  invited?: boolean;
  /** A role other than `role` on some of `sites`. */
  roles?: Partial<Record<string, Role>>;
  name?: string;
  enrolled?: boolean;
  disabled?: boolean;
}): Promise<TestStaff> {
  passwordHash ??= hashPassword(PASSWORD, { cost: TEST_HASH_COST });
  const secret = enrolled ? newTotpSecret() : null;
  const [admin] = await db()
    .insert(admins)
    .values({
      email,
      name,
      passwordHash: invited ? null : await passwordHash,
      totpSecret: invited ? null : secret,
      totpEnabledAt: enrolled && !invited ? new Date() : null,
      disabledAt: disabled ? new Date() : null,
    })
    .returning({ id: admins.id });
  if (sites.length > 0)
    await db()
      .insert(adminSites)
      .values(sites.map((site) => ({ adminId: admin!.id, site, role: roles[site] ?? role })));
  return { id: admin!.id, email, name, password: PASSWORD, role, secret };
}

/** The code an authenticator app shows for this key at `at`. */
export function totpCode(secret: string, at = Date.now()) {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp: at });
}

/** A cookie of a complete (both factors) session of this account on `site`: "__session=…". */
export async function consoleCookie(staff: { id: number }, site = "daegu") {
  const setCookie = await createSession(staff.id, site, { complete: true });
  return setCookie.split(";")[0]!;
}

/** An owner, a manager and a counsellor of daegu, and an owner of another site. */
export async function addTeam() {
  return {
    owner: await addStaff({ email: "owner@example.com", role: "owner", name: "대표" }),
    manager: await addStaff({ email: "manager@example.com", role: "manager", name: "실장" }),
    counsellor: await addStaff({ email: "counsellor@example.com", role: "counsellor", name: "상담사" }),
  };
}
