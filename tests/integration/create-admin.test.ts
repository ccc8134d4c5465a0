import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, expect, test } from "vitest";
import { db, openDatabase, setDatabase } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { admins, adminSites, auditLog, sessions } from "#app/.server/schema.ts";
import { addStaff, consoleCookie } from "#tests/staff.ts";

/**
 * `npm run admin:create` as an operator runs it, on the database DATA_DIR names, with two sites: a
 * new account is an owner of every site; a new password for an existing account changes no rights
 * unless --grant-sites or --all-sites says so (issue #24).
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "create-admin-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const SITES = "daegu@http://daegu.localhost:4399,suwon@http://suwon.localhost:4399";

function createAdmin(...args: string[]) {
  const { PATH, HOME } = process.env;
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/create-admin.ts", ...args], {
    env: { PATH, HOME, DATA_DIR: dataDir, SITES, ADMIN_PASSWORD: "operator's new password 2026" },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

async function withDataDir<T>(work: () => Promise<T>) {
  const handle = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
  await handle.migrate();
  setDatabase(handle);
  try {
    return await work();
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
}

async function rolesOf(email: string) {
  return withDataDir(async () => {
    const rows = await db()
      .select({ site: adminSites.site, role: adminSites.role })
      .from(adminSites)
      .innerJoin(admins, eq(admins.id, adminSites.adminId))
      .where(eq(admins.email, email))
      .orderBy(adminSites.site);
    return Object.fromEntries(rows.map((row) => [row.site, row.role]));
  });
}

async function nameOf(email: string) {
  return withDataDir(async () => (await db().select({ name: admins.name }).from(admins).where(eq(admins.email, email)))[0]?.name);
}

test("npm run admin:create makes a new owner of every site under the name given, resets a password without giving sites or a new name, and grants sites only when told", async () => {
  setEnv(parseEnv({ DATA_DIR: dataDir, SITES }));
  const counsellor = await withDataDir(async () => {
    const person = await addStaff({ email: "counsellor@example.com", role: "counsellor", sites: ["daegu"] });
    await consoleCookie(person);
    return person;
  });

  const created = createAdmin("owner@example.com", "--name", "홍길동");
  expect(created.output).toContain("Owner created for daegu, suwon.");
  expect(created.status).toBe(0);
  expect(await rolesOf("owner@example.com")).toEqual({ daegu: "owner", suwon: "owner" });
  expect(await nameOf("owner@example.com")).toBe("홍길동");

  const reset = createAdmin(counsellor.email);
  expect(reset.output).toContain("Its sites and roles are unchanged.");
  expect(reset.status).toBe(0);
  expect(await rolesOf(counsellor.email)).toEqual({ daegu: "counsellor" });
  expect(await nameOf(counsellor.email)).toBe(counsellor.name);
  await withDataDir(async () => {
    expect(await db().select().from(sessions).where(eq(sessions.adminId, counsellor.id))).toEqual([]);
    const records = await db().select().from(auditLog).where(eq(auditLog.action, "auth.password"));
    expect(records.map((record) => [record.site, record.adminEmail])).toEqual([["daegu", "system:npm run admin:create"]]);
  });

  const granted = createAdmin(counsellor.email, "--grant-sites", "suwon");
  expect(granted.status).toBe(0);
  expect(await rolesOf(counsellor.email)).toEqual({ daegu: "counsellor", suwon: "owner" });
  expect(createAdmin(counsellor.email, "--all-sites").status).toBe(0);
  expect(await rolesOf(counsellor.email)).toEqual({ daegu: "owner", suwon: "owner" });
  await withDataDir(async () => {
    const rights = await db().select().from(auditLog).where(eq(auditLog.chain, "rights")).orderBy(auditLog.id);
    expect(rights.map((record) => [record.site, record.action, record.detail])).toEqual([
      ["daegu", "staff.create", expect.objectContaining({ role: "owner", sites: ["daegu", "suwon"] })],
      ["suwon", "staff.create", expect.objectContaining({ role: "owner", sites: ["daegu", "suwon"] })],
      ["suwon", "staff.sites", { adminId: counsellor.id, from: ["daegu"], to: ["daegu", "suwon"], role: "owner" }],
      ["daegu", "staff.role", { adminId: counsellor.id, from: "counsellor", to: "owner" }],
    ]);
  });

  const unknown = createAdmin(counsellor.email, "--grant-sites", "busan");
  expect(unknown.status).toBe(2);
  expect(unknown.output).toContain("--grant-sites names a site this server does not present: busan (SITES: daegu, suwon).");
  expect(createAdmin(counsellor.email, "--grant-sites").status).toBe(2);
}, 240_000);
