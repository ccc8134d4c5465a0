import { defineConfig } from "vitest/config";

const integration = {
  include: ["tests/integration/**/*.test.{ts,tsx}"],
  environment: "node",
  setupFiles: ["tests/setup/session-secret.ts", "tests/setup/fail-on-console-error.ts", "tests/setup/between-files.ts"],
  testTimeout: 30_000,
  // npm test gives a failed test one more try and names it in its summary (scripts/test-steps.js,
  // decision 023): one slow moment on a shared machine should not fail a run, and must not go unseen.
  retry: Number(process.env.TEST_RETRIES ?? 0),
  // A worker's first file opens its database; with two workers on a shared two-core machine (load
  // average 15) an in-memory PGlite has taken over 60 s to start.
  hookTimeout: 180_000,
  // Vitest 4 runs files in forked processes, at most availableParallelism() - 1 at a time unless
  // told: one on two cores. Two workers keep both cores busy while a file waits on its database; a
  // worker (its PGlite, the app and Vite) holds about 650 MB, so this stays at two. Both
  // integration projects say the same, so one run of both shares these two workers.
  pool: "forks" as const,
  maxWorkers: 2,
  // A worker keeps its process, its imported app and its one database from file to file, instead
  // of paying 3–4 s of processor for each (a process, the app's import, a PGlite). Each file starts
  // from an emptied database (tests/db.ts) and from the module state tests/setup/between-files.ts
  // puts back; that file lists what a file may leave and how each is undone.
  isolate: false,
};

/**
 * Files that run once, on PGlite. The PostgreSQL project exists to show that the same SQL,
 * transactions and locks hold on a real server with many connections; PGlite is PostgreSQL itself,
 * one connection in this process. A file whose subject is not the database (what a request, a form
 * or a rule answers, read through the same verbs other files exercise on both) learns nothing more
 * from a second run. Every file that tests concurrency, transactions, locking, capacity,
 * migrations, SQL of its own or a difference between the two stays on both.
 */
const SAME_ON_EVERY_DATABASE = [
  // Their subject is `npm start` or an operator's command on a data folder of their own (audit-verify's
  // checks of the chain itself use the worker's PGlite, where they used a fresh one).
  "tests/integration/audit-verify.test.ts",
  "tests/integration/create-admin.test.ts",
  "tests/integration/site-scaffold.test.ts",
  "tests/integration/start.test.ts",
  // Authorization tables (role × site × route): each answer is the route's rule, decided before
  // the route's verb runs; the verbs themselves are their own files' subjects, on both databases.
  "tests/integration/console-authorization-posts.test.ts",
  "tests/integration/console-authorization-reads.test.ts",
  "tests/integration/site-isolation.test.ts",
  // Parsing what a request carries: refused or ignored before any SQL depends on it.
  "tests/integration/numeric-inputs.test.ts",
  "tests/integration/request-edge.test.ts",
  "tests/integration/hosts.test.ts",
  // What a form answers (every field's error beside its field, values kept, the ad-copy warning).
  "tests/integration/sign-in-forms.test.ts",
  "tests/integration/console-export.test.ts",
  "tests/integration/console-notifications.test.ts",
  "tests/integration/ad-copy.test.ts",
  // The documents the server renders: HTML, headers and meta from content and settings.
  "tests/integration/content-pack.test.tsx",
  "tests/integration/deferred-parts.test.ts",
  "tests/integration/documents-http.test.ts",
  "tests/integration/pages.test.ts",
  "tests/integration/share-images.test.ts",
];

/** Files about two processes on one database server, which PGlite (one process's database) cannot be. */
const POSTGRES_ONLY = ["tests/integration/two-instances.test.ts"];

// Unit tests sit beside their subject in app/ (and scripts/); integration tests (real database) in
// tests/integration, on in-memory PGlite ("integration") and, when TEST_POSTGRES_URL names a
// PostgreSQL server, on it too ("integration-postgres"): scripts/test-integration.js starts one
// and runs both projects in one Vitest run.
// `npm test` (scripts/test-steps.js) asks each step for a JSON report too, to name in its summary
// what failed or passed on a retry.
const stepReport = process.env.TEST_STEP_REPORT;

export default defineConfig({
  test: {
    reporters: stepReport ? ["default", "json"] : ["default"],
    outputFile: stepReport ? { json: stepReport } : undefined,
    projects: [
      {
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.js"],
          environment: "node",
          setupFiles: ["tests/setup/session-secret.ts", "tests/setup/unit-between-files.ts"],
          // Two workers that keep their process from file to file: a process and the modules'
          // import per file were most of the step's processor time (decision 023, seventh round).
          pool: "forks",
          maxWorkers: 2,
          isolate: false,
        },
      },
      {
        test: {
          ...integration,
          name: "integration",
          exclude: POSTGRES_ONLY,
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
