import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { ChangeContext } from "#app/.server/audit/records.ts";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { leads, smsOutbox, visitSlots } from "#app/.server/schema.ts";
import { changeSettings, textPack } from "#app/.server/content/site-settings.ts";
import { filledTemplates, textLead } from "#app/.server/leads/texts.ts";
import { openVisitDays } from "#app/.server/visits/schedule.ts";
import { queueVisitReminders } from "#app/.server/visits/reminders.ts";
import { addDays, kstDay, kstInstant } from "#app/utils/kst.ts";
import { withTestDatabase } from "#tests/db.ts";
import { filledForm, SITE_URL, submitJson, uniquePhone } from "#tests/lead-requests.ts";
import { addTeam } from "#tests/staff.ts";

/**
 * Site settings reach the text messages (issue #18): the office changes the sales phone, the model
 * house or the texts' opening line, and the very next text a visitor gets says the new value.
 */

const BASE_ENV = { SITE_URL, SESSION_SECRET: "settings-texts-integration-secret-0123456789", LEADS_RATE_LIMIT: "off" };
setEnv(parseEnv(BASE_ENV));
withTestDatabase();
afterEach(() => setEnv(parseEnv(BASE_ENV)));

let change: ChangeContext;
beforeEach(async () => {
  const { manager } = await addTeam();
  change = { site: "daegu", actor: { id: manager.id, email: manager.email, role: manager.role }, clientAddress: "198.51.100.40" };
});

async function textsTo(phone: string, purpose: "confirmation" | "reminder") {
  return db()
    .select({ body: smsOutbox.body })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.recipient, phone), eq(smsOutbox.purpose, purpose)))
    .orderBy(smsOutbox.id);
}

describe("texts worded with the office's settings", () => {
  test("a changed sales phone is in the confirmation of the next lead; the pack's number is not", async () => {
    const before = uniquePhone();
    expect((await submitJson("interest", filledForm("interest", { phone: before }))).status).toBe(200);
    expect((await textsTo(before, "confirmation"))[0]?.body).toContain("1661-0000");

    expect(await changeSettings(change, { salesPhone: "15881234" })).toEqual(["salesPhone"]);
    const after = uniquePhone();
    expect((await submitJson("inquiry", filledForm("inquiry", { phone: after }))).status).toBe(200);
    const [confirmation] = await textsTo(after, "confirmation");
    expect(confirmation?.body).toContain("■ 분양문의: 1588-1234");
    expect(confirmation?.body).not.toContain("1661-0000");
  });

  test("a text's particle after the sales phone follows the number set: 1661-0000으로, then 1588-1234로", async () => {
    const thanks = async () =>
      filledTemplates(await textPack("daegu"), { customerName: "김하늘", staffName: "이수아" }).find(
        (template) => template.key === "thanks",
      )?.text;
    expect(await thanks()).toContain("언제든 1661-0000으로 편하게 연락 주세요.\n담당: 이수아");
    await changeSettings(change, { salesPhone: "15881234" });
    expect(await thanks()).toContain("언제든 1588-1234로 편하게 연락 주세요.");
  });

  // 정보통신망법 §50④: an advertisement names its sender and contact; the contact may be left out only
  // when it is the number the text comes from (the pack's registered 16610000 is the demo's sales phone).
  test("an advertising text names the office's number after the sender once the sales phone is not the number it comes from", async () => {
    const phone = uniquePhone();
    expect((await submitJson("interest", filledForm("interest", { phone, marketing: "yes" }))).status).toBe(200);
    const [lead] = await db().select({ id: leads.id }).from(leads).where(eq(leads.phone, phone));
    const advertise = async () => {
      const sent = await textLead(
        change,
        lead!.id,
        { body: "84A 잔여세대 안내", advertising: true, template: undefined },
        kstInstant(kstDay(new Date()), "10:00"),
      );
      expect(sent).toMatchObject({ outcome: "queued" });
      const [latest] = (
        await db()
          .select({ body: smsOutbox.body })
          .from(smsOutbox)
          .where(and(eq(smsOutbox.recipient, phone), eq(smsOutbox.purpose, "manual")))
          .orderBy(smsOutbox.id)
      ).reverse();
      return latest!.body;
    };
    expect(await advertise()).toBe("(광고)[동대구 온빛채 센트럴]\n84A 잔여세대 안내\n무료수신거부 080-000-0000");
    await changeSettings(change, { salesPhone: "15881234" });
    expect(await advertise()).toBe("(광고)[동대구 온빛채 센트럴] 1588-1234\n84A 잔여세대 안내\n무료수신거부 080-000-0000");
  });

  test("the model house's address and hours and the opening line follow the settings too", async () => {
    await changeSettings(change, {
      modelHouseAddress: "대구광역시 동구 새주소로 1",
      modelHouseHours: "매일 09:00~19:00",
      textSenderName: "[온빛채 분양사무소]",
    });
    const phone = uniquePhone();
    await submitJson("interest", filledForm("interest", { phone }));
    const [confirmation] = await textsTo(phone, "confirmation");
    expect(confirmation?.body.startsWith("[온빛채 분양사무소]\n")).toBe(true);
    expect(confirmation?.body).toContain("■ 견본주택: 대구광역시 동구 새주소로 1");
    expect(confirmation?.body).toContain("■ 운영시간: 매일 09:00~19:00");
  });

  test("a booking's confirmation and its reminder the day before use the phone set when each is queued", async () => {
    const visitDay = addDays(kstDay(new Date()), 3);
    await openVisitDays("daegu", [visitDay]);
    const [slot] = await db().select().from(visitSlots).where(eq(visitSlots.day, visitDay)).orderBy(visitSlots.startsAt);
    const phone = uniquePhone();
    await changeSettings(change, { salesPhone: "0212345678" });
    const booked = await submitJson("visit", filledForm("visit", { phone, visitDate: visitDay, visitSlot: String(slot!.id) }));
    expect(booked.status).toBe(200);
    expect((await textsTo(phone, "confirmation"))[0]?.body).toContain("■ 분양문의: 02-1234-5678");

    await changeSettings(change, { salesPhone: "15880000" });
    expect(await queueVisitReminders(kstInstant(addDays(visitDay, -1), "10:00"))).toBe(1);
    const [reminder] = await textsTo(phone, "reminder");
    expect(reminder?.body).toContain("■ 분양문의: 1588-0000");
  });
});
