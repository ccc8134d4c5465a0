// What `npm test` needs beyond node_modules, and where it is on this machine: a Chromium for the
// browser tests and the measuring scripts, PostgreSQL's server binaries for the integration tests'
// second run, and a Korean system font (for Hangul the site's web font does not draw: form
// controls, the announcement PDF); and what it would rather have: Chromium's headless shell, which
// the browser tests drive when there is one (decision 023, fifth round: the same pages at about
// half of the full browser's processor time). Pure over `probe` (what the file system has, whether a program
// starts), so a unit test can hand it a fake machine; the scripts give it the real one
// (machineProbe), and scripts/ensure-test-tools.js installs what is missing.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** Where a Chromium is looked for after CHROMIUM_PATH: Debian's first, then other systems' usual places. */
export const CHROMIUM_CANDIDATES = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/snap/bin/chromium",
  "/usr/bin/google-chrome-stable",
  "/usr/bin/google-chrome",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
];

/** Chromium's headless shell (Debian's chromium-headless-shell): its wrapper, then the binary it runs. */
export const HEADLESS_SHELL_CANDIDATES = ["/usr/bin/chromium-headless-shell", "/usr/lib/chromium/chromium-headless-shell"];

/** Debian's versioned PostgreSQL installs: /usr/lib/postgresql/<version>/bin. */
export const POSTGRES_ROOT = "/usr/lib/postgresql";

const POSTGRES_TOOL = "PostgreSQL's server binaries";

export const FONT_DIRS = ["/usr/share/fonts", "/usr/local/share/fonts"];

/** A font file that draws Hangul (Debian's fonts-noto-cjk, or another system's Korean fonts). */
const KOREAN_FONT = /(Noto(Sans|Serif)CJK|Noto(Sans|Serif)KR|SourceHan(Sans|Serif)|Nanum|UnDotum|Baekmuk)/i;

/** Debian's packages for each tool, the ones `apt-get install` is given. */
export const DEBIAN_PACKAGES = {
  chromium: "chromium",
  font: "fonts-noto-cjk",
  postgres: "postgresql",
  headlessShell: "chromium-headless-shell",
};

/**
 * @typedef {object} Probe
 * @property {(file: string) => boolean} isExecutable
 * @property {(dir: string) => string[]} list names in a folder, [] when there is none
 * @property {(dir: string) => string[]} files every file under a folder, recursively
 * @property {(file: string) => boolean} starts the program runs (`--version` exits 0)
 */

/**
 * `root` puts every searched place under another folder (TEST_TOOLS_ROOT: an empty one plays a
 * machine without the tools); an explicit CHROMIUM_PATH or POSTGRES_BIN is taken as written.
 * @param {{ env: Record<string, string | undefined>, root?: string, probe: Probe }} machine
 * @returns {{ path?: string, refused?: string }}
 */
export function findChromium({ env, root = "", probe }) {
  if (env.CHROMIUM_PATH) {
    return probe.isExecutable(env.CHROMIUM_PATH) && probe.starts(env.CHROMIUM_PATH)
      ? { path: env.CHROMIUM_PATH }
      : { refused: `CHROMIUM_PATH=${env.CHROMIUM_PATH} is not a browser that starts: name Chromium or Chrome, or unset it` };
  }
  const onPath = ["chromium", "chromium-browser"].flatMap((name) => searchPath(env).map((dir) => path.join(dir, name)));
  for (const candidate of new Set([...CHROMIUM_CANDIDATES, ...onPath])) {
    const file = path.join(root || "/", candidate);
    // Ubuntu's chromium-browser without its snap is a script that only says to install the snap.
    if (probe.isExecutable(file) && probe.starts(file)) return { path: file };
  }
  return {};
}

/**
 * Chromium's headless shell: CHROMIUM_HEADLESS_SHELL as written (refused when it does not start),
 * else Debian's places or one on PATH; {} when this machine has none (the browser tests then drive
 * the full Chromium).
 * @param {{ env: Record<string, string | undefined>, root?: string, probe: Probe }} machine
 * @returns {{ path?: string, refused?: string }}
 */
export function findHeadlessShell({ env, root = "", probe }) {
  if (env.CHROMIUM_HEADLESS_SHELL) {
    return probe.isExecutable(env.CHROMIUM_HEADLESS_SHELL) && probe.starts(env.CHROMIUM_HEADLESS_SHELL)
      ? { path: env.CHROMIUM_HEADLESS_SHELL }
      : { refused: `CHROMIUM_HEADLESS_SHELL=${env.CHROMIUM_HEADLESS_SHELL} is not a headless shell that starts: name one, or unset it` };
  }
  const onPath = searchPath(env).map((dir) => path.join(dir, "chromium-headless-shell"));
  for (const candidate of new Set([...HEADLESS_SHELL_CANDIDATES, ...onPath])) {
    const file = path.join(root || "/", candidate);
    if (probe.isExecutable(file) && probe.starts(file)) return { path: file };
  }
  return {};
}

/**
 * The browser the browser tests drive: the headless shell `npm test` found (CHROMIUM_HEADLESS_SHELL),
 * else the Chromium it found (CHROMIUM_PATH). Run without `npm test` (npx playwright test), it looks
 * for the shell itself, trusting an installed one to start, then falls back to Debian's Chromium.
 * @param {Record<string, string | undefined>} env
 */
export function browserForTests(env) {
  if (env.CHROMIUM_HEADLESS_SHELL) return env.CHROMIUM_HEADLESS_SHELL;
  const shell = env.CHROMIUM_PATH ? {} : findHeadlessShell({ env, probe: { ...machineProbe, starts: () => true } });
  return shell.path ?? env.CHROMIUM_PATH ?? "/usr/bin/chromium";
}

/**
 * The folder with PostgreSQL's initdb and postgres: POSTGRES_BIN, Debian's newest version under
 * /usr/lib/postgresql, or a folder on PATH (other systems, Homebrew).
 * @param {{ env: Record<string, string | undefined>, root?: string, probe: Probe }} machine
 * @returns {{ path?: string, refused?: string }}
 */
export function findPostgresBin({ env, root = "", probe }) {
  const hasServer = (dir) => probe.isExecutable(path.join(dir, "initdb")) && probe.isExecutable(path.join(dir, "postgres"));
  if (env.POSTGRES_BIN) {
    return hasServer(env.POSTGRES_BIN)
      ? { path: env.POSTGRES_BIN }
      : { refused: `POSTGRES_BIN=${env.POSTGRES_BIN} is not a folder with PostgreSQL's initdb and postgres: name one, or unset it` };
  }
  const versions = probe
    .list(path.join(root || "/", POSTGRES_ROOT))
    .filter((name) => /^\d+(\.\d+)?$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  const candidates = [...versions.map((version) => path.join(POSTGRES_ROOT, version, "bin")), ...searchPath(env)];
  for (const candidate of candidates) {
    const dir = path.join(root || "/", candidate);
    if (hasServer(dir)) return { path: dir };
  }
  return {};
}

/** @param {{ root?: string, probe: Probe }} machine */
export function hasKoreanFont({ root = "", probe }) {
  return FONT_DIRS.some((dir) => probe.files(path.join(root || "/", dir)).some((file) => KOREAN_FONT.test(path.basename(file))));
}

function searchPath(env) {
  return (env.PATH ?? "").split(path.delimiter).filter((dir) => path.isAbsolute(dir));
}

/**
 * What this machine has and lacks for `npm test`, and whether this process may install the rest
 * (root, with apt-get). SKIP_POSTGRES=1 leaves PostgreSQL out: the integration tests then run on
 * PGlite only.
 * @param {{ env: Record<string, string | undefined>, root?: string, probe: Probe, isRoot: boolean, hasAptGet: boolean }} machine
 */
export function surveyTools({ env, root = "", probe, isRoot, hasAptGet }) {
  const chromium = findChromium({ env, root, probe });
  const headlessShell = findHeadlessShell({ env, root, probe });
  const skipPostgres = env.SKIP_POSTGRES === "1";
  const postgres = skipPostgres ? {} : findPostgresBin({ env, root, probe });
  const font = hasKoreanFont({ root, probe });
  const refused = [chromium.refused, headlessShell.refused, postgres.refused].filter(Boolean);
  /** What the tests cannot run without. */
  const missing = [
    ...(chromium.path || chromium.refused ? [] : ["Chromium"]),
    ...(skipPostgres || postgres.path || postgres.refused ? [] : [POSTGRES_TOOL]),
  ];
  const packages = [
    ...(chromium.path || chromium.refused ? [] : [DEBIAN_PACKAGES.chromium]),
    ...(font ? [] : [DEBIAN_PACKAGES.font]),
    ...(skipPostgres || postgres.path || postgres.refused ? [] : [DEBIAN_PACKAGES.postgres]),
  ];
  /** Wanted, not needed: installed when it may be (not every system's archive has it), a hint otherwise. */
  const optionalPackages = headlessShell.path || headlessShell.refused ? [] : [DEBIAN_PACKAGES.headlessShell];
  return {
    chromium,
    headlessShell,
    postgres,
    skipPostgres,
    font,
    refused,
    missing,
    packages,
    optionalPackages,
    mayInstall: isRoot && hasAptGet,
    hasAptGet,
  };
}

/** The one line that stops `npm test` on a machine that lacks a tool this process may not install. */
export function missingToolsLine({ missing, packages, hasAptGet, skipPostgres }) {
  const install = hasAptGet
    ? `Run \`sudo apt-get install -y ${packages.join(" ")}\`, then npm test again`
    : "Install them with this system's package manager (or set CHROMIUM_PATH and POSTGRES_BIN to where they are), then npm test again";
  const orSkip =
    skipPostgres || !missing.includes(POSTGRES_TOOL) ? "" : " (or SKIP_POSTGRES=1 npm test to run the integration tests on PGlite only)";
  return `npm test needs ${missing.join(" and ")}, which this machine lacks. ${install}${orSkip}.`;
}

/** @type {Probe} This machine, as the scripts see it. */
export const machineProbe = {
  isExecutable(file) {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return fs.statSync(file).isFile();
    } catch {
      return false;
    }
  },
  list(dir) {
    try {
      return fs.readdirSync(dir);
    } catch {
      return [];
    }
  },
  files(dir) {
    try {
      return fs.readdirSync(dir, { recursive: true }).map((name) => path.join(dir, String(name)));
    } catch {
      return [];
    }
  },
  starts(file) {
    return spawnSync(file, ["--version"], { stdio: "ignore", timeout: 20_000 }).status === 0;
  },
};
