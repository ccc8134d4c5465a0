import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { withTestDatabase } from "#tests/db.ts";
import { startOtherInstance, waitUntil, type OtherInstance } from "#tests/second-instance.ts";
import { addTeam, consoleCookie } from "#tests/staff.ts";

/**
 * Issue #19: two instances on one PostgreSQL see each other's invalidations. This process is one
 * instance (the test app); the other is a separate `node server.js --dev` on the same database,
 * with its own memory and its own page cache. Each changes the sales phone through the console,
 * and the other's cached page shows the new number within seconds. PGlite is one process's
 * database, so this runs in the PostgreSQL pass of `npm run test:integration`.
 */

const database = withTestDatabase();
let here: TestApp;
let other: OtherInstance | undefined;

/** A request to the other instance, as a browser on this machine sends it. */
function onOther(pathname: string, init: RequestInit = {}) {
  return fetch(`${other!.origin}${pathname}`, { redirect: "manual", ...init, headers: { Accept: "text/html", ...init.headers } });
}

function telLinks(html: string) {
  return new Set([...html.matchAll(/href="(tel:[^"]*)"/g)].map((match) => match[1]));
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("two instances on one PostgreSQL", () => {
  beforeAll(async () => {
    here = await startTestApp();
    other = await startOtherInstance(database.url!);
  }, 180_000);
  afterAll(async () => {
    other?.process.kill("SIGTERM");
    await here?.close();
  });

  test("each instance's settings change reaches the other's cached page within seconds", { timeout: 120_000 }, async () => {
    setEnv(parseEnv({ SITES: `daegu@${here.origin}` }));
    const manager = await consoleCookie((await addTeam()).manager);
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
