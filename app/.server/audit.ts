import crypto from "node:crypto";
import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import { ACCESS_RIGHTS_ACTIONS, type AuditAction, type AuditChain, type Role } from "#app/vocabulary.ts";
import { db, queryRows, type Executor } from "./db.ts";
import { auditChains, auditLog } from "./schema.ts";

/**
 * Access records (개인정보 접속기록, the safety-measures standard art. 8): account, time, client
 * address, whose data (lead ids) and what was done, for every console action that shows or touches
 * personal data and every change of access rights.
 *
 * Tamper-evident: each record's hash is SHA-256 over the previous record's hash and the record
 * itself, in its chain (access rights, kept three years; everything else, AUDIT_RETENTION_DAYS).
 * `verifyAuditChains()` (npm run audit:verify) recomputes every hash and names the first record
 * that was altered, removed or put out of order. Records are written one at a time per database
 * (an advisory lock), whichever instance writes them, so each chain is one line.
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

export function hashRecord(prevHash: string, record: Parameters<typeof canonical>[0]) {
  return crypto.createHash("sha256").update(prevHash).update("\n").update(canonical(record)).digest("hex");
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
      .values({ ...row, chain, prevHash: head!.headHash, hash })
      .returning({ id: auditLog.id });
    await tx.update(auditChains).set({ headId: inserted!.id, headHash: hash }).where(eq(auditChains.name, chain));
  };
  if (executor) await write(executor);
  else await db().transaction(write);
}

export type ChainVerdict =
  | { ok: true; records: number; heads: { chain: AuditChain; recordId: number; hash: string }[] }
  | { ok: false; chain: AuditChain; recordId: number; reason: string };

/** Walks each chain from its start, recomputing every hash; the first record that does not fit is named. */
export async function verifyAuditChains({ batchSize = 5_000 } = {}): Promise<ChainVerdict> {
  const chains = await db().select().from(auditChains);
  let records = 0;
  const heads: { chain: AuditChain; recordId: number; hash: string }[] = [];
  for (const chain of chains) {
    let expected = chain.startHash;
    let lastId = 0;
    for (;;) {
      const rows = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.chain, chain.name), gt(auditLog.id, lastId)))
        .orderBy(asc(auditLog.id))
        .limit(batchSize);
      for (const row of rows) {
        if (row.prevHash !== expected) {
          return {
            ok: false,
            chain: chain.name,
            recordId: row.id,
            reason: "it does not follow the record before it (one was removed or altered)",
          };
        }
        if (hashRecord(row.prevHash, row) !== row.hash) {
          return { ok: false, chain: chain.name, recordId: row.id, reason: "its content does not match its hash (it was altered)" };
        }
        expected = row.hash;
        lastId = row.id;
        records++;
      }
      if (rows.length < batchSize) break;
    }
    if (lastId !== chain.headId || expected !== chain.headHash) {
      return {
        ok: false,
        chain: chain.name,
        recordId: chain.headId,
        reason: "the chain ends before its last record (records at the end were removed)",
      };
    }
    heads.push({ chain: chain.name, recordId: chain.headId, hash: chain.headHash });
  }
  return { ok: true, records, heads };
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
