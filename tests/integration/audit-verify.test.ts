import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { hashRecord, recordAccess, verifyAuditChains } from "#app/.server/audit/records.ts";
import { db, queryRows, setDatabase } from "#app/.server/db.ts";
import { getSessionSecret } from "#app/.server/secret.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { emptyAll, openPgliteFolder, withTestDatabase } from "#tests/db.ts";
import { addTeam } from "#tests/staff.ts";
import { verifyAudit } from "../../scripts/verify-audit.ts";

/**
 * `npm run audit:verify` as an operator runs it: on the database DATA_DIR names, it passes while
 * the access records are as written and fails, naming the record, once one is changed directly in
 * the database. The first run is the command line itself, a process of its own; the later runs call
 * the same command in this process (its exported `verifyAudit`), as a spawned `tsx` costs seconds
 * of processor each.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "audit-verify-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** The command line, as `npm run audit:verify -- …` starts it. */
function verifyProcess(...args: string[]) {
  const { PATH, HOME } = process.env;
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/verify-audit.ts", ...args], {
    // The records are keyed with this process's session secret; the server's is what the operator's run has.
    env: { PATH, HOME, DATA_DIR: dataDir, SESSION_SECRET: getSessionSecret() },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The same command in this process, on the configuration the test set (DATA_DIR, SESSION_SECRET). */
async function verify(...args: string[]) {
  const lines: string[] = [];
  const status = await verifyAudit(args, { out: (line) => lines.push(line), error: (line) => lines.push(line) });
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

test("npm run audit:verify passes on a database with activity and names the record changed behind its back", async () => {
  setEnv(parseEnv({ DATA_DIR: dataDir, SESSION_SECRET: getSessionSecret() }));
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

  const clean = verifyProcess();
  expect(clean.output).toContain("16 record(s) verified; none altered or removed.");
  expect(clean.status).toBe(0);
  const head = /access chain: last record #\d+, hash ([0-9a-f]{64})/.exec(clean.output)![1]!;

  const kept = await verify("--expect", head);
  expect(kept.status).toBe(0);
  expect(kept.output).toMatch(new RegExp(`Kept head ${head} found: access chain, record #\\d+, 0 record\\(s\\) since`));
  const unknown = await verify("--expect", "ab".repeat(32));
  expect(unknown.status).toBe(1);
  expect(unknown.output).toContain(`the kept head ${"ab".repeat(32)} is NOT in the records`);
  expect((await verify("--expect", "not-a-hash")).status).toBe(2);

  await withDataDir(() => handleRows(sql`update audit_log set lead_ids = '{42}' where id = ${tampered}`));
  const broken = await verify();
  expect(broken.status).toBe(1);
  expect(broken.output).toContain(`record #${tampered} (access chain) is broken: its content does not match its hash (it was altered)`);
}, 180_000);

function handleRows<Row>(query: SQL) {
  return queryRows<Row>(db(), query);
}

async function writeRecords(howMany: number) {
  const { owner } = await addTeam();
  for (let i = 0; i < howMany; i++) {
    await recordAccess({ site: "daegu", actor: owner, clientAddress: "203.0.113.1", action: "lead.view", leadIds: [i + 1] });
  }
}

interface StoredRecord {
  id: number;
  at: Date;
  site: string;
  admin_id: number | null;
  admin_email: string;
  role: string;
  client_address: string;
  action: string;
  lead_ids: number[];
  detail: Record<string, unknown>;
}

/**
 * What someone with the database but not the key can do: change a record, then recompute it and
 * every later record of the access chain with plain SHA-256, and move the chain's head to match.
 */
async function rewriteWithoutKey({ fromIndex, change, markUnkeyed }: { fromIndex: number; change: number[]; markUnkeyed: boolean }) {
  const rows = await handleRows<StoredRecord>(sql`select * from audit_log where chain = 'access' order by id`);
  let prev =
    fromIndex === 0
      ? "0".repeat(64)
      : (await handleRows<{ hash: string }>(sql`select hash from audit_log where id = ${rows[fromIndex - 1]!.id}`))[0]!.hash;
  for (const [index, row] of rows.entries()) {
    if (index < fromIndex) continue;
    const leadIds = index === fromIndex ? change : row.lead_ids;
    const hash = hashRecord(
      prev,
      {
        at: new Date(row.at),
        site: row.site,
        adminId: row.admin_id,
        adminEmail: row.admin_email,
        role: row.role,
        clientAddress: row.client_address,
        action: row.action,
        leadIds,
        detail: row.detail,
      },
      "sha256",
    );
    const algorithm = markUnkeyed ? "sha256" : "hmac-sha256";
    await handleRows(
      sql`update audit_log set lead_ids = ${`{${leadIds.join(",")}}`}::integer[], prev_hash = ${prev}, hash = ${hash}, algorithm = ${algorithm} where id = ${row.id}`,
    );
    prev = hash;
  }
  await handleRows(sql`update audit_chains set head_hash = ${prev} where name = 'access'`);
}

describe("a chain someone rewrote without the key", () => {
  // The worker's database, emptied before each test: a test about the whole chain sees only its own records.
  const database = withTestDatabase();

  test("recomputed with plain SHA-256 from a changed record on, it fails verification, marked keyed or not", async () => {
    for (const markUnkeyed of [false, true]) {
      await emptyAll(database.handle);
      await writeRecords(6);
      const [third] = await handleRows<{ id: number }>(sql`select id from audit_log order by id offset 2 limit 1`);
      await rewriteWithoutKey({ fromIndex: 2, change: [99], markUnkeyed });
      expect(await verifyAuditChains()).toMatchObject({
        ok: false,
        chain: "access",
        recordId: third!.id,
        reason: expect.stringContaining(markUnkeyed ? "hashed without the key after keyed records began" : "does not match its hash"),
      });
    }
  }, 120_000);

  test("rewritten whole, it no longer holds the head kept outside the database", async () => {
    await writeRecords(4);
    const verdict = await verifyAuditChains();
    const kept = verdict.ok ? verdict.heads.find((head) => head.chain === "access")!.hash : "";
    expect(await verifyAuditChains({ expect: [kept] })).toMatchObject({ ok: true, found: [{ chain: "access", recordsSince: 0 }] });

    await rewriteWithoutKey({ fromIndex: 0, change: [99], markUnkeyed: true });
    expect(await verifyAuditChains({ expect: [kept] })).toMatchObject({
      ok: false,
      missingHead: kept,
      reason: expect.stringContaining("rewritten or removed"),
    });
  });

  test("records written before the key still verify with plain SHA-256 at the start of a chain, and keyed records follow them", async () => {
    await writeRecords(3);
    // As a database from before the key holds them.
    await rewriteWithoutKey({ fromIndex: 0, change: [1], markUnkeyed: true });
    const [owner] = await handleRows<{ id: number; email: string }>(
      sql`select admins.id, admins.email from admins join admin_sites on admin_sites.admin_id = admins.id where admin_sites.role = 'owner' limit 1`,
    );
    await recordAccess({
      site: "daegu",
      actor: { ...owner!, role: "owner" },
      clientAddress: "203.0.113.1",
      action: "lead.view",
      leadIds: [7],
    });
    expect(await verifyAuditChains()).toMatchObject({ ok: true, records: 4, unkeyed: { access: 3, rights: 0 } });
    const algorithms = await handleRows<{ algorithm: string }>(sql`select algorithm from audit_log order by id`);
    expect(algorithms.map((row) => row.algorithm)).toEqual(["sha256", "sha256", "sha256", "hmac-sha256"]);
  });
});
