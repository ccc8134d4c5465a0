import { and, count, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { MAX_CODE_ATTEMPTS } from "#app/.server/auth/sign-in.ts";
import { db } from "#app/.server/db.ts";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { attemptKeys, MAX_ACCOUNT_FAILURES } from "#app/.server/auth/login-throttle.ts";
import { sessions, signInAttempts } from "#app/.server/schema.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { withTestDatabase } from "#tests/db.ts";
import { addStaff, totpCode, type TestStaff } from "#tests/staff.ts";

/**
 * Guessing a password or a second-factor code (issue #24): from many addresses at once, and in
 * parallel, over HTTP as an attacker sends it. Each test's addresses are its own.
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
  setEnv(parseEnv({ SITES: `daegu@${HERE}`, TRUST_PROXY: "1" }));
});

function send(path: string, { address, cookie = "", form }: { address: string; cookie?: string; form?: Record<string, string> }) {
  const headers: Record<string, string> = { Host: new URL(HERE).host, "X-Forwarded-For": address, Accept: "text/html" };
  if (cookie) headers.Cookie = cookie;
  if (!form) return app.fetch(path, { headers });
  return app.fetch(path, {
    method: "POST",
    headers: { ...headers, Origin: HERE, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });
}

const sessionCookie = (response: Response) => response.headers.getSetCookie()[0]?.split(";")[0] ?? "";

function password(staff: TestStaff, address: string, guess = staff.password) {
  return send("/admin/login", { address, form: { email: staff.email, password: guess } });
}

/** Password and code from one address, as the office signs in (a code is good once: a second sign-in uses the next one). */
async function signInFully(staff: TestStaff, address: string, codeAt = Date.now()) {
  const half = await password(staff, address);
  expect(half.status).toBe(302);
  const done = await send("/admin/login/code", { address, cookie: sessionCookie(half), form: { code: totpCode(staff.secret!, codeAt) } });
  expect(done.headers.get("Location")).toBe("/admin");
}

/** Six-digit codes the authenticator app does not show around now. */
function wrongCodes(staff: TestStaff, howMany: number) {
  const valid = new Set([-30_000, 0, 30_000].map((offset) => totpCode(staff.secret!, Date.now() + offset)));
  return Array.from({ length: howMany * 2 }, (_, i) => String(200000 + i * 7919))
    .filter((code) => !valid.has(code))
    .slice(0, howMany);
}

const statuses = (responses: Response[]) => responses.map((response) => response.status);

describe("guessing a password", () => {
  test("24 wrong passwords sent at once from 24 addresses: at most five are checked, the rest are refused with when to retry", async () => {
    const owner = await addStaff({ email: "owner@example.com", role: "owner" });
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => password(owner, `198.51.100.${i + 1}`, `guess number ${i}`)));
    const checked = statuses(answers).filter((status) => status === 401);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(checked.length).toBeLessThanOrEqual(MAX_ACCOUNT_FAILURES);
    expect(checked.length + refused.length).toBe(24);
    for (const answer of refused) {
      expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(await answer.text()).toContain("이 계정에 틀린 비밀번호가 여러 번 입력되어 잠시 막았습니다.");
    }
  });

  test("while an account is under attack, the right password still opens it from an address it signed in from before, and a new address is asked to wait", async () => {
    const owner = await addStaff({ email: "owner@example.com", role: "owner" });
    await signInFully(owner, "203.0.113.10");
    for (let i = 0; i < MAX_ACCOUNT_FAILURES; i++) expect((await password(owner, `198.51.100.${i + 1}`, `guess ${i}`)).status).toBe(401);

    const stranger = await password(owner, "198.51.100.99");
    expect(stranger.status).toBe(429);
    expect(await stranger.text()).toContain("15분 후에 다시 시도하거나, 이 계정으로 로그인한 적이 있는 곳(사무실 등)에서 로그인해 주세요.");
    expect((await password(owner, "198.51.100.98", "one more guess")).status).toBe(429);

    await signInFully(owner, "203.0.113.10", Date.now() + 30_000);
  });

  test("signing in to one account from an address does not forgive that address's failures against another account", async () => {
    const owner = await addStaff({ email: "owner@example.com", role: "owner" });
    const manager = await addStaff({ email: "manager@example.com", role: "manager" });
    const shared = "203.0.113.20";
    for (let i = 0; i < MAX_ACCOUNT_FAILURES - 1; i++) expect((await password(owner, shared, `guess ${i}`)).status).toBe(401);
    await signInFully(manager, shared);
    expect((await password(owner, shared, "last guess")).status).toBe(401);

    // Five failures stand against the owner: a stranger, even with the right password, waits.
    expect((await password(owner, "198.51.100.50")).status).toBe(429);
    const keys = attemptKeys(owner.email, shared);
    const [fromShared] = await db().select({ value: count() }).from(signInAttempts).where(eq(signInAttempts.clientKey, keys.client));
    expect(fromShared?.value).toBe(MAX_ACCOUNT_FAILURES);
  });
});

describe("guessing a second-factor code", () => {
  test("20 codes sent at once on one half session from 20 addresses: at most five are checked, then the half session is gone", async () => {
    const owner = await addStaff({ email: "owner@example.com", role: "owner" });
    const cookie = sessionCookie(await password(owner, "203.0.113.30"));
    const answers = await Promise.all(
      wrongCodes(owner, 20).map((code, i) => send("/admin/login/code", { address: `198.51.100.${i + 1}`, cookie, form: { code } })),
    );
    // A wrong code answers 401 while the half session lasts; once the fifth try ended it, every
    // answer (a code still being checked included) sends the person back to the password.
    const wrong = statuses(answers).filter((status) => status === 401);
    expect(wrong.length).toBeLessThanOrEqual(MAX_CODE_ATTEMPTS - 1);
    for (const answer of answers.filter((answer) => answer.status !== 401)) {
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toMatch(/^\/admin\/login(\?ended=codes)?$/);
    }
    // The five tries ran out exactly once: one failed sign-in is counted against the account.
    const [failures] = await db()
      .select({ value: count() })
      .from(signInAttempts)
      .where(eq(signInAttempts.accountKey, attemptKeys(owner.email, "").account));
    expect(failures?.value).toBe(1);
    const halfSessions = await db()
      .select({ value: count() })
      .from(sessions)
      .where(and(eq(sessions.adminId, owner.id), isNull(sessions.secondFactorAt)));
    expect(halfSessions).toEqual([{ value: 0 }]);
    const rightCode = await send("/admin/login/code", { address: "203.0.113.30", cookie, form: { code: totpCode(owner.secret!) } });
    expect(rightCode.headers.get("Location")).toMatch(/^\/admin\/login/);
    expect((await send("/admin", { address: "203.0.113.30", cookie })).status).toBe(302);
  });

  test("a half session ended by wrong codes counts as a failed sign-in: going round through the password is throttled too", async () => {
    const owner = await addStaff({ email: "owner@example.com", role: "owner" });
    const codes = wrongCodes(owner, MAX_CODE_ATTEMPTS);
    for (let round = 0; round < MAX_ACCOUNT_FAILURES; round++) {
      const address = `198.51.100.${round + 1}`;
      const cookie = sessionCookie(await password(owner, address));
      for (const code of codes) await send("/admin/login/code", { address, cookie, form: { code } });
    }
    expect((await password(owner, "198.51.100.99")).status).toBe(429);
  });
});
