import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { unitSettings } from "#app/.server/schema.ts";
import { getSessionSecret } from "#app/.server/secret.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { withTestDatabase } from "#tests/db.ts";
import { addTeam, consoleCookie } from "#tests/staff.ts";
import { addBuilding, addUnitLead } from "#tests/units.ts";

/**
 * Issue #30: a unit sold on one instance changes the remaining-units pill of another instance's
 * cached pages within a second (the content version, decision 018). The other instance is a
 * separate `node server.js --dev` on the same PostgreSQL, as in two-instances.test.ts; PGlite is
 * one process's database, so this runs in the PostgreSQL pass of `npm run test:integration`.
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
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "units-second-instance-")),
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

function pill(html: string) {
  return /data-testid="remaining-units-pill"[^>]*>([^<]*)</.exec(html)?.[1]?.trim() ?? null;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("the remaining-units pill on two instances of one PostgreSQL", () => {
  beforeAll(async () => {
    here = await startTestApp();
    other = await startOtherInstance(database.url!);
  }, 180_000);
  afterAll(async () => {
    other?.process.kill("SIGTERM");
    await here?.close();
  });

  test("a unit sold here changes the other instance's cached pill within a second", { timeout: 120_000 }, async () => {
    setEnv(parseEnv({ SITES: `daegu@${here.origin}` }));
    const team = await addTeam();
    await db().insert(unitSettings).values({ site: "daegu", remainingSource: "board" });
    const [unit] = await addBuilding({ floors: 1, lines: 1, types: ["84A"] });
    const lead = await addUnitLead({ assigneeId: team.counsellor.id });
    const otherPill = async () => pill(await (await fetch(`${other!.origin}/Brand/intro`, { headers: { Accept: "text/html" } })).text());

    expect(await otherPill()).toBe("잔여세대 84A 1세대");
    // Cached there now.
    expect(await otherPill()).toBe("잔여세대 84A 1세대");

    const post = (cookie: string, form: Record<string, string>) =>
      here.fetch("/admin/units", {
        method: "POST",
        headers: { Cookie: cookie, Origin: here.origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form).toString(),
      });
    expect((await post(await consoleCookie(team.counsellor), { intent: "hold", unit: String(unit!.id), lead: String(lead) })).status).toBe(
      303,
    );
    expect((await post(await consoleCookie(team.manager), { intent: "contract", unit: String(unit!.id) })).status).toBe(303);
    const soldAt = Date.now();
    let shown = await otherPill();
    while (shown !== "잔여세대 84A 잔여 없음" && Date.now() - soldAt < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      shown = await otherPill();
    }
    expect(shown).toBe("잔여세대 84A 잔여 없음");
    // The version is read at most once a second per instance (VERSION_CHECK_MS); a request's own time on top.
    expect(Date.now() - soldAt).toBeLessThan(1_500);
  });
});
