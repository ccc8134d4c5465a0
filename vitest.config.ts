import { defineConfig } from "vitest/config";

// Unit tests sit beside their subject in app/ (and scripts/); integration tests (real database) in tests/integration.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.js"],
          environment: "node",
          setupFiles: ["tests/setup/session-secret.ts"],
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.{ts,tsx}"],
          environment: "node",
          setupFiles: ["tests/setup/session-secret.ts", "tests/setup/fail-on-console-error.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file gets its own database; files run in parallel workers.
          fileParallelism: true,
        },
      },
    ],
  },
});
