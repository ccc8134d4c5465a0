// npm run test:steps — what `npm test` runs once the tools are there (scripts/ensure-test-tools.js).
//
// The quick checks first, one after another (a type error stops the run in a minute): typecheck,
// lint, unit tests. Then two lanes at once, because they wait on different things
// (docs/decisions/023-fast-tests.md): the integration tests keep both cores busy with their
// databases, while the browser tests mostly wait (on Chromium, on the server's answers) and use
// about a fifth of the cores; the measuring scripts' short runs follow the browser tests, as they
// reuse the production build those made.
//
// Each line a lane prints is prefixed with its name; the run ends with one line per step (exit
// status, seconds) and exits 1 if any failed. Both lanes run to the end even when one fails, so
// one run reports every failure.
import { spawn, spawnSync } from "node:child_process";
import readline from "node:readline";

const started = performance.now();
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(0);
const results = [];

function record(name, status, since) {
  results.push({ name, ok: status === 0, line: `${status === 0 ? "✔" : "✘"} ${name.padEnd(18)} exit ${status}  ${seconds(since)} s` });
  return status;
}

function runInline(name) {
  const since = performance.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync("npm", ["run", "-s", name], { stdio: "inherit" });
  return record(name, result.status ?? 1, since);
}

function runPrefixed(name, label) {
  return new Promise((resolve) => {
    const since = performance.now();
    console.log(`${label} ▶ ${name}`);
    const child = spawn("npm", ["run", "-s", name], { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: "0" } });
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on("line", (line) => console.log(`${label} │ ${line}`));
    }
    child.on("close", (code) => resolve(record(name, code ?? 1, since)));
  });
}

async function lane(label, steps) {
  for (const step of steps) {
    await runPrefixed(step, label);
  }
}

let failed = false;
for (const step of ["typecheck", "lint", "test:unit"]) {
  if (runInline(step) !== 0) {
    failed = true;
    break;
  }
}
if (!failed) {
  await Promise.all([lane("integration", ["test:integration"]), lane("browser    ", ["test:e2e", "test:scripts"])]);
}

console.log(`\nnpm test (${seconds(started)} s in all):`);
for (const { line } of results) console.log(line);
process.exit(!failed && results.every(({ ok }) => ok) ? 0 : 1);
