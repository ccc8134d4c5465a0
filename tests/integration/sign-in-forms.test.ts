import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { admins, auditLog, invitations, sessions, signInAttempts } from "#app/.server/schema.ts";
import { PRESS_MESSAGES } from "#app/forms/press-messages.ts";
import { PASSWORD_TOO_SHORT, SIGN_IN_TEXT } from "#app/forms/staff.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { renderedField } from "#tests/console-form-html.ts";
import { withTestDatabase } from "#tests/db.ts";
import { addStaff, addTeam, consoleCookie, totpCode } from "#tests/staff.ts";

/**
 * The sign-in steps, the staff page and one's own name on the console's form pipeline (decision
 * 025), asked of the running app over HTTP as a browser without scripts sends them: every field's
 * error beside its field in the page that answers, the values kept, a password never sent back; and
 * a right password on a site the account does not work on (issue #26).
 */

withTestDatabase();
let app: TestApp;
let HERE: string;
let THERE: string;

beforeAll(async () => {
  app = await startTestApp();
  HERE = `http://here.localhost:${app.port}`;
  THERE = `http://there.localhost:${app.port}`;
});
afterAll(() => app.close());

beforeEach(() => {
  setEnv(parseEnv({ SITES: `daegu@${HERE},suwon@${THERE}`, TRUST_PROXY: "1" }));
});

let client = 0;
/** A browser on this site (daegu), from its own address. */
function browser(address = `203.0.113.${(client = (client + 1) % 250)}`) {
  let cookie = "";
  const send = async (path: string, form?: Record<string, string | string[]>) => {
    const headers: Record<string, string> = { Host: new URL(HERE).host, "X-Forwarded-For": address, Accept: "text/html" };
    if (cookie) headers.Cookie = cookie;
    let body: string | undefined;
    if (form) {
      headers.Origin = HERE;
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(form)) for (const item of [value].flat()) params.append(name, item);
      body = params.toString();
    }
    const response = await app.fetch(path, { method: form ? "POST" : "GET", headers, body });
    for (const set of response.headers.getSetCookie()) {
      const pair = set.split(";")[0]!;
      cookie = /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(set) ? "" : pair;
    }
    return response;
  };
  return {
    get: (path: string) => send(path),
    post: (path: string, form: Record<string, string | string[]>) => send(path, form),
    set cookie(value: string) {
      cookie = value;
    },
  };
}

/** The errors the sign-in form shows outside its fields, in the list its aria-describedby names. */
function formErrors(html: string) {
  const page = html.replace(/<script[\s\S]*?<\/script>/g, "");
  const form = /<form\b[^>]*\sid="admin-login"[^>]*>/.exec(page)![0];
  expect(form).toContain('aria-describedby="admin-login-error"');
  const list = /<ul id="admin-login-error"[^>]*>([\s\S]*?)<\/ul>/.exec(page);
  return list ? [...list[1]!.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((item) => item[1]!) : [];
}

describe("the sign-in page", () => {
  test("answers an empty email and password with both errors beside their fields, and never sends a typed password back", async () => {
    const empty = await browser().post("/admin/login", { email: "", password: "" });
    expect(empty.status).toBe(400);
    const html = await empty.text();
    expect(renderedField(html, "email")).toEqual({ value: "", invalid: true, errors: [SIGN_IN_TEXT.emailRequired] });
    expect(renderedField(html, "password")).toEqual({ value: "", invalid: true, errors: [SIGN_IN_TEXT.currentPasswordRequired] });

    const noEmail = await browser().post("/admin/login", { email: "", password: "a secret typed 2026" });
    expect(noEmail.status).toBe(400);
    const kept = await noEmail.text();
    expect(renderedField(kept, "email").errors).toEqual([SIGN_IN_TEXT.emailRequired]);
    expect(renderedField(kept, "password")).toEqual({ value: "", invalid: false, errors: [] });
    expect(kept).not.toContain("a secret typed 2026");

    const wrong = await browser().post("/admin/login", { email: "nobody@example.com", password: "a secret typed 2026" });
    expect(wrong.status).toBe(401);
    const refused = await wrong.text();
    expect(renderedField(refused, "email").value).toBe("nobody@example.com");
    expect(formErrors(refused)).toEqual([expect.stringContaining(PRESS_MESSAGES.loginInvalid)]);
    expect(refused).not.toContain("a secret typed 2026");
  });

  test("a right password on a site the account does not work on is told so, with where it does; a wrong one there is told nothing more", async () => {
    const manager = await addStaff({ email: "suwon-manager@example.com", role: "manager", sites: ["suwon"] });
    const office = browser();

    const right = await office.post("/admin/login", { email: manager.email, password: manager.password });
    expect(right.status).toBe(403);
    expect(right.headers.get("Set-Cookie")).toBeNull();
    const told = await right.text();
    expect(formErrors(told)).toEqual([SIGN_IN_TEXT.wrongSite]);
    expect(told).toContain(`href="${THERE}/admin/login"`);
    expect(told).not.toContain(PRESS_MESSAGES.loginInvalid);
    expect(await db().select().from(sessions)).toEqual([]);

    // Without the password, the same account is one more wrong password: nothing says it exists.
    const guess = await office.post("/admin/login", { email: manager.email, password: "not the password at all" });
    expect(guess.status).toBe(401);
    const guessed = await guess.text();
    expect(guessed).not.toContain(SIGN_IN_TEXT.wrongSite);
    expect(guessed).not.toContain(THERE);
    // Both attempts signed in nowhere, so the throttle counts both.
    expect(await db().select().from(signInAttempts)).toHaveLength(2);

    // A disabled account of another site is refused like any wrong password.
    const gone = await addStaff({ email: "gone@example.com", role: "manager", sites: ["suwon"], disabled: true });
    const disabled = await browser().post("/admin/login", { email: gone.email, password: gone.password });
    expect(disabled.status).toBe(401);
    expect(await disabled.text()).not.toContain(SIGN_IN_TEXT.wrongSite);
  });
});

describe("the code steps", () => {
  test("an empty code is answered beside the field, and a wrong one beside it with the tries left", async () => {
    const owner = await addStaff({ email: "coder@example.com", role: "owner" });
    const person = browser();
    await person.post("/admin/login", { email: owner.email, password: owner.password });
    const empty = await person.post("/admin/login/code", { code: "" });
    expect(empty.status).toBe(400);
    expect(renderedField(await empty.text(), "code")).toEqual({ value: "", invalid: true, errors: [SIGN_IN_TEXT.codeRequired] });
    const emptyRecovery = await person.post("/admin/login/code", { code: "", recovery: "1" });
    expect(renderedField(await emptyRecovery.text(), "code").errors).toEqual([SIGN_IN_TEXT.recoveryRequired]);

    const wrong = await person.post("/admin/login/code", { code: "000000" });
    expect(wrong.status).toBe(401);
    const field = renderedField(await wrong.text(), "code");
    expect(field.value).toBe("");
    expect(field.errors).toEqual([expect.stringMatching(new RegExp(`^${SIGN_IN_TEXT.codeInvalid} \\d번 더 틀리면`))]);
  });

  test("enrolment answers an empty or wrong code beside the field, showing the same key and its otpauth link; without scripts the ten codes follow in one list", async () => {
    const owner = await addStaff({ email: "enrolling@example.com", role: "owner", enrolled: false });
    const person = browser();
    await person.post("/admin/login", { email: owner.email, password: owner.password });
    const page = await (await person.get("/admin/enrol")).text();
    const offer = /name="offer" value="([^"]+)"/.exec(page)![1]!;
    const key = /data-key="([A-Z2-7]+)"/.exec(page)![1]!;
    const link = /href="(otpauth:\/\/totp\/[^"]+)"/.exec(page)![1]!.replaceAll("&amp;", "&");
    expect(new URL(link).searchParams.get("secret")).toBe(key);

    const empty = await person.post("/admin/enrol", { offer, code: "" });
    expect(empty.status).toBe(400);
    const again = await empty.text();
    expect(renderedField(again, "code")).toEqual({ value: "", invalid: true, errors: [SIGN_IN_TEXT.codeRequired] });
    expect(/data-key="([A-Z2-7]+)"/.exec(again)![1]).toBe(key);

    const wrong = await person.post("/admin/enrol", { offer, code: "123456" });
    expect(wrong.status).toBe(400);
    expect(renderedField(await wrong.text(), "code").errors).toEqual([SIGN_IN_TEXT.codeInvalid]);

    // Enrolled without scripts: the codes in one list, numbered, under the account; the buttons need scripts.
    const enrolled = await person.post("/admin/enrol", { offer, code: totpCode(key) });
    expect(enrolled.status).toBe(200);
    const codes = await enrolled.text();
    const list = /<ol class="admin-recovery-codes"[^>]*>([\s\S]*?)<\/ol>/.exec(codes)![1]!;
    expect(list.match(/<li><code>[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}<\/code><\/li>/g)).toHaveLength(10);
    expect(codes).toContain(`계정: <!-- -->enrolling (${owner.email})`);
    expect(codes).not.toContain(SIGN_IN_TEXT.recoveryDownload);
  });
});

describe("an invitation's password", () => {
  test("shows every problem at once beside its field, and the server's rule beside the password, never echoing either", async () => {
    const { owner } = await addTeam();
    const ownerBrowser = browser();
    ownerBrowser.cookie = await consoleCookie(owner);
    const invited = await ownerBrowser.post("/admin/staff", {
      intent: "invite",
      name: "박초대",
      email: "park@example.com",
      mobile: "010-4444-5555",
      role: "counsellor",
      sites: "daegu",
    });
    const path = new URL(/data-testid="invitation-link" value="([^"]+)"/.exec(await invited.text())![1]!).pathname;
    const person = browser();

    const empty = await person.post(path, { password: "", confirm: "" });
    expect(empty.status).toBe(400);
    const both = await empty.text();
    expect(renderedField(both, "password")).toEqual({ value: "", invalid: true, errors: [PASSWORD_TOO_SHORT] });
    expect(renderedField(both, "confirm")).toEqual({ value: "", invalid: true, errors: [SIGN_IN_TEXT.confirmRequired] });

    const short = await person.post(path, { password: "short1", confirm: "short2" });
    const shortHtml = await short.text();
    expect(renderedField(shortHtml, "password").errors).toEqual([PASSWORD_TOO_SHORT]);
    expect(renderedField(shortHtml, "confirm").errors).toEqual([SIGN_IN_TEXT.passwordMismatch]);
    expect(shortHtml).not.toContain("short1");

    const common = await person.post(path, { password: "qwertyuiop", confirm: "qwertyuiop" });
    expect(common.status).toBe(400);
    expect(renderedField(await common.text(), "password").errors).toEqual([expect.stringContaining("너무 흔히 쓰이는 비밀번호")]);
    expect((await db().select().from(invitations))[0]?.usedAt).toBeNull();
  });
});

describe("the staff page", () => {
  test("an invitation with every field wrong shows each error beside its field and keeps what was typed", async () => {
    const { owner } = await addTeam();
    const ownerBrowser = browser();
    ownerBrowser.cookie = await consoleCookie(owner);
    const answer = await ownerBrowser.post("/admin/staff", {
      intent: "invite",
      name: " ",
      email: "not-an-email",
      mobile: "123",
      sites: "daegu",
    });
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(renderedField(html, "name")).toMatchObject({ invalid: true, errors: ["이름을 입력해 주세요."] });
    expect(renderedField(html, "email")).toEqual({
      value: "not-an-email",
      invalid: true,
      errors: ["이메일 주소를 정확히 입력해 주세요. 예: name@example.com"],
    });
    expect(renderedField(html, "mobile")).toEqual({
      value: "123",
      invalid: true,
      errors: ["휴대폰 번호를 정확히 입력해 주세요. 예: 010-1234-5678"],
    });
    expect(renderedField(html, "role")).toMatchObject({ invalid: true, errors: ["역할을 선택해 주세요."] });
    expect(await db().select().from(invitations)).toEqual([]);
  });

  test("an email that has an account already is refused beside the email field", async () => {
    const { owner, manager } = await addTeam();
    const ownerBrowser = browser();
    ownerBrowser.cookie = await consoleCookie(owner);
    const taken = await ownerBrowser.post("/admin/staff", {
      intent: "invite",
      name: "김중복",
      email: manager.email,
      mobile: "010-1111-2222",
      role: "manager",
      sites: "daegu",
    });
    expect(taken.status).toBe(409);
    const html = await taken.text();
    expect(renderedField(html, "email")).toEqual({ value: manager.email, invalid: true, errors: ["이미 계정이 있는 이메일입니다."] });
    expect(renderedField(html, "name").value).toBe("김중복");
  });

  test("names each person, and an account without a name by its email's mailbox", async () => {
    const { owner } = await addTeam();
    await addStaff({ email: "nameless.one@example.com", role: "counsellor", name: "" });
    const ownerBrowser = browser();
    ownerBrowser.cookie = await consoleCookie(owner);
    const html = await (await ownerBrowser.get("/admin/staff")).text();
    expect(html).toContain(`<strong>${owner.name}</strong>`);
    expect(html).toContain("<strong>nameless.one</strong>");
    expect(html).not.toContain("이름 없음");
  });
});

describe("one's own name", () => {
  test("is required, and a change is recorded with the access rights", async () => {
    const { counsellor } = await addTeam();
    const person = browser();
    person.cookie = await consoleCookie(counsellor);
    const empty = await person.post("/admin/account", { intent: "name", name: "  " });
    expect(empty.status).toBe(400);
    expect(renderedField(await empty.text(), "name")).toMatchObject({ invalid: true, errors: ["이름을 입력해 주세요."] });

    const renamed = await person.post("/admin/account", { intent: "name", name: "  한상담 " });
    expect(renamed.status).toBe(200);
    expect(renderedField(await renamed.text(), "name")).toEqual({ value: "한상담", invalid: false, errors: [] });
    const [row] = await db().select({ name: admins.name }).from(admins).where(eq(admins.id, counsellor.id));
    expect(row?.name).toBe("한상담");
    const records = await db().select().from(auditLog).where(eq(auditLog.action, "staff.name"));
    expect(records).toMatchObject([{ chain: "rights", adminId: counsellor.id, site: "daegu", detail: { adminId: counsellor.id } }]);
    expect(JSON.stringify(records[0]!.detail)).not.toContain("한상담");
    // The header names the person now.
    const page = await (await person.get("/admin/account")).text();
    expect(page).toContain("한상담");
    expect(page).toContain('<span class="admin-header__role">상담사</span>');
  });

  test("names the person in the access records, with the email second", async () => {
    const { owner } = await addTeam();
    const person = browser();
    person.cookie = await consoleCookie(owner);
    await person.post("/admin/account", { intent: "name", name: "오대표" });
    const page = await (await person.get("/admin/audit")).text();
    expect(page).toContain(`오대표 (${owner.email})`);
    expect(page).toContain("이름 변경");
  });
});
