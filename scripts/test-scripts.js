// npm run test:scripts — every measuring script we ship, in its short mode (--short), one after
// another, so a change that breaks one fails the tests. Each starts `node server.js`, which reuses
// the production build the browser tests just made (it builds only when sources changed).
// Prints one line per script (name, exit status, seconds, and the processor seconds of the script and
// the processes it waited for, its server among them); exits 1 if any failed.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { childrenProcessorSeconds } from "./lib/processor-time.js";
import { startServer } from "./lib/server-process.js";

const SCRIPTS = [
  ["bench:web", "scripts/bench-web.js"],
  ["trace:web", "scripts/trace-web.js"],
  ["bench:server", "scripts/bench-server.js"],
  ["fuzz", "scripts/fuzz.js"],
  ["bench:leads", "scripts/bench-leads.js"],
  ["crash:leads", "scripts/crash-leads.js"],
  ["bench:press", "scripts/bench-press.js"],
  ["bench:uploads", "scripts/bench-uploads.js"],
];

/** The scripts' tuning variables: a value left in the shell would make the test measure something else (BASE_URL, another server). */
const TUNING = [
  "BENCH_WEB_ROUTES",
  "BENCH_WEB_RUNS",
  "TRACE_ROUTES",
  "TRACE_RUNS",
  "BENCH_SECONDS",
  "BENCH_CONNECTIONS",
  "FUZZ_REQUESTS",
  "N",
  "CONCURRENCY",
  "ROUNDS",
  "LOAD_MS",
  "BASE_URL",
  "ARTICLES",
  "DEPTH",
  "STATISTICS",
  "WIDTH",
  "HEIGHT",
];
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !TUNING.includes(name)));

const lines = [];
const started = performance.now();
// One server start makes the data folder every script's fresh server starts from (a copy each):
// PGlite's initdb and the migrations once, not at every start (scripts/lib/server-process.js).
const template = await startServer();
await template.stop();
env.SERVER_DATA_TEMPLATE = template.dataDir;
console.log(`A fresh server's data folder, made once for every script: ${((performance.now() - started) / 1000).toFixed(1)} s`);
for (const [name, file] of SCRIPTS) {
  console.log(`\n▶ ${name} --short`);
  const scriptStarted = performance.now();
  const processorBefore = childrenProcessorSeconds();
  const result = spawnSync(process.execPath, [file, "--short"], { stdio: "inherit", env: { ...env, SHORT: "1" } });
  const status = result.status ?? result.signal ?? result.error?.message;
  const line = `${status === 0 ? "✔" : "✘"} ${name.padEnd(13)} exit ${status}  ${((performance.now() - scriptStarted) / 1000).toFixed(1)} s (${(childrenProcessorSeconds() - processorBefore).toFixed(1)} s of processor)`;
  console.log(line);
  lines.push({ line, ok: status === 0 });
}
fs.rmSync(template.dataDir, { recursive: true, force: true });
console.log(
  `\nScripts, short mode (${((performance.now() - started) / 1000).toFixed(1)} s in all, ${childrenProcessorSeconds().toFixed(1)} s of processor):`,
);
for (const { line } of lines) console.log(line);
process.exit(lines.every(({ ok }) => ok) ? 0 : 1);
