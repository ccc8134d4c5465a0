// The one way the measuring scripts (bench:web, bench:server, fuzz, bench:leads, crash:leads)
// start the production server (`node server.js`): a free loopback port and its own data folder
// (a fresh temp one unless `dataDir` names one to reopen, as crash:leads does after a SIGKILL).
// Never touches ./data. SERVER_PORT picks the port instead (several people measuring on one machine
// keep to their own ports); SERVER_NODE_ARGS are options for the server's Node and not the script's,
// e.g. SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" for a profile written when it stops
// (Node refuses --cpu-prof in NODE_OPTIONS). SERVER_DATA_TEMPLATE names a data folder a server
// made and stopped (`npm run test:scripts` makes one for all its scripts): a fresh folder starts as
// its copy, so each start skips PGlite's initdb and the migrations (about 2 s of processor) and
// finds what a fresh start would have made (the demo content; no administrator).
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
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

/** A new temporary data folder: empty, or a copy of SERVER_DATA_TEMPLATE. */
export function freshDataDir() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "bench-data-"));
  const template = process.env.SERVER_DATA_TEMPLATE;
  if (template) fs.cpSync(template, folder, { recursive: true });
  return folder;
}

export async function startServer({ env = {}, dataDir, port, quiet = true } = {}) {
  const usedPort = port ?? (process.env.SERVER_PORT ? Number(process.env.SERVER_PORT) : await freePort());
  const usedDataDir = dataDir ?? freshDataDir();
  const nodeArgs = process.env.SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, "server.js"], {
    env: {
      ...process.env,
      PORT: String(usedPort),
      DATA_DIR: usedDataDir,
      SITE_URL: `http://localhost:${usedPort}`,
      ...env,
    },
    stdio: ["ignore", quiet ? "ignore" : "inherit", "pipe"],
  });
  // A script that fails half-way (an exception, process.exit) must not leave its server running.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  child.once("exit", () => process.off("exit", killOnExit));
  // A child killed by a signal has a signalCode and no exitCode.
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
    if (!quiet) process.stderr.write(chunk);
  });
  const baseUrl = `http://localhost:${usedPort}`;
  // The first start may build the site, hence the generous wait.
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (hasExited()) throw new Error(`The server exited (${child.exitCode ?? child.signalCode}):\n${stderr}`);
    if ((await healthzStatus(usedPort)) === 200) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The server did not answer /healthz within 4 minutes:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    port: usedPort,
    dataDir: usedDataDir,
    child,
    hasExited,
    /** What the server has written to stderr so far (errors it logged while handling requests). */
    stderr: () => stderr,
    async stop(signal = "SIGTERM") {
      if (hasExited()) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill(signal);
      await exited;
    },
  };
}

/**
 * The status of one GET /healthz on a connection of its own, closed after the answer (0: no answer
 * yet). Not fetch: with its pool's connections left open by the wait, the server told to stop
 * afterwards at times waited its full ten seconds for open requests (2 stops in 6 on this machine,
 * decision 023's eleventh round; none in 12 this way).
 */
function healthzStatus(port) {
  return new Promise((resolve) => {
    const request = http.get({ host: "localhost", port, path: "/healthz", agent: false }, (answer) => {
      answer.resume();
      answer.on("end", () => resolve(answer.statusCode ?? 0));
    });
    request.on("error", () => resolve(0));
  });
}

/** A process's resident memory in MiB, from /proc (Linux): what it holds now and at most so far. */
export function residentMemory(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const mib = (field) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
  return { rssMiB: mib("VmRSS"), peakMiB: mib("VmHWM") };
}

/**
 * A process's processor time so far in milliseconds (user + system, from /proc/<pid>/stat): on a
 * shared machine a steadier figure of the work done than the wall clock.
 */
export function processorMs(pid) {
  // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th, in clock ticks (100 a second on Linux).
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Asks for every page the sitemap lists once (each press article too), as a crawler would. */
export async function visitEveryPublicPage(baseUrl) {
  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
  for (const path of paths) await (await fetch(`${baseUrl}${path}`)).arrayBuffer();
  return paths.length;
}
