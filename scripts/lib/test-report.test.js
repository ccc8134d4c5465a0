import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { testReportLines } from "./test-report.js";

const folders = [];
afterEach(() => folders.splice(0).forEach((folder) => fs.rmSync(folder, { recursive: true, force: true })));
function reportFile(report) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "failed-tests-"));
  folders.push(folder);
  const file = path.join(folder, "report.json");
  fs.writeFileSync(file, JSON.stringify(report));
  return file;
}

/** One file's entry in Vitest's JSON report. */
const vitestFile = (name, status, assertionResults, message = "") => ({
  name: path.join(process.cwd(), name),
  status,
  message,
  assertionResults,
});

// The shapes below are cut from reports the two runners wrote for a failing test (Vitest 4, Playwright 1.5x).
const colouredExpectation =
  "Error: \u001b[2mexpect(\u001b[22m\u001b[31mreceived\u001b[39m\u001b[2m).\u001b[22mtoBe\u001b[2m(\u001b[22m\u001b[32mexpected\u001b[39m\u001b[2m)\u001b[22m\n\nExpected: 2";

describe("the tests npm test's summary names", () => {
  test("a Vitest report names each failed test by file, describe and title with its error's first line, and each test that passed on a retry", () => {
    const file = reportFile({
      testResults: [
        vitestFile("tests/integration/leads.test.ts", "failed", [
          {
            ancestorTitles: ["leads"],
            title: "are stored",
            status: "failed",
            failureMessages: ["AssertionError: expected 1 to be 2\n    at stack"],
          },
          { ancestorTitles: ["leads"], title: "are counted", status: "passed", failureMessages: [] },
          { ancestorTitles: [], title: "are kept", status: "passed", failureMessages: ["Error: Test timed out in 30000ms.\n    at stack"] },
        ]),
        vitestFile("tests/integration/pages.test.ts", "passed", []),
      ],
    });
    expect(testReportLines(file)).toEqual({
      failed: ["tests/integration/leads.test.ts › leads › are stored: AssertionError: expected 1 to be 2"],
      retried: ["tests/integration/leads.test.ts › are kept: Error: Test timed out in 30000ms."],
    });
  });

  test("a Vitest file that failed outside its tests (a hook, an import) is named with its message", () => {
    const file = reportFile({ testResults: [vitestFile("tests/integration/door.test.ts", "failed", [], "Hook timed out in 180000ms.")] });
    expect(testReportLines(file).failed).toEqual(["tests/integration/door.test.ts: Hook timed out in 180000ms."]);
  });

  test("a Playwright report names the tests that failed every try and those that passed on a retry, with their place, width and plain error", () => {
    const spec = (title, line, status) => ({
      title,
      file: "door.spec.ts",
      line,
      tests: [
        {
          projectName: "phone",
          status,
          results: [{ status: "failed", error: { message: colouredExpectation } }, ...(status === "flaky" ? [{ status: "passed" }] : [])],
        },
      ],
    });
    const file = reportFile({
      suites: [
        {
          title: "door.spec.ts",
          file: "door.spec.ts",
          specs: [spec("reads a code", 12, "unexpected")],
          suites: [
            {
              title: "at the door",
              file: "door.spec.ts",
              specs: [spec("marks a visit", 40, "unexpected"), spec("shows live", 60, "flaky")],
            },
          ],
        },
      ],
      errors: [],
    });
    expect(testReportLines(file)).toEqual({
      failed: [
        "door.spec.ts:12 [phone] › reads a code: Error: expect(received).toBe(expected)",
        "door.spec.ts:40 [phone] › at the door › marks a visit: Error: expect(received).toBe(expected)",
      ],
      retried: ["door.spec.ts:60 [phone] › at the door › shows live: Error: expect(received).toBe(expected)"],
    });
  });

  test("a long list ends with how many more there are, and a missing report names nothing", () => {
    const cases = Array.from({ length: 15 }, (_, i) => ({
      ancestorTitles: [],
      title: `case ${i}`,
      status: "failed",
      failureMessages: ["no"],
    }));
    const file = reportFile({ testResults: [vitestFile("a.test.ts", "failed", cases)] });
    const lines = testReportLines(file).failed;
    expect(lines).toHaveLength(13);
    expect(lines.at(-1)).toBe("and 3 more");
    expect(testReportLines(path.join(os.tmpdir(), "no-such-report.json"))).toEqual({ failed: [], retried: [] });
  });
});
