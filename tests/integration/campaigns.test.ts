import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { countAudience, listAudience } from "#app/.server/campaigns/audience.ts";
import { controlCampaign, createCampaign, getCampaign, sendCampaign, sendTestText } from "#app/.server/campaigns/campaigns.ts";
import { advanceCampaigns } from "#app/.server/campaigns/pacing.ts";
import { setPrices } from "#app/.server/campaigns/prices.ts";
import { withdrawByLink } from "#app/.server/consent/link.ts";
import { db } from "#app/.server/db.ts";
import { destroyLeads } from "#app/.server/leads/bin.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { enqueueSms } from "#app/.server/outbox/queue.ts";
import { deliverDueMessages } from "#app/.server/outbox/worker.ts";
import {
  admins,
  auditLog,
  blockedPhones,
  campaignRecipients,
  campaigns,
  customers,
  leads,
  smsOutbox,
  visitBookings,
  visitSlots,
} from "#app/.server/schema.ts";
import { unsealText } from "#app/.server/sealed.ts";
import { marketingStanding } from "#app/.server/sms/advertising.ts";
import { logProvider } from "#app/.server/sms/log.ts";
import { EMPTY_AUDIENCE, readAudience, type CampaignAudience } from "#app/forms/campaigns.ts";
import { action as campaignActionRaw, loader as campaignLoaderRaw } from "#app/routes/admin/campaigns/campaign.tsx";
import { action as campaignsActionRaw, loader as campaignsLoaderRaw } from "#app/routes/admin/campaigns/campaigns.tsx";
import { loader as leadLoaderRaw } from "#app/routes/admin/leads/lead.tsx";
import { viaConsole } from "#tests/console-call.ts";
import { withTestDatabase } from "#tests/db.ts";
import { routeContext } from "#tests/route-context.ts";
import { addStaff, consoleCookie, type TestStaff } from "#tests/staff.ts";

const campaignAction = viaConsole(campaignActionRaw);
const campaignLoader = viaConsole(campaignLoaderRaw);
const campaignsAction = viaConsole(campaignsActionRaw);
const campaignsLoader = viaConsole(campaignsLoaderRaw);
const leadLoader = viaConsole(leadLoaderRaw);

const HERE = "http://localhost:3000";
const THERE = "http://there.localhost:3000";
setEnv(parseEnv({ SITES: `daegu@${HERE},suwon@${THERE}`, SESSION_SECRET: "campaigns-integration-test-secret-0123456789" }));

withTestDatabase();

let manager: TestStaff;
let counsellor: TestStaff;

beforeEach(async () => {
  manager = await addStaff({ email: "manager@example.com", role: "manager", name: "박지민" });
  counsellor = await addStaff({ email: "counsellor@example.com", role: "counsellor" });
});

const acting = (staff: TestStaff = manager) => ({ site: "daegu", actor: staff, clientAddress: "203.0.113.9" });
const kst = (iso: string) => new Date(`${iso}+09:00`);
/** An afternoon, when advertising may go. */
const AFTERNOON = kst("2026-12-01T14:00:00");
const provider = logProvider(() => {});

function routeArgs(path: string, init: RequestInit & { cookie?: string; origin?: string } = {}) {
  const origin = init.origin ?? HERE;
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  const request = new Request(new URL(path, origin), { ...init, headers });
  const id = /^\/admin\/(?:campaigns|leads)\/(\d+)/.exec(new URL(request.url).pathname)?.[1];
  return { request, url: new URL(request.url), params: { id: id ?? "" }, context: routeContext(request.url) };
}

function post(path: string, fields: Record<string, string>, cookie: string, origin = HERE) {
  return routeArgs(path, { method: "POST", body: new URLSearchParams(fields), headers: { Origin: origin }, cookie, origin });
}

/** What a data function answered, whether it returned or threw. */
async function outcome(run: () => unknown) {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, headers: result.headers, data: undefined };
  if (result && typeof result === "object" && "type" in result && result.type === "DataWithResponseInit") {
    const { init, data } = result as unknown as { init: ResponseInit | null; data: unknown };
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), data };
  }
  return { status: 200, headers: new Headers(), data: result };
}

let phones = 0;
/** A lead of daegu; with `consent`, it ticked the marketing box a day before AFTERNOON. */
async function addLead({ consent = true, phone, ...values }: Partial<typeof leads.$inferInsert> & { consent?: boolean } = {}) {
  phones += 1;
  const [row] = await db()
    .insert(leads)
    .values({
      submissionId: crypto.randomUUID(),
      kind: "interest",
      site: "daegu",
      name: "김하늘",
      phone: phone ?? `0108888${String(phones).padStart(4, "0")}`,
      consentVersion: "test",
      consentedAt: kst("2026-11-30T10:00:00"),
      marketingConsentAt: consent ? kst("2026-11-30T10:00:00") : null,
      sourcePath: "/",
      createdAt: kst("2026-11-30T10:00:00"),
      ...values,
    })
    .returning();
  return row!;
}

async function optOut(phone: string, at: Date) {
  await db()
    .insert(customers)
    .values({ site: "daegu", phone, marketingOptOutAt: at })
    .onConflictDoUpdate({ target: [customers.site, customers.phone], set: { marketingOptOutAt: at } });
}

const audience = (filters: Partial<CampaignAudience> = {}): CampaignAudience => ({ ...EMPTY_AUDIENCE, ...filters });

async function draft(filters: Partial<CampaignAudience> = {}, body = "견본주택이 12월 5일 문을 엽니다.") {
  return createCampaign(acting(), { title: "견본주택 오픈", body, audience: audience(filters) }, AFTERNOON);
}

async function sendNow(id: number, now = AFTERNOON) {
  const campaign = await getCampaign("daegu", id);
  const expectedCount = await countAudience(db(), "daegu", readAudience(campaign!.audience));
  return sendCampaign(acting(), id, { when: "now", day: "", time: "", expectedCount }, now);
}

async function recipientsOf(id: number) {
  return db().select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, id)).orderBy(asc(campaignRecipients.id));
}

async function campaignTexts() {
  return db().select().from(smsOutbox).where(eq(smsOutbox.purpose, "campaign")).orderBy(asc(smsOutbox.id));
}

/** Sends everything due, as the outbox worker would, until nothing is left. */
async function deliverAll(now: Date) {
  while ((await deliverDueMessages({ provider, workerId: "test", now, batchSize: 50 })).claimed > 0);
}

describe("who a campaign reaches", () => {
  test("exactly the consenting, non-withdrawn, non-blocked leads of the site, one per phone", async () => {
    const consenting = await addLead();
    // The same phone twice: one recipient, through its newest lead.
    await addLead({ phone: "01077770001", createdAt: kst("2026-11-29T10:00:00") });
    const newest = await addLead({ phone: "01077770001", consent: false, kind: "visit" });
    await addLead({ consent: false });
    await addLead({ spam: true });
    await addLead({ deletedAt: AFTERNOON });
    await addLead({ site: "suwon" });
    const withdrew = await addLead();
    await optOut(withdrew.phone, kst("2026-11-30T12:00:00"));
    // Withdrew, then agreed again on a later form: it counts.
    const again = await addLead({ phone: "01077770002", marketingConsentAt: kst("2026-11-20T10:00:00") });
    await optOut(again.phone, kst("2026-11-25T10:00:00"));
    await addLead({ phone: "01077770002" });
    const blocked = await addLead();
    await db().insert(blockedPhones).values({ site: "daegu", phone: blocked.phone, reason: "장난 접수" });

    const members = await listAudience(db(), "daegu", audience());
    expect(members.map((member) => member.phone).sort()).toEqual(["01077770001", "01077770002", consenting.phone].sort());
    expect(members.find((member) => member.phone === "01077770001")?.leadId).toBe(newest.id);
    expect(await countAudience(db(), "daegu", audience())).toBe(3);
  });

  test("the filters narrow it by form, status, campaign source, date and visit", async () => {
    const naver = await addLead({ kind: "visit", utmSource: "naver", utmCampaign: "open", status: "contacted" });
    const early = await addLead({ createdAt: kst("2026-11-01T10:00:00") });
    const visited = await addLead({ status: "visited" });
    const booked = await addLead();
    const [slot] = await db()
      .insert(visitSlots)
      .values({ site: "daegu", day: "2026-11-30", startsAt: kst("2026-11-30T11:00:00"), endsAt: kst("2026-11-30T12:00:00"), capacity: 5 })
      .returning({ id: visitSlots.id });
    await db()
      .insert(visitBookings)
      .values({ site: "daegu", slotId: slot!.id, leadId: booked.id, name: "김하늘", phone: booked.phone, status: "visited" });
    const phonesOf = async (filters: Partial<CampaignAudience>) =>
      (await listAudience(db(), "daegu", audience(filters))).map((member) => member.phone).sort();

    expect(await phonesOf({ kind: "visit" })).toEqual([naver.phone]);
    expect(await phonesOf({ status: "contacted" })).toEqual([naver.phone]);
    expect(await phonesOf({ utmSource: "naver", utmCampaign: "open" })).toEqual([naver.phone]);
    expect(await phonesOf({ from: "2026-10-31", to: "2026-11-01" })).toEqual([early.phone]);
    expect(await phonesOf({ visited: "yes" })).toEqual([visited.phone, booked.phone].sort());
    expect(await phonesOf({ visited: "no" })).toEqual([naver.phone, early.phone].sort());
  });
});

describe("sending a campaign", () => {
  test("the audience is evaluated again as it is sent: whoever withdrew or was blocked meanwhile is skipped and counted", async () => {
    const stays = await addLead();
    const withdraws = await addLead();
    const blocked = await addLead();
    const id = await draft();
    expect(await sendNow(id)).toMatchObject({ outcome: "sending", audienceCount: 3 });
    await optOut(withdraws.phone, kst("2026-12-01T14:01:00"));
    await db().insert(blockedPhones).values({ site: "daegu", phone: blocked.phone });

    await advanceCampaigns({ now: kst("2026-12-01T14:02:00") });
    const texts = await campaignTexts();
    expect(texts.map((text) => text.recipient)).toEqual([stays.phone]);
    expect(texts[0]).toMatchObject({ advertising: true, leadId: stays.id, status: "pending" });
    expect(texts[0]!.body.startsWith("(광고)")).toBe(true);
    expect(texts[0]!.body.endsWith("무료수신거부 080-000-0000")).toBe(true);
    const campaign = await getCampaign("daegu", id);
    expect(campaign).toMatchObject({ skippedCount: 2, audienceCount: 3 });
    expect((await recipientsOf(id)).map((recipient) => recipient.state).sort()).toEqual(["queued", "skipped", "skipped"]);

    await deliverAll(kst("2026-12-01T14:02:30"));
    await advanceCampaigns({ now: kst("2026-12-01T14:03:00") });
    expect((await getCampaign("daegu", id))?.status).toBe("done");
  });

  test("a campaign sent or scheduled at night is held to 08:00 KST, and nothing moves before then", async () => {
    await addLead();
    const night = kst("2026-12-01T22:30:00");
    const now = await draft();
    expect(await sendNow(now, night)).toMatchObject({ outcome: "scheduled", sendAt: kst("2026-12-02T08:00:00") });
    const later = await draft();
    const scheduled = await sendCampaign(acting(), later, { when: "later", day: "2026-12-02", time: "06:30", expectedCount: 1 }, AFTERNOON);
    expect(scheduled).toMatchObject({ outcome: "scheduled", sendAt: kst("2026-12-02T08:00:00") });

    await advanceCampaigns({ now: kst("2026-12-02T07:59:00") });
    expect(await campaignTexts()).toEqual([]);
    await advanceCampaigns({ now: kst("2026-12-02T08:00:00") });
    expect(await campaignTexts()).toHaveLength(2);
    expect((await getCampaign("daegu", now))?.status).toBe("sending");
  });

  test("a time already past is refused beside the time; a changed count is shown again, not sent", async () => {
    await addLead();
    const id = await draft();
    expect(await sendCampaign(acting(), id, { when: "later", day: "2026-12-01", time: "09:00", expectedCount: 1 }, AFTERNOON)).toEqual({
      outcome: "past",
    });
    expect(await sendCampaign(acting(), id, { when: "now", day: "", time: "", expectedCount: 5 }, AFTERNOON)).toEqual({
      outcome: "count-changed",
      audienceCount: 1,
    });
    expect((await getCampaign("daegu", id))?.status).toBe("draft");
    expect(await recipientsOf(id)).toEqual([]);
  });

  test("paused, its unsent texts come back out of the outbox and no batch moves; resumed, it carries on to the end", async () => {
    for (let i = 0; i < 5; i++) await addLead();
    const id = await draft();
    await sendNow(id);
    await advanceCampaigns({ now: AFTERNOON, batchSize: 2 });
    expect(await campaignTexts()).toHaveLength(2);

    expect(await controlCampaign(acting(), id, "pause", AFTERNOON)).toEqual({ outcome: "done", withdrawn: 2 });
    expect(await campaignTexts()).toEqual([]);
    expect((await recipientsOf(id)).every((recipient) => recipient.state === "waiting" && recipient.outboxId === null)).toBe(true);
    await advanceCampaigns({ now: AFTERNOON, batchSize: 2 });
    expect(await campaignTexts()).toEqual([]);
    expect(await controlCampaign(acting(), id, "pause", AFTERNOON)).toEqual({ outcome: "not-allowed" });

    await controlCampaign(acting(), id, "resume", AFTERNOON);
    for (let round = 0; round < 5; round++) {
      await advanceCampaigns({ now: AFTERNOON, batchSize: 2 });
      await deliverAll(AFTERNOON);
    }
    const texts = await campaignTexts();
    expect(texts).toHaveLength(5);
    expect(new Set(texts.map((text) => text.recipient)).size).toBe(5);
    expect(texts.every((text) => text.status === "sent")).toBe(true);
    expect((await getCampaign("daegu", id))?.status).toBe("done");
  });

  test("cancelled, nothing more is sent: what was in the outbox is withdrawn and the rest is marked not sent", async () => {
    for (let i = 0; i < 4; i++) await addLead();
    const id = await draft();
    await sendNow(id);
    await advanceCampaigns({ now: AFTERNOON, batchSize: 1 });
    await deliverAll(AFTERNOON);
    await advanceCampaigns({ now: AFTERNOON, batchSize: 1 });

    expect(await controlCampaign(acting(), id, "cancel", AFTERNOON)).toEqual({ outcome: "done", withdrawn: 1 });
    await advanceCampaigns({ now: AFTERNOON, batchSize: 1 });
    await deliverAll(AFTERNOON);
    expect((await campaignTexts()).map((text) => text.status)).toEqual(["sent"]);
    expect((await recipientsOf(id)).map((recipient) => recipient.state)).toEqual(["queued", "cancelled", "cancelled", "cancelled"]);
    expect((await getCampaign("daegu", id))?.status).toBe("cancelled");
  });

  test("a confirmation queued while a 200-recipient campaign is sending goes before the campaign's remaining texts", async () => {
    await db()
      .insert(leads)
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          submissionId: crypto.randomUUID(),
          kind: "interest" as const,
          site: "daegu",
          name: "김하늘",
          phone: `0106666${String(i).padStart(4, "0")}`,
          consentVersion: "test",
          consentedAt: kst("2026-11-30T10:00:00"),
          marketingConsentAt: kst("2026-11-30T10:00:00"),
          sourcePath: "/",
        })),
      );
    const id = await draft();
    expect(await sendNow(id)).toMatchObject({ outcome: "sending", audienceCount: 200 });
    await advanceCampaigns({ now: AFTERNOON });
    await deliverDueMessages({ provider, workerId: "test", now: AFTERNOON, batchSize: 10 });
    // The pacer keeps the outbox to one batch of the campaign.
    expect((await campaignTexts()).length).toBe(100);

    const lead = await addLead({ consent: false });
    // Queued after the campaign's batch, so due after it too.
    const later = kst("2026-12-01T14:00:05");
    await enqueueSms(
      db(),
      [{ site: "daegu", leadId: lead.id, purpose: "confirmation", recipient: lead.phone, body: "접수되었습니다.", nextAttemptAt: later }],
      { now: later },
    );
    await deliverDueMessages({ provider, workerId: "test", now: later, batchSize: 10 });
    const [confirmation] = await db().select().from(smsOutbox).where(eq(smsOutbox.purpose, "confirmation"));
    expect(confirmation?.status).toBe("sent");
    const statuses = (await campaignTexts()).map((text) => text.status);
    // Seen once on PostgreSQL (CI, 2026-11-27): none pending. The statuses say where they went, if it recurs.
    const byStatus = Object.fromEntries(
      [...new Set(statuses)].map((status) => [status, statuses.filter((each) => each === status).length]),
    );
    expect(byStatus.pending ?? 0, JSON.stringify(byStatus)).toBeGreaterThan(0);
    expect((await recipientsOf(id)).filter((recipient) => recipient.state === "waiting")).toHaveLength(100);
  });
});

test("destroying a lead takes its campaign recipient, and the number in it, along", async () => {
  const kept = await addLead();
  const destroyed = await addLead();
  const id = await draft();
  await sendNow(id);
  await db().transaction((tx) => destroyLeads(tx, "daegu", [destroyed.id], "retention", AFTERNOON));
  expect((await recipientsOf(id)).map((recipient) => recipient.phone)).toEqual([kept.phone]);
});

test("each text carries its recipient's own opt-out link, sealed in the outbox and masked on screens, and the link withdraws that number only", async () => {
  await addLead();
  await addLead();
  const id = await draft();
  await sendNow(id);
  await advanceCampaigns({ now: AFTERNOON });
  const texts = await campaignTexts();
  expect(texts).toHaveLength(2);
  const tokens = texts.map((text) => {
    expect(text.body).not.toMatch(/optout/);
    const sent = unsealText(text.sealedBody!)!;
    expect(sent.endsWith("무료수신거부 080-000-0000")).toBe(true);
    return /\/daegu\/optout\/(\S+)\n/.exec(sent)![1]!;
  });
  expect(tokens[0]).not.toBe(tokens[1]);

  expect(await withdrawByLink("daegu", tokens[0]!, AFTERNOON)).toMatchObject({ outcome: "withdrawn" });
  expect(await marketingStanding(db(), "daegu", texts[0]!.recipient)).toBe("opted-out");
  expect(await marketingStanding(db(), "daegu", texts[1]!.recipient)).toBe("consented");
});

describe("the campaign page", () => {
  test("estimated cost before sending from the office's unit prices, actual cost after from what was sent (every campaign is an LMS: its opt-out link alone passes 90 bytes)", async () => {
    for (let i = 0; i < 3; i++) await addLead();
    await setPrices(acting(), { smsPrice: 20, lmsPrice: 50 });
    const cookie = await consoleCookie(manager);
    const short = await draft({}, "12월 5일 오픈");
    const long = await draft(
      {},
      "견본주택이 12월 5일 토요일 오전 10시에 문을 엽니다. 방문 예약을 하시면 기다리지 않고 상담을 받으실 수 있습니다.",
    );
    const pageOf = async (id: number) =>
      (await outcome(() => campaignLoader(routeArgs(`/admin/campaigns/${id}`, { cookie })))).data as Awaited<
        ReturnType<typeof campaignLoader>
      >;

    expect((await pageOf(short)).campaign.length.type).toBe("LMS");
    expect((await pageOf(short)).cost).toEqual({ estimated: 150, actual: null });
    expect((await pageOf(long)).campaign.length.type).toBe("LMS");
    expect((await pageOf(long)).cost).toEqual({ estimated: 150, actual: null });

    await sendNow(long);
    // A later price change does not rewrite what a sent campaign cost.
    await setPrices(acting(), { smsPrice: 30, lmsPrice: 90 });
    await advanceCampaigns({ now: AFTERNOON });
    await deliverAll(AFTERNOON);
    const sent = await pageOf(long);
    expect(sent.progress).toMatchObject({ total: 3, sent: 3, delivered: 3, failed: 0, remaining: 0 });
    expect(sent.cost).toEqual({ estimated: 150, actual: 150 });
  });

  test("a recipient's text and its receipt are on the campaign page and in the lead's history", async () => {
    const lead = await addLead();
    const cookie = await consoleCookie(manager);
    const id = await draft();
    await sendNow(id);
    await advanceCampaigns({ now: AFTERNOON });
    await deliverAll(AFTERNOON);

    const page = (await outcome(() => campaignLoader(routeArgs(`/admin/campaigns/${id}`, { cookie })))).data as Awaited<
      ReturnType<typeof campaignLoader>
    >;
    expect(page.recipients).toEqual([
      expect.objectContaining({ leadId: lead.id, message: expect.objectContaining({ status: "sent", receiptState: "delivered" }) }),
    ]);
    const leadPage = (await outcome(() => leadLoader(routeArgs(`/admin/leads/${lead.id}`, { cookie })))).data as Awaited<
      ReturnType<typeof leadLoader>
    >;
    expect(leadPage.texts.messages).toEqual([
      expect.objectContaining({ purpose: "campaign", advertising: true, receiptState: "delivered" }),
    ]);
  });

  test("every campaign action is an access record with the audience count", async () => {
    await addLead();
    await addLead();
    const cookie = await consoleCookie(manager);
    const created = await outcome(() =>
      campaignsAction(post("/admin/campaigns", { intent: "create", title: "오픈 안내", body: "견본주택 오픈" }, cookie)),
    );
    expect(created.status).toBe(303);
    const [campaign] = await db().select().from(campaigns);
    const path = `/admin/campaigns/${campaign!.id}`;
    expect(created.headers.get("Location")).toBe(`${path}?done=created`);
    expect((await outcome(() => campaignAction(post(path, { intent: "test", phone: "010-1234-5678" }, cookie)))).status).toBe(303);
    expect(
      (await outcome(() => campaignAction(post(path, { intent: "send", when: "now", day: "", time: "", expectedCount: "2" }, cookie))))
        .status,
    ).toBe(303);
    for (const intent of ["pause", "resume", "cancel"]) {
      expect((await outcome(() => campaignAction(post(path, { intent }, cookie)))).status).toBe(303);
    }
    const records = await db().select().from(auditLog).where(eq(auditLog.adminId, manager.id)).orderBy(asc(auditLog.id));
    const actions = records.filter((record) => record.action.startsWith("campaign."));
    expect(actions.map((record) => record.action)).toEqual([
      "campaign.create",
      "campaign.test",
      "campaign.send",
      "campaign.pause",
      "campaign.resume",
      "campaign.cancel",
    ]);
    for (const record of actions) expect(record.detail).toMatchObject({ campaignId: campaign!.id, audienceCount: 2 });
    const [test] = await db().select().from(smsOutbox).where(eq(smsOutbox.purpose, "campaign-test"));
    expect(test).toMatchObject({ recipient: "01012345678", advertising: true, leadId: null });
  });

  test("a test goes to the sender's own mobile when none is typed, and without one the phone field says what is missing", async () => {
    await addLead();
    const id = await draft();
    const withMobile = await addStaff({ email: "mobile@example.com", role: "owner" });
    await db().update(admins).set({ mobile: "01098765432" }).where(eq(admins.id, withMobile.id));
    const sent = await sendTestText(acting(withMobile), id, "", AFTERNOON);
    expect(sent).toEqual({ outcome: "queued", phone: "01098765432", sendsAt: null });

    const cookie = await consoleCookie(manager);
    const refused = await outcome(() => campaignAction(post(`/admin/campaigns/${id}`, { intent: "test", phone: "" }, cookie)));
    expect(refused.status).toBe(400);
    expect((refused.data as { result: { error: Record<string, string[]> } }).result.error.phone).toEqual([
      "시험 문자를 받을 휴대전화 번호를 입력해 주세요.",
    ]);
  });

  test("a message with its own (광고) mark, or too long with the marks, is refused beside the body with a 400", async () => {
    const cookie = await consoleCookie(manager);
    const typedMark = await outcome(() =>
      campaignsAction(post("/admin/campaigns", { intent: "create", title: "안내", body: "(광고) 오픈 안내" }, cookie)),
    );
    expect(typedMark.status).toBe(400);
    expect((typedMark.data as { result: { error: Record<string, string[]> } }).result.error.body?.[0]).toContain("직접 쓰지 마세요");
    const tooLong = await outcome(() =>
      campaignsAction(post("/admin/campaigns", { intent: "create", title: "안내", body: "가".repeat(990) }, cookie)),
    );
    expect(tooLong.status).toBe(400);
    expect((tooLong.data as { result: { error: Record<string, string[]> } }).result.error.body?.[0]).toContain("2,000바이트");
    expect(await db().select().from(campaigns)).toEqual([]);
  });

  test("the 대상 확인 step answers the count for the filters", async () => {
    await addLead({ kind: "visit" });
    await addLead();
    const cookie = await consoleCookie(manager);
    const counted = await outcome(() => campaignsAction(post("/admin/campaigns", { intent: "count", kind: "visit" }, cookie)));
    expect(counted.status).toBe(200);
    expect(counted.data).toMatchObject({ intent: "count", count: 1 });
  });

  test("a counsellor cannot open or send campaigns", async () => {
    await addLead();
    const id = await draft();
    const cookie = await consoleCookie(counsellor);
    expect((await outcome(() => campaignsLoader(routeArgs("/admin/campaigns", { cookie })))).status).toBe(403);
    expect((await outcome(() => campaignLoader(routeArgs(`/admin/campaigns/${id}`, { cookie })))).status).toBe(403);
    const sent = await outcome(() =>
      campaignAction(post(`/admin/campaigns/${id}`, { intent: "send", when: "now", expectedCount: "1" }, cookie)),
    );
    expect(sent.status).toBe(403);
    expect((await getCampaign("daegu", id))?.status).toBe("draft");
  });

  test("another site's manager can neither see nor touch this site's campaign", async () => {
    await addLead();
    const id = await draft();
    const elsewhere = await addStaff({ email: "suwon@example.com", role: "manager", sites: ["suwon"] });
    const cookie = await consoleCookie(elsewhere, "suwon");
    expect((await outcome(() => campaignLoader(routeArgs(`/admin/campaigns/${id}`, { cookie, origin: THERE })))).status).toBe(404);
    const list = (await outcome(() => campaignsLoader(routeArgs("/admin/campaigns", { cookie, origin: THERE })))).data as Awaited<
      ReturnType<typeof campaignsLoader>
    >;
    expect(list.campaigns).toEqual([]);
    for (const intent of ["cancel", "pause"]) {
      expect((await outcome(() => campaignAction(post(`/admin/campaigns/${id}`, { intent }, cookie, THERE)))).status).toBe(404);
    }
    const sent = await outcome(() =>
      campaignAction(post(`/admin/campaigns/${id}`, { intent: "send", when: "now", expectedCount: "1" }, cookie, THERE)),
    );
    expect(sent.status).toBe(404);
    // On this site's host their session is no session.
    expect((await outcome(() => campaignLoader(routeArgs(`/admin/campaigns/${id}`, { cookie })))).status).toBe(302);
    expect((await getCampaign("daegu", id))?.status).toBe("draft");
  });
});
