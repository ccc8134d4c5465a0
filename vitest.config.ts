import { defineConfig } from "vitest/config";

const integration = {
  include: ["tests/integration/**/*.test.{ts,tsx}"],
  environment: "node",
  setupFiles: ["tests/setup/session-secret.ts", "tests/setup/fail-on-console-error.ts"],
  testTimeout: 30_000,
  // A file's first hook opens and migrates its database; with two workers on a shared two-core
  // machine (load average 15) an in-memory PGlite has taken over 60 s to start.
  hookTimeout: 180_000,
  // Each file opens its own database (an in-memory PGlite, or its own database on the test
  // PostgreSQL server: tests/db.ts), so two files can run at once. Vitest 4 runs files in
  // forked processes, at most availableParallelism() - 1 at a time unless told: one on
  // two cores. Two workers keep both cores busy while a file waits on its database; a
  // worker (its PGlite, the app and Vite) holds about 650 MB, so this stays at two. Both
  // integration projects say the same, so one run of both shares these two workers.
  pool: "forks" as const,
  maxWorkers: 2,
};

/**
 * Files that never open the test database (they start `npm start` or a script on a data folder of
 * their own): the same on either database, so they run once, on PGlite.
 */
const SAME_ON_EVERY_DATABASE = [
  "tests/integration/audit-verify.test.ts",
  "tests/integration/create-admin.test.ts",
  "tests/integration/site-scaffold.test.ts",
  "tests/integration/start.test.ts",
];

// Unit tests sit beside their subject in app/ (and scripts/); integration tests (real database) in
// tests/integration, on in-memory PGlite ("integration") and, when TEST_POSTGRES_URL names a
// PostgreSQL server, on it too ("integration-postgres"): scripts/test-integration.js starts one
// and runs both projects in one Vitest run.
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
          ...integration,
          name: "integration",
          globalSetup: ["tests/setup/pglite-template.ts"],
        },
      },
      ...(process.env.TEST_POSTGRES_URL
        ? [
            {
              test: {
                ...integration,
                name: "integration-postgres",
                exclude: SAME_ON_EVERY_DATABASE,
                globalSetup: ["tests/setup/postgres-template.ts"],
                env: { TEST_DATABASE_URL: process.env.TEST_POSTGRES_URL },
              },
            },
          ]
        : []),
    ],
  },
});
