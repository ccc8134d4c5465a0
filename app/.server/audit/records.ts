import crypto from "node:crypto";
import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import {
  ACCESS_RIGHTS_ACTIONS,
  type AuditAction,
  type AuditChainProblem,
  type AuditChain,
  type AuditHashAlgorithm,
  type Role,
} from "#app/vocabulary.ts";
import { db, queryRows, type Executor } from "../db.ts";
import { auditChains, auditLog } from "../schema.ts";
import { auditChainKey } from "../secret.ts";

/**
 * Access records (개인정보 접속기록, the safety-measures standard art. 8): account, time, client
 * address, whose data (lead ids) and what was done, for every console action that shows or touches
 * personal data and every change of access rights.
 *
 * Tamper-evident: each record's hash is an HMAC-SHA-256, under a key kept outside the database
 * (auditChainKey()), over the previous record's hash and the record itself, in its chain (access
 * rights, kept three years; everything else, AUDIT_RETENTION_DAYS). Someone who can write to the
 * database cannot recompute the chain after changing a record. Records written before the key
 * (plain SHA-256) are still verified, but only at the start of a chain: a plain record after a
 * keyed one was recomputed without the key. `verifyAuditChains()` (npm run audit:verify)
 * recomputes every hash, names the first record that was altered, removed or put out of order, and
 * finds the heads kept outside the database (a chain rewritten whole, or cut at the end, no longer
 * contains them). Records are written one at a time per database (an advisory lock), whichever
 * instance writes them, so each chain is one line.
 */

const GENESIS = "0".repeat(64);
// Any constant works; it only has to be the same in every instance.
const AUDIT_LOCK_KEY = 727_006;

/** A person on the team, as their records name them. */
export interface StaffActor {
  id: number;
  email: string;
  role: Role;
}

/** The record's actor when nobody on the team acted: the purge, or an operator's command on the server. */
export interface SystemActor {
  id: null;
  /** What acted: "system:retention", "system:npm run admin:create". */
  email: string;
  role: "system";
}

export function systemActor(what: string): SystemActor {
  return { id: null, email: `system:${what}`, role: "system" };
}

export type Actor = StaffActor | SystemActor;

/** Who acts, on which site's console, from which address: what every change's access record needs. */
export interface ChangeContext {
  /** The site whose console made the change (where the record is filed). */
  site: string;
  actor: StaffActor;
  clientAddress: string;
}

export interface AccessRecord {
  site: string;
  actor: Actor;
  clientAddress: string;
  action: AuditAction;
  /** The leads the action showed or touched (ids only: the purge still destroys the person's data). */
  leadIds?: number[];
  /** What else the record needs: an export's reason and columns, a role before and after. Never a name or number. */
  detail?: Record<string, unknown>;
}

export function chainOf(action: AuditAction): AuditChain {
  return (ACCESS_RIGHTS_ACTIONS as readonly AuditAction[]).includes(action) ? "rights" : "access";
}

/** What the hash covers, in a fixed order, so the same record always hashes the same. */
function canonical(record: {
  at: Date;
  site: string;
  adminId: number | null;
  adminEmail: string;
  role: string;
  clientAddress: string;
  action: string;
  leadIds: number[];
  detail: Record<string, unknown>;
}) {
  return JSON.stringify([
    record.at.toISOString(),
    record.site,
    record.adminId,
    record.adminEmail,
    record.role,
    record.clientAddress,
    record.action,
    record.leadIds,
    sortKeys(record.detail),
  ]);
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** How every record is hashed now; "sha256" is only verified, for records written before the key. */
const CURRENT_ALGORITHM: AuditHashAlgorithm = "hmac-sha256";

export function hashRecord(prevHash: string, record: Parameters<typeof canonical>[0], algorithm: AuditHashAlgorithm = CURRENT_ALGORITHM) {
  const hash = algorithm === "hmac-sha256" ? crypto.createHmac("sha256", auditChainKey()) : crypto.createHash("sha256");
  return hash.update(prevHash).update("\n").update(canonical(record)).digest("hex");
}

/**
 * Writes one access record, in the caller's transaction when given one (so a change and its record
 * commit together), else in its own.
 */
export async function recordAccess(record: AccessRecord, { executor, now = new Date() }: { executor?: Executor; now?: Date } = {}) {
  const write = async (tx: Executor) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK_KEY})`);
    const chain = chainOf(record.action);
    await tx.insert(auditChains).values({ name: chain, startHash: GENESIS, headId: 0, headHash: GENESIS }).onConflictDoNothing();
    const [head] = await tx.select({ headHash: auditChains.headHash }).from(auditChains).where(eq(auditChains.name, chain));
    const row = {
      at: now,
      site: record.site,
      adminId: record.actor.id,
      adminEmail: record.actor.email,
      role: record.actor.role,
      clientAddress: record.clientAddress.slice(0, 64),
      action: record.action,
      leadIds: [...new Set(record.leadIds ?? [])],
      detail: record.detail ?? {},
    };
    const hash = hashRecord(head!.headHash, row);
    const [inserted] = await tx
      .insert(auditLog)
      .values({ ...row, chain, prevHash: head!.headHash, hash, algorithm: CURRENT_ALGORITHM })
      .returning({ id: auditLog.id });
    await tx.update(auditChains).set({ headId: inserted!.id, headHash: hash }).where(eq(auditChains.name, chain));
  };
  if (executor) await write(executor);
  else await db().transaction(write);
}

export interface ChainHead {
  chain: AuditChain;
  recordId: number;
  hash: string;
}

type ChainProblem = AuditChainProblem;

export type ChainVerdict =
  | {
      ok: true;
      records: number;
      heads: ChainHead[];
      /** Records of each chain written before the key (plain SHA-256), all at its start. */
      unkeyed: Record<AuditChain, number>;
      /** Where each kept head was found. */
      found: (ChainHead & { recordsSince: number })[];
    }
  | { ok: false; chain: AuditChain; recordId: number; problem: ChainProblem; reason: string }
  | { ok: false; missingHead: string; reason: string };

/** One chain walked from its start: its head, or the first record that does not fit. */
export type ChainCheck =
  | { chain: AuditChain; ok: true; records: number; unkeyed: number; head: ChainHead }
  | { chain: AuditChain; ok: false; records: number; recordId: number; problem: ChainProblem; reason: string };

const PROBLEM_REASONS: Record<ChainProblem, string> = {
  "broken-link": "it does not follow the record before it (one was removed or altered)",
  "rewritten-unkeyed": "it was hashed without the key after keyed records began (it was rewritten by someone without the key)",
  "unknown-algorithm": "its hash algorithm is unknown",
  altered: "its content does not match its hash (it was altered)",
  cut: "the chain ends before its last record (records at the end were removed)",
};

/**
 * Walks one chain from its start, recomputing every hash; stops at the first record that does not
 * fit. `onRecord` sees each record that does, with its position in the chain.
 */
async function checkChain(
  chain: typeof auditChains.$inferSelect,
  { batchSize, onRecord }: { batchSize: number; onRecord?: (hash: string, recordId: number, position: number) => void },
): Promise<ChainCheck> {
  let expected = chain.startHash;
  onRecord?.(expected, 0, 0);
  let lastId = 0;
  let keyed = false;
  let records = 0;
  let unkeyed = 0;
  for (;;) {
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.chain, chain.name), gt(auditLog.id, lastId)))
      .orderBy(asc(auditLog.id))
      .limit(batchSize);
    for (const row of rows) {
      const problem: ChainProblem | null =
        row.prevHash !== expected
          ? "broken-link"
          : row.algorithm === "sha256" && keyed
            ? "rewritten-unkeyed"
            : row.algorithm !== "sha256" && row.algorithm !== "hmac-sha256"
              ? "unknown-algorithm"
              : hashRecord(row.prevHash, row, row.algorithm) !== row.hash
                ? "altered"
                : null;
      if (problem) {
        const reason = problem === "unknown-algorithm" ? `its hash algorithm "${row.algorithm}" is unknown` : PROBLEM_REASONS[problem];
        return { chain: chain.name, ok: false, records, recordId: row.id, problem, reason };
      }
      keyed ||= row.algorithm === "hmac-sha256";
      if (!keyed) unkeyed++;
      expected = row.hash;
      lastId = row.id;
      records++;
      onRecord?.(row.hash, row.id, records);
    }
    if (rows.length < batchSize) break;
  }
  if (lastId !== chain.headId || expected !== chain.headHash) {
    return { chain: chain.name, ok: false, records, recordId: chain.headId, problem: "cut", reason: PROBLEM_REASONS.cut };
  }
  return { chain: chain.name, ok: true, records, unkeyed, head: { chain: chain.name, recordId: chain.headId, hash: chain.headHash } };
}

/**
 * Every chain checked on its own, for the access-record page: each chain's head, or its first
 * record that was altered or removed. A chain with no record yet is left out.
 */
export async function checkAuditChains({ batchSize = 5_000 }: { batchSize?: number } = {}): Promise<ChainCheck[]> {
  const chains = await db().select().from(auditChains).orderBy(asc(auditChains.name));
  return Promise.all(chains.filter((chain) => chain.headId > 0).map((chain) => checkChain(chain, { batchSize })));
}

/**
 * Walks each chain from its start, recomputing every hash; the first record that does not fit is
 * named. `expect` are heads written down earlier: each must still be a record of a chain (or the
 * point the oldest kept record follows, once retention removed it), or the chain was rewritten.
 */
export async function verifyAuditChains({
  batchSize = 5_000,
  expect = [],
}: { batchSize?: number; expect?: string[] } = {}): Promise<ChainVerdict> {
  const chains = await db().select().from(auditChains);
  const sought = new Set(expect.map((hash) => hash.toLowerCase()));
  const seen = new Map<string, ChainHead & { position: number }>();
  let records = 0;
  const heads: ChainHead[] = [];
  const unkeyed: Record<AuditChain, number> = { access: 0, rights: 0 };
  const positions: Record<AuditChain, number> = { access: 0, rights: 0 };
  for (const chain of chains) {
    const check = await checkChain(chain, {
      batchSize,
      onRecord: (hash, recordId, position) => {
        if (sought.has(hash)) seen.set(hash, { chain: chain.name, recordId, hash, position });
      },
    });
    if (!check.ok) return { ok: false, chain: check.chain, recordId: check.recordId, problem: check.problem, reason: check.reason };
    records += check.records;
    unkeyed[chain.name] = check.unkeyed;
    positions[chain.name] = check.records;
    heads.push(check.head);
  }
  const found: (ChainHead & { recordsSince: number })[] = [];
  for (const hash of sought) {
    const head = seen.get(hash);
    if (!head) {
      return {
        ok: false,
        missingHead: hash,
        reason:
          "it is in no chain: records up to it were rewritten or removed since it was written down (or retention has since removed it with the records before it)",
      };
    }
    found.push({ chain: head.chain, recordId: head.recordId, hash, recordsSince: positions[head.chain] - head.position });
  }
  return { ok: true, records, heads, unkeyed, found };
}

/** Days each chain is kept: the standard asks at least a year for access records, three for access rights. */
export function auditRetentionDays(configured: number): Record<AuditChain, number> {
  return { access: Math.max(365, configured), rights: Math.max(3 * 365, configured) };
}

/**
 * Destroys records past their retention, oldest first, and moves each chain's start to the hash
 * the oldest kept record follows, so verification still holds for what remains.
 */
export async function purgeAuditRecords(retention: Record<AuditChain, number>, now = new Date()) {
  let removed = 0;
  await db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK_KEY})`);
    for (const chain of Object.keys(retention) as AuditChain[]) {
      const cutoff = new Date(now.getTime() - retention[chain] * 24 * 60 * 60_000);
      const [lastExpired] = await queryRows<{ id: number; hash: string }>(
        tx,
        sql`select id, hash from audit_log where chain = ${chain} and at < ${cutoff.toISOString()}::timestamptz order by id desc limit 1`,
      );
      if (!lastExpired) continue;
      const deleted = await tx
        .delete(auditLog)
        .where(and(eq(auditLog.chain, chain), lt(auditLog.id, lastExpired.id + 1)))
        .returning({ id: auditLog.id });
      removed += deleted.length;
      await tx.update(auditChains).set({ startHash: lastExpired.hash }).where(eq(auditChains.name, chain));
    }
  });
  return removed;
}
