// npm run test:scripts — every measuring script we ship, in its short mode (--short), so a change
// that breaks one fails the tests. Each starts `node server.js` on a free port, which reuses the
// production build the browser tests just made (it builds only when sources changed).
// Two lanes run side by side, each script in a lane after the one before: a script's short run is
// mostly one process at a time (its server, or Lighthouse), so one lane left a core idle (decision
// 023, the eighth round). Short runs check that a script works, not its figures, so sharing the
// machine changes nothing they judge. Each script's output is kept and printed whole when it ends.
// Prints one line per script (name, exit status, seconds, and the processor seconds of the script and
// the processes it waited for, its server among them); exits 1 if any failed.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { childrenProcessorSeconds } from "./lib/processor-time.js";
import { startServer } from "./lib/server-process.js";

/**
 * The lanes, balanced by their short runs' wall time on quiet cores (decision 023, twelfth round:
 * ~50 s each); the two Chromium scripts share a lane, so at most one browser runs at a time.
 */
const LANES = [
  [
    ["bench:web", "scripts/bench-web.js"],
    ["trace:web", "scripts/trace-web.js"],
    ["bench:press", "scripts/bench-press.js"],
  ],
  [
    ["bench:server", "scripts/bench-server.js"],
    ["fuzz", "scripts/fuzz.js"],
    ["crash:leads", "scripts/crash-leads.js"],
    ["bench:uploads", "scripts/bench-uploads.js"],
    ["bench:leads", "scripts/bench-leads.js"],
  ],
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
await Promise.all(LANES.map((lane) => runLane(lane)));
fs.rmSync(template.dataDir, { recursive: true, force: true });
console.log(
  `\nScripts, short mode (${((performance.now() - started) / 1000).toFixed(1)} s in all, ${childrenProcessorSeconds().toFixed(1)} s of processor):`,
);
for (const { line } of lines) console.log(line);
process.exit(lines.every(({ ok }) => ok) ? 0 : 1);

/** One lane's scripts, one after another. */
async function runLane(lane) {
  for (const [name, file] of lane) {
    const scriptStarted = performance.now();
    const { status, processorSeconds, output } = await runScript(file);
    const line = `${status === 0 ? "✔" : "✘"} ${name.padEnd(13)} exit ${status}  ${((performance.now() - scriptStarted) / 1000).toFixed(1)} s (${processorSeconds.toFixed(1)} s of processor)`;
    console.log(`\n▶ ${name} --short\n${output.trimEnd()}\n${line}`);
    lines.push({ line, ok: status === 0 });
  }
}

/** A script's short run through run-and-count.js: its exit status, its processor seconds and its output. */
function runScript(file) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["scripts/lib/run-and-count.js", file, "--short"], {
      stdio: ["ignore", "pipe", "pipe", "ipc"],
      env: { ...env, SHORT: "1" },
    });
    const output = [];
    let counted = { status: "no report", processorSeconds: 0 };
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("message", (message) => (counted = message));
    child.on("error", (error) => output.push(Buffer.from(String(error))));
    child.on("close", () => resolve({ ...counted, output: Buffer.concat(output).toString() }));
  });
}
