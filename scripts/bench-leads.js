// npm run bench:leads — how many leads a second the production server commits.
//
// By default it starts its own server (`node server.js`, production build, fresh temp DATA_DIR,
// LEADS_RATE_LIMIT=off), posts N leads with C in flight (registrations, inquiries, and visit
// bookings of a time the visit page offers), stops the server, then opens the database and checks
// that every acknowledged lead is stored, with its text message queued (and a visit its booking).
// A visit refused because its time filled meanwhile (409) is counted apart; any other refusal or
// network error fails the run. BASE_URL=http://host:port posts to a server you started instead
// (it must run with LEADS_RATE_LIMIT=off; the row check is skipped, the database belongs to that server).
// --short (SHORT=1): 50 leads, 10 at a time.
//
//   N=500 CONCURRENCY=20 npm run bench:leads
import fs from "node:fs";
import { processorMs, startServer } from "./lib/server-process.js";
import { announceShortRun, setting } from "./lib/short-run.js";
import {
  checkAcknowledged,
  createLeadClient,
  createTally,
  createVisitPicker,
  kindFor,
  percentile,
  phoneFor,
  postLead,
  randomRunOffset,
  readStoredLeads,
} from "./lib/lead-load.js";

const total = setting("N", { full: 500, short: 50 });
const concurrency = setting("CONCURRENCY", { full: 20, short: 10 });
announceShortRun(`${total} leads, ${concurrency} at a time`);
const external = process.env.BASE_URL;

const server = external ? undefined : await startServer({ env: { LEADS_RATE_LIMIT: "off", NODE_ENV: "" } });
const baseUrl = external ?? server.baseUrl;
console.log(`Posting ${total} leads, ${concurrency} at a time, to ${baseUrl}${server ? ` (own server, DATA_DIR=${server.dataDir})` : ""}`);

const client = createLeadClient(baseUrl, { connections: concurrency });
const picker = createVisitPicker(client);
await client.connect();
await picker.read();
const offset = randomRunOffset();
const tally = createTally();
const results = [];
/** Phone → kind of every lead the server acknowledged. */
const acknowledged = new Map();
let next = 0;
const started = performance.now();
const processorBefore = server ? processorMs(server.child.pid) : 0;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < total) {
      const index = next++;
      const result = await postLead(client, picker, { kind: kindFor(index), phone: phoneFor(offset, index) });
      results.push(result);
      tally.add(result);
      if (result.outcome === "acknowledged") acknowledged.set(result.phone, result.kind);
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
const serverProcessorMs = server ? processorMs(server.child.pid) - processorBefore : 0;
client.close();
const latencies = results.map((result) => result.ms).sort((a, b) => a - b);
const failures = results.filter((result) => result.outcome === "failed");

console.log(`acknowledged: ${acknowledged.size} of ${total} in ${seconds.toFixed(2)} s`);
for (const line of tally.lines()) console.log(line);
console.log(`committed leads per second: ${(acknowledged.size / seconds).toFixed(1)}`);
console.log(`latency p50: ${percentile(latencies, 50).toFixed(1)} ms, p99: ${percentile(latencies, 99).toFixed(1)} ms`);
// A visit takes two turns at the database (the schedule, then the booking), the others one.
for (const kind of ["interest", "inquiry", "visit"]) {
  const ms = results.filter((result) => result.kind === kind).map((result) => result.ms);
  ms.sort((a, b) => a - b);
  if (ms.length > 0) console.log(`  ${kind.padEnd(8)} p50 ${percentile(ms, 50).toFixed(1)} ms, p99 ${percentile(ms, 99).toFixed(1)} ms`);
}
if (server) {
  // Steadier than leads/s when other work shares the machine (on PostgreSQL the database's own processes are not counted).
  console.log(
    `server processor time (user+sys): ${(serverProcessorMs / 1000).toFixed(1)} s, ${(serverProcessorMs / results.length).toFixed(1)} ms a lead`,
  );
}
console.log(`visits refused because their time filled (409): ${tally.refused}`);
if (failures.length > 0) console.log(`failed: ${failures.length} ${JSON.stringify(tally.failures)}`);

let ok = failures.length === 0 && acknowledged.size > 0;
if (server) {
  await server.stop();
  const stored = await readStoredLeads(server.dataDir);
  const check = checkAcknowledged(acknowledged, stored);
  console.log(
    `row count check: ${stored.leads.size} rows for ${acknowledged.size} acknowledged, ${check.lost} missing, ` +
      `${check.withoutSms} without a queued text, ${check.visitsWithoutBooking} visits without their booking, ` +
      `${stored.overbookedSlots} slots over capacity; outbox ${JSON.stringify(stored.outbox)}`,
  );
  if (check.wrongKind > 0) console.log(`stored as another kind than posted: ${check.wrongKind}`);
  ok &&=
    check.lost === 0 &&
    stored.leads.size === acknowledged.size &&
    check.withoutSms === 0 &&
    check.wrongKind === 0 &&
    check.visitsWithoutBooking === 0 &&
    stored.leadsWithoutSms === 0 &&
    stored.overbookedSlots === 0;
  fs.rmSync(server.dataDir, { recursive: true, force: true });
} else {
  console.log("row count check: skipped (BASE_URL names a server whose database this script cannot open while it runs)");
}
process.exit(ok ? 0 : 1);
