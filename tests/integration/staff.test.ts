import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { recordAccess, verifyAuditChains, purgeAuditRecords, auditRetentionDays } from "#app/.server/audit/records.ts";
import { unreviewedMonth } from "#app/.server/audit/review.ts";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { admins, adminSites, auditLog, invitations, leads, sessions, smsOutbox } from "#app/.server/schema.ts";
import { unsealText } from "#app/.server/sealed.ts";
import { readSession, SESSION_LIFETIME_MS } from "#app/.server/auth/session.ts";
import { findInvitation } from "#app/.server/auth/staff.ts";
import { assignLead } from "#app/.server/leads/assignment.ts";
import { createLead } from "#app/.server/leads/create.ts";
import { newLeadInput } from "#tests/lead-requests.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { withTestDatabase } from "#tests/db.ts";
import { addStaff, addTeam, consoleCookie, totpCode } from "#tests/staff.ts";

/**
 * Staff accounts (issue #16), asked of the running app over HTTP: signing in with a password and
 * a second factor, enrolment, invitations, roles, sessions, the counsellor's masked view, and the
 * access records with their tamper-evident chain.
 */

withTestDatabase();
let app: TestApp;
let HERE: string;

beforeAll(async () => {
  app = await startTestApp();
  HERE = `http://here.localhost:${app.port}`;
});
afterAll(() => app.close());

beforeEach(() => {
  setEnv(parseEnv({ SITES: `daegu@${HERE},suwon@http://there.localhost:${app.port}`, TRUST_PROXY: "1" }));
});

let client = 0;
/** A browser on this site; each test's requests come from their own address unless told otherwise. */
function browser(address = `198.51.100.${(client = (client + 1) % 250)}`) {
  let cookie = "";
  const send = async (path: string, { method = "GET", form }: { method?: string; form?: Record<string, string | string[]> } = {}) => {
    const headers: Record<string, string> = { Host: new URL(HERE).host, "X-Forwarded-For": address, Accept: "text/html" };
    if (cookie) headers.Cookie = cookie;
    let body: string | undefined;
    if (method !== "GET") {
      headers.Origin = HERE;
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(form ?? {})) for (const item of [value].flat()) params.append(name, item);
      body = params.toString();
    }
    const response = await app.fetch(path, { method, headers, body });
    for (const set of response.headers.getSetCookie()) {
      const pair = set.split(";")[0]!;
      cookie = /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(set) ? "" : pair;
    }
    return response;
  };
  return {
    get: (path: string) => send(path),
    post: (path: string, form: Record<string, string | string[]> = {}) => send(path, { method: "POST", form }),
    get cookie() {
      return cookie;
    },
    set cookie(value: string) {
      cookie = value;
    },
  };
}

async function records(action?: string) {
  const rows = await db().select().from(auditLog).orderBy(auditLog.id);
  return action ? rows.filter((row) => row.action === action) : rows;
}

describe("signing in", () => {
  test("takes the password, then a code from the authenticator app; the password alone opens nothing", async () => {
    const { manager } = await addTeam();
    const office = browser();
    const password = await office.post("/admin/login", { email: manager.email, password: manager.password, returnTo: "/admin/leads" });
    expect(password.status).toBe(302);
    expect(password.headers.get("Location")).toBe("/admin/login/code?returnTo=%2Fadmin%2Fleads");
    expect((await office.get("/admin/leads")).status).toBe(302);
    const page = await office.get("/admin/login/code?returnTo=%2Fadmin%2Fleads");
    expect(await page.text()).toMatch(/autocomplete="one-time-code"/i);

    expect((await office.post("/admin/login/code", { code: "000000", returnTo: "/admin/leads" })).status).toBe(401);
    const code = await office.post("/admin/login/code", { code: totpCode(manager.secret!), returnTo: "/admin/leads" });
    expect(code.status).toBe(302);
    expect(code.headers.get("Location")).toBe("/admin/leads");
    expect((await office.get("/admin/leads")).status).toBe(200);
    expect((await records("auth.sign-in")).map((row) => row.adminId)).toEqual([manager.id]);
  });

  test("a code is good once: someone who saw it on the screen cannot sign in with it", async () => {
    const { manager } = await addTeam();
    const first = browser();
    await first.post("/admin/login", { email: manager.email, password: manager.password });
    const code = totpCode(manager.secret!);
    expect((await first.post("/admin/login/code", { code })).status).toBe(302);
    const second = browser();
    await second.post("/admin/login", { email: manager.email, password: manager.password });
    expect((await second.post("/admin/login/code", { code })).status).toBe(401);
  });

  test("five wrong codes end the half session: the page said how many were left, and the password is asked again", async () => {
    const { manager } = await addTeam();
    const guesser = browser("192.0.2.77");
    await guesser.post("/admin/login", { email: manager.email, password: manager.password });
    for (const [i, left] of ["4번", "3번", "2번", "한 번"].entries()) {
      const wrong = await guesser.post("/admin/login/code", { code: String(100000 + i) });
      expect(wrong.status).toBe(401);
      expect(await wrong.text()).toContain(`${left} 더 틀리면 비밀번호부터 다시 입력해야 합니다`);
    }
    const fifth = await guesser.post("/admin/login/code", { code: "100009" });
    expect(fifth.status).toBe(302);
    expect(fifth.headers.get("Location")).toBe("/admin/login?ended=codes");
    expect(await (await guesser.get("/admin/login?ended=codes")).text()).toContain("인증 코드가 여러 번 틀려 로그인을 취소했습니다");
    const late = await guesser.post("/admin/login/code", { code: totpCode(manager.secret!) });
    expect(late.headers.get("Location")).toMatch(/^\/admin\/login/);
    expect((await guesser.get("/admin")).status).toBe(302);
  });

  test("a recovery code signs in once, instead of the app's code", async () => {
    const owner = await addStaff({ email: "new-owner@example.com", role: "owner", enrolled: false });
    const office = browser();
    await office.post("/admin/login", { email: owner.email, password: owner.password });
    const enrol = await office.get("/admin/enrol");
    const html = await enrol.text();
    const key = /data-testid="totp-key" data-key="([A-Z2-7]+)"/.exec(html)![1]!;
    const offer = /name="offer" value="([^"]+)"/.exec(html)![1]!;
    const enrolled = await office.post("/admin/enrol", { offer, code: totpCode(key) });
    expect(enrolled.status).toBe(200);
    const codes = [...(await enrolled.text()).matchAll(/<li><code>([a-z0-9-]+)<\/code><\/li>/g)].map((match) => match[1]!);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await office.get("/admin")).status).toBe(200);

    const lostPhone = browser();
    await lostPhone.post("/admin/login", { email: owner.email, password: owner.password });
    expect((await lostPhone.post("/admin/login/code", { code: codes[3]!, recovery: "1" })).status).toBe(302);
    const again = browser();
    await again.post("/admin/login", { email: owner.email, password: owner.password });
    expect((await again.post("/admin/login/code", { code: codes[3]!, recovery: "1" })).status).toBe(401);
    expect((await again.post("/admin/login/code", { code: codes[4]!.toUpperCase(), recovery: "1" })).status).toBe(302);
    // The codes are kept as hashes only.
    expect(JSON.stringify(await db().execute("select * from recovery_codes"))).not.toContain(codes[5]!);
  });

  test("an account without a second factor is sent to enrol one, and a wrong first code enrols nothing", async () => {
    const owner = await addStaff({ email: "first@example.com", role: "owner", enrolled: false });
    const office = browser();
    const password = await office.post("/admin/login", { email: owner.email, password: owner.password });
    expect(password.headers.get("Location")).toBe("/admin/enrol");
    const html = await (await office.get("/admin/enrol")).text();
    expect(html).toContain("<svg");
    const offer = /name="offer" value="([^"]+)"/.exec(html)![1]!;
    expect((await office.post("/admin/enrol", { offer, code: "123456" })).status).toBe(400);
    const [row] = await db().select().from(admins).where(eq(admins.id, owner.id));
    expect(row?.totpSecret).toBeNull();
    // Another account's offer fits nobody else.
    const other = await addStaff({ email: "second@example.com", role: "manager", enrolled: false });
    const theirs = browser();
    await theirs.post("/admin/login", { email: other.email, password: other.password });
    const key = /data-testid="totp-key" data-key="([A-Z2-7]+)"/.exec(html)![1]!;
    const forged = await theirs.post("/admin/enrol", { offer, code: totpCode(key) });
    expect(forged.status).toBe(302);
    expect((await theirs.get("/admin")).status).toBe(302);
  });
});

describe("an invitation", () => {
  test("is texted to the person, sets their password once, within 72 hours, and leads to enrolment", async () => {
    const { owner } = await addTeam();
    const ownerBrowser = browser();
    ownerBrowser.cookie = await consoleCookie(owner);
    const invited = await ownerBrowser.post("/admin/staff", {
      intent: "invite",
      name: "정상담",
      email: "Jung@Example.com",
      mobile: "010-3333-4444",
      role: "counsellor",
      sites: "daegu",
    });
    expect(invited.status).toBe(200);
    const link = /data-testid="invitation-link" value="([^"]+)"/.exec(await invited.text())?.[1];
    expect(link).toMatch(new RegExp(`^${HERE}/admin/invite/[\\w-]{43}$`));
    const [text] = await db().select().from(smsOutbox).where(eq(smsOutbox.purpose, "invitation"));
    expect(text).toMatchObject({ recipient: "01033334444", leadId: null });
    // The stored text is what the console shows: the link masked; the worker alone opens the sealed copy.
    expect(text!.body).not.toContain(link);
    expect(text!.body).toContain("(링크 가림)");
    expect(unsealText(text!.sealedBody!)).toContain(link);
    const [rights] = await records("staff.invite");
    expect(rights).toMatchObject({ chain: "rights", adminId: owner.id });

    const person = browser();
    const path = new URL(link!).pathname;
    expect(await (await person.get(path)).text()).toContain("jung@example.com");
    const weak = await person.post(path, { password: "qwertyuiop", confirm: "qwertyuiop" });
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain("너무 흔히 쓰이는 비밀번호");
    const short = await person.post(path, { password: "short1", confirm: "short1" });
    expect(short.status).toBe(400);
    const set = await person.post(path, { password: "상담 시작하는 날 2026", confirm: "상담 시작하는 날 2026" });
    expect(set.status).toBe(302);
    expect(set.headers.get("Location")).toBe("/admin/enrol");
    expect((await person.get("/admin/enrol")).status).toBe(200);
    // Spent: the link opens nothing now.
    expect((await browser().get(path)).status).toBe(404);
    // And a fresh one stops working after 72 hours.
    const key = path.split("/").pop()!;
    const [row] = await db().select().from(invitations);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(72 * 60 * 60 * 1000);
    expect(await findInvitation(key, new Date(Date.now() + 73 * 60 * 60 * 1000))).toBeNull();
  });

  test("cannot give a site the owner does not work on, nor reuse an email", async () => {
    const { owner, manager } = await addTeam();
    const ownerBrowser = browser();
    ownerBrowser.cookie = await consoleCookie(owner);
    const form = { intent: "invite", name: "김직원", email: "x@example.com", mobile: "010-1111-2222", role: "manager" };
    expect((await ownerBrowser.post("/admin/staff", { ...form, sites: "suwon" })).status).toBe(403);
    expect((await ownerBrowser.post("/admin/staff", { ...form, email: manager.email, sites: "daegu" })).status).toBe(409);
    expect(await db().select().from(invitations)).toEqual([]);
  });
});

describe("the owner's changes to a person", () => {
  test("disabling ends their sessions at once; re-enabling lets them sign in again; the account stays", async () => {
    const { owner, counsellor } = await addTeam();
    const theirs = browser();
    theirs.cookie = await consoleCookie(counsellor);
    expect((await theirs.get("/admin/leads")).status).toBe(200);
    const ownerBrowser = browser();
    ownerBrowser.cookie = await consoleCookie(owner);
    expect((await ownerBrowser.post("/admin/staff", { intent: "disable", adminId: String(counsellor.id) })).status).toBe(200);
    expect((await theirs.get("/admin/leads")).status).toBe(302);
    const retry = browser();
    expect((await retry.post("/admin/login", { email: counsellor.email, password: counsellor.password })).status).toBe(401);
    await ownerBrowser.post("/admin/staff", { intent: "enable", adminId: String(counsellor.id) });
    expect((await retry.post("/admin/login", { email: counsellor.email, password: counsellor.password })).status).toBe(302);
    expect((await records()).filter((row) => row.chain === "rights").map((row) => row.action)).toEqual(["staff.disable", "staff.enable"]);
  });

  test("disabling a counsellor says how many open leads went back to 미배정 and links to them; one with none is told nothing of leads", async () => {
    const { owner, manager, counsellor } = await addTeam();
    for (const name of ["하나고객", "둘고객"]) {
      const created = await createLead(newLeadInput({ name }), { staffRecipients: [] });
      if (created.outcome !== "created") throw new Error(created.outcome);
      await assignLead({ site: "daegu", actor: owner, clientAddress: "198.51.100.40" }, created.leadId, counsellor.id);
    }
    const ownerBrowser = browser();
    ownerBrowser.cookie = await consoleCookie(owner);

    const disabled = await ownerBrowser.post("/admin/staff", { intent: "disable", adminId: String(counsellor.id) });
    expect(disabled.status).toBe(200);
    const page = (await disabled.text()).replaceAll("<!-- -->", "");
    expect(page).toContain("맡던 진행 중인 고객 2명은 미배정으로 돌아갔습니다.");
    expect(page).toMatch(/<a href="\/admin\/leads\?assignedTo=none"[^>]*>미배정 고객 보기<\/a>/);

    const nobodys = await ownerBrowser.post("/admin/staff", { intent: "disable", adminId: String(manager.id) });
    expect(nobodys.status).toBe(200);
    const quiet = await nobodys.text();
    expect(quiet).toContain("사용을 중지했습니다.");
    expect(quiet).not.toContain("미배정으로 돌아갔습니다");
  });

  test("disabling a person of two sites, or taking them off the other site, says which site's 미배정 their open leads went to, and links only this site's", async () => {
    const owner = await addStaff({ email: "owner@example.com", role: "owner", name: "대표", sites: ["daegu", "suwon"] });
    const both = await addStaff({ email: "both@example.com", role: "counsellor", name: "두현장", sites: ["daegu", "suwon"] });
    const give = async (site: string, counsellorId: number) => {
      const created = await createLead(newLeadInput({ site, name: `${site}고객` }), { staffRecipients: [] });
      if (created.outcome !== "created") throw new Error(created.outcome);
      await assignLead({ site, actor: owner, clientAddress: "198.51.100.40" }, created.leadId, counsellorId);
    };
    await give("daegu", both.id);
    await give("suwon", both.id);
    await give("suwon", both.id);
    const ownerBrowser = browser();
    ownerBrowser.cookie = await consoleCookie(owner);
    const noticeOf = async (response: Response) => {
      expect(response.status).toBe(200);
      return /<p class="admin-notice" role="status">(.*?)<\/p>/.exec((await response.text()).replaceAll("<!-- -->", ""))?.[1] ?? "";
    };

    const offSuwon = await noticeOf(await ownerBrowser.post("/admin/staff", { intent: "sites", adminId: String(both.id), sites: "daegu" }));
    expect(offSuwon).toContain("다른 사이트에서 맡던 진행 중인 고객 2명은 그 사이트의 미배정으로 돌아갔습니다.");
    expect(offSuwon).not.toContain("미배정 고객 보기");

    await ownerBrowser.post("/admin/staff", { intent: "sites", adminId: String(both.id), sites: ["daegu", "suwon"] });
    await give("suwon", both.id);
    const disabled = await noticeOf(await ownerBrowser.post("/admin/staff", { intent: "disable", adminId: String(both.id) }));
    expect(disabled).toMatch(
      /맡던 진행 중인 고객 1명은 미배정으로 돌아갔습니다\. <a href="\/admin\/leads\?assignedTo=none"[^>]*>미배정 고객 보기<\/a>/,
    );
    expect(disabled).toContain("다른 사이트에서 맡던 진행 중인 고객 1명은 그 사이트의 미배정으로 돌아갔습니다.");
  });

  test("a role change and a second-factor reset end the person's sessions; the reset makes them enrol again", async () => {
    const { owner, counsellor } = await addTeam();
    const ownerBrowser = browser();
    ownerBrowser.cookie = await consoleCookie(owner);
    const theirs = browser();
    theirs.cookie = await consoleCookie(counsellor);
    await ownerBrowser.post("/admin/staff", { intent: "role", adminId: String(counsellor.id), role: "manager" });
    expect((await theirs.get("/admin")).status).toBe(302);
    theirs.cookie = await consoleCookie(counsellor);
    expect((await theirs.get("/admin/notifications")).status).toBe(200);
    await ownerBrowser.post("/admin/staff", { intent: "reset-second-factor", adminId: String(counsellor.id) });
    expect((await theirs.get("/admin")).status).toBe(302);
    const again = browser();
    const password = await again.post("/admin/login", { email: counsellor.email, password: counsellor.password });
    expect(password.headers.get("Location")).toBe("/admin/enrol");
  });

  test("the last owner cannot be demoted or disabled, and an owner cannot change themselves", async () => {
    const { owner, manager } = await addTeam();
    const ownerBrowser = browser();
    ownerBrowser.cookie = await consoleCookie(owner);
    const self = await ownerBrowser.post("/admin/staff", { intent: "disable", adminId: String(owner.id) });
    expect(self.status).toBe(409);
    expect(await self.text()).toContain("다른 대표 계정에서");
    // Made owner, the manager may not demote the first owner while... they are two: it works.
    await ownerBrowser.post("/admin/staff", { intent: "role", adminId: String(manager.id), role: "owner" });
    const second = browser();
    second.cookie = await consoleCookie(manager);
    expect((await second.post("/admin/staff", { intent: "role", adminId: String(owner.id), role: "manager" })).status).toBe(200);
    // Now the manager is the only owner, and the demoted first owner is refused the staff page.
    expect((await browser().get("/admin/staff")).status).toBe(302);
    const firstAgain = browser();
    firstAgain.cookie = await consoleCookie(owner);
    expect((await firstAgain.get("/admin/staff")).status).toBe(403);
    const owners = await db().select().from(adminSites).where(eq(adminSites.role, "owner"));
    expect(owners.map((membership) => membership.adminId)).toEqual([manager.id]);
  });
});

describe("sessions", () => {
  test("end after ADMIN_IDLE_MINUTES without a request, and twelve hours after sign-in whatever happens", async () => {
    setEnv(parseEnv({ SITES: `daegu@${HERE}`, ADMIN_IDLE_MINUTES: "30" }));
    const { manager } = await addTeam();
    const cookie = await consoleCookie(manager);
    const request = new Request(`${HERE}/admin`, { headers: { Cookie: cookie } });
    const now = Date.now();
    expect(await readSession(request, "daegu", new Date(now + 29 * 60_000))).not.toBeNull();
    expect(await readSession(request, "daegu", new Date(now + 58 * 60_000))).not.toBeNull();
    expect(await readSession(request, "daegu", new Date(now + 58 * 60_000 + 31 * 60_000))).toBeNull();
    // Kept busy, it still ends at twelve hours.
    for (let minutes = 80; minutes < 12 * 60; minutes += 20) {
      expect(await readSession(request, "daegu", new Date(now + minutes * 60_000)), `${minutes} min`).not.toBeNull();
    }
    expect(await readSession(request, "daegu", new Date(now + SESSION_LIFETIME_MS + 1_000))).toBeNull();
  });

  test("a password change ends the account's other sessions, and 'sign out everywhere' ends them all", async () => {
    const { manager } = await addTeam();
    const desk = browser();
    desk.cookie = await consoleCookie(manager);
    const phone = browser();
    phone.cookie = await consoleCookie(manager);
    const weak = await desk.post("/admin/account", {
      intent: "password",
      current: manager.password,
      password: "1234567890",
      confirm: "1234567890",
    });
    expect(weak.status).toBe(400);
    const changed = await desk.post("/admin/account", {
      intent: "password",
      current: manager.password,
      password: "새 비밀번호는 길게 2026",
      confirm: "새 비밀번호는 길게 2026",
    });
    expect(changed.status).toBe(200);
    expect((await desk.get("/admin")).status).toBe(200);
    expect((await phone.get("/admin")).status).toBe(302);
    phone.cookie = await consoleCookie(manager);
    const everywhere = await desk.post("/admin/account", { intent: "sign-out-everywhere" });
    expect(everywhere.status).toBe(302);
    expect((await phone.get("/admin")).status).toBe(302);
    expect(await db().select().from(sessions).where(eq(sessions.adminId, manager.id))).toEqual([]);
  });
});

describe("a counsellor", () => {
  test("sees their own leads and the unassigned inbox, masked, and reveals a number only with a record", async () => {
    const { manager, counsellor } = await addTeam();
    const lead = async (name: string, phone: string, assigneeId: number | null) =>
      (
        await db()
          .insert(leads)
          .values({
            submissionId: crypto.randomUUID(),
            kind: "interest",
            site: "daegu",
            name,
            phone,
            consentVersion: "v",
            consentedAt: new Date(),
            sourcePath: "/",
            assigneeId,
          })
          .returning({ id: leads.id })
      )[0]!.id;
    const mine = await lead("나의고객", "01011112222", counsellor.id);
    const open = await lead("미배정고객", "01033334444", null);
    await lead("남의고객", "01055556666", manager.id);
    const theirs = browser();
    theirs.cookie = await consoleCookie(counsellor);
    const list = await (await theirs.get("/admin/leads")).text();
    expect(list).toContain("나의고객");
    expect(list).toContain("010-1111-2222");
    expect(list).toContain("미배정고객");
    expect(list).toContain("010-****-4444");
    expect(list).not.toContain("010-3333-4444");
    expect(list).not.toContain("남의고객");
    expect(list).not.toContain("CSV 내려받기");

    // Searching the hidden middle digits of an unassigned number finds nothing.
    const search = await theirs.post("/admin/leads", { intent: "search", q: "3333" });
    const found = await (await theirs.get(search.headers.get("Location")!)).text();
    expect(found).not.toContain("미배정고객");

    const page = await (await theirs.get(`/admin/leads/${open}`)).text();
    expect(page).toContain("010-****-4444");
    expect(page).not.toContain("010-3333-4444");
    const revealed = await theirs.post(`/admin/leads/${open}`, { intent: "reveal" });
    expect(await revealed.text()).toContain("010-3333-4444");
    expect((await records("lead.reveal-phone")).map((row) => [row.adminId, row.leadIds])).toEqual([[counsellor.id, [open]]]);
    expect((await records("lead.view")).map((row) => row.leadIds)).toEqual([[open], [open]]);
    expect((await records("leads.list")).at(0)?.leadIds.sort()).toEqual([mine, open].sort());
  });
});

describe("the access records", () => {
  test("every console action that shows or touches personal data writes one, with the client address and the lead ids", async () => {
    const { manager, counsellor } = await addTeam();
    const [row] = await db()
      .insert(leads)
      .values({
        submissionId: crypto.randomUUID(),
        kind: "visit",
        site: "daegu",
        name: "기록고객",
        phone: "01012341234",
        consentVersion: "v",
        consentedAt: new Date(),
        sourcePath: "/",
      })
      .returning({ id: leads.id });
    const id = row!.id;
    const office = browser("203.0.113.66");
    office.cookie = await consoleCookie(manager);
    await office.get("/admin");
    await office.get("/admin/leads");
    await office.post("/admin/leads", { intent: "search", q: "기록" }).then((response) => office.get(response.headers.get("Location")!));
    await office.get(`/admin/leads/${id}`);
    await office.post(`/admin/leads/${id}`, { intent: "status", status: "contacted", shown: "new" });
    await office.post(`/admin/leads/${id}`, { intent: "note", body: "통화함" });
    await office.post(`/admin/leads/${id}`, { intent: "assign", assignee: String(counsellor.id) });
    await office.post("/admin/leads/export.csv", { purpose: "contact", reason: "오늘 연락할 고객", columns: ["name", "phone"] });
    await office.post(`/admin/leads/${id}/delete`);
    await office.post("/admin/leads/bin", { intent: "restore", id: String(id) });
    await office.get("/admin/visits");
    await office.get("/admin/notifications");

    const written = await records();
    const actions = written.map((record) => record.action);
    for (const action of [
      "leads.list",
      "leads.search",
      "lead.view",
      "lead.status",
      "lead.note",
      "lead.assign",
      "leads.export",
      "lead.delete",
      "lead.restore",
      "visits.view",
      "outbox.view",
    ]) {
      expect(actions, action).toContain(action);
    }
    for (const record of written) {
      expect(record).toMatchObject({
        adminId: manager.id,
        adminEmail: manager.email,
        role: "manager",
        clientAddress: "203.0.113.66",
        site: "daegu",
      });
    }
    const exported = written.find((record) => record.action === "leads.export")!;
    expect(exported.leadIds).toEqual([id]);
    expect(exported.detail).toMatchObject({ purpose: "contact", reason: "오늘 연락할 고객", columns: ["name", "phone"] });
    // Records name leads by id: no name, number or note text.
    expect(JSON.stringify(written)).not.toMatch(/기록고객|01012341234|1234-1234|통화함/);
    expect(await verifyAuditChains()).toMatchObject({ ok: true, records: written.length });
  });

  test("verification names the first record altered, removed or cut from the end", async () => {
    const { manager } = await addTeam();
    const change = { site: "daegu", actor: manager, clientAddress: "203.0.113.1" };
    for (let i = 0; i < 12; i++) await recordAccess({ ...change, action: "lead.view", leadIds: [i + 1] });
    await recordAccess({ ...change, action: "staff.role", detail: { adminId: 9, from: "counsellor", to: "owner" } });
    expect(await verifyAuditChains()).toMatchObject({ ok: true, records: 13 });

    const all = await records();
    await db()
      .update(auditLog)
      .set({ leadIds: [99] })
      .where(eq(auditLog.id, all[5]!.id));
    expect(await verifyAuditChains()).toMatchObject({
      ok: false,
      chain: "access",
      recordId: all[5]!.id,
      reason: expect.stringContaining("altered"),
    });
    await db().update(auditLog).set({ leadIds: all[5]!.leadIds }).where(eq(auditLog.id, all[5]!.id));
    expect((await verifyAuditChains()).ok).toBe(true);

    await db().delete(auditLog).where(eq(auditLog.id, all[7]!.id));
    expect(await verifyAuditChains()).toMatchObject({ ok: false, recordId: all[8]!.id, reason: expect.stringContaining("removed") });
  });

  test("outlive the leads' purge, are kept a year at least (rights three), and still verify after their own purge", async () => {
    expect(auditRetentionDays(100)).toEqual({ access: 365, rights: 1095 });
    expect(auditRetentionDays(730)).toEqual({ access: 730, rights: 1095 });
    const { owner } = await addTeam();
    const change = { site: "daegu", actor: owner, clientAddress: "203.0.113.1" };
    const day = 24 * 60 * 60 * 1000;
    const now = Date.now();
    await recordAccess({ ...change, action: "lead.view", leadIds: [1] }, { now: new Date(now - 800 * day) });
    await recordAccess({ ...change, action: "staff.role", detail: {} }, { now: new Date(now - 800 * day) });
    await recordAccess({ ...change, action: "lead.view", leadIds: [2] }, { now: new Date(now - 10 * day) });
    expect(await purgeAuditRecords(auditRetentionDays(730), new Date(now))).toBe(1);
    expect((await records()).map((record) => record.action)).toEqual(["staff.role", "lead.view"]);
    expect(await verifyAuditChains()).toMatchObject({ ok: true, records: 2 });
  });

  test("the owner marks a month reviewed; until then the dashboard reminds them", async () => {
    const { owner, manager } = await addTeam();
    // A new install has nothing to review; once the console was used last month, it does.
    expect(await unreviewedMonth("daegu")).toBeNull();
    await recordAccess(
      { site: "daegu", actor: manager, clientAddress: "203.0.113.1", action: "lead.view", leadIds: [1] },
      { now: new Date(Date.now() - 40 * 24 * 60 * 60 * 1000) },
    );
    const lastMonth = await unreviewedMonth("daegu");
    expect(lastMonth).toMatch(/^\d{4}-\d{2}$/);
    const ownerBrowser = browser();
    ownerBrowser.cookie = await consoleCookie(owner);
    expect(await (await ownerBrowser.get("/admin")).text()).toContain("접속 기록을 아직 점검하지 않았습니다");
    const managerBrowser = browser();
    managerBrowser.cookie = await consoleCookie(manager);
    expect(await (await managerBrowser.get("/admin")).text()).not.toContain("접속 기록을 아직 점검하지 않았습니다");
    const month = await ownerBrowser.get(`/admin/audit?view=month&month=${lastMonth}`);
    expect(month.status).toBe(200);
    expect((await ownerBrowser.post("/admin/audit", { month: lastMonth!, note: "사유 확인, 이상 없음" })).status).toBe(303);
    expect(await unreviewedMonth("daegu")).toBeNull();
    expect(await (await ownerBrowser.get("/admin")).text()).not.toContain("접속 기록을 아직 점검하지 않았습니다");
    expect(await (await ownerBrowser.get(`/admin/audit?view=month&month=${lastMonth}`)).text()).toContain("사유 확인, 이상 없음");
    expect((await records("audit.review")).map((record) => record.detail)).toEqual([{ month: lastMonth, note: "사유 확인, 이상 없음" }]);
  });

  test("the monthly review shows each chain's last hash to write down, and audit:verify --expect finds it", async () => {
    const { owner, manager } = await addTeam();
    await recordAccess({ site: "daegu", actor: manager, clientAddress: "203.0.113.1", action: "lead.view", leadIds: [1] });
    const ownerBrowser = browser();
    ownerBrowser.cookie = await consoleCookie(owner);
    const html = await (await ownerBrowser.get("/admin/audit?view=month")).text();
    expect(html).toContain("점검표처럼 이 서버 밖에 적어 두면");
    const shown = [...html.matchAll(/<code class="admin-audit__hash"[^>]*>([0-9a-f]{64})<\/code>/g)].map((match) => match[1]!);
    expect(shown).toHaveLength(1);
    expect(await verifyAuditChains({ expect: shown })).toMatchObject({ ok: true, found: [{ chain: "access" }] });
  });
});
