// npm run test:steps — what `npm test` runs once the tools are there (scripts/ensure-test-tools.js):
// typecheck, lint, unit tests, integration tests (PGlite and PostgreSQL, one run), browser tests, and the
// measuring scripts' short runs (they reuse the production build the browser tests use), one
// after another. A failed step does not stop the ones after it, so one run reports every failure;
// the run ends with one line per step (exit status, seconds, and the processor seconds its processes
// used: on two cores a step's floor is half of that; the build's share counts in the step it ends
// beside), under a test step the tests that failed in it and those that passed only on a retry (CI
// shows the end of the output), and exits 1 if any failed. An integration or browser test that fails
// gets one more try (TEST_RETRIES=1, decision 023), and the summary names it.
//
// One after another, not side by side: running the integration tests beside the browser tests was
// tried and was slower on two cores (decision 023), as both are bound by the processor. The
// exceptions are single-threaded: the type check and ESLint run side by side (their output kept and
// shown after both), and the production build starts with them (`node server.js --build-only`) in
// the background, so the browser tests' server finds it made. What it prints is kept in a file and
// shown when it fails.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { childrenProcessorSeconds } from "./lib/processor-time.js";
import { testReportLines } from "./lib/test-report.js";

/** In order; the steps of an inner list run side by side. */
const STEPS = [["typecheck", "lint"], "test:unit", "test:integration", "test:e2e", "test:scripts"];
const STEP_COUNT = STEPS.flat().length;
/** The steps whose runner writes a JSON report (TEST_STEP_REPORT), so the summary can name their failed and retried tests. */
const REPORTING = new Set(["test:unit", "test:integration", "test:e2e"]);
const reports = fs.mkdtempSync(path.join(os.tmpdir(), "test-steps-"));
/** The steps that serve the production build: they wait for it, and do not run without it. */
const NEED_THE_BUILD = new Set(["test:e2e", "test:scripts"]);
const started = performance.now();
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(0);
const results = [];
const line = (ok, name, status, time, processorBefore) =>
  `${ok ? "✔" : "✘"} ${name.padEnd(18)} ${status}  ${time} s` +
  (processorBefore === undefined ? "" : ` (${(childrenProcessorSeconds() - processorBefore).toFixed(0)} s of processor)`);

const build = startBuild();

for (const step of STEPS) {
  if (Array.isArray(step)) {
    const statuses = await Promise.all(step.map((name) => runKept(name)));
    if (statuses.some((status) => status !== 0)) {
      // A type error or a lint failure is answered in a minute, without the long steps.
      build.stop();
      break;
    }
    continue;
  }
  if (NEED_THE_BUILD.has(step)) {
    const made = await build.done();
    if (!made) {
      results.push({ ok: false, line: line(false, step, "not run: the build failed", 0) });
      continue;
    }
  }
  const since = performance.now();
  const processorBefore = childrenProcessorSeconds();
  console.log(`\n▶ ${step}`);
  const report = REPORTING.has(step) ? path.join(reports, `${step.replace(":", "-")}.json`) : undefined;
  const status = await runStep(step, report);
  results.push({
    ok: status === 0,
    line: line(status === 0, step, `exit ${status}`, seconds(since), processorBefore),
    ...(report ? testReportLines(report) : {}),
  });
}
fs.rmSync(reports, { recursive: true, force: true });

console.log(`\nnpm test (${seconds(started)} s in all, ${childrenProcessorSeconds().toFixed(0)} s of processor):`);
for (const { line, failed = [], retried = [] } of results) {
  console.log(line);
  for (const each of failed) console.log(`    ✘ ${each}`);
  for (const each of retried) console.log(`    ↻ passed on its second try: ${each}`);
}
process.exit(results.length === STEP_COUNT + 1 && results.every(({ ok }) => ok) ? 0 : 1);

/**
 * A step, its output on ours (and its runner's JSON report in `report`, when given); resolves to its
 * exit status. Not spawnSync: the build's exit must be heard while a step runs.
 */
function runStep(step, report) {
  return new Promise((resolve) => {
    const env = { ...process.env, TEST_RETRIES: process.env.TEST_RETRIES ?? "1", ...(report && { TEST_STEP_REPORT: report }) };
    const child = spawn("npm", ["run", "-s", step], { stdio: "inherit", env });
    child.on("error", () => resolve(1));
    child.on("exit", (code) => resolve(code ?? 1));
  });
}

/**
 * A step that runs beside another: its output kept and printed whole when it ends, its line without
 * processor seconds (those of steps side by side cannot be told apart).
 */
function runKept(step) {
  const since = performance.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "-s", step], { stdio: ["ignore", "pipe", "pipe"] });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("error", (error) => output.push(Buffer.from(String(error))));
    child.on("close", (code) => {
      const status = code ?? 1;
      console.log(`\n▶ ${step}\n${Buffer.concat(output).toString().trimEnd()}`);
      results.push({ ok: status === 0, line: line(status === 0, step, `exit ${status}`, seconds(since)) });
      resolve(status);
    });
  });
}

/**
 * `node server.js --build-only` in the background, its output in a file (a pipe nobody reads while
 * a step runs would fill and stall it). `done()` resolves true once the build is made; on a failure
 * it prints the build's output first, so the reason stands above the steps it does not run.
 */
function startBuild() {
  const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "test-build-")), "build.log");
  const log = fs.openSync(logFile, "w");
  const since = performance.now();
  // Its own process group: stopping it stops the bundler it runs too.
  const child = spawn(process.execPath, ["server.js", "--build-only"], { stdio: ["ignore", log, log], detached: true });
  const exited = new Promise((resolve) => {
    child.on("exit", (code, signal) => {
      fs.closeSync(log);
      const output = fs.readFileSync(logFile, "utf8");
      fs.rmSync(path.dirname(logFile), { recursive: true, force: true });
      // Timed here, when it ended; reported when a step first waits for it, so its lines do not
      // break into the output of the step running beside it.
      resolve({ code, signal, output, time: seconds(since) });
    });
  });
  let reported;
  const report = async () => {
    const { code, signal, output, time } = await exited;
    if (signal === "SIGTERM") return false;
    const ok = code === 0;
    console.log(`\n▶ build (made beside the steps before it)\n${ok ? output.trimEnd() : output}`);
    results.push({ ok, line: line(ok, "build", `exit ${code ?? signal}`, time) });
    return ok;
  };
  return {
    /** Resolves true once the build is made; reports it the first time it is asked. */
    done: () => (reported ??= report()),
    stop: () => {
      if (child.exitCode === null) process.kill(-child.pid, "SIGTERM");
    },
  };
}
