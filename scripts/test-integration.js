// Runs the integration tests on embedded PGlite and on a real PostgreSQL server in one Vitest run
// (the projects "integration" and "integration-postgres" share its two workers, so neither waits
// for the other to finish its slowest file): the server is a throwaway cluster in a temp folder on
// a free loopback port, owned by an unprivileged user (initdb refuses root), removed afterwards. The PostgreSQL binaries are POSTGRES_BIN (set by
// `npm test`, scripts/ensure-test-tools.js) or found as it finds them; without them the run fails
// at once, unless SKIP_POSTGRES=1 says to test on PGlite only.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { findPostgresBin, machineProbe } from "./lib/test-tools.js";

const extraArgs = process.argv.slice(2);

/** One Vitest run of the integration projects; with a PostgreSQL URL, of both databases' projects. */
function runVitest(postgresUrl) {
  const projects = postgresUrl ? ["integration", "integration-postgres"] : ["integration"];
  const result = spawnSync(
    process.execPath,
    ["node_modules/vitest/vitest.mjs", "run", ...projects.flatMap((name) => ["--project", name]), ...extraArgs],
    { stdio: "inherit", env: { ...process.env, TEST_DATABASE_URL: "", TEST_POSTGRES_URL: postgresUrl ?? "" } },
  );
  return result.status ?? 1;
}

/** The folder with initdb and postgres, or undefined with SKIP_POSTGRES=1; exits 1 when there is none. */
function postgresBin() {
  if (process.env.SKIP_POSTGRES === "1") return undefined;
  const found = findPostgresBin({ env: process.env, root: process.env.TEST_TOOLS_ROOT, probe: machineProbe });
  if (found.path) return found.path;
  console.error(
    found.refused ??
      "No PostgreSQL server binaries (initdb, postgres) under /usr/lib/postgresql/*/bin or on PATH: npm test installs them as root (or run `sudo apt-get install -y postgresql`); SKIP_POSTGRES=1 runs the integration tests on PGlite only.",
  );
  process.exit(1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** As root, the cluster runs as the `postgres` user (or `nobody`); otherwise as ourselves. */
function clusterUser() {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ["postgres", "nobody"]) {
    if (spawnSync("id", ["-u", name]).status === 0) return name;
  }
  throw new Error("No unprivileged user to run PostgreSQL as.");
}

function asUser(user, command, args) {
  return user ? ["runuser", ["-u", user, "--", command, ...args]] : [command, args];
}

async function withPostgres(bin, work) {
  const user = clusterUser();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pg-test-"));
  const dataDir = path.join(dir, "data");
  const port = await freePort();
  if (user) execFileSync("chown", [user, dir]);
  const [initCmd, initArgs] = asUser(user, path.join(bin, "initdb"), [
    "-D",
    dataDir,
    "-U",
    "postgres",
    "-A",
    "trust",
    "--no-sync",
    "-E",
    "UTF8",
  ]);
  execFileSync(initCmd, initArgs, { stdio: "ignore" });
  const [pgCmd, pgArgs] = asUser(user, path.join(bin, "postgres"), [
    "-D",
    dataDir,
    "-p",
    String(port),
    "-h",
    "127.0.0.1",
    "-k",
    dir,
    "-c",
    "fsync=off",
    "-c",
    "synchronous_commit=off",
    "-c",
    "full_page_writes=off",
    "-c",
    "max_connections=300",
  ]);
  // Its own process group, so that stopping it reaches postgres behind runuser too.
  const server = spawn(pgCmd, pgArgs, { stdio: ["ignore", "ignore", "pipe"], detached: true });
  let log = "";
  server.stderr.on("data", (chunk) => (log += chunk));
  try {
    await waitForPort(port, () => log);
    return await work(`postgres://postgres@127.0.0.1:${port}/postgres`);
  } finally {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    process.kill(-server.pid, "SIGINT");
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function waitForPort(port, log) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const ok = await new Promise((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`PostgreSQL did not start:\n${log()}`);
}

const bin = postgresBin();
if (bin) {
  console.log(`Integration tests on PGlite and on PostgreSQL (${bin}), in one run`);
  process.exit(await withPostgres(bin, (url) => runVitest(url)));
}
console.log("Integration tests on PGlite (SKIP_POSTGRES=1: the PostgreSQL project is skipped)");
process.exit(runVitest(undefined));
