import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { customers, leadContacts, leadEvents, leads, leadStatusChanges, visitBookings, visitSlots } from "#app/.server/schema.ts";
import type { PerformanceRow } from "#app/.server/leads/performance.ts";
import type { ContactChannel, ContactResult } from "#app/vocabulary.ts";
import { loader as pageLoaderRaw } from "#app/routes/admin/reports/performance.tsx";
import { loader as csvLoaderRaw } from "#app/routes/admin/reports/performance[.]csv.ts";
import { loader as xlsxLoaderRaw } from "#app/routes/admin/reports/performance[.]xlsx.ts";
import { viaConsole } from "#tests/console-call.ts";
import { withTestDatabase } from "#tests/db.ts";
import { routeContext } from "#tests/route-context.ts";
import { addStaff, addTeam, consoleCookie, type TestStaff } from "#tests/staff.ts";

/** The team performance page (issue #28, item 4): numbers per person and period, computed from the rows. */

const SITE_URL = "http://localhost:3000";
setEnv(parseEnv({ SITE_URL, SESSION_SECRET: "performance-integration-test-secret-0123456789" }));
withTestDatabase();

const pageLoader = viaConsole(pageLoaderRaw);
const csvLoader = viaConsole(csvLoaderRaw);
const xlsxLoader = viaConsole(xlsxLoaderRaw);

/** 10:00 on Tuesday 10 November 2026 in Korea. */
const T = new Date("2026-11-10T01:00:00Z");
const at = (minutes: number, seconds = 0) => new Date(T.getTime() + minutes * 60_000 + seconds * 1000);
const HOUR = 60;
const DAY = 24 * HOUR;

let team: Awaited<ReturnType<typeof addTeam>>;
let second: TestStaff;
let phones = 0;

async function lead({ spam = false, status = "new" as "new" | "contracted" } = {}) {
  const phone = `0103000${String(++phones).padStart(4, "0")}`;
  const [customer] = await db().insert(customers).values({ site: "daegu", phone }).returning({ id: customers.id });
  const [row] = await db()
    .insert(leads)
    .values({
      submissionId: crypto.randomUUID(),
      kind: "interest",
      site: "daegu",
      name: "고객",
      phone,
      consentVersion: "2025-03-01",
      consentedAt: at(-DAY),
      sourcePath: "/",
      status,
      spam,
      customerId: customer!.id,
      createdAt: at(-DAY),
    })
    .returning({ id: leads.id, phone: leads.phone });
  return row!;
}

async function assign(leadId: number, to: TestStaff, when: Date) {
  await db().update(leads).set({ assigneeId: to.id }).where(eq(leads.id, leadId));
  await db()
    .insert(leadEvents)
    .values({
      leadId,
      kind: "assigned",
      actorId: team.manager.id,
      actorEmail: team.manager.email,
      detail: { assigneeId: to.id, assigneeName: to.name, how: "manual" },
      createdAt: when,
    });
}

async function contact(leadId: number, by: TestStaff, when: Date, channel: ContactChannel = "call-out", result: ContactResult = "reached") {
  await db().insert(leadContacts).values({ leadId, site: "daegu", actorId: by.id, channel, result, createdAt: when });
}

async function visited(of: { id: number; phone: string }, startsAt: Date) {
  const [slot] = await db()
    .insert(visitSlots)
    .values({
      site: "daegu",
      day: startsAt.toISOString().slice(0, 10),
      startsAt,
      endsAt: new Date(startsAt.getTime() + HOUR * 60_000),
      capacity: 5,
    })
    .returning({ id: visitSlots.id });
  await db()
    .insert(visitBookings)
    .values({ site: "daegu", slotId: slot!.id, leadId: of.id, name: "고객", phone: of.phone, status: "visited" });
}

async function contracted(leadId: number, when: Date) {
  await db().update(leads).set({ status: "contracted" }).where(eq(leads.id, leadId));
  await db().insert(leadStatusChanges).values({
    leadId,
    fromStatus: "new",
    toStatus: "contracted",
    authorId: team.manager.id,
    authorEmail: team.manager.email,
    createdAt: when,
  });
}

async function request<Value>(loader: (args: never) => Promise<Value>, path: string, staff: TestStaff) {
  const request = new Request(new URL(path, SITE_URL), { headers: { Cookie: await consoleCookie(staff) } });
  return loader({ request, params: {}, context: routeContext(request.url), url: new URL(request.url) } as never);
}

async function report(query: string, staff: TestStaff = team.manager) {
  return (await request(pageLoader, `/admin/performance?${query}`, staff)).report;
}

const byName = (rows: PerformanceRow[], name: string) => rows.find((row) => row.name === name);

/**
 * A known day: the counsellor is given five leads at 10:00 and first contacts them at the edges of
 * the hour and the day; the second counsellor gets one and does nothing; the manager calls once.
 */
beforeEach(async () => {
  team = await addTeam();
  second = await addStaff({ email: "second@example.com", role: "counsellor", name: "둘째" });
  const [onTheHour, justAfterHour, onTheDay, justAfterDay, before] = [await lead(), await lead(), await lead(), await lead(), await lead()];
  for (const one of [onTheHour, justAfterHour, onTheDay, justAfterDay, before]) await assign(one.id, team.counsellor, T);
  await contact(onTheHour.id, team.counsellor, at(HOUR), "call-out", "reached");
  await contact(justAfterHour.id, team.counsellor, at(HOUR, 1), "call-in", "no-answer");
  await contact(onTheDay.id, team.counsellor, at(DAY), "call-out", "call-back");
  await contact(justAfterDay.id, team.counsellor, at(DAY, 1), "text", "reached");
  // Someone else's call does not make the counsellor's first contact.
  await contact(justAfterDay.id, team.manager, at(5), "call-out", "no-answer");
  // A contact before the assignment is not a contact after it.
  await contact(before.id, team.counsellor, at(-10), "kakao", "reached");
  // Spam is left out everywhere.
  const spam = await lead({ spam: true });
  await assign(spam.id, team.counsellor, T);
  await contact(spam.id, team.counsellor, at(2), "call-out", "reached");
  await visited(onTheHour, at(4 * HOUR));
  await visited(justAfterHour, at(3 * DAY));
  await contracted(justAfterHour.id, at(2 * HOUR));
  const idle = await lead();
  await assign(idle.id, second, at(30));
});

describe("team performance", () => {
  test("counts a day's assignments, first contacts within 1 h and 24 h (boundaries included), calls, reached, visits and contracts per person", async () => {
    const day = await report("unit=day&at=2026-11-10");
    expect(byName(day.rows, team.counsellor.name)).toMatchObject({
      assigned: 5,
      firstWithinHour: 1,
      firstWithinDay: 3,
      // Contacts on the 10th: the two calls at 11:00 and the KakaoTalk before the assignment.
      calls: 2,
      reached: 2,
      visits: 1,
      contracts: 1,
    });
    expect(byName(day.rows, second.name)).toMatchObject({ assigned: 1, firstWithinHour: 0, firstWithinDay: 0, calls: 0, visits: 0 });
    // The manager has no leads but made a call, so they are listed with it.
    expect(byName(day.rows, team.manager.name)).toMatchObject({ assigned: 0, calls: 1, reached: 0 });
    expect(day.total).toEqual({ assigned: 6, firstWithinHour: 1, firstWithinDay: 3, calls: 3, reached: 2, visits: 1, contracts: 1 });
    expect(day.everyone).toBe(true);
  });

  test("a week and a month hold the days in them; the next day counts only its own contacts", async () => {
    const week = await report("unit=week&at=2026-11-12");
    expect(byName(week.rows, team.counsellor.name)).toMatchObject({ assigned: 5, calls: 3, reached: 3, visits: 2, contracts: 1 });
    const month = await report("unit=month&at=2026-11-30");
    expect(byName(month.rows, team.counsellor.name)).toMatchObject({ assigned: 5, firstWithinDay: 3, calls: 3, reached: 3 });
    const nextDay = await report("unit=day&at=2026-11-11");
    expect(byName(nextDay.rows, team.counsellor.name)).toMatchObject({
      assigned: 0,
      firstWithinHour: 0,
      calls: 1,
      reached: 1,
      contracts: 0,
    });
  });

  test("a counsellor sees only their own row, without the team's total", async () => {
    const own = await report("unit=day&at=2026-11-10", team.counsellor);
    expect(own.rows.map((row) => row.name)).toEqual([team.counsellor.name]);
    expect(own.everyone).toBe(false);
    const theirs = await report("unit=day&at=2026-11-10", second);
    expect(theirs.rows).toEqual([expect.objectContaining({ name: second.name, assigned: 1 })]);
  });

  test("the CSV and the workbook carry the page's table", async () => {
    const csv = await request(csvLoader, "/admin/performance.csv?unit=day&at=2026-11-10", team.manager);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await csv.arrayBuffer());
    expect(text.startsWith("\uFEFF담당자,배정,1시간 내 첫 연락,24시간 내 첫 연락,통화,통화 성공,방문,계약,전환율(계약/배정)")).toBe(true);
    expect(text).toContain(`${team.counsellor.name},5,1,3,2,2,1,1,20.0%`);
    expect(text).toContain("합계,6,1,3,3,2,1,1,16.7%");

    const xlsx = await request(xlsxLoader, "/admin/performance.xlsx?unit=day&at=2026-11-10", team.counsellor);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    const sheet = book.worksheets[0]!;
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([team.counsellor.name, 5, 1, 3, 2, 2, 1, 1, 0.2]);
    // The counsellor's file has their row only.
    expect(sheet.getRow(3).getCell(1).value).toBeNull();
  });

  test("an impossible day or unit is a 400", async () => {
    for (const query of ["unit=week&at=2026-02-31", "unit=year"]) {
      const thrown = await report(query).catch((error: unknown) => error);
      expect(thrown).toMatchObject({ init: { status: 400 } });
    }
  });
});
