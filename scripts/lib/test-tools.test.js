import { describe, expect, test } from "vitest";
import { findChromium, findHeadlessShell, findPostgresBin, missingToolsLine, surveyTools } from "./test-tools.js";

/**
 * A fake machine: the executables it has, the font files, and the programs that start (Ubuntu's
 * chromium-browser without its snap is executable but does not).
 */
function machine({ executables = [], fonts = [], broken = [] } = {}) {
  const files = [...executables, ...fonts];
  return {
    isExecutable: (file) => executables.includes(file),
    list: (dir) => [...new Set(files.filter((file) => file.startsWith(`${dir}/`)).map((file) => file.slice(dir.length + 1).split("/")[0]))],
    files: (dir) => files.filter((file) => file.startsWith(`${dir}/`)),
    starts: (file) => !broken.includes(file),
  };
}

const DEBIAN = machine({
  executables: [
    "/usr/bin/chromium",
    "/usr/lib/postgresql/13/bin/initdb",
    "/usr/lib/postgresql/13/bin/postgres",
    "/usr/lib/postgresql/15/bin/initdb",
    "/usr/lib/postgresql/15/bin/postgres",
  ],
  fonts: ["/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"],
});
const BARE = machine();
const env = { PATH: "/usr/local/bin:/usr/bin:/bin" };

describe("finding the tests' tools", () => {
  test("on Debian: /usr/bin/chromium, the newest PostgreSQL under /usr/lib/postgresql, and the CJK font; nothing to install", () => {
    expect(surveyTools({ env, probe: DEBIAN, isRoot: false, hasAptGet: true })).toMatchObject({
      chromium: { path: "/usr/bin/chromium" },
      postgres: { path: "/usr/lib/postgresql/15/bin" },
      font: true,
      missing: [],
      packages: [],
      optionalPackages: ["chromium-headless-shell"],
    });
  });

  test("Chromium's headless shell is wanted, not needed: found where Debian puts it, installed when it may be, and its absence stops nothing", () => {
    const withShell = machine({ executables: ["/usr/bin/chromium", "/usr/bin/chromium-headless-shell"] });
    expect(surveyTools({ env: { ...env, SKIP_POSTGRES: "1" }, probe: withShell, isRoot: true, hasAptGet: true })).toMatchObject({
      headlessShell: { path: "/usr/bin/chromium-headless-shell" },
      missing: [],
      optionalPackages: [],
    });
    const withoutShell = surveyTools({ env: { ...env, SKIP_POSTGRES: "1" }, probe: DEBIAN, isRoot: false, hasAptGet: true });
    expect(withoutShell).toMatchObject({ headlessShell: {}, missing: [], refused: [] });
    expect(
      findHeadlessShell({ env: { PATH: "/opt/shell/bin" }, probe: machine({ executables: ["/opt/shell/bin/chromium-headless-shell"] }) }),
    ).toEqual({
      path: "/opt/shell/bin/chromium-headless-shell",
    });
    expect(findHeadlessShell({ env: { CHROMIUM_HEADLESS_SHELL: "/opt/none" }, probe: DEBIAN }).refused).toMatch(
      /^CHROMIUM_HEADLESS_SHELL=\/opt\/none is not a headless shell that starts/,
    );
  });

  test("CHROMIUM_PATH and POSTGRES_BIN are taken as written, and refused when they name nothing that works", () => {
    const probe = machine({ executables: ["/opt/chrome/chrome", "/opt/pg/bin/initdb", "/opt/pg/bin/postgres"] });
    expect(findChromium({ env: { CHROMIUM_PATH: "/opt/chrome/chrome" }, probe })).toEqual({ path: "/opt/chrome/chrome" });
    expect(findPostgresBin({ env: { POSTGRES_BIN: "/opt/pg/bin" }, probe })).toEqual({ path: "/opt/pg/bin" });
    expect(findChromium({ env: { CHROMIUM_PATH: "/usr/bin/chromium" }, probe }).refused).toMatch(
      /^CHROMIUM_PATH=\/usr\/bin\/chromium is not a browser/,
    );
    expect(findPostgresBin({ env: { POSTGRES_BIN: "/opt/chrome" }, probe }).refused).toMatch(/^POSTGRES_BIN=\/opt\/chrome is not a folder/);
  });

  test("other systems' places count: chromium-browser that starts, Chrome, and PostgreSQL on PATH", () => {
    const probe = machine({
      executables: ["/usr/bin/chromium-browser", "/usr/bin/google-chrome-stable", "/opt/homebrew/bin/initdb", "/opt/homebrew/bin/postgres"],
      broken: ["/usr/bin/chromium-browser"],
    });
    expect(findChromium({ env, probe })).toEqual({ path: "/usr/bin/google-chrome-stable" });
    expect(findPostgresBin({ env: { PATH: "/opt/homebrew/bin:/usr/bin" }, probe })).toEqual({ path: "/opt/homebrew/bin" });
  });

  test("a folder with only initdb, or a non-version name under /usr/lib/postgresql, is not PostgreSQL", () => {
    const probe = machine({
      executables: [
        "/usr/lib/postgresql/16/bin/initdb",
        "/usr/lib/postgresql/latest/bin/initdb",
        "/usr/lib/postgresql/latest/bin/postgres",
      ],
    });
    expect(findPostgresBin({ env, probe })).toEqual({});
  });

  test("TEST_TOOLS_ROOT looks under another folder, so an empty one plays a bare machine", () => {
    expect(surveyTools({ env, root: "/tmp/empty", probe: DEBIAN, isRoot: true, hasAptGet: true })).toMatchObject({
      missing: ["Chromium", "PostgreSQL's server binaries"],
      packages: ["chromium", "fonts-noto-cjk", "postgresql"],
    });
  });

  test("on a bare machine, root with apt-get may install Debian's packages; anyone else gets one line naming the command", () => {
    expect(surveyTools({ env, probe: BARE, isRoot: true, hasAptGet: true })).toMatchObject({
      packages: ["chromium", "fonts-noto-cjk", "postgresql"],
      mayInstall: true,
    });
    const asUser = surveyTools({ env, probe: BARE, isRoot: false, hasAptGet: true });
    expect(asUser.mayInstall).toBe(false);
    expect(missingToolsLine(asUser)).toBe(
      "npm test needs Chromium and PostgreSQL's server binaries, which this machine lacks. Run `sudo apt-get install -y chromium fonts-noto-cjk postgresql`, then npm test again (or SKIP_POSTGRES=1 npm test to run the integration tests on PGlite only).",
    );
    expect(surveyTools({ env, probe: BARE, isRoot: true, hasAptGet: false }).mayInstall).toBe(false);
    expect(missingToolsLine(surveyTools({ env, probe: BARE, isRoot: true, hasAptGet: false }))).toMatch(
      /^npm test needs Chromium and PostgreSQL's server binaries, which this machine lacks\. Install them with this system's package manager/,
    );
  });

  test("SKIP_POSTGRES=1 leaves PostgreSQL out of what is needed and installed", () => {
    const survey = surveyTools({ env: { ...env, SKIP_POSTGRES: "1" }, probe: BARE, isRoot: false, hasAptGet: true });
    expect(survey).toMatchObject({ skipPostgres: true, missing: ["Chromium"], packages: ["chromium", "fonts-noto-cjk"] });
    expect(missingToolsLine(survey)).toBe(
      "npm test needs Chromium, which this machine lacks. Run `sudo apt-get install -y chromium fonts-noto-cjk`, then npm test again.",
    );
  });

  test("a missing Korean font is installed with the rest but alone stops nothing", () => {
    const noFont = machine({
      executables: ["/usr/bin/chromium", "/usr/lib/postgresql/15/bin/initdb", "/usr/lib/postgresql/15/bin/postgres"],
    });
    expect(surveyTools({ env, probe: noFont, isRoot: true, hasAptGet: true })).toMatchObject({
      font: false,
      missing: [],
      packages: ["fonts-noto-cjk"],
    });
  });
});
