import { afterEach, vi } from "vitest";

// An error logged during a test is a failure nobody asserted on.
let logged: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  logged.push(args);
  original(...args);
};

afterEach(() => {
  const errors = logged;
  logged = [];
  vi.restoreAllMocks();
  if (errors.length > 0) {
    throw new Error(`console.error was called during the test:\n${errors.map((args) => args.map(String).join(" ")).join("\n")}`);
  }
});
