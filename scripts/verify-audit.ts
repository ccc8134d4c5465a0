// npm run audit:verify
// Recomputes the hash chain of the access records (개인정보 접속기록) in the database DATA_DIR or
// DATABASE_URL names, as the server would open it. Exits 0 when every record is as it was
// written; exits 1 naming the first record that was altered, removed or put out of order. With
// PGlite, stop the server first: the data folder belongs to one process at a time.
import { verifyAuditChains } from "#app/.server/audit.ts";
import { setUpDatabase } from "#app/.server/set-up.ts";

try {
  const booted = await setUpDatabase({ purpose: "npm run audit:verify", seed: false });
  try {
    const verdict = await verifyAuditChains();
    if (verdict.ok) {
      console.log(`Access records: ${verdict.records.toLocaleString("en-US")} record(s) verified; none altered or removed.`);
      // Kept outside the database (a ticket, a printed page), the last hash proves later that nobody rewrote the whole chain.
      for (const head of verdict.heads) console.log(`  ${head.chain} chain: last record #${head.recordId}, hash ${head.hash}`);
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
