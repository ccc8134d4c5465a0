import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { listAudience } from "#app/.server/campaigns/audience.ts";
import { recordWithdrawal } from "#app/.server/consent/ledger.ts";
import { optOutLinkFor, optOutToken } from "#app/.server/consent/opt-out-link.ts";
import { forgetStaleOptOutLists } from "#app/.server/consent/opt-out-list.ts";
import { sendReconfirmationNotices } from "#app/.server/consent/reconfirmation.ts";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { purgeExpiredLeads } from "#app/.server/retention.ts";
import { sitePacks } from "#app/content/index.ts";
import { mergeCustomers } from "#app/.server/leads/merge.ts";
import { textLead } from "#app/.server/leads/texts.ts";
import { unsealText } from "#app/.server/sealed.ts";
import { auditLog, customers, leads, marketingConsentEvents, optOutLists, smsOutbox } from "#app/.server/schema.ts";
import { marketingStanding } from "#app/.server/sms/advertising.ts";
import { EMPTY_AUDIENCE } from "#app/forms/campaigns.ts";
import { action as consentActionRaw, loader as consentLoaderRaw } from "#app/routes/admin/consent.tsx";
import { loader as customerLoaderRaw } from "#app/routes/admin/leads/customer.tsx";
import { action as optOutAction, loader as optOutLoader } from "#app/routes/site/opt-out.tsx";
import { viaConsole } from "#tests/console-call.ts";
import { withTestDatabase } from "#tests/db.ts";
import { filledForm, pageOutcome, submitJson } from "#tests/lead-requests.ts";
import { routeContext } from "#tests/route-context.ts";
import { addStaff, consoleCookie, type TestStaff } from "#tests/staff.ts";

/** The marketing-consent ledger (issue #27, item 5): consents, withdrawals by link, 080 list and console, the two-year notice. */

const consentLoader = viaConsole(consentLoaderRaw);
const consentAction = viaConsole(consentActionRaw);
const customerLoader = viaConsole(customerLoaderRaw);

const DAEGU = "http://localhost:3000";
const SUWON = "http://suwon.localhost:3000";
setEnv(parseEnv({ SITES: `daegu@${DAEGU},suwon@${SUWON}`, SESSION_SECRET: "consent-ledger-integration-test-secret-0123" }));

withTestDatabase();

let manager: TestStaff;

beforeEach(async () => {
  manager = await addStaff({ email: "manager@example.com", role: "manager", name: "박지민" });
});

const acting = () => ({ site: "daegu", actor: manager, clientAddress: "203.0.113.9" });
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** A customer of daegu whose lead ticked the marketing consent at `at` (as the lead form records it), or (`marketing: false`) did not. */
async function consentingCustomer(phone: string, at = new Date(), site = "daegu", { marketing = true } = {}) {
  const [customer] = await db().insert(customers).values({ site, phone, createdAt: at }).returning({ id: customers.id });
  const [lead] = await db()
    .insert(leads)
    .values({
      submissionId: crypto.randomUUID(),
      kind: "visit",
      site,
      name: "김하늘",
      phone,
      consentVersion: "test",
      consentedAt: at,
      marketingConsentAt: marketing ? at : null,
      sourcePath: "/",
      customerId: customer!.id,
      createdAt: at,
    })
    .returning({ id: leads.id });
  if (marketing)
    await db()
      .insert(marketingConsentEvents)
      .values({ site, phone, customerId: customer!.id, kind: "consent", via: "form", leadId: lead!.id, at });
  return { customerId: customer!.id, leadId: lead!.id };
}

function pageArgs(site: string, token: string, init: RequestInit = {}) {
  const origin = site === "daegu" ? DAEGU : SUWON;
  const request = new Request(`${origin}/${site}/optout/${token}`, {
    ...init,
    headers: { Origin: origin, "Sec-Fetch-Site": "same-origin", ...init.headers },
  });
  return { request, url: new URL(request.url), pattern: "", params: { site, token }, context: routeContext(request.url) };
}

const outboxTo = (phone: string) => db().select().from(smsOutbox).where(eq(smsOutbox.recipient, phone)).orderBy(smsOutbox.id);
const ledgerOf = (phone: string) =>
  db().select().from(marketingConsentEvents).where(eq(marketingConsentEvents.phone, phone)).orderBy(marketingConsentEvents.id);

function consoleArgs(path: string, cookie: string, init: { method?: string; body?: BodyInit } = {}) {
  const request = new Request(new URL(path, DAEGU), { ...init, headers: { Cookie: cookie, Origin: DAEGU } });
  const id = /^\/admin\/customers\/(\d+)/.exec(new URL(request.url).pathname)?.[1];
  return { request, url: new URL(request.url), pattern: "", params: { id: id ?? "" }, context: routeContext(request.url) };
}

function csvUpload(text: string | Uint8Array<ArrayBuffer>, name = "080-list.csv") {
  const form = new FormData();
  form.set("intent", "upload");
  form.set("file", new File([text], name, { type: "text/csv" }));
  return form;
}

describe("consents", () => {
  test("a consent ticked on a lead form is a row of the ledger with its lead and customer; a form without it is none", async () => {
    const ticked = filledForm("inquiry", { marketing: "yes" });
    expect((await submitJson("inquiry", ticked)).status).toBe(200);
    expect((await submitJson("interest", filledForm("interest"))).status).toBe(200);
    const [lead] = await db().select().from(leads).where(eq(leads.phone, ticked.phone));
    expect(await db().select().from(marketingConsentEvents)).toEqual([
      expect.objectContaining({
        site: "daegu",
        phone: ticked.phone,
        kind: "consent",
        via: "form",
        leadId: lead!.id,
        customerId: lead!.customerId,
        at: lead!.marketingConsentAt,
      }),
    ]);
  });
});

describe("withdrawals", () => {
  test("an opt-out by the personal link stops advertising, withdraws unsent advertising and is confirmed by an informational text", async () => {
    const phone = "01033334444";
    const { leadId } = await consentingCustomer(phone, new Date(Date.now() - 86_400_000));
    // Written at 23:00, an advertising text waits for 08:00: unsent when the customer opts out.
    const night = new Date(`${new Date().toISOString().slice(0, 10)}T23:00:00+09:00`);
    await textLead(acting(), leadId, { body: "분양 소식", advertising: true, template: undefined }, night);
    const token = optOutToken("daegu", phone);

    const page = await pageOutcome(() => optOutLoader(pageArgs("daegu", token)));
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ page: { phone: "010-****-4444", withdrawn: false } });
    expect(JSON.stringify(page.data)).not.toContain(phone);

    const posted = await pageOutcome(() => optOutAction(pageArgs("daegu", token, { method: "POST" })));
    expect(posted).toMatchObject({ status: 303, location: `/daegu/optout/${token}?done=1` });
    expect(await marketingStanding(db(), "daegu", phone)).toBe("opted-out");
    const texts = await outboxTo(phone);
    expect(texts.map((text) => [text.purpose, text.status, text.advertising])).toEqual([
      ["manual", "withdrawn", true],
      ["opt-out", "pending", false],
    ]);
    expect(texts[1]!.body).toContain("수신거부가 처리되었습니다");
    expect((await ledgerOf(phone)).map((row) => [row.kind, row.via, row.outboxId])).toEqual([
      ["consent", "form", null],
      ["withdrawal", "link", texts[1]!.id],
    ]);
    expect(await pageOutcome(() => optOutLoader(pageArgs("daegu", token)))).toMatchObject({ data: { page: { withdrawn: true } } });
  });

  test("the same number withdrawn twice, by link and by 080 list, gets one confirmation and one ledger row", async () => {
    const phone = "01033335555";
    await consentingCustomer(phone, new Date(Date.now() - 86_400_000));
    const token = optOutToken("daegu", phone);
    await optOutAction(pageArgs("daegu", token, { method: "POST" })).catch((answer: unknown) => answer);
    const again = await pageOutcome(() => optOutAction(pageArgs("daegu", token, { method: "POST" })));
    expect(again).toMatchObject({ status: 303, location: `/daegu/optout/${token}` });
    expect(await recordWithdrawal(db(), { site: "daegu", phone, via: "080-list", at: new Date() })).toEqual({
      outcome: "already-withdrawn",
    });
    expect((await outboxTo(phone)).filter((text) => text.purpose === "opt-out")).toHaveLength(1);
    expect((await ledgerOf(phone)).filter((row) => row.kind === "withdrawal")).toHaveLength(1);
  });

  test("a forged token, an altered one and another site's are a 404 with a Korean message, and withdraw nothing", async () => {
    const phone = "01033336666";
    await consentingCustomer(phone);
    const token = optOutToken("daegu", phone);
    const altered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    for (const [site, forged] of [
      ["daegu", altered],
      ["daegu", "o1" + "x".repeat(52)],
      ["daegu", "not-a-token"],
      ["suwon", token],
    ] as const) {
      const page = await pageOutcome(() => optOutLoader(pageArgs(site, forged)));
      expect(page.status, `${site} ${forged}`).toBe(404);
      const posted = await pageOutcome(() => optOutAction(pageArgs(site, forged, { method: "POST" })));
      expect(posted.status, `${site} ${forged}`).toBe(404);
      expect(String(posted.data)).toContain("주소가 올바르지 않습니다");
    }
    expect(await marketingStanding(db(), "daegu", phone)).toBe("consented");
    expect(await outboxTo(phone)).toEqual([]);
  });

  test("the link is the site's own address with a token that does not carry the number in clear", () => {
    const link = optOutLinkFor(DAEGU, "daegu", "01033337777");
    expect(link).toMatch(/^http:\/\/localhost:3000\/daegu\/optout\/o1[A-Za-z0-9_-]{50,60}$/);
    expect(link).not.toContain("01033337777");
    expect(Buffer.from(link.split("/").at(-1)!.slice(2), "base64url").toString("latin1")).not.toContain("01033337777");
    expect(optOutLinkFor(DAEGU, "daegu", "01033337777")).toBe(link);
    expect(optOutLinkFor(DAEGU, "daegu", "01033337778")).not.toBe(link);
  });

  test("an uploaded 080 list is previewed row by row, then applied in one go: confirmed by text, advertising stopped, recorded", async () => {
    await consentingCustomer("01044440001", new Date("2026-01-02T00:00:00Z"));
    await consentingCustomer("01044440002", new Date("2026-01-02T00:00:00Z"));
    await consentingCustomer("01044440003", new Date("2026-11-20T00:00:00Z"));
    await db()
      .update(customers)
      .set({ marketingOptOutAt: new Date("2026-02-01T00:00:00Z") })
      .where(eq(customers.phone, "01044440002"));
    const cookie = await consoleCookie(manager);
    const csv = [
      "수신번호,수신거부일시",
      "010-4444-0001,2026-11-24 10:15:00",
      "01044440002,2026-11-24 11:00",
      "010-4444-0003,2026.11.01",
      "010-9999-0000,2026-11-24",
      "02-123-4567,2026-11-24",
      "010-4444-0001,2026-11-25",
      "010-4444-0001,2026-13-40",
    ].join("\r\n");
    const uploaded = await pageOutcome(() =>
      consentAction(consoleArgs("/admin/consent", cookie, { method: "POST", body: csvUpload(csv) })),
    );
    expect(uploaded.status, JSON.stringify(uploaded.data)).toBe(303);
    const listPath = uploaded.location!;
    const preview = await consentLoader(consoleArgs(listPath, cookie));
    expect(preview.preview?.rows.map((row) => [row.line, row.status])).toEqual([
      [2, "withdraw"],
      [3, "already"],
      [4, "consented-since"],
      [5, "unknown"],
      [6, "bad-number"],
      [7, "duplicate"],
      [8, "bad-date"],
    ]);
    // Nothing is recorded by the preview.
    expect(await marketingStanding(db(), "daegu", "01044440001")).toBe("consented");

    const listId = Number(new URL(listPath, DAEGU).searchParams.get("list"));
    const apply = new FormData();
    apply.set("intent", "apply");
    apply.set("listId", String(listId));
    const applied = await pageOutcome(() => consentAction(consoleArgs("/admin/consent", cookie, { method: "POST", body: apply })));
    expect(applied).toMatchObject({ status: 303, location: `/admin/consent?list=${listId}` });
    expect(await marketingStanding(db(), "daegu", "01044440001")).toBe("opted-out");
    expect(await marketingStanding(db(), "daegu", "01044440003")).toBe("consented");
    const [withdrawal] = (await ledgerOf("01044440001")).filter((row) => row.kind === "withdrawal");
    expect(withdrawal).toMatchObject({ via: "080-list", actorId: manager.id, at: new Date("2026-11-24T10:15:00+09:00") });
    expect((await outboxTo("01044440001")).map((text) => [text.purpose, text.advertising])).toEqual([["opt-out", false]]);
    expect(await outboxTo("01044440002")).toEqual([]);
    expect(await outboxTo("01099990000")).toEqual([]);
    expect(await db().select().from(customers).where(eq(customers.phone, "01099990000"))).toEqual([]);
    const records = await db().select().from(auditLog).where(eq(auditLog.action, "consent.upload")).orderBy(auditLog.id);
    expect(records.map((record) => record.detail)).toEqual([
      expect.objectContaining({ listId, stage: "read", rows: 7 }),
      expect.objectContaining({ listId, stage: "applied", withdrawn: 1, skipped: 6 }),
    ]);

    const done = await consentLoader(consoleArgs(listPath, cookie));
    expect(done.preview).toMatchObject({ appliedAt: expect.any(Date), rows: [], summary: { withdrawn: 1, skipped: 6 } });
    const twice = await pageOutcome(() => consentAction(consoleArgs("/admin/consent", cookie, { method: "POST", body: apply })));
    expect(twice.status).toBe(409);
    expect((await outboxTo("01044440001")).filter((text) => text.purpose === "opt-out")).toHaveLength(1);
  });

  test("an 080 list without a header, saved as EUC-KR with a Korean header, with notes and spaces in its headers, or with only numbers is read", async () => {
    await consentingCustomer("01044450001", new Date("2026-01-02T00:00:00Z"));
    const cookie = await consoleCookie(manager);
    const eucKr = Buffer.from([
      // "전화번호,날짜\r\n" in EUC-KR
      0xc0,
      0xfc,
      0xc8,
      0xad,
      0xb9,
      0xf8,
      0xc8,
      0xa3,
      0x2c,
      0xb3,
      0xaf,
      0xc2,
      0xa5,
      0x0d,
      0x0a,
      ...Buffer.from("01044450001,20261124\r\n"),
    ]);
    const notedHeaders = "\uFEFF수신번호 (필수),수신거부 일시\r\n010-4445-0001,2026-11-24 10:00\r\n";
    for (const file of [eucKr, notedHeaders, "01044450001,2026-11-24\n", "01044450001\n"]) {
      const uploaded = await pageOutcome(() =>
        consentAction(consoleArgs("/admin/consent", cookie, { method: "POST", body: csvUpload(file) })),
      );
      expect(uploaded.status).toBe(303);
      const preview = await consentLoader(consoleArgs(uploaded.location!, cookie));
      expect(preview.preview?.rows).toEqual([expect.objectContaining({ phone: "010-4445-0001", status: "withdraw" })]);
    }
  });

  test("the 080 page answers a post without a file, an empty list and a binary file beside the file field", async () => {
    const cookie = await consoleCookie(manager);
    const noFile = new FormData();
    noFile.set("intent", "upload");
    for (const [body, message] of [
      [noFile, "선택해 주세요"],
      [csvUpload("전화번호,날짜\n"), "읽을 수 있는 행이 없습니다"],
      [csvUpload(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x01])), "CSV"],
    ] as const) {
      const answer = await pageOutcome(() => consentAction(consoleArgs("/admin/consent", cookie, { method: "POST", body })));
      expect(answer.status).toBe(400);
      expect(answer.data).toMatchObject({ result: { error: { file: [expect.stringContaining(message)] } } });
    }
  });
});

test("an 080 list read but never applied is forgotten after a day, with the numbers it held", async () => {
  const cookie = await consoleCookie(manager);
  const uploaded = await pageOutcome(() =>
    consentAction(consoleArgs("/admin/consent", cookie, { method: "POST", body: csvUpload("01044460001,2026-11-24\n") })),
  );
  expect(uploaded.status).toBe(303);
  await forgetStaleOptOutLists(new Date(Date.now() + 60 * 60_000));
  expect(await db().select().from(optOutLists)).toHaveLength(1);
  await forgetStaleOptOutLists(new Date(Date.now() + 25 * 60 * 60_000));
  expect(await db().select().from(optOutLists)).toEqual([]);
});

describe("the two-year reconfirmation", () => {
  test("a two-year-old consent gets exactly one notice, however often and on however many instances the job runs", async () => {
    const now = new Date("2026-11-26T03:00:00Z");
    const given = new Date(now.getTime() - 2 * YEAR_MS - 86_400_000);
    await consentingCustomer("01055550001", given);
    await consentingCustomer("01055550002", new Date(now.getTime() - YEAR_MS));

    const [first, second] = await Promise.all([sendReconfirmationNotices(now), sendReconfirmationNotices(now)]);
    expect(first + second).toBe(1);
    expect(await sendReconfirmationNotices(now)).toBe(0);
    expect(await sendReconfirmationNotices(new Date(now.getTime() + 86_400_000))).toBe(0);

    const notices = await db().select().from(smsOutbox).where(eq(smsOutbox.purpose, "reconfirmation"));
    expect(notices).toHaveLength(1);
    const [notice] = notices;
    expect(notice).toMatchObject({ recipient: "01055550001", advertising: false });
    // The law's items: the sender, the date of consent, how to keep or withdraw it (the link, masked on screens, and the 080 number).
    expect(notice!.body).toContain("[동대구 온빛채 센트럴]");
    expect(notice!.body).toContain(given.toISOString().slice(0, 10));
    expect(notice!.body).toContain("080-000-0000");
    expect(notice!.body).toContain("(링크 가림)");
    expect(unsealText(notice!.sealedBody!)).toContain(optOutLinkFor(DAEGU, "daegu", "01055550001"));
    expect((await ledgerOf("01055550001")).map((row) => [row.kind, row.outboxId])).toEqual([
      ["consent", null],
      ["reconfirmation-notice", notice!.id],
    ]);
    expect(await ledgerOf("01055550002")).toHaveLength(1);

    // Two years after the notice, the next one (and the other consent's first).
    expect(await sendReconfirmationNotices(new Date(now.getTime() + 2 * YEAR_MS + 86_400_000))).toBe(2);
  });

  test("a withdrawn consent gets no notice", async () => {
    const now = new Date("2026-11-26T03:00:00Z");
    await consentingCustomer("01055550003", new Date(now.getTime() - 3 * YEAR_MS));
    await recordWithdrawal(db(), { site: "daegu", phone: "01055550003", via: "console", at: new Date(now.getTime() - YEAR_MS) }, { now });
    expect(await sendReconfirmationNotices(now)).toBe(0);
    expect(await db().select().from(smsOutbox).where(eq(smsOutbox.purpose, "reconfirmation"))).toEqual([]);
  });
});

// 정보통신망법 §50: a person who refused advertising is not sent it at another of their numbers.
describe("one customer with two numbers (merged)", () => {
  const DAY_MS = 86_400_000;
  const audiencePhones = async () => (await listAudience(db(), "daegu", EMPTY_AUDIENCE)).map((member) => member.phone).sort();

  test("a refusal by one number stops advertising to the other: its unsent advertising is withdrawn, its ledger says why, and only the number that asked is texted", async () => {
    const first = await consentingCustomer("01077770001", new Date(Date.now() - 2 * DAY_MS));
    const second = await consentingCustomer("01077770002", new Date(Date.now() - 2 * DAY_MS));
    expect(await mergeCustomers(acting(), first.customerId, second.customerId)).toBe("done");
    expect(await audiencePhones()).toEqual(["01077770001", "01077770002"]);
    // Written at 23:00, an advertising text to the second number waits for 08:00.
    const night = new Date(`${new Date().toISOString().slice(0, 10)}T23:00:00+09:00`);
    await textLead(acting(), second.leadId, { body: "분양 소식", advertising: true, template: undefined }, night);

    const refusal = await recordWithdrawal(db(), { site: "daegu", phone: "01077770001", via: "link", at: new Date() });
    expect(refusal).toMatchObject({ outcome: "withdrawn", withdrawnTexts: [expect.any(Number)] });

    expect(await marketingStanding(db(), "daegu", "01077770002")).toBe("opted-out");
    expect(await audiencePhones()).toEqual([]);
    expect((await outboxTo("01077770002")).map((text) => [text.purpose, text.status])).toEqual([["manual", "withdrawn"]]);
    expect((await outboxTo("01077770001")).map((text) => text.purpose)).toEqual(["opt-out"]);
    expect((await ledgerOf("01077770002")).map((row) => [row.kind, row.via])).toEqual([
      ["consent", "form"],
      ["withdrawal", "other-number"],
    ]);
    const cookie = await consoleCookie(manager);
    const view = await customerLoader(consoleArgs(`/admin/customers/${first.customerId}`, cookie));
    expect(view.consent.standing).toBe("opted-out");
    // The customer's page shows each number with its own ledger.
    expect(view.otherNumbers).toHaveLength(1);
    expect(view.otherNumbers[0]!.phone).toBe("010-7777-0002");
    expect(view.otherNumbers[0]!.consent.standing).toBe("opted-out");
    expect(view.otherNumbers[0]!.consent.sentences.map((sentence) => sentence.text.slice(17))).toEqual([
      "방문 예약 신청서에서 광고 수신 동의",
      "같은 고객의 다른 번호를 따라 광고 수신 철회",
    ]);
  });

  test("both numbers of one person withdrawing at the same moment are both answered, and each ends with one withdrawal", async () => {
    const people = await Promise.all(
      Array.from({ length: 10 }, async (_, index) => {
        const phones = [`0107778${String(index).padStart(2, "0")}01`, `0107778${String(index).padStart(2, "0")}02`] as const;
        const first = await consentingCustomer(phones[0], new Date(Date.now() - 2 * DAY_MS));
        const second = await consentingCustomer(phones[1], new Date(Date.now() - 2 * DAY_MS));
        expect(await mergeCustomers(acting(), first.customerId, second.customerId)).toBe("done");
        return phones;
      }),
    );
    const outcomes = await Promise.all(
      people.flatMap((phones) => phones.map((phone) => recordWithdrawal(db(), { site: "daegu", phone, via: "link", at: new Date() }))),
    );
    for (const outcome of outcomes) expect(["withdrawn", "already-withdrawn"]).toContain(outcome.outcome);
    for (const phone of people.flat()) {
      expect(await marketingStanding(db(), "daegu", phone)).toBe("opted-out");
      expect((await ledgerOf(phone)).filter((row) => row.kind === "withdrawal")).toHaveLength(1);
    }
  });

  test("merged into a customer who had refused, a number consented before the refusal stops receiving advertising; one that agreed after it keeps its consent", async () => {
    const refusedAt = new Date(Date.now() - DAY_MS);
    const kept = await consentingCustomer("01077770011", new Date(Date.now() - 3 * DAY_MS));
    await recordWithdrawal(db(), { site: "daegu", phone: "01077770011", via: "console", at: refusedAt });
    const before = await consentingCustomer("01077770012", new Date(Date.now() - 2 * DAY_MS));
    const after = await consentingCustomer("01077770013", new Date());
    expect(await audiencePhones()).toEqual(["01077770012", "01077770013"]);

    expect(await mergeCustomers(acting(), kept.customerId, before.customerId)).toBe("done");
    expect(await mergeCustomers(acting(), kept.customerId, after.customerId)).toBe("done");

    expect(await audiencePhones()).toEqual(["01077770013"]);
    expect(await marketingStanding(db(), "daegu", "01077770012")).toBe("opted-out");
    expect((await ledgerOf("01077770012")).map((row) => [row.kind, row.via, row.at])).toEqual([
      ["consent", "form", expect.any(Date)],
      ["withdrawal", "other-number", refusedAt],
    ]);
    expect(await marketingStanding(db(), "daegu", "01077770013")).toBe("consented");
    // Nobody merged is texted a confirmation: the person was told when they refused.
    expect((await outboxTo("01077770012")).map((text) => text.purpose)).toEqual([]);
  });
});

// PIPA §21: what was collected with a lead is destroyed with it, the phone number included.
describe("when every lead of a person is destroyed", () => {
  test("their numbers and consent ledger go with the leads; a number that refused keeps its refusal, alone; a later lead of it is stored", async () => {
    const now = new Date();
    const longAgo = new Date(now.getTime() - 400 * 24 * 60 * 60 * 1000);
    const refusedAt = new Date(now.getTime() - 300 * 24 * 60 * 60 * 1000);
    await consentingCustomer("01088880001", longAgo);
    await consentingCustomer("01088880002", longAgo);
    await recordWithdrawal(db(), { site: "daegu", phone: "01088880002", via: "link", at: refusedAt }, { now: refusedAt });
    // One person, two numbers: the one kept never agreed to advertising, the merged one refused.
    const kept = await consentingCustomer("01088880003", longAgo, "daegu", { marketing: false });
    const merged = await consentingCustomer("01088880004", longAgo);
    expect(await mergeCustomers(acting(), kept.customerId, merged.customerId, longAgo)).toBe("done");
    await recordWithdrawal(db(), { site: "daegu", phone: "01088880004", via: "console", at: refusedAt }, { now: refusedAt });
    await consentingCustomer("01088880005", now);

    const report = await purgeExpiredLeads({ now, sites: [sitePacks.daegu!] });
    expect(report).toMatchObject({ deleted: 4, customers: 2 });

    const left = await db().select().from(customers).orderBy(customers.phone);
    expect(left.map((row) => [row.phone, row.marketingOptOutAt !== null, row.mergedIntoId])).toEqual([
      ["01088880002", true, null],
      ["01088880004", true, null],
      ["01088880005", false, null],
    ]);
    const ledger = await db().select().from(marketingConsentEvents).orderBy(marketingConsentEvents.phone, marketingConsentEvents.id);
    expect(ledger.map((row) => [row.phone, row.kind])).toEqual([
      ["01088880002", "withdrawal"],
      ["01088880004", "withdrawal"],
      ["01088880005", "consent"],
    ]);

    // The refused number stands alone, so its next form makes a lead of its own customer.
    const again = filledForm("inquiry", { phone: "01088880004" });
    expect((await submitJson("inquiry", again)).status).toBe(200);
    const [lead] = await db().select().from(leads).where(eq(leads.phone, "01088880004"));
    expect(lead!.customerId).toBe(left[1]!.id);
  });
});

describe("the customer view", () => {
  test("shows the consent history in sentences and the standing; another site's staff cannot see it", async () => {
    const phone = "01066660001";
    const { customerId } = await consentingCustomer(phone, new Date("2026-11-25T05:02:00Z"));
    await recordWithdrawal(db(), { site: "daegu", phone, via: "080-list", at: new Date("2026-11-26T01:00:00Z") });
    const cookie = await consoleCookie(manager);
    const view = await customerLoader(consoleArgs(`/admin/customers/${customerId}`, cookie));
    expect(view.consent.standing).toBe("opted-out");
    expect(view.consent.sentences.map((sentence) => sentence.text)).toEqual([
      "2026-11-25 14:02 방문 예약 신청서에서 광고 수신 동의",
      "2026-11-26 10:00 080 수신거부 목록으로 광고 수신 철회",
    ]);

    const suwonManager = await addStaff({ email: "suwon@example.com", role: "manager", sites: ["suwon"] });
    const suwonCookie = await consoleCookie(suwonManager, "suwon");
    const request = new Request(`${SUWON}/admin/customers/${customerId}`, { headers: { Cookie: suwonCookie } });
    const elsewhere = await pageOutcome(() =>
      customerLoader({
        request,
        url: new URL(request.url),
        pattern: "",
        params: { id: String(customerId) },
        context: routeContext(request.url),
      }),
    );
    expect(elsewhere.status).toBe(404);
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "customer.view"), eq(auditLog.site, "suwon"))),
    ).toEqual([]);
  });
});
