import { afterAll, afterEach, vi } from "vitest";

// An error logged during a test is a failure nobody asserted on.
let logged: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  logged.push(args);
  original(...args);
};
// This file runs again before the next file of the worker (tests/setup/between-files.ts), which
// would otherwise wrap the wrapper and print each error once more for every earlier file.
afterAll(() => {
  console.error = original;
});

afterEach(() => {
  const errors = logged;
  logged = [];
  vi.restoreAllMocks();
  if (errors.length > 0) {
    throw new Error(`console.error was called during the test:\n${errors.map((args) => args.map(String).join(" ")).join("\n")}`);
  }
});
