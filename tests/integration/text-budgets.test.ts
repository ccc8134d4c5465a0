import { and, eq, inArray, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { createLead, type NewLead } from "#app/.server/leads/create.ts";
import { textLead } from "#app/.server/leads/texts.ts";
import { leads, smsOutbox, visitSlots } from "#app/.server/schema.ts";
import { inviteStaff } from "#app/.server/auth/staff.ts";
import { queueVisitReminders } from "#app/.server/visits/reminders.ts";
import { openVisitDays } from "#app/.server/visits/schedule.ts";
import { addDays, kstDay, kstInstant } from "#app/utils/kst.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { withTestDatabase } from "#tests/db.ts";
import { uniquePhone } from "#tests/lead-requests.ts";
import { addStaff, consoleCookie, type TestStaff } from "#tests/staff.ts";

/**
 * The text budget by purpose (issue #24): 300 leads from strangers' numbers once used up the
 * site's one hourly ceiling, and every genuine reminder, staff note and manual text was held for
 * the hour. Now only confirmations of new leads count against it, and a phone's daily limit is
 * one site's.
 */

withTestDatabase();
let app: TestApp;
let owner: TestStaff;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());
beforeEach(async () => {
  setEnv(parseEnv({ SITE_URL: app.origin }));
  owner = await addStaff({ email: "owner@example.com", role: "owner", name: "대표" });
});

const acting = () => ({ site: "daegu", actor: owner, clientAddress: "203.0.113.9" });
const STAFF_PHONE = "01090000001";

function lead(fields: Partial<NewLead> = {}): NewLead {
  return {
    kind: "inquiry",
    site: "daegu",
    submissionId: crypto.randomUUID(),
    consentVersion: "test",
    sourcePath: "/",
    attribution: { utmSource: null, utmMedium: null, utmCampaign: null, referrerHost: null },
    userAgent: "",
    spamReason: null,
    clientId: null,
    name: "김하늘",
    phone: uniquePhone(),
    message: "",
    ...fields,
  };
}

async function textsOf(where: SQL | undefined) {
  return db().select().from(smsOutbox).where(where).orderBy(smsOutbox.id);
}

async function consoleText(path: string) {
  const response = await app.fetch(path, { headers: { Cookie: await consoleCookie(owner) } });
  expect(response.status).toBe(200);
  return (await response.text()).replaceAll("<!-- -->", "");
}

describe("the confirmation ceiling", () => {
  test("300 leads fill only the confirmation budget: the next lead is stored with its confirmation held and shown, and a reminder, a staff note, an invitation and a manual text still go out", async () => {
    // A visit tomorrow, booked before the flood, so its reminder falls due during it.
    const tomorrow = addDays(kstDay(new Date()), 1);
    await openVisitDays("daegu", [tomorrow]);
    const [slot] = await db().select().from(visitSlots).where(eq(visitSlots.day, tomorrow)).orderBy(visitSlots.startsAt);
    const today = kstDay(new Date());
    // Reminders go to bookings made before 10:00 the day before: this one was made yesterday
    // morning, so it is never inside the flood's hour (today's 09:00 is still ahead before 10:00 in Korea).
    const visitor = await createLead(lead({ kind: "visit", visitSlotId: slot!.id }), {
      staffRecipients: [],
      now: kstInstant(addDays(today, -1), "09:00"),
    });
    expect(visitor.outcome).toBe("created");

    // The site's own budget (300 confirmations an hour); every lead also notes the staff phone.
    const flood = [];
    for (let i = 0; i < 301; i++) flood.push(await createLead(lead(), { staffRecipients: [STAFF_PHONE] }));
    expect(flood.every((outcome) => outcome.outcome === "created")).toBe(true);
    const stored = await db().select().from(leads);
    expect(stored).toHaveLength(302);
    const held = stored.filter((row) => row.textsHeld !== null);
    expect(held.map((row) => row.textsHeld)).toEqual(["site-hourly"]);
    const confirmations = await textsOf(eq(smsOutbox.purpose, "confirmation"));
    expect(confirmations.filter((text) => text.status === "pending")).toHaveLength(301);
    expect(confirmations.filter((text) => text.status === "held").map((text) => text.lastResponse)).toEqual(["site-hourly"]);

    // Everything else the office sends goes out as ever.
    const staffNotes = await textsOf(and(eq(smsOutbox.purpose, "staff"), eq(smsOutbox.recipient, STAFF_PHONE)));
    expect(staffNotes).toHaveLength(301);
    expect(staffNotes.every((text) => text.status === "pending")).toBe(true);
    const reminderAt = new Date() < kstInstant(today, "10:00") ? kstInstant(today, "10:00") : new Date();
    expect(await queueVisitReminders(reminderAt)).toBe(1);
    const invited = await inviteStaff(acting(), {
      name: "새직원",
      email: "new@example.com",
      mobile: "01090000002",
      role: "counsellor",
      sites: ["daegu"],
    });
    expect(invited.ok).toBe(true);
    expect(
      await textLead(acting(), held[0]!.id, { body: "문의 주셔서 감사합니다.", advertising: false, template: undefined }),
    ).toMatchObject({
      outcome: "queued",
      held: false,
    });
    const office = await textsOf(inArray(smsOutbox.purpose, ["reminder", "invitation", "manual"]));
    expect(office.map((text) => [text.purpose, text.status])).toEqual([
      ["reminder", "pending"],
      ["invitation", "pending"],
      ["manual", "pending"],
    ]);

    // The office is told what was held and why, in Korean, where it looks.
    const notice = "최근 24시간 동안 새 접수 확인 문자 1건을 보내지 않고 보류했습니다.";
    const outbox = await consoleText("/admin/notifications");
    expect(outbox).toContain(notice);
    expect(outbox).toContain("사이트가 한 시간에 보낼 수 있는 새 접수 확인 문자 수를 넘었습니다 (한 시간에 300건): 1건");
    expect(await consoleText("/admin")).toContain(notice);
    expect(await consoleText("/admin/notifications?view=held")).toContain("한도 초과로 보류");
  }, 120_000);
});

describe("a phone's daily limit", () => {
  test("counts one site's confirmations: three on one site do not hold a confirmation from another", async () => {
    const phone = uniquePhone();
    // Eleven minutes apart: the same phone on the same form within ten minutes is one lead.
    const start = Date.now();
    const at = (step: number) => new Date(start + step * 11 * 60_000);
    for (let i = 0; i < 3; i++) await createLead(lead({ phone }), { staffRecipients: [], now: at(i) });
    await createLead(lead({ phone, site: "suwon" }), { staffRecipients: [], now: at(3) });
    await createLead(lead({ phone }), { staffRecipients: [], now: at(4) });
    const texts = await textsOf(eq(smsOutbox.recipient, phone));
    expect(texts.map((text) => [text.site, text.status])).toEqual([
      ["daegu", "pending"],
      ["daegu", "pending"],
      ["daegu", "pending"],
      ["suwon", "pending"],
      ["daegu", "held"],
    ]);
    const [onSuwon] = await db()
      .select()
      .from(leads)
      .where(and(eq(leads.phone, phone), eq(leads.site, "suwon")));
    expect(onSuwon!.textsHeld).toBeNull();
  });
});
