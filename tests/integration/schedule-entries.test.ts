import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { contentVersion } from "#app/.server/content/content-version.ts";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { scheduleEntries } from "#app/.server/schema.ts";
import { SCHEDULE_MESSAGES } from "#app/forms/schedule-entry.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { renderedField } from "#tests/console-form-html.ts";
import { withTestDatabase } from "#tests/db.ts";
import { addStaff, addTeam, consoleCookie, type TestStaff } from "#tests/staff.ts";

/**
 * The subscription schedule (분양 일정, issue #18) over HTTP: kept in the console by owners and
 * managers, listed on /BusinessGuide/plan instead of "COMING SOON", counted down to on the home page.
 */

withTestDatabase();
let app: TestApp;
let HERE: string;
let THERE: string;

beforeAll(async () => {
  app = await startTestApp();
  HERE = `http://here.localhost:${app.port}`;
  THERE = `http://there.localhost:${app.port}`;
});
afterAll(() => app.close());
afterEach(() => vi.useRealTimers());

let team: { owner: TestStaff; manager: TestStaff; counsellor: TestStaff };
let manager: string;

beforeEach(async () => {
  setEnv(parseEnv({ SITES: `daegu@${HERE},suwon@${THERE}`, TRUST_PROXY: "1" }));
  team = await addTeam();
  manager = await consoleCookie(team.manager);
});

function on(origin: string, path: string, { form, cookie }: { form?: Record<string, string>; cookie?: string } = {}) {
  const headers: Record<string, string> = { Host: new URL(origin).host, "X-Forwarded-For": "198.51.100.40", Accept: "text/html" };
  if (cookie) headers.Cookie = cookie;
  if (form) {
    headers.Origin = origin;
    headers["Content-Type"] = "application/x-www-form-urlencoded";
  }
  return app.fetch(path, { method: form ? "POST" : "GET", headers, body: form ? new URLSearchParams(form).toString() : undefined });
}

/** A page's words as a reader sees them: scripts (the hydration data) and tags dropped. */
async function textOf(response: Response) {
  return (await response.text())
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

/** What the hero counts down to, or null when it shows no countdown. */
async function homeCountdown() {
  const html = await (await on(HERE, "/")).text();
  const match = /<a[^>]*class="home-hero__countdown"[^>]*>([\s\S]*?)<\/a>/.exec(html);
  return match
    ? match[1]!
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .trim()
    : null;
}

function add(entry: Record<string, string>, cookie = manager, origin = HERE) {
  return on(origin, "/admin/schedule", { form: { note: "", endsOn: "", ...entry }, cookie });
}

describe("the subscription schedule", () => {
  test("a schedule entry replaces COMING SOON on the schedule page", async () => {
    const before = await on(HERE, "/BusinessGuide/plan");
    expect(before.status).toBe(200);
    expect(await textOf(before)).toContain("COMING SOON");

    const versionBefore = await contentVersion(db(), "daegu");
    const added = await add({ title: "1순위 청약", startsOn: "2026-12-08", note: "청약홈 인터넷 접수" });
    expect(added.status).toBe(303);
    expect(added.headers.get("Location")).toBe("/admin/schedule?done=added");
    await add({ title: "특별공급", startsOn: "2026-12-07" });
    expect(await contentVersion(db(), "daegu")).toBe(versionBefore + 2);

    const after = await on(HERE, "/BusinessGuide/plan");
    expect(after.status).toBe(200);
    expect(after.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
    const page = await textOf(after);
    expect(page).not.toContain("COMING SOON");
    expect(page).toContain("1순위 청약 2026.12.08 (화) 청약홈 인터넷 접수");
    // Earliest first, whatever order they were added in.
    expect(page.indexOf("특별공급")).toBeLessThan(page.indexOf("1순위 청약"));

    const [entry] = await db().select().from(scheduleEntries).where(eq(scheduleEntries.title, "특별공급"));
    const deleted = await on(HERE, `/admin/schedule/${entry!.id}/delete`, { form: {}, cookie: manager });
    expect(deleted.status).toBe(303);
    const [first] = await db().select().from(scheduleEntries).where(eq(scheduleEntries.title, "1순위 청약"));
    expect((await on(HERE, `/admin/schedule/${first!.id}/delete`, { form: {}, cookie: manager })).status).toBe(303);
    expect(await textOf(await on(HERE, "/BusinessGuide/plan"))).toContain("COMING SOON");
    expect(await contentVersion(db(), "daegu")).toBe(versionBefore + 4);
  });

  test("the home page shows the next entry with its D-day, D-DAY on the day, nothing after the last", async () => {
    await add({ title: "1순위 청약", startsOn: "2026-12-08" });
    await add({ title: "계약", startsOn: "2026-12-20", endsOn: "2026-12-22" });
    vi.useFakeTimers({ toFake: ["Date"] });

    vi.setSystemTime(new Date("2026-12-05T10:00:00+09:00"));
    expect(await homeCountdown()).toBe("1순위 청약 D-3 2026.12.08 (화)");
    // Midnight in Korea, still the day before in UTC.
    vi.setSystemTime(new Date("2026-12-08T00:00:00+09:00"));
    expect(await homeCountdown()).toBe("1순위 청약 D-DAY 2026.12.08 (화)");
    vi.setSystemTime(new Date("2026-12-09T09:00:00+09:00"));
    expect(await homeCountdown()).toBe("계약 D-11 2026.12.20 (일)");
    vi.setSystemTime(new Date("2026-12-22T23:59:00+09:00"));
    expect(await homeCountdown()).toBe("계약 D-DAY 2026.12.20 (일)");
    vi.setSystemTime(new Date("2026-12-23T00:00:00+09:00"));
    expect(await homeCountdown()).toBeNull();
  });

  test("an end before the start is a 400 with a Korean message, nothing saved", async () => {
    const refused = await add({ title: "계약", startsOn: "2026-12-22", endsOn: "2026-12-20" });
    expect(refused.status).toBe(400);
    const page = await textOf(refused);
    expect(page).toContain(SCHEDULE_MESSAGES.endsBeforeStart);
    expect(page).toContain("종료일은 시작일과 같거나 그 뒤여야 합니다.");
    expect(await db().select().from(scheduleEntries)).toEqual([]);

    for (const [entry, message] of [
      [{ title: "", startsOn: "2026-12-22" }, SCHEDULE_MESSAGES.title],
      [{ title: "계약", startsOn: "2026-02-31" }, SCHEDULE_MESSAGES.startsOn],
      [{ title: "가".repeat(101), startsOn: "2026-12-22" }, SCHEDULE_MESSAGES.titleTooLong],
    ] as const) {
      const answer = await add(entry);
      expect(answer.status).toBe(400);
      expect(await textOf(answer)).toContain(message);
    }
    expect(await db().select().from(scheduleEntries)).toEqual([]);
  });

  test("a post wrong in three fields at once shows every error beside its field, with what was typed kept", async () => {
    const refused = await add({ title: "가".repeat(101), startsOn: "2026-02-31", endsOn: "12월 20일", note: "비고" });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(renderedField(html, "title")).toEqual({ value: "가".repeat(101), invalid: true, errors: [SCHEDULE_MESSAGES.titleTooLong] });
    expect(renderedField(html, "startsOn")).toEqual({ value: "2026-02-31", invalid: true, errors: [SCHEDULE_MESSAGES.startsOn] });
    expect(renderedField(html, "endsOn")).toEqual({ value: "12월 20일", invalid: true, errors: [SCHEDULE_MESSAGES.endsOn] });
    expect(renderedField(html, "note")).toEqual({ value: "비고", invalid: false, errors: [] });
    expect(await db().select().from(scheduleEntries)).toEqual([]);
  });

  test("an entry is edited, and a change that puts its end before its start is refused", async () => {
    await add({ title: "2순위", startsOn: "2026-12-09" });
    const [entry] = await db().select().from(scheduleEntries);
    const saved = await on(HERE, `/admin/schedule/${entry!.id}`, {
      form: { title: "2순위 청약", startsOn: "2026-12-10", endsOn: "2026-12-11", note: "해당지역" },
      cookie: manager,
    });
    expect(saved.status).toBe(303);
    const refused = await on(HERE, `/admin/schedule/${entry!.id}`, {
      form: { title: "2순위 청약", startsOn: "2026-12-10", endsOn: "2026-12-01", note: "" },
      cookie: manager,
    });
    expect(refused.status).toBe(400);
    const [stored] = await db().select().from(scheduleEntries);
    expect(stored).toMatchObject({ title: "2순위 청약", startsOn: "2026-12-10", endsOn: "2026-12-11", note: "해당지역" });
  });

  test("a counsellor cannot manage the schedule (403)", async () => {
    const counsellor = await consoleCookie(team.counsellor);
    expect((await on(HERE, "/admin/schedule", { cookie: counsellor })).status).toBe(403);
    expect((await add({ title: "계약", startsOn: "2026-12-20" }, counsellor)).status).toBe(403);
    expect(await db().select().from(scheduleEntries)).toEqual([]);
    // And the menu does not offer it.
    expect(await (await on(HERE, "/admin/leads", { cookie: counsellor })).text()).not.toContain("분양 일정");
    expect(await (await on(HERE, "/admin/leads", { cookie: manager })).text()).toContain("분양 일정");
  });

  test("entries belong to their site", async () => {
    const suwon = await addStaff({ email: "suwon-manager@example.com", role: "manager", sites: ["suwon"] });
    const suwonCookie = await consoleCookie(suwon, "suwon");
    expect((await add({ title: "수원 1순위", startsOn: "2026-12-08" }, suwonCookie, THERE)).status).toBe(303);
    const [theirs] = await db().select().from(scheduleEntries);
    expect(theirs!.site).toBe("suwon");

    expect(await textOf(await on(HERE, "/BusinessGuide/plan"))).toContain("COMING SOON");
    expect(await textOf(await on(THERE, "/BusinessGuide/plan"))).toContain("수원 1순위");
    expect(await textOf(await on(HERE, "/admin/schedule", { cookie: manager }))).not.toContain("수원 1순위");
    expect((await on(HERE, `/admin/schedule/${theirs!.id}`, { cookie: manager })).status).toBe(404);
    const edit = await on(HERE, `/admin/schedule/${theirs!.id}`, { form: { title: "바꿈", startsOn: "2026-12-09" }, cookie: manager });
    expect(edit.status).toBe(404);
    expect((await on(HERE, `/admin/schedule/${theirs!.id}/delete`, { form: {}, cookie: manager })).status).toBe(303);
    expect(await db().select().from(scheduleEntries)).toEqual([theirs]);
    expect(await contentVersion(db(), "daegu")).toBe(0);
  });
});
