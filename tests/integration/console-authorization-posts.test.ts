import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import {
  addPeople,
  addRecords,
  describePerson,
  expectedStatus,
  PEOPLE,
  probesOf,
  type Records,
  type Sessions,
} from "#tests/console-probes.ts";
import { consoleRequest } from "#tests/console-request.ts";
import { withTestDatabase } from "#tests/db.ts";

/**
 * Who may use each console form and action (issues #16, #24), asked of the running app over HTTP:
 * every action of every console route × every person of tests/console-probes.ts, the expected
 * answer derived from the route's rule. Each case starts from fresh records, since an allowed post
 * changes them.
 */

withTestDatabase();
let app: TestApp;
let records: Records;
let sessions: Sessions;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

beforeEach(async () => {
  setEnv(parseEnv({ SITES: `daegu@http://here.localhost:${app.port},suwon@http://there.localhost:${app.port}`, TRUST_PROXY: "1" }));
  const people = await addPeople();
  sessions = people.sessions;
  records = await addRecords(people.ids);
});

const cases = probesOf("POST").flatMap(({ path, route, probe }) => PEOPLE.map((person) => ({ path, route, probe, person })));

describe("who may use each console form", () => {
  test.each(cases.map((entry) => ({ ...entry, name: `${entry.path}: ${describePerson(entry.person)} ${entry.probe.does}` })))(
    "$name",
    async ({ route, probe, person }) => {
      const path = probe.path(records);
      const response = await consoleRequest(app, path, { method: "POST", form: probe.form?.(records), cookie: sessions.get(person) });
      const body = response.status >= 400 ? await response.text() : "";
      expect(response.status, `POST ${path}: ${body.slice(0, 200)}`).toBe(expectedStatus(route, probe, person, records));
    },
  );
});
