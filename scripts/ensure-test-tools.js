// The first step of `npm test`: makes sure this machine has what the tests need beyond
// node_modules (scripts/lib/test-tools.js), then runs the command it was given (the test steps)
// with CHROMIUM_PATH, CHROMIUM_HEADLESS_SHELL and POSTGRES_BIN naming what it found, so every step
// uses the same tools.
//
//   node scripts/ensure-test-tools.js [command…]
//
// What is missing is installed with apt-get when this process may (root, on Debian or Ubuntu);
// otherwise it stops at once with one line naming the command to run. SKIP_POSTGRES=1 leaves
// PostgreSQL out. TEST_TOOLS_ROOT=<folder> looks for everything under that folder instead of /
// (an empty one plays a machine without the tools, for trying these branches).
import { spawnSync } from "node:child_process";
import { machineProbe, missingToolsLine, surveyTools } from "./lib/test-tools.js";

const hasAptGet = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
const survey = () =>
  surveyTools({ env: process.env, root: process.env.TEST_TOOLS_ROOT, probe: machineProbe, isRoot: process.getuid?.() === 0, hasAptGet });

/** apt-get's output is kept and shown only when it fails: a successful install is one line here. */
function aptGet(args, { optional = false } = {}) {
  const result = spawnSync("apt-get", args, {
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0 && optional) return false;
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    console.error(`apt-get ${args.join(" ")} failed (${result.error?.message ?? `exit ${result.status}`}).`);
    process.exit(1);
  }
  return true;
}

let tools = survey();
if (tools.refused.length > 0) {
  console.error(`${tools.refused.join("; ")}.`);
  process.exit(1);
}
if ([...tools.packages, ...tools.optionalPackages].length > 0 && tools.mayInstall) {
  const started = performance.now();
  console.log(`Installing ${[...tools.packages, ...tools.optionalPackages].join(", ")} with apt-get, for the tests…`);
  aptGet(["update", "-qq"]);
  // --no-upgrade: a package already there (a tool found elsewhere than where it installs) is left as it is.
  if (tools.packages.length > 0) aptGet(["install", "-y", "-qq", "--no-upgrade", ...tools.packages]);
  // Apart: an archive without the headless shell (Ubuntu's) must not stop the packages the tests need.
  if (
    tools.optionalPackages.length > 0 &&
    !aptGet(["install", "-y", "-qq", "--no-upgrade", ...tools.optionalPackages], { optional: true })
  ) {
    console.log(`(${tools.optionalPackages.join(", ")}: not in this system's archive; the browser tests drive the full Chromium.)`);
  }
  console.log(`Installed in ${Math.round((performance.now() - started) / 1000)} s.`);
  tools = survey();
  if (tools.missing.length > 0) {
    console.error(`apt-get installed ${tools.packages.join(", ")}, but the tests still cannot find: ${tools.missing.join(", ")}.`);
    process.exit(1);
  }
}
if (tools.missing.length > 0) {
  console.error(missingToolsLine(tools));
  process.exit(1);
}
if (!tools.font) {
  console.warn(
    "No Korean system font: Hangul the site's web font does not draw (form controls, the announcement PDF) shows as boxes; sudo apt-get install -y fonts-noto-cjk adds one.",
  );
}
if (!tools.headlessShell.path) {
  console.warn(
    `No Chromium headless shell: the browser tests drive the full Chromium, at about twice the processor time; sudo apt-get install -y ${tools.optionalPackages.join(" ")} adds it.`,
  );
}
console.log(
  `Test tools: Chromium ${tools.chromium.path}${tools.headlessShell.path ? ` (browser tests: ${tools.headlessShell.path})` : ""}; ${tools.skipPostgres ? "PostgreSQL skipped (SKIP_POSTGRES=1)" : `PostgreSQL ${tools.postgres.path}`}.`,
);

const [command, ...args] = process.argv.slice(2);
if (command) {
  const env = { ...process.env, CHROMIUM_PATH: tools.chromium.path };
  if (tools.headlessShell.path) env.CHROMIUM_HEADLESS_SHELL = tools.headlessShell.path;
  if (tools.postgres.path) env.POSTGRES_BIN = tools.postgres.path;
  const result = spawnSync(command, args, { stdio: "inherit", env });
  process.exit(result.status ?? 1);
}
