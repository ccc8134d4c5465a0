// npm run crash:leads — does an acknowledged lead survive the server being killed?
//
// Starts the production server on a fresh temp DATA_DIR (LEADS_RATE_LIMIT=off), has CONCURRENCY
// visitors post leads continuously (registrations, inquiries, and visit bookings of a time the
// visit page offers), kills the server with SIGKILL in the middle of the load, restarts it on the
// same folder (ROUNDS times), then stops it and counts: every lead the server acknowledged must be
// in the database, with its text message queued (and a visit with its booking). A visit refused
// because its time filled meanwhile (409) is an honest answer, counted apart; any other refusal,
// or no answer while the server was up, is a failure. Exits 1 on a lost lead or a failure.
// --short (SHORT=1): 1 round of 8 visitors, killed within 3 seconds (one kill and the restart after it are the proof).
//
//   ROUNDS=3 CONCURRENCY=8 LOAD_MS=6000 npm run crash:leads
import fs from "node:fs";
import { startServer } from "./lib/server-process.js";
import { announceShortRun, setting } from "./lib/short-run.js";
import {
  checkAcknowledged,
  createLeadClient,
  createTally,
  createVisitPicker,
  kindFor,
  phoneFor,
  postLead,
  randomRunOffset,
  readStoredLeads,
} from "./lib/lead-load.js";

const rounds = setting("ROUNDS", { full: 3, short: 1 });
const concurrency = setting("CONCURRENCY", { full: 8, short: 8 });
const loadMs = setting("LOAD_MS", { full: 6000, short: 3000 });
announceShortRun(`${rounds === 1 ? "1 round" : `${rounds} rounds`} of ${concurrency} visitors, killed within ${loadMs / 1000} seconds`);
const env = { LEADS_RATE_LIMIT: "off", NODE_ENV: "" };

const offset = randomRunOffset();
/** Phone → kind of every lead the server acknowledged. */
const acknowledged = new Map();
const tally = createTally();
const failures = [];
let attempted = 0;
let inFlightAtKill = 0;
let cutByKill = 0;
let dataDir;

for (let round = 1; round <= rounds; round++) {
  const server = await startServer({ env, dataDir });
  dataDir = server.dataDir;
  const client = createLeadClient(server.baseUrl, { connections: concurrency });
  const picker = createVisitPicker(client);
  const connecting = performance.now();
  await client.connect();
  const connectedIn = (performance.now() - connecting) / 1000;
  await picker.read();
  let killed = false;
  let inFlight = 0;
  const load = Array.from({ length: concurrency }, async () => {
    while (!killed) {
      const index = attempted++;
      inFlight++;
      const result = await postLead(client, picker, { kind: kindFor(index), phone: phoneFor(offset, index) });
      inFlight--;
      // A killed server answers nothing: what was in flight then is cut, not failed. A status is
      // an answer the server gave while it was up, whenever it arrived.
      if (killed && result.status === 0) {
        cutByKill++;
        continue;
      }
      tally.add(result);
      if (result.outcome === "acknowledged") acknowledged.set(result.phone, result.kind);
      if (result.outcome === "failed") {
        failures.push(`round ${round}: ${result.kind} ${result.status || result.error} after ${Math.round(result.ms)} ms`);
      }
    }
  });
  // A random moment within the load window, so the kill lands on requests at every stage.
  await new Promise((resolve) => setTimeout(resolve, loadMs / 2 + Math.random() * (loadMs / 2)));
  const inFlightNow = inFlight;
  inFlightAtKill += inFlightNow;
  killed = true;
  await server.stop("SIGKILL");
  await Promise.all(load);
  client.close();
  console.log(
    `round ${round}: ${concurrency} visitors connected in ${connectedIn.toFixed(1)} s, killed with ${inFlightNow} requests in flight; ${acknowledged.size} acknowledged so far`,
  );
}

// The last restart proves the folder opens again after a kill; then a clean stop frees it for reading.
const restarted = await startServer({ env, dataDir });
const health = await (await fetch(`${restarted.baseUrl}/healthz`)).json();
await restarted.stop();

const stored = await readStoredLeads(dataDir);
const check = checkAcknowledged(acknowledged, stored);
console.log(`restarted after ${rounds === 1 ? "1 kill" : `${rounds} kills`}: /healthz ${JSON.stringify(health)}`);
console.log(`attempted: ${attempted} by ${concurrency} concurrent visitors, in flight at the kills: ${inFlightAtKill} (${cutByKill} cut)`);
for (const line of tally.lines()) console.log(line);
console.log(`acknowledged: ${acknowledged.size}`);
console.log(`present: ${check.present} (and ${stored.leads.size - check.present} unacknowledged that committed just before a kill)`);
console.log(`lost: ${check.lost}`);
console.log(
  `leads without their queued text: ${check.withoutSms} acknowledged, ${stored.leadsWithoutSms} in all; outbox ${JSON.stringify(stored.outbox)}`,
);
console.log(
  `visits refused because their time filled (409): ${tally.refused}; acknowledged visits without their booking: ${check.visitsWithoutBooking}; slots over capacity: ${stored.overbookedSlots}`,
);
if (check.wrongKind > 0) console.log(`stored as another kind than posted: ${check.wrongKind}`);
console.log(`failures while the server was up: ${failures.length} ${JSON.stringify(tally.failures)}`);
for (const line of failures.slice(0, 10)) console.log(`  ${line}`);
const ok =
  acknowledged.size > 0 &&
  failures.length === 0 &&
  check.lost === 0 &&
  check.withoutSms === 0 &&
  check.wrongKind === 0 &&
  check.visitsWithoutBooking === 0 &&
  stored.leadsWithoutSms === 0 &&
  stored.overbookedSlots === 0;
// A failed run keeps its folder for a look inside.
if (ok) fs.rmSync(dataDir, { recursive: true, force: true });
else console.log(`DATA_DIR kept for inspection: ${dataDir}`);
process.exit(ok ? 0 : 1);
