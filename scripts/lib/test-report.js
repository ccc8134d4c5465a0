// What a step's JSON report (Vitest's or Playwright's) says failed, and what passed only on its
// second try, as short lines for the summary `npm test` ends with: CI shows the end of the output,
// and a failure named thousands of lines above it is out of sight there. Neither runner's own
// output names a test that passed on a retry, so without these lines a flaky test goes unseen.
import fs from "node:fs";
import path from "node:path";

/** How many tests each list names before "and N more". */
const LISTED = 12;

/**
 * `failed`: "place › title: the error's first line" for each test that failed every try (and each
 * file or run that failed outside its tests); `retried`: the same for each test that failed and then
 * passed. Both empty when there is no report.
 */
export function testReportLines(file, { root = process.cwd() } = {}) {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return { failed: [], retried: [] };
  }
  const { failed, retried } = report.testResults ? vitestOutcomes(report, root) : playwrightOutcomes(report);
  return { failed: listed(failed), retried: listed(retried) };
}

function listed(outcomes) {
  const lines = outcomes.slice(0, LISTED).map(({ where, message }) => (message ? `${where}: ${firstLine(message)}` : where));
  if (outcomes.length > LISTED) lines.push(`and ${outcomes.length - LISTED} more`);
  return lines;
}

/** Vitest's JSON reporter: a passed test with failure messages passed on a retry. */
function vitestOutcomes(report, root) {
  const failed = [];
  const retried = [];
  for (const file of report.testResults) {
    const name = path.relative(root, file.name);
    const tests = file.assertionResults ?? [];
    if (file.status === "failed" && !tests.some((test) => test.status === "failed")) failed.push({ where: name, message: file.message });
    for (const test of tests) {
      const outcome = { where: [name, ...test.ancestorTitles, test.title].join(" › "), message: test.failureMessages?.[0] };
      if (test.status === "failed") failed.push(outcome);
      else if (test.status === "passed" && test.failureMessages?.length) retried.push(outcome);
    }
  }
  return { failed, retried };
}

/** Playwright's JSON reporter: "unexpected" failed every try, "flaky" passed on a retry; specs sit in nested suites. */
function playwrightOutcomes(report) {
  const failed = [];
  const retried = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const list = test.status === "unexpected" ? failed : test.status === "flaky" ? retried : undefined;
        const firstFailure = test.results?.find((result) => result.error);
        list?.push({
          where: `${spec.file}:${spec.line} [${test.projectName}] › ${[...titles, spec.title].join(" › ")}`,
          message: firstFailure?.error?.message ?? test.results?.at(-1)?.status,
        });
      }
    }
    for (const inner of suite.suites ?? []) visit(inner, [...titles, inner.title]);
  };
  // The outermost suites are the files, named already by the spec's place.
  for (const file of report.suites ?? []) visit(file, []);
  // A run stopped outside its tests (a global setup, a server that did not start) reports errors.
  for (const error of report.errors ?? []) failed.push({ where: "(the run)", message: error.message });
  return { failed, retried };
}

/** The first line of an error with its colour codes taken off, at most 200 characters. */
function firstLine(message) {
  // eslint-disable-next-line no-control-regex
  const plain = String(message).replace(/\u001b\[[0-9;]*m/g, "");
  const first = (plain.split("\n").find((line) => line.trim()) ?? "").trim();
  return first.length > 200 ? `${first.slice(0, 199)}…` : first;
}
