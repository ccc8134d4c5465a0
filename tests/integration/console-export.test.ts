import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { auditLog } from "#app/.server/schema.ts";
import { EXPORT_MESSAGES } from "#app/forms/admin.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { renderedField } from "#tests/console-form-html.ts";
import { withTestDatabase } from "#tests/db.ts";
import { addTeam, consoleCookie } from "#tests/staff.ts";

/**
 * The leads export's form (/admin/leads/export) posts to the download (/admin/leads/export.csv);
 * a refused download comes back to the form with every field's error beside it and what was
 * typed, over plain HTTP as a browser without scripts would follow it.
 */

withTestDatabase();
let app: TestApp;
let HERE: string;

beforeAll(async () => {
  app = await startTestApp();
  HERE = `http://here.localhost:${app.port}`;
});
afterAll(() => app.close());

let manager: string;

beforeEach(async () => {
  setEnv(parseEnv({ SITES: `daegu@${HERE}`, TRUST_PROXY: "1" }));
  manager = await consoleCookie((await addTeam()).manager);
});

function on(path: string, { form, cookie = "" }: { form?: URLSearchParams; cookie?: string } = {}) {
  const headers: Record<string, string> = {
    Host: new URL(HERE).host,
    "X-Forwarded-For": "198.51.100.9",
    Accept: "text/html",
    Cookie: [manager, cookie].filter(Boolean).join("; "),
  };
  if (!form) return app.fetch(path, { headers });
  headers.Origin = HERE;
  headers["Content-Type"] = "application/x-www-form-urlencoded";
  return app.fetch(path, { method: "POST", headers, body: form.toString() });
}

/** The column boxes the page draws ticked. */
function tickedColumns(html: string) {
  return [...html.matchAll(/<input[^>]*name="columns"[^>]*>/g)]
    .filter((match) => /\schecked=""/.test(match[0]))
    .map((match) => /value="([^"]+)"/.exec(match[0])![1]);
}

/** Posts the download and follows the refusal back to the form, as a browser does. */
async function refusedDownload(form: URLSearchParams) {
  const posted = await on("/admin/leads/export.csv", { form });
  expect(posted.status).toBe(303);
  const answer = posted.headers.get("Set-Cookie")!;
  expect(answer).toMatch(/^__export_answer=[^;]+; Max-Age=120; Path=\/admin\/leads\/export; HttpOnly; SameSite=Lax$/);
  const page = await on(posted.headers.get("Location")!, { cookie: answer.split(";")[0] });
  return { location: posted.headers.get("Location")!, page, html: await page.text() };
}

describe("a refused download", () => {
  test("shows a missing purpose, a short reason and no columns beside their fields, keeping the reason, and makes no file or record", async () => {
    const { location, page, html } = await refusedDownload(new URLSearchParams({ kind: "visit", purpose: "", reason: "연락" }));
    expect(location).toBe("/admin/leads/export?kind=visit");
    expect(page.status).toBe(200);
    expect(renderedField(html, "purpose")).toMatchObject({ invalid: true, errors: [EXPORT_MESSAGES.purpose] });
    expect(renderedField(html, "reason")).toEqual({ value: "연락", invalid: true, errors: [EXPORT_MESSAGES.reasonShort] });
    expect(renderedField(html, "columns")).toMatchObject({ invalid: true, errors: [EXPORT_MESSAGES.columns] });
    // No box is ticked: the page shows what was posted, not the purpose's default columns.
    expect(tickedColumns(html)).toEqual([]);
    // Read once: the page forgets the answer.
    expect(page.headers.get("Set-Cookie")).toMatch(/^__export_answer=; Max-Age=0; Path=\/admin\/leads\/export/);
    expect(await db().select().from(auditLog)).toEqual([]);
  });

  test("keeps the purpose and the ticked columns when only the reason is too long", async () => {
    const form = new URLSearchParams({ purpose: "visits", reason: "가".repeat(260) });
    form.append("columns", "name");
    form.append("columns", "visitAt");
    const { html } = await refusedDownload(form);
    expect(renderedField(html, "reason")).toMatchObject({ value: "가".repeat(260), invalid: true, errors: [EXPORT_MESSAGES.reasonLong] });
    expect(html).toMatch(/<option value="visits" selected="">/);
    expect(tickedColumns(html)).toEqual(["name", "visitAt"]);
    expect(renderedField(html, "columns")).toMatchObject({ invalid: false, errors: [] });
  });

  test("an expired search is said above the form, with the typed reason kept", async () => {
    const form = new URLSearchParams({ s: "expired", purpose: "contact", reason: "오늘 연락할 고객", columns: "name" });
    const { html } = await refusedDownload(form);
    expect(html).toContain(EXPORT_MESSAGES.search);
    expect(renderedField(html, "reason")).toMatchObject({ value: "오늘 연락할 고객", invalid: false });
  });

  test("the export page without an answer shows no error", async () => {
    const html = await (await on("/admin/leads/export")).text();
    expect(renderedField(html, "reason")).toEqual({ value: "", invalid: false, errors: [] });
  });
});
