// npm run bench:leads — how many leads a second the production server commits.
//
// By default it starts its own server (`node server.js`, production build, fresh temp DATA_DIR,
// LEADS_RATE_LIMIT=off), posts N visit reservations with C in flight, stops the server, then
// opens the database and checks that every acknowledged lead is stored (with its SMS queued).
// BASE_URL=http://host:port posts to a server you started instead (it must run with
// LEADS_RATE_LIMIT=off; the row check is skipped, the database belongs to that server).
//
//   N=500 CONCURRENCY=20 npm run bench:leads
import fs from "node:fs";
import { startServer } from "./lib/server-process.js";
import { percentile, phoneFor, postLead, randomRunOffset, readStoredLeads } from "./lib/lead-load.js";

const total = Number(process.env.N ?? 500);
const concurrency = Number(process.env.CONCURRENCY ?? 20);
const external = process.env.BASE_URL;

const server = external ? undefined : await startServer({ env: { LEADS_RATE_LIMIT: "off", NODE_ENV: "" } });
const baseUrl = external ?? server.baseUrl;
console.log(`Posting ${total} leads, ${concurrency} at a time, to ${baseUrl}${server ? ` (own server, DATA_DIR=${server.dataDir})` : ""}`);

const offset = randomRunOffset();
const results = [];
const acknowledged = new Set();
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < total) {
      const phone = phoneFor(offset, next++);
      const result = await postLead(baseUrl, phone);
      results.push(result);
      if (result.acknowledged) acknowledged.add(phone);
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
const latencies = results.map((result) => result.ms).sort((a, b) => a - b);
const failures = results.filter((result) => !result.acknowledged);

console.log(`acknowledged: ${acknowledged.size} of ${total} in ${seconds.toFixed(2)} s`);
console.log(`committed leads per second: ${(acknowledged.size / seconds).toFixed(1)}`);
console.log(`latency p50: ${percentile(latencies, 50).toFixed(1)} ms, p99: ${percentile(latencies, 99).toFixed(1)} ms`);
if (failures.length > 0) {
  const statuses = failures.reduce(
    (counts, failure) => ({ ...counts, [failure.error ?? failure.status]: (counts[failure.error ?? failure.status] ?? 0) + 1 }),
    {},
  );
  console.log(`not acknowledged: ${failures.length} ${JSON.stringify(statuses)}`);
}

let ok = failures.length === 0;
if (server) {
  await server.stop();
  const stored = await readStoredLeads(server.dataDir);
  const missing = [...acknowledged].filter((phone) => !stored.phones.has(phone)).length;
  console.log(
    `row count check: ${stored.phones.size} rows for ${acknowledged.size} acknowledged, ${missing} missing, ` +
      `${stored.leadsWithoutSms} without a queued SMS; outbox ${JSON.stringify(stored.outbox)}`,
  );
  ok &&= missing === 0 && stored.phones.size === acknowledged.size && stored.leadsWithoutSms === 0;
  fs.rmSync(server.dataDir, { recursive: true, force: true });
} else {
  console.log("row count check: skipped (BASE_URL names a server whose database this script cannot open while it runs)");
}
process.exit(ok ? 0 : 1);
