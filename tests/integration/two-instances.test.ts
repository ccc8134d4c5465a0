import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { getSessionSecret } from "#app/.server/secret.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { withTestDatabase } from "#tests/db.ts";
import { addTeam, consoleCookie } from "#tests/staff.ts";

/**
 * Issue #19: two instances on one PostgreSQL see each other's invalidations. This process is one
 * instance (the test app); the other is a separate `node server.js --dev` on the same database,
 * with its own memory and its own page cache. Each changes the sales phone through the console,
 * and the other's cached page shows the new number within seconds. PGlite is one process's
 * database, so this runs in the PostgreSQL pass of `npm run test:integration`.
 */

const database = withTestDatabase();
let here: TestApp;
let other: { origin: string; process: ChildProcess; output: string[] } | undefined;

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function startOtherInstance(databaseUrl: string) {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const child = spawn(process.execPath, ["server.js", "--dev"], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SITES: `daegu@${origin}`,
      SESSION_SECRET: getSessionSecret(),
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "second-instance-")),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const started = new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join("").includes("Serving daegu")) resolve();
    });
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.on("exit", (code) => reject(new Error(`The second instance stopped (${code}):\n${output.join("")}`)));
  });
  await started;
  return { origin, process: child, output };
}

/** A request to the other instance, as a browser on this machine sends it. */
function onOther(pathname: string, init: RequestInit = {}) {
  return fetch(`${other!.origin}${pathname}`, { redirect: "manual", ...init, headers: { Accept: "text/html", ...init.headers } });
}

function telLinks(html: string) {
  return new Set([...html.matchAll(/href="(tel:[^"]*)"/g)].map((match) => match[1]));
}

async function waitUntil(what: string, shown: () => Promise<boolean>, limitMs = 10_000) {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (await shown()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not show within ${limitMs} ms`);
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("two instances on one PostgreSQL", () => {
  beforeAll(async () => {
    here = await startTestApp();
    other = await startOtherInstance(database.url!);
  }, 180_000);
  afterAll(async () => {
    other?.process.kill("SIGTERM");
    await here?.close();
  });

  test("each instance's settings change reaches the other's cached page within seconds", { timeout: 120_000 }, async () => {
    setEnv(parseEnv({ SITES: `daegu@${here.origin}` }));
    const manager = await consoleCookie((await addTeam()).manager);
    const hereText = async () => (await here.fetch("/Brand/intro", { headers: { Accept: "text/html" } })).text();
    const otherText = async () => (await onOther("/Brand/intro")).text();

    // Both instances hold the page in their own memory, with the pack's phone.
    expect(telLinks(await hereText())).toEqual(new Set(["tel:16610000"]));
    expect(telLinks(await otherText())).toEqual(new Set(["tel:16610000"]));
    expect((await onOther("/Brand/intro")).headers.get("X-Page-Cache")).toBe("hit");

    // Saved on the other instance: this one's cached page shows it.
    const savedThere = await onOther("/admin/site-settings", {
      method: "POST",
      headers: { Cookie: manager, Origin: other!.origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "save", salesPhone: "1588-7777" }).toString(),
    });
    expect(savedThere.status, other!.output.join("")).toBe(303);
    await waitUntil("the other instance's change here", async () => telLinks(await hereText()).has("tel:15887777"));

    // Saved here: the other instance's cached page shows it.
    const savedHere = await here.fetch("/admin/site-settings", {
      method: "POST",
      headers: { Cookie: manager, Origin: here.origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "save", salesPhone: "1599-3333" }).toString(),
    });
    expect(savedHere.status).toBe(303);
    await waitUntil("this instance's change there", async () => telLinks(await otherText()).has("tel:15993333"));
  });
});
