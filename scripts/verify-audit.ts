// npm run audit:verify [-- --expect <hash> ...]
// Recomputes the keyed hash chain of the access records (개인정보 접속기록) in the database DATA_DIR
// or DATABASE_URL names, as the server would open it (with its AUDIT_KEY or SESSION_SECRET: the
// key is never in the database). Exits 0 when every record is as it was written; exits 1 naming
// the first record that was altered, removed or put out of order, or a kept head (--expect, the
// hash the monthly review wrote down) that is no longer in its chain. With PGlite, stop the server
// first: the data folder belongs to one process at a time.
import { parseArgs } from "node:util";
import { verifyAuditChains } from "#app/.server/audit/records.ts";
import { setUpDatabase } from "#app/.server/set-up.ts";

function expectedHeads(): string[] {
  let heads: string[];
  try {
    heads = parseArgs({ options: { expect: { type: "string", multiple: true } } }).values.expect ?? [];
  } catch (error) {
    console.error(`${(error as Error).message}. Usage: npm run audit:verify [-- --expect <hash> ...]`);
    process.exit(2);
  }
  for (const head of heads) {
    if (!/^[0-9a-fA-F]{64}$/.test(head)) {
      console.error(`--expect takes a chain head as printed by this command or /admin/audit: 64 hexadecimal characters (got "${head}").`);
      process.exit(2);
    }
  }
  return heads;
}

try {
  const expect = expectedHeads();
  const booted = await setUpDatabase({ purpose: "npm run audit:verify", seed: false });
  try {
    const verdict = await verifyAuditChains({ expect });
    if (verdict.ok) {
      console.log(`Access records: ${verdict.records.toLocaleString("en-US")} record(s) verified; none altered or removed.`);
      for (const [chain, count] of Object.entries(verdict.unkeyed)) {
        if (count > 0)
          console.log(`  ${chain} chain: the first ${count} record(s) were written before the key and checked with plain SHA-256.`);
      }
      for (const head of verdict.found) {
        console.log(`  Kept head ${head.hash} found: ${head.chain} chain, record #${head.recordId}, ${head.recordsSince} record(s) since.`);
      }
      // Kept outside the database (a ticket, a printed page), the last hash proves later that nobody rewrote the whole chain.
      for (const head of verdict.heads) console.log(`  ${head.chain} chain: last record #${head.recordId}, hash ${head.hash}`);
    } else if ("missingHead" in verdict) {
      console.error(`Access records: the kept head ${verdict.missingHead} is NOT in the records: ${verdict.reason}.`);
      process.exitCode = 1;
    } else {
      console.error(`Access records: record #${verdict.recordId} (${verdict.chain} chain) is broken: ${verdict.reason}.`);
      process.exitCode = 1;
    }
  } finally {
    await booted.shutdown();
  }
} catch (error) {
  if (error instanceof Error && (error.name === "EnvError" || error.name === "DataDirBusyError")) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
