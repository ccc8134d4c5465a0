import crypto from "node:crypto";
import v8 from "node:v8";
import vm from "node:vm";
import { count, eq, inArray, sql } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { changeLeadStatus, getLeadDetail } from "#app/.server/leads/record.ts";
import { auditLog } from "#app/.server/schema.ts";
import { csvPhone } from "#app/.server/leads/csv-export.ts";
import { dashboardSummary } from "#app/.server/leads/dashboard.ts";
import { deliverDueMessages } from "#app/.server/outbox/worker.ts";
import { formatLeadCursor, listLeadsPage, parseLeadCursor } from "#app/.server/leads/inbox.ts";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { parseRetention, purgeExpiredLeads, startRetentionTimer } from "#app/.server/retention.ts";
import { leadNotes, leads, leadStatusChanges, smsOutbox, visitBookings, visitSlots } from "#app/.server/schema.ts";
import { openVisitDays } from "#app/.server/visits/schedule.ts";
import { addDays, kstDay } from "#app/utils/kst.ts";
import { formatVisitTime } from "#app/utils/visit-time.ts";
import { sitePacks } from "#app/content/index.ts";
import { OUTBOX_STATUS_LABELS, SMS_PURPOSE_LABELS } from "#app/forms/admin.ts";
import { loader as dashboardLoaderRaw } from "#app/routes/admin/reports/dashboard.tsx";
import { action as deleteActionRaw, loader as deleteLoaderRaw } from "#app/routes/admin/leads/lead-delete.tsx";
import { action as leadActionRaw, loader as leadLoaderRaw } from "#app/routes/admin/leads/lead.tsx";
import { action as exportActionRaw, loader as exportLoaderRaw } from "#app/routes/admin/leads/leads-export[.]csv.ts";
import { action as binActionRaw } from "#app/routes/admin/leads/leads-bin.tsx";
import { LEAD_CSV_COLUMNS } from "#app/.server/leads/csv-export.ts";
import { action as leadsActionRaw, loader as leadsLoaderRaw } from "#app/routes/admin/leads/leads.tsx";
import { loader as layoutLoaderRaw } from "#app/routes/admin/layout.tsx";
import { consoleMiddleware } from "#app/routes/admin/guard.server.ts";
import { action as logoutActionRaw } from "#app/routes/admin/sign-in/logout.ts";
import { action as notificationsActionRaw, loader as notificationsLoaderRaw } from "#app/routes/admin/notifications.tsx";
import { routeContext } from "#tests/route-context.ts";
import { withTestDatabase } from "#tests/db.ts";
import { addStaff, consoleCookie, type TestStaff } from "#tests/staff.ts";
import { viaConsole } from "#tests/console-call.ts";

const dashboardLoader = viaConsole(dashboardLoaderRaw);
const deleteAction = viaConsole(deleteActionRaw);
const deleteLoader = viaConsole(deleteLoaderRaw);
const leadAction = viaConsole(leadActionRaw);
const leadLoader = viaConsole(leadLoaderRaw);
const exportAction = viaConsole(exportActionRaw);
const exportLoader = viaConsole(exportLoaderRaw);
const binAction = viaConsole(binActionRaw);
const leadsAction = viaConsole(leadsActionRaw);
const leadsLoader = viaConsole(leadsLoaderRaw);
const layoutLoader = viaConsole(layoutLoaderRaw);
const logoutAction = viaConsole(logoutActionRaw);
const notificationsAction = viaConsole(notificationsActionRaw);
const notificationsLoader = viaConsole(notificationsLoaderRaw);

const SITE_URL = "http://localhost:3000";
setEnv(parseEnv({ SITE_URL, SESSION_SECRET: "admin-integration-test-secret-0123456789" }));

withTestDatabase();

let manager: TestStaff;

beforeEach(async () => {
  manager = await addStaff({ email: "manager@example.com", role: "manager" });
});

/** The manager acting in daegu's console, as the lead verbs take it. */
const acting = (staff: TestStaff = manager) => ({ site: "daegu", actor: staff, clientAddress: "203.0.113.9" });

// ---- helpers: real Requests into the route modules ------------------------------------------

function routeArgs(path: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  const request = new Request(new URL(path, SITE_URL), { ...init, headers });
  const context = routeContext(request.url, { client: "203.0.113.9" });
  const url = new URL(request.url);
  const id = /^\/admin\/leads\/(\d+)/.exec(url.pathname)?.[1];
  return { request, url, pattern: "", params: { id: id ?? "" }, context };
}

function post(path: string, fields: Record<string, string>, { cookie, origin = SITE_URL }: { cookie?: string; origin?: string } = {}) {
  return routeArgs(path, { method: "POST", body: new URLSearchParams(fields), headers: { Origin: origin }, cookie });
}

/** What a data function answered, whether it returned or threw: status, headers, data or body. */
async function outcome(run: () => unknown) {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, headers: result.headers, data: undefined, response: result };
  if (
    result &&
    typeof result === "object" &&
    "type" in result &&
    result.type === "DataWithResponseInit" &&
    "init" in result &&
    "data" in result
  ) {
    const init = result.init as ResponseInit | null;
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), data: result.data, response: undefined };
  }
  return { status: 200, headers: new Headers(), data: result, response: undefined };
}

/** The manager, signed in (signing in itself is tests/integration/staff.test.ts's subject). */
function signIn() {
  return consoleCookie(manager);
}

/** Every column of the export, as the export form posts them. */
const ALL_COLUMNS = LEAD_CSV_COLUMNS.map((column) => column.id);

function exportPost(query: string, cookie: string | undefined, columns = ALL_COLUMNS) {
  const body = new URLSearchParams(query);
  body.set("purpose", "records");
  body.set("reason", "보유 현황 점검");
  for (const column of columns) body.append("columns", column);
  return routeArgs("/admin/leads/export.csv", { method: "POST", body, headers: { Origin: SITE_URL }, cookie });
}

let phoneCounter = 0;
function uniquePhone() {
  phoneCounter += 1;
  return `010${String(30_000_000 + phoneCounter * 7919).slice(-8)}`;
}

async function insertLead(values: Partial<typeof leads.$inferInsert> = {}) {
  const [row] = await db()
    .insert(leads)
    .values({
      submissionId: crypto.randomUUID(),
      kind: "interest",
      site: "daegu",
      name: "김하늘",
      phone: uniquePhone(),
      message: "",
      consentVersion: "2025-03-01",
      consentedAt: new Date(),
      sourcePath: "/",
      ...values,
    })
    .returning();
  return row!;
}

async function insertMessage(leadId: number | null, values: Partial<typeof smsOutbox.$inferInsert> = {}) {
  const [row] = await db()
    .insert(smsOutbox)
    .values({ site: "daegu", leadId, purpose: "confirmation", recipient: "01012345678", body: "안내 문자", ...values })
    .returning();
  return row!;
}

async function leadIds() {
  return (await db().select({ id: leads.id }).from(leads)).map((row) => row.id).sort((a, b) => a - b);
}

async function readCsv(response: Response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  // The decoder drops the byte order mark, as Excel does.
  const text = new TextDecoder().decode(bytes);
  return { bytes, lines: text.split("\r\n").filter(Boolean) };
}

// ---- the guard ---------------------------------------------------------------------------------

describe("a visitor who is not signed in", () => {
  test("is refused by every admin page, form and download, and changes nothing", async () => {
    const lead = await insertLead();
    const failed = await insertMessage(lead.id, { status: "failed" });
    const pages = [
      ["/admin", layoutLoader],
      ["/admin", dashboardLoader],
      ["/admin/leads?kind=visit", leadsLoader],
      [`/admin/leads/${lead.id}`, leadLoader],
      [`/admin/leads/${lead.id}/delete`, deleteLoader],
      ["/admin/notifications", notificationsLoader],
    ] as const;
    for (const [path, loader] of pages) {
      const result = await outcome(() => loader(routeArgs(path)));
      expect(result.status, path).toBe(302);
      expect(result.headers.get("Location"), path).toMatch(/^\/admin\/login(\?returnTo=|$)/);
      expect(result.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
    expect((await outcome(() => leadsLoader(routeArgs("/admin/leads?kind=visit")))).headers.get("Location")).toBe(
      `/admin/login?returnTo=${encodeURIComponent("/admin/leads?kind=visit")}`,
    );

    const forms = [
      ["/admin/leads", leadsAction, { intent: "search", q: "김하늘" }],
      [`/admin/leads/${lead.id}`, leadAction, { intent: "status", status: "closed", shown: "new" }],
      [`/admin/leads/${lead.id}`, leadAction, { intent: "note", body: "몰래 쓴 메모" }],
      [`/admin/leads/${lead.id}/delete`, deleteAction, {}],
      ["/admin/notifications", notificationsAction, { intent: "retry", id: String(failed.id) }],
    ] as const;
    for (const [path, action, fields] of forms) {
      const result = await outcome(() => action(post(path, fields)));
      expect(result.status, path).toBe(302);
      expect(result.headers.get("Location"), path).toMatch(/^\/admin\/login/);
    }

    const download = await outcome(() => exportAction(exportPost("", undefined)));
    expect(download.status).toBe(401);
    expect(download.headers.get("Cache-Control")).toBe("private, no-store");
    expect(download.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");

    // The console's middleware stops the request before any loader runs.
    let reachedLoaders = false;
    const args = { ...routeArgs("/admin/leads"), pattern: "/admin/leads" };
    const chain = consoleMiddleware.reduceRight<() => Promise<Response>>(
      (next, middleware) => async () => (await middleware(args, next)) ?? new Response(null),
      async () => {
        reachedLoaders = true;
        return new Response("lead data");
      },
    );
    const guarded = await outcome(chain);
    expect(guarded.status).toBe(302);
    expect(reachedLoaders).toBe(false);

    const [row] = await db().select().from(leads).where(eq(leads.id, lead.id));
    expect(row?.status).toBe("new");
    expect(await db().select().from(leadNotes)).toEqual([]);
    const [message] = await db().select().from(smsOutbox).where(eq(smsOutbox.id, failed.id));
    expect(message?.status).toBe("failed");
  });

  test("a signed-out session no longer opens the console, and a form from another site is refused", async () => {
    const cookie = await signIn();
    expect((await outcome(() => dashboardLoader(routeArgs("/admin", { cookie })))).status).toBe(200);
    const foreign = await outcome(() =>
      leadsAction(post("/admin/leads", { intent: "search", q: "김" }, { cookie, origin: "https://evil.example" })),
    );
    expect(foreign.status).toBe(403);
    const out = await outcome(() => logoutAction(post("/admin/logout", {}, { cookie })));
    expect(out.headers.get("Location")).toBe("/admin/login");
    expect((await outcome(() => dashboardLoader(routeArgs("/admin", { cookie })))).status).toBe(302);
  });
});

// ---- the inbox ---------------------------------------------------------------------------------

describe("the inbox", () => {
  test("pages newest first by (created_at, id) without repeating or skipping leads created at the same instant", async () => {
    // Microseconds apart: equal to JavaScript's millisecond clock, different to PostgreSQL.
    await db().execute(sql`
      insert into leads (submission_id, kind, site, name, phone, consent_version, consented_at, source_path, created_at)
      select 'same-' || g, 'interest', 'daegu', '동시' || g, '0101000' || lpad(g::text, 4, '0'), 'v', now(), '/',
             '2026-11-01T01:00:00.000Z'::timestamptz + (case when g % 3 = 0 then interval '1 microsecond' else interval '0' end)
      from generate_series(1, 23) g`);
    const seen: number[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const page = await listLeadsPage({ site: "daegu", viewer: manager }, { after: parseLeadCursor(after), limit: 5 });
      seen.push(...page.leads.map((lead) => lead.id));
      after = page.next ? formatLeadCursor(page.next) : undefined;
      pages++;
    } while (after && pages < 10);
    expect(pages).toBe(5);
    expect(new Set(seen).size).toBe(23);
    // The microsecond-later leads come first, then the rest by id, descending.
    const firsts = seen.slice(0, 7);
    expect(firsts.every((id) => id % 3 === 0)).toBe(true);
    expect(parseLeadCursor("not a cursor")).toBeUndefined();
  });

  test("filters by kind, status, campaign and Korean date, and searches by name or phone digits without putting the term in a URL", async () => {
    const cookie = await signIn();
    const visit = await insertLead({
      kind: "visit",
      name: "박서연",
      phone: "01098761234",
      utmSource: "naver",
      utmCampaign: "spring_open",
      createdAt: new Date("2026-11-20T15:30:00Z"), // 2026-11-21 00:30 in Korea
    });
    const inquiry = await insertLead({
      kind: "inquiry",
      name: "이도윤",
      message: "주차 가능한가요?",
      createdAt: new Date("2026-11-20T14:30:00Z"),
    });
    const spam = await insertLead({ name: "광고봇", spam: true, spamReason: "honeypot", createdAt: new Date("2026-11-21T01:00:00Z") });

    const list = async (query: string) => {
      const result = await outcome(() => leadsLoader(routeArgs(`/admin/leads${query}`, { cookie })));
      expect(result.status).toBe(200);
      const data = result.data as Awaited<ReturnType<typeof leadsLoader>>;
      return { ids: data.leads.map((lead) => lead.id), total: data.total, data };
    };

    expect((await list("")).ids).toEqual([visit.id, inquiry.id]);
    expect((await list("?kind=visit")).ids).toEqual([visit.id]);
    expect((await list("?status=spam")).ids).toEqual([spam.id]);
    expect((await list("?source=naver&campaign=spring_open")).ids).toEqual([visit.id]);
    expect((await list("?campaign=(none)")).ids).toEqual([inquiry.id]);
    expect((await list("?from=2026-11-21&to=2026-11-21")).ids).toEqual([visit.id]);
    expect((await list("?to=2026-11-20")).ids).toEqual([inquiry.id]);
    expect((await list("?kind=nonsense")).total).toBe(2);

    for (const term of ["서연", "9876", "010-9876-1234"]) {
      const posted = await outcome(() =>
        leadsAction(post("/admin/leads", { intent: "search", q: term, kind: "", status: "" }, { cookie })),
      );
      expect(posted.status).toBe(303);
      const location = posted.headers.get("Location")!;
      expect(location).toMatch(/^\/admin\/leads\?s=[\w-]+$/);
      expect(decodeURIComponent(location)).not.toContain(term);
      const found = await list(location.slice("/admin/leads".length));
      expect(found.ids, term).toEqual([visit.id]);
      expect(found.data.search).toBe(term);
    }

    // Another administrator cannot read a kept search by its id.
    const posted = await outcome(() => leadsAction(post("/admin/leads", { intent: "search", q: "이도윤" }, { cookie })));
    const searchId = new URLSearchParams(posted.headers.get("Location")!.split("?")[1]).get("s")!;
    const otherCookie = await consoleCookie(await addStaff({ email: "other@example.com", role: "manager" }));
    const foreign = await outcome(() => leadsLoader(routeArgs(`/admin/leads?s=${searchId}`, { cookie: otherCookie })));
    const foreignData = foreign.data as Awaited<ReturnType<typeof leadsLoader>>;
    expect(foreignData.searchExpired).toBe(true);
    expect(foreignData.search).toBeNull();
  });
});

// ---- one lead ------------------------------------------------------------------------------------

describe("a lead's page", () => {
  test("keeps a status change and a note with their author and time, and shows the lead's text messages", async () => {
    const cookie = await signIn();
    const lead = await insertLead({ kind: "visit", message: "토요일 오후 방문 희망" });
    await insertMessage(lead.id, { status: "sent", provider: "webhook", lastResponse: "200 accepted" });

    const changed = await outcome(() =>
      leadAction(post(`/admin/leads/${lead.id}`, { intent: "status", status: "contacted", shown: "new" }, { cookie })),
    );
    expect(changed.status).toBe(303);
    expect(changed.headers.get("Location")).toBe(`/admin/leads/${lead.id}`);
    const noted = await outcome(() =>
      leadAction(post(`/admin/leads/${lead.id}`, { intent: "note", body: "  6일 14시 방문 약속  " }, { cookie })),
    );
    expect(noted.status).toBe(303);
    const empty = await outcome(() => leadAction(post(`/admin/leads/${lead.id}`, { intent: "note", body: "   " }, { cookie })));
    expect(empty.status).toBe(400);

    const page = await outcome(() => leadLoader(routeArgs(`/admin/leads/${lead.id}`, { cookie })));
    const detail = page.data as Awaited<ReturnType<typeof leadLoader>>;
    expect(detail.lead.status).toBe("contacted");
    // The note, trimmed, by whom; the page gets no list of notes or their authors' e-mails besides.
    expect(detail.history[0]).toMatchObject({ type: "note", body: "6일 14시 방문 약속", actor: "매니저 manager" });
    expect(detail).not.toHaveProperty("notes");
    // The history reads newest first: the note, the status change, then the text sent when the lead came.
    expect(detail.history.map((entry) => [entry.type, entry.type === "note" ? entry.body : entry.sentence])).toEqual([
      ["note", "6일 14시 방문 약속"],
      ["status", "상태 변경: 신규 → 연락 완료"],
      ["text", `문자: ${SMS_PURPOSE_LABELS.confirmation} (${OUTBOX_STATUS_LABELS.sent})`],
    ]);
    expect(detail.texts.messages).toEqual([
      expect.objectContaining({ status: "sent", loggedOnly: false, answer: "문자 중계 서버가 접수했습니다 (응답 200)." }),
    ]);
    expect(detail.lead.consentVersion).toBe("2025-03-01");

    const missing = await outcome(() => leadLoader(routeArgs("/admin/leads/999999", { cookie })));
    expect(missing.status).toBe(404);
    expect((await outcome(() => leadLoader(routeArgs("/admin/leads/abc", { cookie })))).status).toBe(404);
  });

  test("marking a lead as spam takes it out of the inbox and marking it otherwise brings it back", async () => {
    const lead = await insertLead();
    await changeLeadStatus(acting(), lead.id, "spam");
    expect((await listLeadsPage({ site: "daegu", viewer: manager })).leads).toEqual([]);
    expect((await listLeadsPage({ site: "daegu", viewer: manager, status: "spam" })).leads.map((row) => row.id)).toEqual([lead.id]);
    await changeLeadStatus(acting(), lead.id, "visited");
    expect((await listLeadsPage({ site: "daegu", viewer: manager, status: "visited" })).leads.map((row) => row.id)).toEqual([lead.id]);
    const detail = await getLeadDetail("daegu", lead.id);
    expect(detail?.changes.map((change) => `${change.fromStatus}>${change.toStatus}`)).toEqual(["spam>visited", "new>spam"]);
  });

  test("a deleted lead waits a week in the bin, out of every list and text, where it can be restored; then it is destroyed with its notes and texts", async () => {
    const cookie = await signIn();
    const doomed = await insertLead();
    const kept = await insertLead();
    await insertMessage(doomed.id);
    await insertMessage(doomed.id, { purpose: "staff", status: "pending" });
    const keptMessage = await insertMessage(kept.id);
    await leadAction(post(`/admin/leads/${doomed.id}`, { intent: "note", body: "삭제될 메모" }, { cookie })).catch(() => {});
    await leadAction(post(`/admin/leads/${doomed.id}`, { intent: "status", status: "closed", shown: "new" }, { cookie })).catch(() => {});

    const confirm = await outcome(() => deleteLoader(routeArgs(`/admin/leads/${doomed.id}/delete`, { cookie })));
    expect(confirm.data).toMatchObject({ notes: 2, messages: 2 });
    const deleted = await outcome(() => deleteAction(post(`/admin/leads/${doomed.id}/delete`, {}, { cookie })));
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get("Location")).toBe("/admin/leads?deleted=1");
    // A second delete (a double click) lands on the list all the same.
    expect((await outcome(() => deleteAction(post(`/admin/leads/${doomed.id}/delete`, {}, { cookie })))).status).toBe(303);

    // In the bin: no list, page or export shows it, and its waiting text is not sent.
    expect((await listLeadsPage({ site: "daegu", viewer: manager })).leads.map((lead) => lead.id)).toEqual([kept.id]);
    expect((await outcome(() => leadLoader(routeArgs(`/admin/leads/${doomed.id}`, { cookie })))).status).toBe(404);
    const csv = (await readCsv((await exportAction(exportPost("", cookie))) as Response)).lines;
    expect(csv).toHaveLength(2);
    const delivered = await deliverDueMessages({ workerId: "test", provider: { name: "test", send: async () => ({ response: "ok" }) } });
    expect(delivered.claimed).toBe(1); // the kept lead's text, not the binned one's
    expect((await db().select().from(smsOutbox).where(eq(smsOutbox.leadId, doomed.id))).map((row) => row.status)).toContain("pending");

    // Restored, it is back as it was.
    const restored = await outcome(() => binAction(post("/admin/leads/bin", { intent: "restore", id: String(doomed.id) }, { cookie })));
    expect(restored.status).toBe(303);
    expect((await listLeadsPage({ site: "daegu", viewer: manager })).leads.map((lead) => lead.id).sort()).toEqual(
      [doomed.id, kept.id].sort(),
    );

    // Deleted again, and eight days later the purge destroys it.
    await deleteAction(post(`/admin/leads/${doomed.id}/delete`, {}, { cookie }));
    const report = await purgeExpiredLeads({ now: new Date(Date.now() + 8 * 24 * 60 * 60 * 1000), sites: [sitePacks.daegu!] });
    expect(report.fromBin).toBe(1);
    expect(await leadIds()).toEqual([kept.id]);
    expect((await db().select({ id: smsOutbox.id }).from(smsOutbox)).map((row) => row.id)).toEqual([keptMessage.id]);
    expect(await db().select().from(leadNotes)).toEqual([]);
    expect(await db().select().from(leadStatusChanges)).toEqual([]);
    const records = await db()
      .select()
      .from(auditLog)
      .where(inArray(auditLog.action, ["lead.delete", "lead.restore", "lead.destroy"]))
      .orderBy(auditLog.id);
    expect(records.map((record) => [record.action, record.leadIds, record.adminEmail])).toEqual([
      ["lead.delete", [doomed.id], manager.email],
      ["lead.restore", [doomed.id], manager.email],
      ["lead.delete", [doomed.id], manager.email],
      ["lead.destroy", [doomed.id], "system:bin"],
    ]);
    expect(JSON.stringify(records)).not.toContain(doomed.name);
  });
});

// ---- export ------------------------------------------------------------------------------------

describe("the CSV export", () => {
  test("is the current filter as UTF-8 with a BOM, a Korean header, phone numbers Excel keeps as text, and formulas defused", async () => {
    const cookie = await signIn();
    await insertLead({ kind: "interest", name: "정하준" });
    const visit = await insertLead({
      kind: "visit",
      name: '=HYPERLINK("http://evil.example")',
      phone: "01023456789",
      message: '주차, 가능한가요?\n"확인" 부탁드립니다',
      utmSource: "naver",
      createdAt: new Date("2026-11-20T15:30:05Z"),
      consentedAt: new Date("2026-11-20T15:30:05Z"),
    });

    // A visit to the address goes to the form that asks why.
    const visited = await outcome(() => exportLoader(routeArgs("/admin/leads/export.csv?kind=visit", { cookie })));
    expect(visited.headers.get("Location")).toBe("/admin/leads/export?kind=visit");
    const response = (await exportAction(exportPost("kind=visit", cookie))) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="leads-\d{8}\.csv"$/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const { bytes, lines } = await readCsv(response);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines[0]).toBe(
      "번호,접수 일시,유형,상태,이름,연락처,문의 내용,방문 예약 일시,담당자,최근 메모,접수 페이지,유입 매체(utm_source),유입 방식(utm_medium),캠페인(utm_campaign),이전 사이트,동의 버전,동의 일시,광고 문자 수신 동의 일시",
    );
    const body = new TextDecoder().decode(bytes);
    expect(body).toContain(
      `${visit.id},2026-11-21 00:30:05,방문 예약,신규,"'=HYPERLINK(""http://evil.example"")",010-2345-6789,"주차, 가능한가요?\n""확인"" 부탁드립니다",,,,/,naver,,,,2025-03-01,2026-11-21 00:30:05,\r\n`,
    );
    expect(body).not.toContain("정하준");
    expect(csvPhone("01023456789")).toBe("010-2345-6789");
    // Landlines are written with their area code, as Korean staff dial them (the dashes keep them text).
    expect(csvPhone("0212345678")).toBe("02-1234-5678");
    // Digits no format knows stay text as a formula-free literal.
    expect(csvPhone("12345")).toBe('="12345"');

    // A kept search narrows the export as it narrows the list.
    const posted = await outcome(() => leadsAction(post("/admin/leads", { intent: "search", q: "정하준" }, { cookie })));
    const searched = (await exportAction(exportPost(posted.headers.get("Location")!.split("?")[1]!, cookie))) as Response;
    const searchedLines = (await readCsv(searched)).lines;
    expect(searchedLines).toHaveLength(2);
    expect(searchedLines[1]).toContain("정하준");
    // An expired or unknown search never widens to everything.
    const unknown = await outcome(() => exportAction(exportPost("s=unknown", cookie)));
    expect(unknown.status).toBe(303);
    expect(unknown.headers.get("Location")).toBe("/admin/leads/export?s=unknown");
    expect(unknown.headers.get("Set-Cookie")).toMatch(/^__export_answer=/);
  });

  test("and the inbox carry the next visit's time, the assignee and the latest note, each column's header and cell from one definition", async () => {
    const cookie = await signIn();
    const lead = await insertLead({ kind: "visit", assigneeId: manager.id });
    const day = addDays(kstDay(new Date()), 3);
    await openVisitDays("daegu", [day]);
    const [slot] = await db().select().from(visitSlots).where(eq(visitSlots.day, day)).orderBy(visitSlots.startsAt).limit(1);
    await db().insert(visitBookings).values({ site: "daegu", slotId: slot!.id, leadId: lead.id, name: lead.name, phone: lead.phone });
    const long = `6일 14시 방문 약속 주차 두 대 필요하다고 하심. 배우자와 같이 오신다고 함. ${"자세히 ".repeat(10)}`;
    await db()
      .insert(leadNotes)
      .values([
        { leadId: lead.id, body: "첫 통화", authorEmail: manager.email, createdAt: new Date(Date.now() - 60_000) },
        { leadId: lead.id, body: long, authorEmail: manager.email },
      ]);

    const [row] = (await listLeadsPage({ site: "daegu", viewer: manager })).leads;
    expect(row).toMatchObject({ nextVisitAt: slot!.startsAt, assigneeName: manager.name });
    expect(long.startsWith(row!.latestNote!)).toBe(true);
    const inbox = await outcome(() => leadsLoader(routeArgs("/admin/leads", { cookie })));
    expect((inbox.data as Awaited<ReturnType<typeof leadsLoader>>).leads[0]).toMatchObject({ assigneeName: manager.name });

    const columns = ["id", "visitAt", "assignee", "latestNote"];
    const response = (await exportAction(exportPost("", cookie, columns))) as Response;
    const { lines, bytes } = await readCsv(response);
    const definitions = LEAD_CSV_COLUMNS.filter((column) => columns.includes(column.id));
    expect(lines[0]).toBe(definitions.map((column) => column.header).join(","));
    expect(lines[0]).toBe("번호,방문 예약 일시,담당자,최근 메모");
    const when = formatVisitTime(slot!.startsAt);
    expect(when).toMatch(/^\d{1,2}\.\d{1,2}\([일월화수목금토]\) \d\d:\d\d$/);
    // The whole note, not the inbox's first letters.
    expect(new TextDecoder().decode(bytes)).toContain(`${lead.id},${when},${manager.name},${long}\r\n`);
  });

  test("of 50,000 leads streams every row with bounded memory", async () => {
    const cookie = await signIn();
    const total = 50_000;
    await db().execute(sql`
      insert into leads (submission_id, kind, site, name, phone, message, consent_version, consented_at, source_path, utm_source, created_at)
      select 'bulk-' || g, (array['interest', 'visit', 'inquiry'])[1 + g % 3], 'daegu', '고객' || g, '010' || lpad(g::text, 8, '0'),
             repeat('견본주택 방문 일정 문의드립니다. ', 4), '2025-03-01', now(), '/Promotion/Customer', 'naver',
             now() - g * interval '1 second'
      from generate_series(1, ${total}) g`);

    // A collection before each sample measures what the export keeps alive, not garbage not yet collected.
    v8.setFlagsFromString("--expose-gc");
    const collect = vm.runInNewContext("gc") as () => void;
    const memory = () => {
      collect();
      return process.memoryUsage();
    };
    const start = memory();
    let peakRss = start.rss;
    let peakHeap = start.heapUsed;
    let bytes = 0;
    let chunks = 0;
    let newlines = 0;
    let lastId = 0;
    let ordered = true;
    let carry = "";
    const decoder = new TextDecoder();

    const response = (await exportAction(exportPost("", cookie))) as Response;
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks++;
      bytes += value.byteLength;
      // Only the numbers are kept: check the order as the rows go by, hold nothing else.
      const text = carry + decoder.decode(value, { stream: true });
      const rows = text.split("\r\n");
      carry = rows.pop() ?? "";
      for (const row of rows) {
        newlines++;
        const id = Number(row.slice(0, row.indexOf(",")));
        if (Number.isFinite(id) && id > 0) {
          // Lead g was created g seconds ago, so newest first is ascending id here.
          if (id <= lastId) ordered = false;
          lastId = id;
        }
      }
      if (chunks % 10 === 0) {
        const now = memory();
        peakRss = Math.max(peakRss, now.rss);
        peakHeap = Math.max(peakHeap, now.heapUsed);
      }
    }

    const mb = (value: number) => (value / 1024 / 1024).toFixed(1);
    console.log(
      `CSV export of ${total.toLocaleString("en-US")} leads: ${mb(bytes)} MB in ${chunks} chunks; ` +
        `peak RSS ${mb(peakRss)} MB (+${mb(peakRss - start.rss)} MB over ${mb(start.rss)} MB), ` +
        `peak live heap ${mb(peakHeap)} MB (+${mb(peakHeap - start.heapUsed)} MB)`,
    );
    expect(newlines).toBe(total + 1);
    expect(carry).toBe("");
    expect(ordered).toBe(true);
    expect(chunks).toBeGreaterThan(total / 1000);
    // The file is about 11 MB; a buffered export would hold it (and its rows) at least twice over.
    expect(peakRss - start.rss).toBeLessThan(150 * 1024 * 1024);
    expect(peakHeap - start.heapUsed).toBeLessThan(150 * 1024 * 1024);
    // Inserting 50,000 rows into PGlite on a shared two-core machine is slow; no timing is asserted.
  }, 180_000);
});

// ---- retention ---------------------------------------------------------------------------------

describe("retention", () => {
  test("the period is read from the consent text the visitors agreed to", () => {
    expect(parseRetention(sitePacks.daegu!.leads.consent.retention)).toEqual({ interval: "1 year", label: "1년" });
    expect(parseRetention("수집일로부터 6개월간 보관합니다.")).toEqual({ interval: "6 months", label: "6개월" });
    expect(parseRetention("수집일로부터 90일 보관")).toEqual({ interval: "90 days", label: "90일" });
    expect(() => parseRetention("목적을 달성할 때까지 보관합니다.")).toThrow(/no retention period/);
  });

  test("the purge deletes exactly the leads past the period, with their notes and text messages", async () => {
    const now = new Date("2026-11-22T03:00:00Z");
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
    const expired = [await insertLead({ createdAt: daysAgo(366) }), await insertLead({ createdAt: daysAgo(800), spam: true })];
    const kept = [
      await insertLead({ createdAt: daysAgo(364) }),
      await insertLead({ createdAt: daysAgo(0) }),
      // A year to the second is not yet past it.
      await insertLead({ createdAt: new Date("2025-11-22T03:00:00Z") }),
    ];
    for (const lead of [...expired, ...kept]) {
      await insertMessage(lead.id);
      await changeLeadStatus(acting(), lead.id, "contacted");
      await db().insert(leadNotes).values({ leadId: lead.id, authorEmail: manager.email, body: "메모" });
    }
    const orphanOld = await insertMessage(null, { createdAt: daysAgo(400) });
    const orphanNew = await insertMessage(null, { createdAt: daysAgo(10) });

    const report = await purgeExpiredLeads({ now, sites: [sitePacks.daegu!] });
    expect(report).toEqual({
      ran: true,
      deleted: 2,
      sites: [{ site: "daegu", period: "1 year", deleted: 2 }],
      fromBin: 0,
      waitlist: 0,
      customers: 0,
      auditRecords: 0,
    });
    // The destruction is recorded by lead id alone.
    const destroyed = await db().select().from(auditLog).where(eq(auditLog.action, "lead.destroy"));
    expect(destroyed).toEqual([
      expect.objectContaining({
        adminId: null,
        adminEmail: "system:retention",
        role: "system",
        leadIds: expired.map((lead) => lead.id),
        detail: { reason: "retention" },
      }),
    ]);
    expect(await leadIds()).toEqual(kept.map((lead) => lead.id));
    const remainingMessages = await db().select({ id: smsOutbox.id, leadId: smsOutbox.leadId }).from(smsOutbox);
    expect(
      remainingMessages
        .map((row) => row.leadId)
        .filter(Boolean)
        .sort(),
    ).toEqual(kept.map((lead) => lead.id).sort());
    expect(remainingMessages.map((row) => row.id)).toContain(orphanNew.id);
    expect(remainingMessages.map((row) => row.id)).not.toContain(orphanOld.id);
    const [notesLeft] = await db()
      .select({ value: count() })
      .from(leadNotes)
      .where(
        inArray(
          leadNotes.leadId,
          expired.map((lead) => lead.id),
        ),
      );
    expect(notesLeft?.value).toBe(0);
    const [changesLeft] = await db().select({ value: count() }).from(leadStatusChanges);
    expect(changesLeft?.value).toBe(kept.length);

    expect(await purgeExpiredLeads({ now })).toMatchObject({ ran: true, deleted: 0 });
  });

  test("the server's timer purges after boot and logs counts only", async () => {
    const lead = await insertLead({
      name: "오래된고객",
      phone: "01055554444",
      createdAt: new Date(Date.now() - 400 * 24 * 60 * 60 * 1000),
    });
    const lines: string[] = [];
    let logged!: () => void;
    const done = new Promise<void>((resolve) => (logged = resolve));
    const timer = startRetentionTimer({
      firstRunMs: 0,
      log: (line) => {
        lines.push(line);
        logged();
      },
    });
    await done;
    await timer.stop();
    expect(await leadIds()).not.toContain(lead.id);
    // One line for every pack the registry holds; the lead was daegu's.
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Lead retention: destroyed 1 lead\(s\) past the retention period \(.*daegu: 1 older than 1 year.*\), 0 after a week in the bin, 0 waitlist entr\(ies\) of past visit days, \d+ customer record\(s\) with no lead left, and 0 access record\(s\) past theirs\.$/,
    );
    expect(lines.join("")).not.toMatch(/오래된고객|5555|4444/);
  });
});

// ---- dashboard and notifications ---------------------------------------------------------------

describe("the dashboard", () => {
  test("counts leads per kind per Korean day for 30 days, per campaign, without spam", async () => {
    const now = new Date("2026-11-22T03:00:00Z"); // 12:00 in Korea
    await insertLead({ kind: "visit", createdAt: new Date("2026-11-21T15:10:00Z"), utmSource: "naver", utmCampaign: "fall" }); // 11-22 00:10 KST
    await insertLead({ kind: "visit", createdAt: new Date("2026-11-21T14:50:00Z") }); // 11-21 23:50 KST
    await insertLead({ kind: "inquiry", createdAt: new Date("2026-10-24T00:00:00Z") }); // day 30
    await insertLead({ kind: "inquiry", createdAt: new Date("2026-10-23T00:00:00Z") }); // day 31: outside
    await insertLead({ kind: "interest", createdAt: new Date("2026-11-22T01:00:00Z"), spam: true });

    const summary = await dashboardSummary("daegu", manager, now);
    expect(summary.days).toHaveLength(30);
    expect(summary.days[0]).toEqual({ day: "2026-10-24", interest: 0, visit: 0, inquiry: 1 });
    expect(summary.today).toEqual({ day: "2026-11-22", interest: 0, visit: 1, inquiry: 0 });
    expect(summary.days.at(-2)).toEqual({ day: "2026-11-21", interest: 0, visit: 1, inquiry: 0 });
    expect(summary.last30).toEqual({ interest: 0, visit: 2, inquiry: 1 });
    expect(summary.campaigns).toContainEqual({ source: "naver", campaign: "fall", interest: 0, visit: 1, inquiry: 0, total: 1 });
    expect(summary.campaigns).toContainEqual({ source: null, campaign: null, interest: 0, visit: 1, inquiry: 1, total: 2 });
    expect(summary.newest).toHaveLength(4);
  });
});

describe("the notifications view", () => {
  test("lists messages by state with the provider's answer, and queues a failed one again", async () => {
    const cookie = await signIn();
    const lead = await insertLead();
    const sent = await insertMessage(lead.id, { status: "sent", lastResponse: '200 {"messageId":"m-1"}' });
    const failed = await insertMessage(lead.id, { status: "failed", attempts: 6, provider: "webhook", lastResponse: "400 invalid number" });
    await insertMessage(lead.id, { status: "pending" });

    const failedView = await outcome(() => notificationsLoader(routeArgs("/admin/notifications?view=failed", { cookie })));
    const data = failedView.data as Awaited<ReturnType<typeof notificationsLoader>>;
    expect(data.messages.map((message) => message.id)).toEqual([failed.id]);
    expect(data.messages[0]).toMatchObject({ answer: "문자 중계 서버가 이 문자를 거절했습니다 (응답 400).", leadName: lead.name });
    expect(data.counts).toEqual({ pending: 1, sent: 1, failed: 1, held: 0 });

    const retried = await outcome(() =>
      notificationsAction(post("/admin/notifications?view=failed", { intent: "retry", id: String(failed.id) }, { cookie })),
    );
    expect(retried.status).toBe(303);
    expect(retried.headers.get("Location")).toBe("/admin/notifications?view=failed");
    const [row] = await db().select().from(smsOutbox).where(eq(smsOutbox.id, failed.id));
    expect(row).toMatchObject({ status: "pending", attempts: 0 });

    const notFailed = await outcome(() =>
      notificationsAction(post("/admin/notifications", { intent: "retry", id: String(sent.id) }, { cookie })),
    );
    expect(notFailed.status).toBe(409);
  });
});
