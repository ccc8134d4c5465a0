// The browser tests' servers (playwright.config.ts names them in E2E_SERVERS: each one's environment
// and address), started side by side. Playwright starts the web servers it is given one after the
// other; each spends seconds opening its database and seeding the demo content, so together they
// start in the time of one. The build comes first, made once (`npm test` has usually made it
// already): two servers finding it stale would both build into the one folder.
import { spawn, spawnSync } from "node:child_process";

/** @type {{ url: string, env: Record<string, string> }[]} */
const servers = JSON.parse(process.env.E2E_SERVERS ?? "[]");
const READY = "The browser tests' servers answer.";

const build = spawnSync(process.execPath, ["server.js", "--build-only"], { stdio: ["ignore", "ignore", "inherit"] });
if (build.status !== 0) process.exit(build.status ?? 1);

const children = servers.map(({ env }) =>
  spawn(process.execPath, ["server.js"], { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] }),
);
for (const child of children) {
  child.on("exit", (code) => {
    stop();
    process.exit(code || 1);
  });
}
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stop();
    process.exit(0);
  });
}

await Promise.all(servers.map(({ url }) => answers(url)));
console.log(READY);

function stop() {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
}

async function answers(url) {
  for (;;) {
    const ok = await fetch(url).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
