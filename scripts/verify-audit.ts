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
import { startedAsCommand, startFailure, TERMINAL, type CommandOutput } from "./lib/command.ts";

const USAGE = "Usage: npm run audit:verify [-- --expect <hash> ...]";

/** The heads --expect names, or the line saying what is wrong with the arguments. */
function expectedHeads(args: string[]): { heads: string[] } | { problem: string } {
  let heads: string[];
  try {
    heads = parseArgs({ args, options: { expect: { type: "string", multiple: true } } }).values.expect ?? [];
  } catch (error) {
    return { problem: `${(error as Error).message}. ${USAGE}` };
  }
  for (const head of heads) {
    if (!/^[0-9a-fA-F]{64}$/.test(head)) {
      return {
        problem: `--expect takes a chain head as printed by this command or /admin/audit: 64 hexadecimal characters (got "${head}").`,
      };
    }
  }
  return { heads };
}

/**
 * The command on the configuration getEnv() reads, with `args` as typed after `--`. Resolves to
 * the exit status: 0 every record as written, 1 a record altered, removed or out of order, a kept
 * head missing, a wrong configuration or a data folder in use, 2 a wrong argument. The command line
 * runs it below; a test may call it in its own process (tests/integration/audit-verify.test.ts).
 */
export async function verifyAudit(args: string[], output: CommandOutput): Promise<number> {
  const expected = expectedHeads(args);
  if ("problem" in expected) {
    output.error(expected.problem);
    return 2;
  }
  try {
    const booted = await setUpDatabase({ purpose: "npm run audit:verify", seed: false });
    try {
      const verdict = await verifyAuditChains({ expect: expected.heads });
      if (verdict.ok) {
        output.out(`Access records: ${verdict.records.toLocaleString("en-US")} record(s) verified; none altered or removed.`);
        for (const [chain, count] of Object.entries(verdict.unkeyed)) {
          if (count > 0)
            output.out(`  ${chain} chain: the first ${count} record(s) were written before the key and checked with plain SHA-256.`);
        }
        for (const head of verdict.found) {
          output.out(
            `  Kept head ${head.hash} found: ${head.chain} chain, record #${head.recordId}, ${head.recordsSince} record(s) since.`,
          );
        }
        // Kept outside the database (a ticket, a printed page), the last hash proves later that nobody rewrote the whole chain.
        for (const head of verdict.heads) output.out(`  ${head.chain} chain: last record #${head.recordId}, hash ${head.hash}`);
        return 0;
      }
      if ("missingHead" in verdict)
        output.error(`Access records: the kept head ${verdict.missingHead} is NOT in the records: ${verdict.reason}.`);
      else output.error(`Access records: record #${verdict.recordId} (${verdict.chain} chain) is broken: ${verdict.reason}.`);
      return 1;
    } finally {
      await booted.shutdown();
    }
  } catch (error) {
    return startFailure(error, output);
  }
}

if (startedAsCommand(import.meta.filename)) {
  process.exitCode = await verifyAudit(process.argv.slice(2), TERMINAL);
}
