import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { recordAccess } from "#app/.server/audit/records.ts";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { auditLog } from "#app/.server/schema.ts";
import { AUDIT_CHAIN_INTACT, AUDIT_CHAIN_PROBLEM_TEXT, REVIEW_MESSAGES } from "#app/forms/audit.ts";
import { previousMonth, kstMonth } from "#app/utils/kst.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { renderedField } from "#tests/console-form-html.ts";
import { withTestDatabase } from "#tests/db.ts";
import { addTeam, consoleCookie, type TestStaff } from "#tests/staff.ts";

/**
 * The access-record page (/admin/audit): its monthly review walks every chain itself and says
 * what it found, and its review form answers like every console form (docs/decisions/025).
 */

withTestDatabase();
let app: TestApp;
let HERE: string;

beforeAll(async () => {
  app = await startTestApp();
  HERE = `http://here.localhost:${app.port}`;
});
afterAll(() => app.close());

let team: { owner: TestStaff; manager: TestStaff; counsellor: TestStaff };
let owner: string;

beforeEach(async () => {
  setEnv(parseEnv({ SITES: `daegu@${HERE}`, TRUST_PROXY: "1" }));
  team = await addTeam();
  owner = await consoleCookie(team.owner);
});

function on(path: string, form?: Record<string, string>) {
  const headers: Record<string, string> = {
    Host: new URL(HERE).host,
    "X-Forwarded-For": "198.51.100.7",
    Accept: "text/html",
    Cookie: owner,
  };
  if (!form) return app.fetch(path, { headers });
  headers.Origin = HERE;
  headers["Content-Type"] = "application/x-www-form-urlencoded";
  return app.fetch(path, { method: "POST", headers, body: new URLSearchParams(form).toString() });
}

const LAST_MONTH = previousMonth(kstMonth(new Date()));
const REVIEW_PAGE = `/admin/audit?view=month&month=${LAST_MONTH}`;

/** Each chain's line as the page shows it, tags dropped. */
async function chainLines() {
  const html = await (await on(REVIEW_PAGE)).text();
  return [...html.matchAll(/<li class="admin-chains__chain">([\s\S]*?)<\/li>/g)].map((match) =>
    match[1]!
      .replace(/<[^>]+>/g, "")
      .replace(/&amp;/g, "&")
      .replace(/\s+/g, " ")
      .trim(),
  );
}

async function someActivity() {
  const change = { site: "daegu", clientAddress: "203.0.113.9" };
  for (const leadId of [1, 2, 3, 4]) await recordAccess({ ...change, actor: team.manager, action: "lead.view", leadIds: [leadId] });
  await recordAccess({
    ...change,
    actor: team.owner,
    action: "staff.role",
    detail: { adminId: team.counsellor.id, from: "counsellor", to: "manager" },
  });
  return db().select().from(auditLog).orderBy(asc(auditLog.id));
}

describe("the access-record page checks the chains itself", () => {
  test("it says 변경 없음 for each chain, with the head to write down", async () => {
    const written = await someActivity();
    const lines = await chainLines();
    expect(lines).toHaveLength(2);
    const rightsHead = written.find((record) => record.chain === "rights")!;
    expect(lines.find((line) => line.startsWith("접근 권한 변경 기록"))).toContain(`${AUDIT_CHAIN_INTACT} (기록 1건 확인)`);
    expect(lines.find((line) => line.startsWith("접근 권한 변경 기록"))).toContain(`마지막 기록 #${rightsHead.id} ${rightsHead.hash}`);
    expect(lines.find((line) => line.startsWith("개인정보 처리 기록"))).toContain(AUDIT_CHAIN_INTACT);
    const html = await (await on(REVIEW_PAGE)).text();
    expect(html).not.toContain("npm run audit:verify");
  });

  test("a record altered in the database shows as altered on the page, and the other chain still holds", async () => {
    const written = await someActivity();
    const altered = written.filter((record) => record.action === "lead.view")[1]!;
    await db()
      .update(auditLog)
      .set({ leadIds: [999] })
      .where(eq(auditLog.id, altered.id));

    const lines = await chainLines();
    expect(lines.find((line) => line.startsWith("개인정보 처리 기록"))).toContain(AUDIT_CHAIN_PROBLEM_TEXT.altered(altered.id));
    expect(lines.find((line) => line.startsWith("개인정보 처리 기록"))).not.toContain(AUDIT_CHAIN_INTACT);
    expect(lines.find((line) => line.startsWith("접근 권한 변경 기록"))).toContain(AUDIT_CHAIN_INTACT);
  });

  test("a record removed from the database names the record after the gap", async () => {
    const written = await someActivity();
    const views = written.filter((record) => record.action === "lead.view");
    await db().execute(sql`delete from audit_log where id = ${views[1]!.id}`);

    const lines = await chainLines();
    expect(lines.find((line) => line.startsWith("개인정보 처리 기록"))).toContain(AUDIT_CHAIN_PROBLEM_TEXT["broken-link"](views[2]!.id));
  });
});

describe("the monthly review form", () => {
  test("a bad month and a note over 500 characters are a 400 with each error beside its field, the note kept", async () => {
    const note = "확".repeat(501);
    const response = await on(REVIEW_PAGE, { month: "2026-13", note });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(renderedField(html, "note")).toEqual({ value: note, invalid: true, errors: [REVIEW_MESSAGES.note] });
    expect(renderedField(html, "month")).toMatchObject({ invalid: true, errors: [REVIEW_MESSAGES.month] });
  });

  test("this month, not yet ended, is refused beside the month with the note kept, and nothing is recorded", async () => {
    const response = await on(REVIEW_PAGE, { month: kstMonth(new Date()), note: "이상 없음" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(renderedField(html, "month")).toMatchObject({ invalid: true, errors: [REVIEW_MESSAGES.notEnded] });
    expect(renderedField(html, "note")).toMatchObject({ value: "이상 없음", invalid: false });
    expect(await db().select().from(auditLog).where(eq(auditLog.action, "audit.review"))).toEqual([]);
  });

  test("an ended month is marked and the page answers with a redirect to its review", async () => {
    const response = await on(REVIEW_PAGE, { month: LAST_MONTH, note: "사유 확인" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(REVIEW_PAGE);
    expect(await (await on(REVIEW_PAGE)).text()).toContain("점검 완료로 표시했습니다");
  });
});
