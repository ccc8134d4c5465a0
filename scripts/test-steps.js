// npm run test:steps — what `npm test` runs once the tools are there (scripts/ensure-test-tools.js):
// typecheck, lint, unit tests, integration tests (PGlite and PostgreSQL, one run), browser tests, and the
// measuring scripts' short runs (they reuse the production build the browser tests made), one
// after another. A failed step does not stop the ones after it, so one run reports every failure;
// the run ends with one line per step (exit status, seconds) and exits 1 if any failed.
//
// One after another, not side by side: running the integration tests beside the browser tests was
// tried and was slower on two cores (decision 023), as both are bound by the processor.
import { spawnSync } from "node:child_process";

const STEPS = ["typecheck", "lint", "test:unit", "test:integration", "test:e2e", "test:scripts"];
const started = performance.now();
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(0);
const results = [];

for (const step of STEPS) {
  const since = performance.now();
  console.log(`\n▶ ${step}`);
  const status = spawnSync("npm", ["run", "-s", step], { stdio: "inherit" }).status ?? 1;
  results.push({ ok: status === 0, line: `${status === 0 ? "✔" : "✘"} ${step.padEnd(18)} exit ${status}  ${seconds(since)} s` });
  // A type error or a lint failure is answered in a minute, without the long steps.
  if (status !== 0 && (step === "typecheck" || step === "lint")) break;
}

console.log(`\nnpm test (${seconds(started)} s in all):`);
for (const { line } of results) console.log(line);
process.exit(results.length === STEPS.length && results.every(({ ok }) => ok) ? 0 : 1);
