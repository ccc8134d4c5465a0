import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import {
  addPeople,
  addRecords,
  describePerson,
  expectedStatus,
  isRefused,
  PEOPLE,
  probesOf,
  type Records,
  type Sessions,
} from "#tests/console-probes.ts";
import { consoleRequest } from "#tests/console-request.ts";
import { keepRows, withTestDatabase } from "#tests/db.ts";

/**
 * Who may use each console form and action (issues #16, #24), asked of the running app over HTTP:
 * every action of every console route × every person of tests/console-probes.ts, the expected
 * answer derived from the route's rule. A refused post is refused before its route runs and
 * changes nothing, so the refusals all ask the records made first; every post the rule allows
 * starts from those records put back as they were made (a copy kept after seeding), since it may
 * change them (end sessions, delete, disable).
 */

const database = withTestDatabase({ empty: "once" });
let app: TestApp;
let records: Records;
let sessions: Sessions;
let seeded: Awaited<ReturnType<typeof keepRows>>;

/** Whether the records are as made: no allowed post has run since. */
let pristine = true;

beforeAll(async () => {
  app = await startTestApp();
  setEnv(parseEnv({ SITES: `daegu@http://here.localhost:${app.port},suwon@http://there.localhost:${app.port}`, TRUST_PROXY: "1" }));
  const people = await addPeople();
  sessions = people.sessions;
  records = await addRecords(people.ids);
  seeded = await keepRows(database.handle);
});
afterAll(async () => {
  await seeded.discard();
  await app.close();
});

// Refusals first: they all run on the records made once.
const cases = probesOf("POST")
  .flatMap(({ path, route, probe }) => PEOPLE.map((person) => ({ path, route, probe, person, refused: isRefused(route, probe, person) })))
  .sort((a, b) => Number(b.refused) - Number(a.refused));

describe("who may use each console form", () => {
  test.each(cases.map((entry) => ({ ...entry, name: `${entry.path}: ${describePerson(entry.person)} ${entry.probe.does}` })))(
    "$name",
    async ({ route, probe, person, refused }) => {
      if (!refused) {
        if (!pristine) await seeded.putBack();
        pristine = false;
      }
      const path = probe.path(records);
      const response = await consoleRequest(app, path, { method: "POST", form: probe.form?.(records), cookie: sessions.get(person) });
      const body = response.status >= 400 ? await response.text() : "";
      expect(response.status, `POST ${path}: ${body.slice(0, 200)}`).toBe(expectedStatus(route, probe, person, records));
    },
  );
});
