import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { unitSettings } from "#app/.server/schema.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { emptyAll, withTestDatabase } from "#tests/db.ts";
import { startOtherInstance, waitUntil, type OtherInstance } from "#tests/second-instance.ts";
import { addTeam, consoleCookie, type TestStaff } from "#tests/staff.ts";
import { addBuilding, addUnitLead } from "#tests/units.ts";

/**
 * Two instances on one PostgreSQL see each other's changes in their cached pages. This process is
 * one instance (the test app); the other is a separate `node server.js --dev` on the same database,
 * with its own memory and its own page cache, started once for the file's tests (a start is most
 * of such a test's time). Issue #19: each changes the sales phone through the console, and the
 * other's cached page shows the new number within seconds. Issue #30: a unit sold on one instance
 * changes the remaining-units pill of the other's cached pages at its next version check, once a
 * second (the content version, decision 018). PGlite is one process's database, so this runs in the
 * PostgreSQL pass of `npm run test:integration`.
 *
 * The database is emptied once, after the other instance has started, not before each test: the
 * other instance keeps what it cached under the rows it saw, and only changes made through the app
 * reach its cache, as in production. Neither test reads what the other changes (the units board;
 * the sales phone).
 */

const database = withTestDatabase({ empty: "once" });
let here: TestApp;
let other: OtherInstance | undefined;
let team: { owner: TestStaff; manager: TestStaff; counsellor: TestStaff };

/** A request to the other instance, as a browser on this machine sends it. */
function onOther(pathname: string, init: RequestInit = {}) {
  return fetch(`${other!.origin}${pathname}`, { redirect: "manual", ...init, headers: { Accept: "text/html", ...init.headers } });
}

function telLinks(html: string) {
  return new Set([...html.matchAll(/href="(tel:[^"]*)"/g)].map((match) => match[1]));
}

function pill(html: string) {
  return /data-testid="remaining-units-pill"[^>]*>([^<]*)</.exec(html)?.[1]?.trim() ?? null;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("two instances on one PostgreSQL", () => {
  beforeAll(async () => {
    here = await startTestApp();
    other = await startOtherInstance(database.url!);
    // It seeded the demo content into the empty database as it started; the tests begin from none.
    await emptyAll(database.handle);
    setEnv(parseEnv({ SITES: `daegu@${here.origin}` }));
    team = await addTeam();
  }, 180_000);
  afterAll(async () => {
    other?.process.kill("SIGTERM");
    await here?.close();
  });

  // First: it writes the board straight to the database, which reaches the other instance's pages
  // only because it has rendered none yet.
  test("a unit sold here changes the other instance's cached pill at its next version check", { timeout: 120_000 }, async () => {
    await db().insert(unitSettings).values({ site: "daegu", remainingSource: "board" });
    const [unit] = await addBuilding({ floors: 1, lines: 1, types: ["84A"] });
    const lead = await addUnitLead({ assigneeId: team.counsellor.id });
    const otherPill = async () => pill(await (await onOther("/Brand/intro")).text());

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

  test("each instance's settings change reaches the other's cached page within seconds", { timeout: 120_000 }, async () => {
    const manager = await consoleCookie(team.manager);
    const hereText = async () => (await here.fetch("/Brand/intro", { headers: { Accept: "text/html" } })).text();
    const otherText = async () => (await onOther("/Brand/intro")).text();

    // Both instances hold the page in their own memory, with the pack's phone.
    expect(telLinks(await hereText())).toEqual(new Set(["tel:16610000"]));
    expect(telLinks(await otherText())).toEqual(new Set(["tel:16610000"]));
    expect((await onOther("/Brand/intro")).headers.get("X-Page-Cache")).toBe("hit");

    // Saved on the other instance: this one's cached page shows it.
    const savedThere = await onOther("/admin/site-settings", {
      method: "POST",
      headers: { Cookie: manager, Origin: other!.origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "save", salesPhone: "1588-7777" }).toString(),
    });
    expect(savedThere.status, other!.output.join("")).toBe(303);
    await waitUntil("the other instance's change here", async () => telLinks(await hereText()).has("tel:15887777"));

    // Saved here: the other instance's cached page shows it.
    const savedHere = await here.fetch("/admin/site-settings", {
      method: "POST",
      headers: { Cookie: manager, Origin: here.origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "save", salesPhone: "1599-3333" }).toString(),
    });
    expect(savedHere.status).toBe(303);
    await waitUntil("this instance's change there", async () => telLinks(await otherText()).has("tel:15993333"));
  });
});
