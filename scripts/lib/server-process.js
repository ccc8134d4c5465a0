// Starts the production server (`node server.js`) on a free loopback port with its own data
// folder, for the benchmark, crash and fuzz scripts. Never touches ./data.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export async function startServer({ env = {}, dataDir, port, quiet = true } = {}) {
  const usedPort = port ?? (await freePort());
  const usedDataDir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "bench-data-"));
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      PORT: String(usedPort),
      DATA_DIR: usedDataDir,
      SITE_URL: `http://localhost:${usedPort}`,
      ...env,
    },
    stdio: ["ignore", quiet ? "ignore" : "inherit", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
    if (!quiet) process.stderr.write(chunk);
  });
  const baseUrl = `http://localhost:${usedPort}`;
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${stderr}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    port: usedPort,
    dataDir: usedDataDir,
    child,
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill(signal);
      await exited;
    },
  };
}
