import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { browserForTests } from "./scripts/lib/test-tools.js";

const PORT = Number(process.env.E2E_PORT ?? 3210);
// A fresh data folder per run: the server seeds demo content into it and the tests start clean.
// The test workers load this file again; the environment they inherit makes them name the same folder.
const dataDir = process.env.E2E_DATA_DIR ?? (process.env.E2E_RUN_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "e2e-data-")));
/**
 * The texts the server would have sent, as the phones would get them (E2E=1, app/.server/sms/provider.ts):
 * the only place a visitor's booking link can be read, since the console masks it (tests/e2e/phone.ts).
 */
export const E2E_PHONE_FILE = path.join(dataDir, "e2e-texts.jsonl");

/** The second demo development's origin in the browser tests. */
export const SUWON_ORIGIN = `http://suwon.localhost:${PORT}`;
export const DAEGU_ALIAS_ORIGIN = `http://daegu.localhost:${PORT}`;
/**
 * A second server with its own database, next port up, for the notice popups' browser test: a
 * live popup there covers no other spec's page (tests/e2e/popups.spec.ts).
 */
export const POPUP_ORIGIN = `http://popups.localhost:${PORT + 1}`;
const popupDataDir = process.env.E2E_DATA_DIR
  ? `${process.env.E2E_DATA_DIR}-popups`
  : fs.mkdtempSync(path.join(os.tmpdir(), "e2e-popups-"));

export const E2E_ADMIN = { email: "admin@example.com", password: "sales-office-e2e-2026", name: "김온빛" };
/** What both servers share: the demo owner (a fictional name) and the browser tests' mode (E2E=1). */
const OWNER_ENV = { ADMIN_EMAIL: E2E_ADMIN.email, ADMIN_PASSWORD: E2E_ADMIN.password, ADMIN_NAME: E2E_ADMIN.name, E2E: "1" };

// Chromium's headless shell when the machine has one, else Debian's Chromium or the one `npm test`
// found (scripts/ensure-test-tools.js); Playwright never downloads a browser here. Kept in the
// environment so the workers, which load this file again, need not look for it.
process.env.E2E_BROWSER ??= browserForTests(process.env);

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.E2E_BROWSER,
    args: ["--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  },
};

const RETRIES = Number(process.env.TEST_RETRIES ?? (process.env.CI ? 1 : 0));

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // npm test gives a failed test one more try and names it in its summary (scripts/test-steps.js).
  retries: RETRIES,
  // `npm test` (scripts/test-steps.js) asks for a JSON report too, to name in its summary what failed or passed on a retry.
  reporter: process.env.TEST_STEP_REPORT ? [["list"], ["json", { outputFile: process.env.TEST_STEP_REPORT }]] : [["list"]],
  timeout: 30_000,
  // Waits, not limits: on a busy machine a page can take longer than Playwright's default 5 s to
  // hydrate or to answer a post.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A trace records every action's page and screen as it runs: kept only when a test fails, but made
    // for every test it costs the stage about a quarter of its processor (docs/decisions/023-fast-tests.md).
    // Under npm test a failed test runs again, traced.
    trace: RETRIES > 0 ? "on-first-retry" : "off",
    locale: "ko-KR",
    timezoneId: "Asia/Seoul",
  },
  projects: [
    // Signs the demo owner in once, enrolling a second factor, for the tests that need the console (tests/e2e/console.ts),
    // and makes the live notice popups on the popups server (popups.setup.ts).
    { name: "console", testMatch: /(console|popups)\.setup\.ts/, use: { ...chromium } },
    // One width unless a test is about width (docs/decisions/023-fast-tests.md): a test runs once, at
    // 1440 px, unless tagged "@phone" (only at 390 px: the phone layout) or "@every-width" (at both).
    // "@desktop" marks a test about the wide layout; it runs where an untagged one does.
    {
      name: "desktop",
      dependencies: ["console"],
      grepInvert: /@phone\b/,
      use: { ...chromium, viewport: { width: 1440, height: 900 } },
    },
    {
      name: "phone",
      dependencies: ["console"],
      grep: /@phone\b|@every-width\b/,
      use: { ...chromium, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
  ],
  // Both servers from one command, started side by side (tests/e2e/servers.js): Playwright would
  // start its web servers one after the other.
  webServer: {
    command: "node tests/e2e/servers.js",
    wait: { stdout: /The browser tests' servers answer\./ },
    timeout: 240_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      E2E_SERVERS: JSON.stringify([
        {
          // The production build, as `npm start` serves it (servers.js builds first when sources changed).
          url: `http://localhost:${PORT}/healthz`,
          env: {
            PORT: String(PORT),
            DATA_DIR: dataDir,
            // daegu on localhost (and its alias daegu.localhost), suwon on suwon.localhost: Chromium
            // resolves every *.localhost name to this machine.
            SITES: `daegu@http://localhost:${PORT},daegu@http://daegu.localhost:${PORT},suwon@http://suwon.localhost:${PORT}`,
            ...OWNER_ENV,
            // A campaign's batches every half second, at any hour (tests/e2e/campaigns.spec.ts).
            CAMPAIGN_BATCH_INTERVAL_MS: "500",
            ADVERTISING_QUIET_HOURS: "off",
          },
        },
        {
          url: `http://localhost:${PORT + 1}/healthz`,
          env: { PORT: String(PORT + 1), DATA_DIR: popupDataDir, SITES: `daegu@${POPUP_ORIGIN}`, ...OWNER_ENV },
        },
      ]),
    },
  },
});
