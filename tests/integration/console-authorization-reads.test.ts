import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { CONSOLE_ROUTES, type ConsoleRoute } from "#app/routes/admin/console-access.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { consoleRoutePatterns } from "#tests/console-routes.ts";
import {
  addPeople,
  addRecords,
  declaredActions,
  describePerson,
  expectedStatus,
  PEOPLE,
  probedAction,
  PROBES,
  probesOf,
  type Records,
  type Sessions,
} from "#tests/console-probes.ts";
import { withTestDatabase } from "#tests/db.ts";
import { consoleRequest } from "#tests/console-request.ts";

/**
 * Who may open each console page (issues #16, #24), asked of the running app over HTTP: every
 * console route × every person of tests/console-probes.ts, the expected answer derived from the
 * route's rule. Reading changes nothing the probes depend on, so the records are made once.
 */

withTestDatabase({ empty: "once" });
let app: TestApp;
let records: Records;
let sessions: Sessions;

beforeAll(async () => {
  app = await startTestApp();
  setEnv(parseEnv({ SITES: `daegu@http://here.localhost:${app.port},suwon@http://there.localhost:${app.port}`, TRUST_PROXY: "1" }));
  const people = await addPeople();
  sessions = people.sessions;
  records = await addRecords(people.ids);
});
afterAll(() => app.close());

describe("the console's rules", () => {
  test("name every console route app/routes.ts declares, and nothing else", async () => {
    expect(Object.keys(CONSOLE_ROUTES).sort()).toEqual((await consoleRoutePatterns()).map((pattern) => `/${pattern}`).sort());
  });

  test("each route's every action has a probe in the authorization table", () => {
    const declared = Object.entries(CONSOLE_ROUTES as Record<string, ConsoleRoute>).flatMap(([path, route]) =>
      declaredActions(route).map((action) => `${path} ${action}`),
    );
    const probed = Object.entries(PROBES).flatMap(([path, probes]) =>
      probes.map((probe) => `${path} ${probedAction((CONSOLE_ROUTES as Record<string, ConsoleRoute>)[path]!, probe, records)}`),
    );
    expect([...new Set(probed)].sort()).toEqual(declared.sort());
  });
});

const cases = probesOf("GET").flatMap(({ path, route, probe }) => PEOPLE.map((person) => ({ path, route, probe, person })));

describe("who may open each console page", () => {
  test.each(cases.map((entry) => ({ ...entry, name: `${entry.path}: ${describePerson(entry.person)} ${entry.probe.does}` })))(
    "$name",
    async ({ route, probe, person }) => {
      const path = probe.path(records);
      const response = await consoleRequest(app, path, { cookie: sessions.get(person) });
      const body = response.status >= 400 ? await response.text() : "";
      expect(response.status, `GET ${path}: ${body.slice(0, 200)}`).toBe(expectedStatus(route, probe, person, records));
    },
  );
});
