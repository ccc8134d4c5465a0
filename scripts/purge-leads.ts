// npm run leads:purge
// Deletes the leads collected longer ago than the consent text's retention period (with their
// notes and text messages) and prints how many. The server also does this daily; with PGlite,
// stop the server first: the data folder belongs to one process at a time.
import { setUpDatabase } from "#app/.server/set-up.ts";
import { describePurge, purgeExpiredLeads } from "#app/.server/retention.ts";

try {
  const booted = await setUpDatabase({ purpose: "npm run leads:purge", seed: false });
  try {
    console.log(describePurge(await purgeExpiredLeads()));
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
