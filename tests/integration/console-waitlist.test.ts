import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { auditLog, visitBookings, visitSlots, visitWaitlist } from "#app/.server/schema.ts";
import { setSlotCapacity } from "#app/.server/visits/console.ts";
import { cancelBookingByStaff } from "#app/.server/visits/office.ts";
import { openVisitDays } from "#app/.server/visits/schedule.ts";
import { visitSettingsOf } from "#app/.server/visits/settings.ts";
import { joinWaitlist } from "#app/.server/visits/waitlist.ts";
import { action as visitsActionRaw, loader as visitsLoaderRaw } from "#app/routes/admin/visits/visits.tsx";
import { addDays, kstDay } from "#app/utils/kst.ts";
import { viaConsole } from "#tests/console-call.ts";
import { withTestDatabase } from "#tests/db.ts";
import { filledForm, SITE_URL, submitJson, uniquePhone } from "#tests/lead-requests.ts";
import { routeContext } from "#tests/route-context.ts";
import { addStaff, consoleCookie, type TestStaff } from "#tests/staff.ts";

/** The visits page's side of issue 29: each time's waitlist with what happened, party sizes, and the visit settings form. */

const visitsAction = viaConsole(visitsActionRaw);
const visitsLoader = viaConsole(visitsLoaderRaw);

setEnv(parseEnv({ SITE_URL, SESSION_SECRET: "console-waitlist-test-secret-0123456789", LEADS_RATE_LIMIT: "off" }));

withTestDatabase();

const SITE = "daegu";
const DAY = addDays(kstDay(new Date()), 3);

let manager: TestStaff;
let counsellor: TestStaff;
beforeEach(async () => {
  manager = await addStaff({ email: "manager@example.com", role: "manager", name: "김실장" });
  counsellor = await addStaff({ email: "counsellor@example.com", role: "counsellor", name: "이상담" });
});

function args(cookie: string, fields?: Record<string, string>) {
  const path = `/admin/visits?day=${DAY}`;
  const request = new Request(new URL(path, SITE_URL), {
    ...(fields ? { method: "POST", body: new URLSearchParams(fields) } : {}),
    headers: { Origin: SITE_URL, Cookie: cookie },
  });
  return { request, url: new URL(request.url), pattern: "", params: {}, context: routeContext(request.url, { client: "203.0.113.9" }) };
}

async function answer(run: () => Promise<unknown>) {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, data: undefined };
  const init = (result as { init?: ResponseInit | null }).init;
  return { status: init?.status ?? 200, data: (result as { data: unknown }).data as Record<string, unknown> };
}

/** A full one-place time with a booking of a party of three and two people waiting; the first was offered the place and let it pass. */
async function fullTimeWithALine() {
  await openVisitDays(SITE, [DAY]);
  const [slot] = await db()
    .select()
    .from(visitSlots)
    .where(and(eq(visitSlots.site, SITE), eq(visitSlots.day, DAY)))
    .orderBy(visitSlots.startsAt);
  await setSlotCapacity(SITE, slot!.id, 1);
  const phone = uniquePhone();
  await submitJson("visit", filledForm("visit", { name: "박방문", phone, partySize: "3", visitDate: DAY, visitSlot: String(slot!.id) }), {
    client: "198.51.100.20",
  });
  const entry = (name: string, phone: string) =>
    joinWaitlist({
      site: SITE,
      slotId: slot!.id,
      name,
      phone,
      partySize: 2,
      consentVersion: "v1",
      marketingConsent: false,
      sourceKey: null,
    });
  const [firstPhone, secondPhone] = [uniquePhone(), uniquePhone()];
  await entry("정대기", firstPhone);
  await entry("최대기", secondPhone);
  return { slot: slot!, phone, firstPhone, secondPhone };
}

type Page = {
  day: {
    slots: {
      id: number;
      bookings: { name: string; partySize: number }[];
      waitlist: { id: number; name: string; phone: string; partySize: number; status: string; history: string }[];
    }[];
  };
};

describe("a time's waitlist on the visits page", () => {
  test("lists each person waiting in order with their party and what happened: offered, then withdrawn by the office, the next offered", async () => {
    const { slot, phone } = await fullTimeWithALine();
    const [booking] = await db().select().from(visitBookings).where(eq(visitBookings.phone, phone));
    await cancelBookingByStaff({ site: SITE, actor: manager, clientAddress: "203.0.113.9" }, booking!.id);
    const cookie = await consoleCookie(manager);
    const [first] = await db().select().from(visitWaitlist).where(eq(visitWaitlist.name, "정대기"));
    expect(first?.status).toBe("offered");

    const withdrawn = await answer(() => visitsAction(args(cookie, { intent: "waitlist-withdraw", entryId: String(first!.id) }) as never));
    expect(withdrawn.status).toBe(303);

    const page = (await visitsLoader(args(cookie) as never)) as Page;
    const shown = page.day.slots.find((entry) => entry.id === slot.id)!;
    expect(shown.bookings).toEqual([expect.objectContaining({ name: "박방문", partySize: 3 })]);
    expect(shown.waitlist.map((entry) => [entry.name, entry.partySize, entry.status])).toEqual([
      ["정대기", 2, "withdrawn"],
      ["최대기", 2, "offered"],
    ]);
    expect(shown.waitlist[0]!.history).toMatch(/^신청 .* → 자리 안내 .* \(기한 .*\) → 대기 취소 .* · 김실장$/);
    const records = await db().select().from(auditLog).where(eq(auditLog.action, "visits.change"));
    expect(records.map((record) => (record.detail as { intent?: string }).intent)).toContain("waitlist-withdraw");
  });

  test("a counsellor sees the line with names and numbers masked and cannot take anyone out of it", async () => {
    const { slot } = await fullTimeWithALine();
    const cookie = await consoleCookie(counsellor);

    const page = (await visitsLoader(args(cookie) as never)) as Page;
    const [entry] = page.day.slots.find((shown) => shown.id === slot.id)!.waitlist;
    expect(entry).toMatchObject({ name: "정*기" });
    expect(entry!.phone).toContain("*");
    const refused = await answer(() => visitsAction(args(cookie, { intent: "waitlist-withdraw", entryId: String(entry!.id) }) as never));
    expect(refused.status).toBe(403);
  });
});

describe("the visit settings", () => {
  test("are saved through the console form with an access record, and a bad value is refused beside its field with everything kept", async () => {
    const cookie = await consoleCookie(manager);

    const saved = await answer(() =>
      visitsAction(
        args(cookie, { intent: "visit-settings", capacityUnit: "people", holdMinutes: "15", sameDayReminderHours: "3" }) as never,
      ),
    );
    expect(saved.status).toBe(303);
    expect(await visitSettingsOf(SITE)).toEqual({ capacityUnit: "people", holdMinutes: 15, sameDayReminderHours: 3 });

    const refused = await answer(() =>
      visitsAction(args(cookie, { intent: "visit-settings", capacityUnit: "teams", holdMinutes: "1", sameDayReminderHours: "3" }) as never),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      result: {
        error: {
          capacityUnit: ["정원을 세는 방법을 골라 주세요."],
          holdMinutes: ["자리를 잡아 두는 시간은 5분에서 240분 사이의 정수로 입력해 주세요."],
        },
        initialValue: { sameDayReminderHours: "3" },
      },
    });
    expect(await visitSettingsOf(SITE)).toMatchObject({ holdMinutes: 15 });
    const oneWrong = await answer(() =>
      visitsAction(
        args(cookie, { intent: "visit-settings", capacityUnit: "groups", holdMinutes: "1", sameDayReminderHours: "3" }) as never,
      ),
    );
    expect(Object.keys((oneWrong.data as { result: { error: object } }).result.error)).toEqual(["holdMinutes"]);
    const records = await db().select().from(auditLog).where(eq(auditLog.action, "visits.change"));
    expect(records.map((record) => (record.detail as { intent?: string }).intent)).toEqual(["visit-settings"]);
  });
});
