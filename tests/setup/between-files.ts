import { afterAll, vi } from "vitest";
import { setDatabase } from "#app/.server/db.ts";
import { setEnv } from "#app/.server/env.ts";
import { setAuditKey } from "#app/.server/secret.ts";
import { forgetAllPages } from "#server/page-cache.ts";
import { testAppsListening } from "#tests/app-server.ts";

/*
 * An integration worker runs its files one after another in one process, modules and all
 * (`isolate: false`, vitest.config.ts): the state the app's modules keep outlives a file. This
 * file runs before each test file and puts back what a fresh process would start with, so that no
 * file's result depends on the file before it. The rest of what a file may leave:
 * - its rows: the worker's database is emptied before the file's first test (tests/db.ts);
 * - the session secret: set again by tests/setup/session-secret.ts; the session cookie is made
 *   again when the secret or NODE_ENV it was made with changes (app/.server/auth/session.ts);
 * - spies: restored after every test, with console.error's patch after the file
 *   (tests/setup/fail-on-console-error.ts);
 * - caches of what never changes (the route modules, the test build, the password list, the
 *   tests' password hash) are kept on purpose: that is the time this saves.
 */

// The configuration: a file that sets none reads the process's environment, as the server at boot.
setEnv(undefined);
setAuditKey(undefined);
// No database until withTestDatabase() hands the file the worker's.
setDatabase(undefined);
// Pages kept and content versions read under the last file's rows.
forgetAllPages();
// A file that failed with the clock faked.
vi.useRealTimers();

// An app left listening keeps its port and its connections for the rest of the worker's files.
afterAll(() => {
  const left = testAppsListening();
  if (left > 0) throw new Error(`The file left ${left} app(s) listening: close every app it started (startTestApp's close()).`);
});
