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
import { FORBIDDEN_MESSAGE } from "#app/.server/auth/sign-in.ts";
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

describe("an address the console does not have", () => {
  const owner = (reach: "here" | "both") => sessions.get(PEOPLE.find((person) => person.role === "owner" && person.reach === reach)!);

  test("shows a signed-in person the console's 404 in its own frame, menu and site switcher included, not the public site's page", async () => {
    const response = await consoleRequest(app, "/admin/leads/42/no-such-tab", { cookie: owner("both") });
    expect(response.status).toBe(404);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    const html = await response.text();
    expect(html).toContain("<title>찾을 수 없습니다 | 관리자</title>");
    expect(html).toContain("없는 화면입니다. 주소를 확인하거나 메뉴에서 찾아 주세요.");
    expect(html).toContain('aria-label="관리자 메뉴"');
    expect(html).toContain('action="/admin/switch-site"');
    expect(html).not.toContain("관심고객 등록");
  });

  test("leads back to the person's first page: an owner's 대시보드, a counsellor's 오늘 할 일", async () => {
    const counsellor = sessions.get(PEOPLE.find((person) => person.role === "counsellor" && person.reach === "here")!);
    const theirs = (await (await consoleRequest(app, "/admin/no-such-page", { cookie: counsellor })).text()).replaceAll("<!-- -->", "");
    expect(theirs).toMatch(/<a[^>]* href="\/admin\/today"[^>]*>오늘 할 일로<\/a>/);
    const owners = (await (await consoleRequest(app, "/admin/no-such-page", { cookie: owner("here") })).text()).replaceAll("<!-- -->", "");
    expect(owners).toMatch(/<a[^>]* href="\/admin"[^>]*>대시보드로<\/a>/);
  });

  test("sends a person who is not signed in to sign in first, and back to the address afterwards", async () => {
    const response = await consoleRequest(app, "/admin/no-such-page?x=1");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/admin/login?${new URLSearchParams({ returnTo: "/admin/no-such-page?x=1" })}`);
  });

  test("refuses a post to it with a 400 before anything runs", async () => {
    const response = await consoleRequest(app, "/admin/no-such-page", { method: "POST", form: { intent: "save" }, cookie: owner("here") });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("알 수 없는 요청입니다.");
  });
});

describe("a refusal", () => {
  const counsellor = () => sessions.get(PEOPLE.find((person) => person.role === "counsellor" && person.reach === "here")!);

  test("of a page says in Korean that the person may not open it, with a way back, and is neither stored nor indexed", async () => {
    const response = await consoleRequest(app, "/admin/staff", { cookie: counsellor() });
    expect(response.status).toBe(403);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    const html = await response.text();
    expect(html).toContain(FORBIDDEN_MESSAGE);
    expect(html).toMatch(/<a href="\/admin" class="button button--brand">관리자 화면으로<\/a>/);
    expect(html).toContain("<title>권한이 없습니다 | 관리자</title>");
  });

  test("of a post with an intent the route does not declare is a 400 before the route runs", async () => {
    const response = await consoleRequest(app, "/admin/visits", { method: "POST", form: { intent: "drop-table" }, cookie: counsellor() });
    expect(response.status).toBe(400);
  });

  test("of a download without a session is a 401 in JSON, not a sign-in page", async () => {
    const response = await consoleRequest(app, "/admin/leads/export.csv", { method: "POST", form: {} });
    expect(response.status).toBe(401);
    expect(response.headers.get("Content-Type")).toMatch(/json/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });
});
