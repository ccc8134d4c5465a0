import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { reviewAdCopy } from "#app/.server/content/ad-copy.ts";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { auditLog, noticePopups, pressArticles, scheduleEntries, siteSettings } from "#app/.server/schema.ts";
import { AD_COPY_CONFIRM_FIELD, AD_COPY_MESSAGES, RISKY_PHRASES, type RiskyPhraseId } from "#app/forms/ad-copy.ts";
import { renderedField } from "#tests/console-form-html.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { withTestDatabase } from "#tests/db.ts";
import { addTeam, consoleCookie } from "#tests/staff.ts";

/**
 * The ad-copy check in each console editor (issue #31), over HTTP as a browser without scripts
 * posts: a risky phrase holds the save back with the warning beside its field until an owner or a
 * manager confirms it, and the confirmation is an access record.
 */

withTestDatabase();
let app: TestApp;
let HERE: string;

beforeAll(async () => {
  app = await startTestApp();
  HERE = `http://here.localhost:${app.port}`;
});
afterAll(() => app.close());

let team: Awaited<ReturnType<typeof addTeam>>;
let manager: string;
let owner: string;
let counsellor: string;

beforeEach(async () => {
  setEnv(parseEnv({ SITES: `daegu@${HERE}`, TRUST_PROXY: "1" }));
  team = await addTeam();
  manager = await consoleCookie(team.manager);
  owner = await consoleCookie(team.owner);
  counsellor = await consoleCookie(team.counsellor);
});

/** One text per phrase of the list, as an office might write it. */
const EXAMPLES: Record<RiskyPhraseId, string> = {
  "guaranteed-return": "연 6% 확정수익 오피스텔",
  "return-guarantee": "임대 수익 보장 상품",
  "principal-guarantee": "원금 보장 조건",
  "capital-gain-guarantee": "입주 후 시세차익 보장",
  "premium-guarantee": "분양권 프리미엄 보장",
  "rent-guarantee": "2년 책임임대 시행",
  unconditional: "무조건 당첨되는 잔여세대",
  "hundred-percent": "100% 당첨 기회",
  "closing-soon": "잔여세대 마감 임박",
  "sold-out-soon": "완판 임박 잔여 소량",
  "transit-plan": "도시철도 연장 예정 역세권",
  "walking-time": "신천역 도보 5분 초역세권",
  "exclusive-claim": "대구 최초 스카이 라운지",
  lottery: "로또 분양 단지",
};

function post(path: string, form: Record<string, string>, cookie: string) {
  return app.fetch(path, {
    method: "POST",
    headers: {
      Host: new URL(HERE).host,
      "X-Forwarded-For": "198.51.100.40",
      Accept: "text/html",
      Origin: HERE,
      Cookie: cookie,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(form).toString(),
  });
}

/** Each editor: where it posts, a harmless post, the field a phrase goes in, and the rows it saves. */
const EDITORS = {
  press: {
    path: "/admin/press/new",
    form: { intent: "save", title: "견본주택 개관 안내", summary: "11월 28일 견본주택을 엽니다.", content: "", publication: "now" },
    field: "content",
    rows: async () => (await db().select({ n: count() }).from(pressArticles))[0]!.n,
  },
  popup: {
    path: "/admin/popups/new",
    form: {
      intent: "save",
      title: "견본주택 오픈",
      body: "11월 28일 10시에 엽니다.",
      linkUrl: "",
      startDay: "2026-11-01",
      startTime: "09:00",
      endDay: "2099-12-31",
      endTime: "18:00",
      sortOrder: "0",
      devices: "all",
    },
    field: "body",
    rows: async () => (await db().select({ n: count() }).from(noticePopups))[0]!.n,
  },
  schedule: {
    path: "/admin/schedule",
    form: { title: "1순위 청약", startsOn: "2026-12-08", endsOn: "", note: "" },
    field: "note",
    rows: async () => (await db().select({ n: count() }).from(scheduleEntries))[0]!.n,
  },
  "site-settings": {
    path: "/admin/site-settings",
    form: { intent: "save", remainingUnitsLine: "" },
    field: "remainingUnitsLine",
    rows: async () => {
      const [row] = await db().select({ values: siteSettings.values }).from(siteSettings).where(eq(siteSettings.site, "daegu"));
      return Object.keys(row?.values ?? {}).length;
    },
  },
} as const;

const confirmations = () => db().select().from(auditLog).where(eq(auditLog.action, "content.ad-copy-confirm"));

describe.each(Object.entries(EDITORS))("the %s editor", (place, editor) => {
  test("holds back every risky phrase with its warning beside the field and asks for a manager's confirmation", async () => {
    for (const entry of RISKY_PHRASES) {
      const response = await post(editor.path, { ...editor.form, [editor.field]: EXAMPLES[entry.id] }, manager);
      expect(response.status, entry.id).toBe(400);
      const html = await response.text();
      const field = renderedField(html, editor.field);
      expect(field.value, entry.id).toBe(EXAMPLES[entry.id]);
      expect(field.errors.join(" "), entry.id).toContain(entry.reason);
      expect(renderedField(html, AD_COPY_CONFIRM_FIELD).errors, entry.id).toEqual([AD_COPY_MESSAGES.confirmNeeded]);
    }
    expect(await editor.rows()).toBe(0);
  });

  test("saves harmless words without asking anything", async () => {
    const response = await post(editor.path, { ...editor.form, [editor.field]: "견본주택은 예약제로 운영합니다." }, manager);
    expect(response.status).toBe(303);
    expect(await editor.rows()).toBe(1);
    expect(await confirmations()).toHaveLength(0);
  });

  test("an owner or a manager who confirms publishes it, and the confirmation is recorded with the phrases", async () => {
    const words = EXAMPLES["walking-time"];
    const response = await post(editor.path, { ...editor.form, [editor.field]: words, [AD_COPY_CONFIRM_FIELD]: "on" }, owner);
    expect(response.status).toBe(303);
    expect(await editor.rows()).toBe(1);
    const [record] = await confirmations();
    expect(record).toMatchObject({ adminId: team.owner.id, site: "daegu", clientAddress: "198.51.100.40" });
    expect(record!.detail).toMatchObject({ place, phrases: ["walking-time"], fields: [editor.field] });
  });

  test("a counsellor cannot confirm: refused, nothing saved, nothing recorded", async () => {
    const response = await post(
      editor.path,
      { ...editor.form, [editor.field]: EXAMPLES["walking-time"], [AD_COPY_CONFIRM_FIELD]: "on" },
      counsellor,
    );
    expect(response.status).toBe(403);
    expect(await editor.rows()).toBe(0);
    expect(await confirmations()).toHaveLength(0);
  });
});

describe("the confirmation", () => {
  test("given by a role without the right, is refused beside the box and lets nothing through", () => {
    const change = {
      site: "daegu",
      actor: { id: team.counsellor.id, email: "c@example.com", role: "counsellor" as const },
      clientAddress: "x",
    };
    const review = reviewAdCopy(change, "press", { title: EXAMPLES.unconditional }, true);
    expect(review).toMatchObject({ ok: false, status: 403 });
    expect(review.ok ? [] : review.fieldErrors[AD_COPY_CONFIRM_FIELD]).toEqual([AD_COPY_MESSAGES.confirmRefused]);
  });

  test("a press draft is not published, so it saves with its warning; publishing it asks", async () => {
    const draft = { ...EDITORS.press.form, publication: "draft", content: EXAMPLES.lottery };
    expect((await post("/admin/press/new", draft, manager)).status).toBe(303);
    const [article] = await db().select({ id: pressArticles.id }).from(pressArticles);
    const publish = await post(`/admin/press/${article!.id}`, { ...draft, publication: "now" }, manager);
    expect(publish.status).toBe(400);
  });

  test("the editor shows the box only when the words carry a warning", async () => {
    const cookieHeaders = { Host: new URL(HERE).host, Accept: "text/html", Cookie: manager };
    const clean = await (await app.fetch("/admin/press/new", { headers: cookieHeaders })).text();
    expect(clean).not.toContain(`name="${AD_COPY_CONFIRM_FIELD}"`);
    const refused = await (await post("/admin/press/new", { ...EDITORS.press.form, title: EXAMPLES.lottery }, manager)).text();
    expect(refused).toContain(`name="${AD_COPY_CONFIRM_FIELD}"`);
  });
});
