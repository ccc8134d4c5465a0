import fs from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { E2E_ADMIN } from "../../playwright.config.ts";

/**
 * Signing in to the console in the browser tests. The "console" setup project (console.setup.ts)
 * signs the demo owner in once, enrolling the authenticator app as a person would, and leaves the
 * key and a signed-in browser state here for the tests that follow.
 */

const FOLDER = path.resolve(import.meta.dirname, "../../test-results/.console");
export const OWNER_STATE = path.join(FOLDER, "owner-state.json");
const OWNER_KEY = path.join(FOLDER, "owner-key.json");

export function saveOwnerKey(secret: string) {
  fs.mkdirSync(FOLDER, { recursive: true });
  fs.writeFileSync(OWNER_KEY, JSON.stringify({ secret }));
}

export function ownerKey(): string {
  return (JSON.parse(fs.readFileSync(OWNER_KEY, "utf8")) as { secret: string }).secret;
}

/** The code an authenticator app shows for this key now. */
export function totpCode(secret: string, at = Date.now()) {
  return new TOTP({ secret: Secret.fromBase32(secret.replaceAll(" ", "")), algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: at,
  });
}

/** The key as the enrolment page shows it, read off the page. */
export async function shownKey(page: Page) {
  return (await page.getByTestId("totp-key").innerText()).replaceAll(/\s/g, "");
}

/**
 * Gives the second step a code. Each code is good once (a code of the same 30-second step is
 * refused afterwards), and one account may sign in twice within one step (two test workers, or an
 * enrolment followed by a sign-in). The server also takes the next step's code (one step either
 * side, for a phone whose clock runs ahead), so a refused code is followed at once by the next
 * step's; only when that was used too does it wait for a new step.
 */
export async function enterCode(page: Page, secret: string) {
  const refused = page.getByRole("alert").filter({ hasText: "코드가 맞지 않습니다" });
  for (let attempt = 0; attempt < 3; attempt++) {
    if (attempt === 2) await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
    await page.getByLabel("인증 코드", { exact: true }).fill(totpCode(secret, attempt === 0 ? Date.now() : Date.now() + 30_000));
    await page.getByRole("button", { name: "로그인" }).click();
    let outcome = "waiting";
    await expect
      .poll(
        async () => {
          if (!new URL(page.url()).pathname.startsWith("/admin/login")) outcome = "in";
          else if (await refused.isVisible()) outcome = "refused";
          return outcome;
        },
        { timeout: 20_000 },
      )
      .not.toBe("waiting");
    if (outcome === "in") return;
    // A fresh page: no message left from this attempt.
    await page.reload();
  }
  throw new Error("The code step refused three codes in a row.");
}

/** The whole sign-in on the page it is on (the console's or the press room's form): password, then code. */
export async function completeSignIn(page: Page, { email = E2E_ADMIN.email, password = E2E_ADMIN.password, secret = ownerKey() } = {}) {
  await page.getByLabel("이메일").fill(email);
  await page.getByLabel("비밀번호").fill(password);
  await page.getByRole("button", { name: "로그인" }).click();
  await expect(page).toHaveURL(/\/admin\/login\/code/);
  await enterCode(page, secret);
}

/** Signs in from the console's sign-in page, as the demo owner unless told otherwise. */
export async function signIn(page: Page, who: { email?: string; password?: string; secret?: string } = {}) {
  await page.goto("/admin/login");
  await completeSignIn(page, who);
  await expect(page).toHaveURL(/\/admin$/);
}

/**
 * Gives the page's browser the owner's signed-in sessions from the setup project (on localhost and
 * on the second development's host), mid-test: no sign-in through the page, which may wait for the
 * next 30-second code. The sessions are shared: a test that signs out must sign in for itself with
 * signIn(), and only tests about signing in do.
 */
export async function useOwnerSession(page: Page) {
  const state = JSON.parse(fs.readFileSync(OWNER_STATE, "utf8")) as { cookies: Parameters<ReturnType<Page["context"]>["addCookies"]>[0] };
  await page.context().addCookies(state.cookies);
}

export async function freshPage(browser: Browser) {
  const { viewport, isMobile, hasTouch } = test.info().project.use;
  return (await browser.newContext({ viewport, isMobile, hasTouch, locale: "ko-KR", timezoneId: "Asia/Seoul" })).newPage();
}

/**
 * A counsellor who can be given leads (or a person of another role): invited by the owner on the
 * owner's page's site (`origin`, localhost by default), password set, authenticator enrolled; optionally their signed-in page.
 */
export async function addCounsellor(
  owner: Page,
  browser: Browser,
  name: string,
  { keepSignedIn = false, origin = "", role = "상담사" }: { keepSignedIn?: boolean; origin?: string; role?: "상담사" | "매니저" } = {},
): Promise<Page | null> {
  await owner.goto(`${origin}/admin/staff`);
  await owner.getByLabel("이름", { exact: true }).fill(name);
  await owner.getByLabel("이메일 (로그인 아이디)").fill(`live-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`);
  await owner.getByLabel("휴대폰 (초대 문자를 받을 번호)").fill("010-2345-6789");
  await owner.getByRole("radio", { name: new RegExp(`^${role}`) }).check();
  await owner.getByRole("button", { name: "초대 링크 만들기" }).click();
  const link = await owner.getByTestId("invitation-link").inputValue();

  const page = await freshPage(browser);
  await page.goto(link);
  const password = "a long counsellor password 42";
  await page.getByLabel("새 비밀번호", { exact: true }).fill(password);
  await page.getByLabel("새 비밀번호 확인").fill(password);
  await page.getByRole("button", { name: "비밀번호 정하고 계속하기" }).click();
  await expect(page).toHaveURL(/\/admin\/enrol$/);
  await page.getByLabel("인증 코드", { exact: true }).fill(totpCode(await shownKey(page)));
  await page.getByRole("button", { name: "등록하고 계속하기" }).click();
  await expect(page.getByRole("list", { name: "복구 코드 10개" }).getByRole("listitem")).toHaveCount(10);
  if (!keepSignedIn) {
    await page.context().close();
    return null;
  }
  await page.getByRole("link", { name: "적어 두었습니다. 계속하기" }).click();
  // A counsellor's console opens on 오늘 할 일; a manager's on the dashboard.
  await expect(page).toHaveURL(role === "상담사" ? /\/admin\/today$/ : /\/admin$/);
  return page;
}
