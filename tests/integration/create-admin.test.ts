import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, expect, test } from "vitest";
import { db, setDatabase } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { admins, adminSites, auditLog, sessions } from "#app/.server/schema.ts";
import { openPgliteFolder } from "#tests/db.ts";
import { addStaff, consoleCookie } from "#tests/staff.ts";
import { createAdmin } from "../../scripts/create-admin.ts";

/**
 * `npm run admin:create` as an operator runs it, on the database DATA_DIR names, with two sites: a
 * new account is an owner of every site; a new password for an existing account changes no rights
 * unless --grant-sites or --all-sites says so (issue #24). The first run is the command line itself,
 * a process of its own; the later runs call the same command in this process (its exported
 * `createAdmin`), as a spawned `tsx` costs seconds of processor each.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "create-admin-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const SITES = "daegu@http://daegu.localhost:4399,suwon@http://suwon.localhost:4399";
const PASSWORD = "operator's new password 2026";

/** The command line, as `npm run admin:create -- …` starts it. */
function createAdminProcess(...args: string[]) {
  const { PATH, HOME } = process.env;
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/create-admin.ts", ...args], {
    env: { PATH, HOME, DATA_DIR: dataDir, SITES, ADMIN_PASSWORD: PASSWORD },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The same command in this process, on the configuration the test set (DATA_DIR, SITES). */
async function runCreateAdmin(...args: string[]) {
  const lines: string[] = [];
  const status = await createAdmin(args, {
    password: async () => PASSWORD,
    output: { out: (line) => lines.push(line), error: (line) => lines.push(line) },
  });
  return { status, output: lines.join("\n") };
}

async function withDataDir<T>(work: () => Promise<T>) {
  const handle = await openPgliteFolder(path.join(dataDir, "pglite"));
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

  const created = createAdminProcess("owner@example.com", "--name", "홍길동");
  expect(created.output).toContain("Owner created for daegu, suwon.");
  expect(created.status).toBe(0);
  expect(await rolesOf("owner@example.com")).toEqual({ daegu: "owner", suwon: "owner" });
  expect(await nameOf("owner@example.com")).toBe("홍길동");

  const reset = await runCreateAdmin(counsellor.email);
  expect(reset.output).toContain("Its sites and roles are unchanged.");
  expect(reset.status).toBe(0);
  expect(await rolesOf(counsellor.email)).toEqual({ daegu: "counsellor" });
  expect(await nameOf(counsellor.email)).toBe(counsellor.name);
  await withDataDir(async () => {
    expect(await db().select().from(sessions).where(eq(sessions.adminId, counsellor.id))).toEqual([]);
    const records = await db().select().from(auditLog).where(eq(auditLog.action, "auth.password"));
    expect(records.map((record) => [record.site, record.adminEmail])).toEqual([["daegu", "system:npm run admin:create"]]);
  });

  const granted = await runCreateAdmin(counsellor.email, "--grant-sites", "suwon");
  expect(granted.status).toBe(0);
  expect(await rolesOf(counsellor.email)).toEqual({ daegu: "counsellor", suwon: "owner" });
  expect((await runCreateAdmin(counsellor.email, "--all-sites")).status).toBe(0);
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

  const unknown = await runCreateAdmin(counsellor.email, "--grant-sites", "busan");
  expect(unknown.status).toBe(2);
  expect(unknown.output).toContain("--grant-sites names a site this server does not present: busan (SITES: daegu, suwon).");
  expect((await runCreateAdmin(counsellor.email, "--grant-sites")).status).toBe(2);
}, 240_000);
