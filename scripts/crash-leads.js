// npm run crash:leads — does an acknowledged lead survive the server being killed?
//
// Starts the production server on a fresh temp DATA_DIR (LEADS_RATE_LIMIT=off), posts visit
// reservations continuously, kills the server with SIGKILL in the middle of the load, restarts
// it on the same folder (ROUNDS times), then stops it and counts: every lead the server answered
// with success must be in the database, with its SMS queued. Exits 1 if any was lost.
//
//   ROUNDS=3 CONCURRENCY=8 LOAD_MS=6000 npm run crash:leads
import fs from "node:fs";
import { startServer } from "./lib/server-process.js";
import { phoneFor, postLead, randomRunOffset, readStoredLeads } from "./lib/lead-load.js";

const rounds = Number(process.env.ROUNDS ?? 3);
const concurrency = Number(process.env.CONCURRENCY ?? 8);
const loadMs = Number(process.env.LOAD_MS ?? 6000);
const env = { LEADS_RATE_LIMIT: "off", NODE_ENV: "" };

const offset = randomRunOffset();
const acknowledged = new Set();
let attempted = 0;
let inFlightAtKill = 0;
let dataDir;

for (let round = 1; round <= rounds; round++) {
  const server = await startServer({ env, dataDir });
  dataDir = server.dataDir;
  let killed = false;
  let inFlight = 0;
  const load = Array.from({ length: concurrency }, async () => {
    while (!killed) {
      const phone = phoneFor(offset, attempted++);
      inFlight++;
      const result = await postLead(server.baseUrl, phone);
      inFlight--;
      if (result.acknowledged) acknowledged.add(phone);
    }
  });
  // A random moment within the load window, so the kill lands on requests at every stage.
  await new Promise((resolve) => setTimeout(resolve, loadMs / 2 + Math.random() * (loadMs / 2)));
  const inFlightNow = inFlight;
  inFlightAtKill += inFlightNow;
  await server.stop("SIGKILL");
  killed = true;
  await Promise.all(load);
  console.log(`round ${round}: killed with ${inFlightNow} requests in flight; ${acknowledged.size} acknowledged so far`);
}

// The last restart proves the folder opens again after a kill; then a clean stop frees it for reading.
const restarted = await startServer({ env, dataDir });
const health = await (await fetch(`${restarted.baseUrl}/healthz`)).json();
await restarted.stop();

const stored = await readStoredLeads(dataDir);
const present = [...acknowledged].filter((phone) => stored.phones.has(phone)).length;
const lost = acknowledged.size - present;
console.log(`restarted after ${rounds} kills: /healthz ${JSON.stringify(health)}`);
console.log(`attempted: ${attempted}, in flight at the kills: ${inFlightAtKill}`);
console.log(`acknowledged: ${acknowledged.size}`);
console.log(`present: ${present} (and ${stored.phones.size - present} unacknowledged that committed just before a kill)`);
console.log(`lost: ${lost}`);
console.log(`leads without their SMS queued: ${stored.leadsWithoutSms}; outbox ${JSON.stringify(stored.outbox)}`);
const ok = lost === 0 && stored.leadsWithoutSms === 0 && acknowledged.size > 0;
// A failed run keeps its folder for a look inside.
if (ok) fs.rmSync(dataDir, { recursive: true, force: true });
else console.log(`DATA_DIR kept for inspection: ${dataDir}`);
process.exit(ok ? 0 : 1);
