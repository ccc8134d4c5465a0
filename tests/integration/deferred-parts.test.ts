import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { withTestDatabase } from "#tests/db.ts";
import { openVisitDays } from "#app/.server/visits/schedule.ts";
import { addDays, kstDay } from "#app/utils/kst.ts";

/**
 * A part whose code the browser fetches only when it comes near the screen (the visit form,
 * docs/decisions/020-javascript-budget.md) is still a whole part of the server's HTML.
 */

withTestDatabase();
let app: TestApp;
let HERE: string;

beforeAll(async () => {
  app = await startTestApp();
  HERE = `http://localhost:${app.port}`;
});
afterAll(() => app.close());
beforeEach(async () => {
  setEnv(parseEnv({ SITES: `daegu@${HERE}` }));
  // The form books times: it is there while the office has a day open (otherwise the page offers the inquiry instead).
  await openVisitDays("daegu", [addDays(kstDay(new Date()), 2)]);
});

describe("the visit form, whose code comes later", () => {
  for (const path of ["/", "/daegu/customer"]) {
    test(`is in ${path}'s HTML in place, a plain form that posts without JavaScript`, async () => {
      const html = await (await app.fetch(path, { headers: { Accept: "text/html" } })).text();
      const part = html.match(/<div class="deferred-part">([\s\S]*?)<\/form>/)?.[1] ?? "";
      expect(part).toMatch(/<form class="lead-form" action="\/daegu\/customer" method="post">/);
      expect(part).toContain('name="phone"');
      // Not a hidden copy that a script moves into place (what React streams by default).
      expect(html).not.toContain("<template");
      expect(html).not.toMatch(/\$RC\b/);
    });
  }
});
