import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { countAdmins, upsertAdmin } from "#app/.server/auth/admins.ts";
import { DataDirBusyError, lockDataDir } from "#app/.server/data-dir.ts";
import { db } from "#app/.server/db.ts";
import { verifyPassword } from "#app/.server/auth/password.ts";
import { pressArticles, admins, adminSites } from "#app/.server/schema.ts";
import { seedDemoContent } from "#app/.server/seed.ts";
import { sitePacks, DEFAULT_SITE } from "#app/content/index.ts";
import { setEnv, parseEnv } from "#app/.server/env.ts";
import { loader as healthLoader } from "#app/routes/healthcheck.ts";
import { withTestDatabase } from "#tests/db.ts";

const database = withTestDatabase();

describe("health check", () => {
  test("answers ok with the kind of database when the database answers", async () => {
    const response = await healthLoader();
    expect(response.init?.status).toBe(200);
    expect(response.data).toEqual({ ok: true, db: database.kind });
  });
});

describe("demo seed", () => {
  test("fills an empty database with the pack's articles exactly once", async () => {
    await seedDemoContent(DEFAULT_SITE);
    await seedDemoContent(DEFAULT_SITE);
    const [row] = await db().select({ value: count() }).from(pressArticles);
    expect(row?.value).toBe(sitePacks[DEFAULT_SITE]!.demoPress.length);
  });

  test("several instances seeding at once still seed once", async () => {
    await Promise.all([seedDemoContent(DEFAULT_SITE), seedDemoContent(DEFAULT_SITE), seedDemoContent(DEFAULT_SITE)]);
    const [row] = await db().select({ value: count() }).from(pressArticles);
    expect(row?.value).toBe(sitePacks[DEFAULT_SITE]!.demoPress.length);
  });
});

describe("administrators", () => {
  test("are made owners, stored with a scrypt hash that only the right password matches", async () => {
    setEnv(parseEnv({}));
    expect(await upsertAdmin(" Manager@Example.COM ", "correct horse battery", { sites: ["daegu"] })).toBe("created");
    expect(await countAdmins()).toBe(1);
    const [admin] = await db().select().from(admins);
    expect(admin?.email).toBe("manager@example.com");
    expect(admin?.passwordHash).not.toContain("correct horse");
    expect(await db().select({ site: adminSites.site, role: adminSites.role }).from(adminSites)).toEqual([
      { site: "daegu", role: "owner" },
    ]);
    expect(await verifyPassword("correct horse battery", admin!.passwordHash!)).toBe(true);
    expect(await verifyPassword("wrong password", admin!.passwordHash!)).toBe(false);
  });

  test("creating an existing email sets its new password instead of adding a second row", async () => {
    await upsertAdmin("manager@example.com", "first password 1", { sites: ["daegu"] });
    expect(await upsertAdmin("manager@example.com", "second password 2", { sites: ["daegu"] })).toBe("updated");
    expect(await countAdmins()).toBe(1);
  });
});

describe("the data folder lock", () => {
  test("refuses a second holder while the first runs, and frees the folder on release", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lock-test-"));
    const release = lockDataDir(dir, "first");
    expect(() => lockDataDir(dir, "second")).toThrow(DataDirBusyError);
    release();
    const releaseAgain = lockDataDir(dir, "second");
    releaseAgain();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("takes over a lock left by a process that no longer runs", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lock-test-"));
    // PID 2^22 + 1 is above Linux's pid_max ceiling, so no process can have it.
    fs.writeFileSync(path.join(dir, "pglite.lock"), JSON.stringify({ pid: 4_194_305, purpose: "crashed" }));
    const release = lockDataDir(dir, "restarted");
    release();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
