import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { conversionReport } from "#app/.server/leads/conversion.ts";
import { customers, leads, visitBookings, visitSlots } from "#app/.server/schema.ts";
import { openVisitDays } from "#app/.server/visits/schedule.ts";
import type { BookingStatus, LeadKind, LeadStatus } from "#app/vocabulary.ts";
import { loader as conversionLoaderRaw } from "#app/routes/admin/reports/conversion.tsx";
import { addDays, kstDay } from "#app/utils/kst.ts";
import { formatRate } from "#app/forms/conversion.ts";
import { withTestDatabase } from "#tests/db.ts";
import { routeContext } from "#tests/route-context.ts";
import { addTeam, consoleCookie, type TestStaff } from "#tests/staff.ts";
import { viaConsole } from "#tests/console-call.ts";

const conversionLoader = viaConsole(conversionLoaderRaw);

/** Conversion per campaign and per form for a period (issue #17; definitions in docs/decisions/016). */

const SITE_URL = "http://localhost:3000";
setEnv(parseEnv({ SITE_URL, SESSION_SECRET: "conversion-integration-test-secret-0123456789" }));
withTestDatabase();

const PERIOD = { from: "2026-11-01", to: "2026-11-10" };
const IN_PERIOD = new Date("2026-11-05T03:00:00Z");
let team: { owner: TestStaff; manager: TestStaff; counsellor: TestStaff };
let slotId: number;
let phones = 0;
const STAGES = ["booked", "visited", "contracted"] as const;

beforeEach(async () => {
  team = await addTeam();
  const day = addDays(kstDay(new Date()), 2);
  await openVisitDays("daegu", [day]);
  const [slot] = await db().select().from(visitSlots).where(eq(visitSlots.day, day)).limit(1);
  slotId = slot!.id;
});

async function lead(
  values: {
    kind?: LeadKind;
    status?: LeadStatus;
    source?: string;
    medium?: string;
    campaign?: string;
    phone?: string;
    spam?: boolean;
    deleted?: boolean;
    at?: Date;
  } = {},
) {
  const phone = values.phone ?? `010300${String(++phones).padStart(5, "0")}`;
  const [customer] = await db()
    .insert(customers)
    .values({ site: "daegu", phone })
    .onConflictDoUpdate({ target: [customers.site, customers.phone], set: { phone } })
    .returning({ id: customers.id });
  const [row] = await db()
    .insert(leads)
    .values({
      submissionId: crypto.randomUUID(),
      kind: values.kind ?? "interest",
      site: "daegu",
      name: "고객",
      phone,
      consentVersion: "2025-03-01",
      consentedAt: IN_PERIOD,
      sourcePath: "/",
      utmSource: values.source ?? null,
      utmMedium: values.medium ?? null,
      utmCampaign: values.campaign ?? null,
      status: values.status ?? "new",
      spam: values.spam ?? false,
      deletedAt: values.deleted ? new Date() : null,
      customerId: customer!.id,
      createdAt: values.at ?? IN_PERIOD,
    })
    .returning({ id: leads.id, phone: leads.phone });
  return row!;
}

async function book(of: { id: number; phone: string }, status: BookingStatus = "booked", at = new Date("2026-11-06T00:00:00Z")) {
  await db().insert(visitBookings).values({ site: "daegu", slotId, leadId: of.id, name: "고객", phone: of.phone, status, createdAt: at });
}

function load(query: string, staff: TestStaff = team.manager) {
  return consoleCookie(staff).then(async (cookie) => {
    const request = new Request(new URL(`/admin/conversion${query}`, SITE_URL), { headers: { Cookie: cookie } });
    try {
      const data = await conversionLoader({
        request,
        params: {},
        context: routeContext(request.url),
        url: new URL(request.url),
        pattern: "",
      } as never);
      return { status: 200, data, message: null };
    } catch (thrown) {
      const result = thrown as { init?: { status?: number }; data?: unknown; status?: number };
      return { status: thrown instanceof Response ? thrown.status : (result.init?.status ?? 500), data: undefined, message: result.data };
    }
  });
}

describe("the conversion report", () => {
  test("counts leads, booked visits, visits and contracts per campaign and per form for the period, with rates", async () => {
    const naver = { source: "naver", medium: "cpc", campaign: "autumn" };
    // naver: four leads; one booked, one booked and visited, one signed after a walk-in visit.
    const booked = await lead({ ...naver, kind: "visit" });
    await book(booked);
    const visited = await lead({ ...naver, kind: "visit", status: "visited" });
    await book(visited, "visited");
    await lead({ ...naver, status: "contracted" });
    await lead({ ...naver, kind: "inquiry" });
    // Direct: an interest lead whose customer booked later through another form, then cancelled.
    const interested = await lead({ at: new Date("2026-11-02T01:00:00Z") });
    const later = await lead({ kind: "visit", phone: interested.phone, at: new Date("2026-11-20T01:00:00Z") });
    await book(later, "cancelled", new Date("2026-11-20T01:00:00Z"));
    // A booking made before an interest lead came in says nothing about that lead.
    const early = await lead({ phone: "01099990000", kind: "visit", at: new Date("2026-10-20T00:00:00Z") });
    await book(early, "booked", new Date("2026-10-20T00:00:00Z"));
    await lead({ phone: "01099990000", at: new Date("2026-11-09T00:00:00Z") });
    // Outside the period: not counted.
    await lead({ ...naver, at: new Date("2026-11-10T15:00:00Z") });

    const report = await conversionReport("daegu", PERIOD);
    expect(report.campaigns).toEqual([
      { ...naver, leads: 4, booked: 3, visited: 2, contracted: 1 },
      { source: null, medium: null, campaign: null, leads: 2, booked: 1, visited: 0, contracted: 0 },
    ]);
    expect(report.forms).toEqual([
      { kind: "interest", leads: 3, booked: 2, visited: 1, contracted: 1 },
      { kind: "visit", leads: 2, booked: 2, visited: 1, contracted: 0 },
      { kind: "inquiry", leads: 1, booked: 0, visited: 0, contracted: 0 },
    ]);
    expect(report.total).toEqual({ leads: 6, booked: 3 + 1, visited: 2, contracted: 1 });

    const page = await load(`?from=${PERIOD.from}&to=${PERIOD.to}`);
    expect(page.status).toBe(200);
    expect(page.data!.period).toEqual(PERIOD);
    expect(page.data!.report.total.leads).toBe(6);
    // Rates are of the leads, to one decimal, as Korean staff write percentages; none without leads.
    const naverRow = page.data!.report.campaigns[0]!;
    expect(STAGES.map((stage) => formatRate(naverRow[stage], naverRow.leads))).toEqual(["75.0%", "50.0%", "25.0%"]);
    expect(formatRate(1, 6)).toBe("16.7%");
    expect(formatRate(0, 0)).toBe("—");
  });

  test("spam and binned leads are not counted", async () => {
    const spam = await lead({ kind: "visit", spam: true, status: "spam" });
    await book(spam);
    const binned = await lead({ kind: "visit", status: "contracted", deleted: true });
    await book(binned, "visited");
    await lead({ kind: "visit" });
    const report = await conversionReport("daegu", PERIOD);
    expect(report.total).toEqual({ leads: 1, booked: 0, visited: 0, contracted: 0 });
    expect(report.forms).toEqual([{ kind: "visit", leads: 1, booked: 0, visited: 0, contracted: 0 }]);
  });

  test("an impossible date is a 400", async () => {
    const impossible = await load("?from=2026-02-31&to=2026-03-05");
    expect(impossible.status).toBe(400);
    expect(impossible.message).toMatch(/날짜가 올바르지 않습니다/);
    const backwards = await load("?from=2026-11-10&to=2026-11-01");
    expect(backwards.status).toBe(400);
    expect(backwards.message).toMatch(/시작일이 종료일보다 늦습니다/);
    // Without a period: the last 30 days, today included.
    const today = kstDay(new Date());
    expect((await load("")).data!.period).toEqual({ from: addDays(today, -29), to: today });
    // Counsellors do not see the report.
    expect((await load("", team.counsellor)).status).toBe(403);
  });
});
