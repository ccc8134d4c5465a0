import fs from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { E2E_ADMIN, SUWON_ORIGIN } from "../../playwright.config.ts";

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
        // Asked every 50 ms: the default steps (100, 250, 500, 1000 ms) saw a sign-in done in 400 ms at 850.
        { timeout: 20_000, intervals: [50] },
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

/** The site a console origin serves in the browser tests (playwright.config.ts's SITES). */
const siteOf = (origin: string) => (origin === SUWON_ORIGIN ? "suwon" : "daegu");

/**
 * Posts a form from the page, as its form would without scripts (the browser's own cookies and
 * Origin, redirects followed), and answers the HTML the console sent back. A page elsewhere first
 * opens a blank page of the origin, made by the test rather than the server: nothing to draw, and no
 * policy of a JSON answer's to forbid the post. From the browser rather than the test's own HTTP
 * client, which cannot resolve suwon.localhost.
 */
async function postFrom(page: Page, origin: string, path: string, form: Record<string, string>) {
  if (new URL(page.url()).origin !== origin) {
    const blank = `${origin}/e2e-blank`;
    await page.route(blank, (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><title></title>" }));
    await page.goto(blank);
    await page.unroute(blank);
  }
  const { status, html } = await page.evaluate(
    async ({ path, form }) => {
      const answer = await fetch(path, { method: "POST", body: new URLSearchParams(form) });
      return { status: answer.status, html: await answer.text() };
    },
    { path, form },
  );
  expect(status, html.slice(0, 500)).toBe(200);
  return html;
}

/** An attribute's value in a page's HTML, found by the text just before it. */
function valueAfter(html: string, before: string) {
  const value = new RegExp(`${before}"([^"]+)"`).exec(html)?.[1];
  if (!value) throw new Error(`The page has no ${before}: ${html.slice(0, 300)}`);
  return value;
}

/**
 * A counsellor who can be given leads (or a person of another role): invited by the owner on the
 * owner's page's site (`origin`, localhost by default), password set, authenticator enrolled;
 * optionally a page of theirs, signed in. Made by the posts the pages' forms send, not through the
 * pages, which are staff.spec.ts's subject; both pages are left on a blank page of the origin.
 */
export async function addCounsellor(
  owner: Page,
  browser: Browser,
  name: string,
  { keepSignedIn = false, origin = "", role = "상담사" }: { keepSignedIn?: boolean; origin?: string; role?: "상담사" | "매니저" } = {},
): Promise<Page | null> {
  const site = origin || new URL(test.info().project.use.baseURL!).origin;
  const invited = await postFrom(owner, site, "/admin/staff", {
    intent: "invite",
    name,
    email: `live-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`,
    mobile: "010-2345-6789",
    role: role === "상담사" ? "counsellor" : "manager",
    sites: siteOf(site),
  });
  const link = /\/admin\/invite\/[\w-]+/.exec(invited)?.[0];
  if (!link) throw new Error("The staff page showed no invitation link.");

  const page = await freshPage(browser);
  const password = "a long counsellor password 42";
  // The password makes a half session and redirects to the enrolment, which offers a key.
  const enrolment = await postFrom(page, site, link, { password, confirm: password });
  const key = valueAfter(enrolment, "data-key=");
  const offer = valueAfter(enrolment, 'name="offer" value=');
  const enrolled = await postFrom(page, site, "/admin/enrol", { offer, code: totpCode(key) });
  expect(enrolled).toContain("복구 코드 10개");
  if (keepSignedIn) return page;
  await page.context().close();
  return null;
}

/**
 * Makes the page's browser one that has not been asked about notifications yet (as a person's own
 * browser is, where the headless one answers "denied"), answering `answer` when the page asks.
 * Set before the page opens: the console reads it while its header is parsed.
 */
export async function notificationsNotAskedYet(page: Page, answer: NotificationPermission = "granted") {
  await page.addInitScript((answer) => {
    let permission: NotificationPermission = "default";
    Object.defineProperty(Notification, "permission", { get: () => permission });
    Notification.requestPermission = async () => (permission = answer);
  }, answer);
}
