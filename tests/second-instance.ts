import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { getSessionSecret } from "#app/.server/secret.ts";

/**
 * Another instance of the site on the same PostgreSQL: a separate `node server.js --dev` with its
 * own memory and page cache, serving daegu on a free port (PGlite is one process's database, so the
 * tests using it run in the PostgreSQL pass of `npm run test:integration`).
 */
export interface OtherInstance {
  origin: string;
  process: ChildProcess;
  output: string[];
}

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

export async function startOtherInstance(databaseUrl: string): Promise<OtherInstance> {
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
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join("").includes("Serving daegu")) resolve();
    });
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.on("exit", (code) => reject(new Error(`The second instance stopped (${code}):\n${output.join("")}`)));
  });
  return { origin, process: child, output };
}

/** Polls until `shown` holds; fails naming `what` after `limitMs` (a limit for a stuck test, not a figure). */
export async function waitUntil(what: string, shown: () => Promise<boolean>, limitMs = 10_000) {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (await shown()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not show within ${limitMs} ms`);
}
