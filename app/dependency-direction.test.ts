import { spawnSync } from "node:child_process";
import { describe, expect, test } from "vitest";

// The rules live in .dependency-cruiser.cjs; `npm run lint` runs the same command over app/ and server/.
const depcruise = (...paths: string[]) =>
  spawnSync(
    process.execPath,
    ["node_modules/dependency-cruiser/bin/dependency-cruise.mjs", ...paths, "--config", ".dependency-cruiser.cjs"],
    {
      encoding: "utf8",
    },
  );

describe("the direction of dependencies", () => {
  test("app/ and server/ have no import cycle and no import against the direction", () => {
    const result = depcruise("app", "server");
    expect(result.stdout).toContain("no dependency violations found");
    expect(result.status).toBe(0);
  });

  test("a cycle made only of type imports fails the check", () => {
    const result = depcruise("tests/fixtures/import-cycle");
    expect(result.status).not.toBe(0);
    expect(result.stdout).toMatch(/no-circular: tests\/fixtures\/import-cycle\/(left|right)\.ts/);
  });
}, 60_000);
