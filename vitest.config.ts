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
          globalSetup: ["tests/setup/pglite-template.ts"],
          testTimeout: 30_000,
          // A file's first hook opens and migrates its database; with two workers on a shared two-core
          // machine (load average 15) an in-memory PGlite has taken over 60 s to start.
          hookTimeout: 180_000,
          // Each file opens its own database (an in-memory PGlite, or its own database on the test
          // PostgreSQL server: tests/db.ts), so two files can run at once. Vitest 4 runs files in
          // forked processes, at most availableParallelism() - 1 at a time unless told: one on
          // two cores. Two workers keep both cores busy while a file waits on its database; a
          // worker (its PGlite, the app and Vite) holds about 650 MB, so this stays at two.
          pool: "forks",
          maxWorkers: 2,
        },
      },
    ],
  },
});
