import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { unitSettings } from "#app/.server/schema.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { withTestDatabase } from "#tests/db.ts";
import { startOtherInstance, waitUntil, type OtherInstance } from "#tests/second-instance.ts";
import { addTeam, consoleCookie } from "#tests/staff.ts";
import { addBuilding, addUnitLead } from "#tests/units.ts";

/**
 * Issue #30: a unit sold on one instance changes the remaining-units pill of another instance's
 * cached pages at its next version check, once a second (the content version, decision 018). The other instance is a
 * separate `node server.js --dev` on the same PostgreSQL, as in two-instances.test.ts; PGlite is
 * one process's database, so this runs in the PostgreSQL pass of `npm run test:integration`.
 */

const database = withTestDatabase();
let here: TestApp;
let other: OtherInstance | undefined;

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

  test("a unit sold here changes the other instance's cached pill at its next version check", { timeout: 120_000 }, async () => {
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
    // Each instance reads the content version at most once a second (VERSION_CHECK_MS), so the
    // other's cached page follows the sale at its next check (how long it takes is a figure for
    // the benchmarks, not a test's threshold).
    await waitUntil("the sale on the other instance's pill", async () => (await otherPill()) === "잔여세대 84A 잔여 없음");
  });
});
