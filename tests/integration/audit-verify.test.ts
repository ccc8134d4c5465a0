import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import { afterAll, expect, test } from "vitest";
import { recordAccess } from "#app/.server/audit.ts";
import { db, openDatabase, queryRows, setDatabase } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { addTeam } from "#tests/staff.ts";

/**
 * `npm run audit:verify` as an operator runs it: on the database DATA_DIR names, it passes while
 * the access records are as written and fails, naming the record, once one is changed directly in
 * the database.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "audit-verify-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function verify() {
  const { PATH, HOME } = process.env;
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/verify-audit.ts"], {
    env: { PATH, HOME, DATA_DIR: dataDir },
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

test("npm run audit:verify passes on a database with activity and names the record changed behind its back", async () => {
  setEnv(parseEnv({ DATA_DIR: dataDir }));
  const tampered = await withDataDir(async () => {
    const { owner, manager, counsellor } = await addTeam();
    for (const [index, actor] of [owner, manager, counsellor, manager, owner].entries()) {
      const change = { site: "daegu", actor, clientAddress: `203.0.113.${index + 1}` };
      await recordAccess({ ...change, action: "leads.list", leadIds: [1, 2, 3 + index] });
      await recordAccess({ ...change, action: "lead.view", leadIds: [3 + index] });
      await recordAccess({
        ...change,
        action: "leads.export",
        leadIds: [1, 2],
        detail: { purpose: "contact", reason: "연락", columns: ["name"] },
      });
    }
    await recordAccess({
      site: "daegu",
      actor: owner,
      clientAddress: "203.0.113.9",
      action: "staff.role",
      detail: { adminId: counsellor.id, from: "counsellor", to: "manager" },
    });
    const rows = await handleRows<{ id: number }>(sql`select id from audit_log where action = 'lead.view' order by id limit 1 offset 2`);
    return rows[0]!.id;
  });

  const clean = verify();
  expect(clean.output).toContain("16 record(s) verified; none altered or removed.");
  expect(clean.output).toMatch(/access chain: last record #\d+, hash [0-9a-f]{64}/);
  expect(clean.status).toBe(0);

  await withDataDir(() => handleRows(sql`update audit_log set lead_ids = '{42}' where id = ${tampered}`));
  const broken = verify();
  expect(broken.status).toBe(1);
  expect(broken.output).toContain(`record #${tampered} (access chain) is broken: its content does not match its hash (it was altered)`);
}, 120_000);

function handleRows<Row>(query: SQL) {
  return queryRows<Row>(db(), query);
}
