import fs from "node:fs/promises";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { enterCode, OWNER_STATE, shownKey, totpCode } from "./console.ts";
import { postInquiry } from "./inquiry.ts";

// Both projects (desktop, phone) share one server: every person and lead made here carries a tag
// unique to the test, and lists are narrowed to it.
function uniqueTag() {
  const letters = "가나다라마바사아자차카타파하";
  return Array.from({ length: 5 }, () => letters[Math.floor(Math.random() * letters.length)]).join("");
}

const uniquePhone = () => `010${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;

/** A browser of the owner, already signed in (the setup project enrolled them). */
async function ownerPage(browser: Browser) {
  const context = await browser.newContext({ storageState: OWNER_STATE });
  return context.newPage();
}

/** A browser of nobody yet, as the project's device. */
async function freshPage(browser: Browser) {
  const { viewport, isMobile, hasTouch } = test.info().project.use;
  return (await browser.newContext({ viewport, isMobile, hasTouch, locale: "ko-KR", timezoneId: "Asia/Seoul" })).newPage();
}

/** The owner fills the invitation form and reads the one-time link shown to copy (only in test mode: texts are not sent). */
async function invite(page: Page, person: { name: string; email: string; role: string }) {
  await page.goto("/admin/staff");
  await page.getByLabel("이름", { exact: true }).fill(person.name);
  await page.getByLabel("이메일 (로그인 아이디)").fill(person.email);
  await page.getByLabel("휴대폰 (초대 문자를 받을 번호)").fill("010-2345-6789");
  await page.getByRole("radio", { name: new RegExp(`^${person.role}`) }).check();
  await page.getByRole("button", { name: "초대 링크 만들기" }).click();
  const link = page.getByTestId("invitation-link");
  await expect(link).toBeVisible();
  return link.inputValue();
}

/**
 * The invited person opens the link, sets a password and enrols the authenticator app, and goes on to
 * where their console opens (`landing`); answers the key and the recovery codes.
 */
async function acceptInvitation(page: Page, link: string, password: string, landing: RegExp) {
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "계정 만들기" })).toBeVisible();
  await page.getByLabel("새 비밀번호", { exact: true }).fill(password);
  await page.getByLabel("새 비밀번호 확인").fill(password);
  await page.getByRole("button", { name: "비밀번호 정하고 계속하기" }).click();
  await expect(page).toHaveURL(/\/admin\/enrol$/);
  await expect(page.getByRole("img", { name: "인증 앱에 등록할 QR 코드" })).toBeVisible();
  await expect(page.getByLabel("인증 코드", { exact: true })).toHaveAttribute("autocomplete", "one-time-code");
  const secret = await shownKey(page);
  await page.getByLabel("인증 코드", { exact: true }).fill(totpCode(secret));
  await page.getByRole("button", { name: "등록하고 계속하기" }).click();
  const list = page.getByRole("list", { name: "복구 코드 10개" }).getByRole("listitem");
  await expect(list).toHaveCount(10);
  const codes = await list.allInnerTexts();
  await page.getByRole("link", { name: "적어 두었습니다. 계속하기" }).click();
  await expect(page).toHaveURL(landing);
  return { secret, codes };
}

async function signOut(page: Page) {
  await page.goto("/admin/account");
  await page.getByRole("button", { name: "로그아웃", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto("/admin/login");
  await page.getByLabel("이메일").fill(email);
  await page.getByLabel("비밀번호").fill(password);
  await page.getByRole("button", { name: "로그인" }).click();
  await expect(page).toHaveURL(/\/admin\/login\/code$/);
}

test("the owner invites a counsellor and a manager; the counsellor enrols, signs in with a code and sees only their lead; the manager's download asks why, and the owner reads it in the access records", async ({
  browser,
  request,
}) => {
  // Three people, two enrolments and a download, on a shared two-core machine: room, not a threshold.
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const project = test.info().project.name;
  const counsellor = {
    name: `상담${tag}`,
    email: `counsellor-${project}-${Date.now()}@example.com`,
    role: "상담사",
    password: `상담 시작 ${tag} 2026`,
  };
  const manager = {
    name: `실장${tag}`,
    email: `manager-${project}-${Date.now()}@example.com`,
    role: "매니저",
    password: `현장 관리 ${tag} 2026`,
  };
  const theirs = { name: `배정고객${tag}`, phone: uniquePhone() };
  const others = { name: `남의고객${tag}`, phone: uniquePhone() };
  const owner = await ownerPage(browser);
  const person = await freshPage(browser);
  const managerPage = await freshPage(browser);
  const dashed = (phone: string) => `${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}`;

  let recoveryCodes: string[] = [];
  let secret = "";
  await test.step("the owner invites a counsellor and a manager, each with a one-time link", async () => {
    const counsellorLink = await invite(owner, counsellor);
    expect(counsellorLink).toMatch(/\/admin\/invite\/[\w-]{43}$/);
    await expect(owner.getByRole("status").filter({ hasText: "본인에게 직접 전해 주세요" })).toBeVisible();
    await expect(owner.locator(".admin-staff__person").filter({ hasText: counsellor.email })).toContainText("초대 수락 대기");
    ({ secret, codes: recoveryCodes } = await acceptInvitation(person, counsellorLink, counsellor.password, /\/admin\/today$/));
    const managerLink = await invite(owner, manager);
    // A counsellor's console opens on 오늘 할 일, a manager's on the dashboard.
    await acceptInvitation(managerPage, managerLink, manager.password, /\/admin$/);
  });

  await test.step("two buyers send inquiries; the owner gives one to the counsellor and one to the manager", async () => {
    for (const buyer of [theirs, others]) await postInquiry(request, { ...buyer, message: "분양가와 잔여 세대가 궁금합니다." });
    for (const [lead, assignee] of [
      [theirs, counsellor],
      [others, manager],
    ] as const) {
      await owner.goto("/admin/leads");
      await owner.getByLabel("이름·연락처 검색").fill(lead.name);
      await owner.getByRole("button", { name: "적용" }).click();
      await owner.getByRole("link", { name: lead.name }).click();
      await owner.getByLabel("담당자", { exact: true }).selectOption({ label: `${assignee.name} (${assignee.role})` });
      await owner.getByRole("button", { name: "배정" }).click();
      await expect(owner.locator(".admin-facts")).toContainText(assignee.name);
    }
  });

  await test.step("a recovery code signs the counsellor in once", async () => {
    await signOut(person);
    await passwordStep(person, counsellor.email, counsellor.password);
    await person.getByRole("link", { name: "휴대폰을 쓸 수 없을 때: 복구 코드로 로그인" }).click();
    await person.getByLabel("복구 코드").fill(recoveryCodes[0]!);
    await person.getByRole("button", { name: "로그인" }).click();
    await expect(person).toHaveURL(/\/admin(\/today)?$/);
    await signOut(person);
    await passwordStep(person, counsellor.email, counsellor.password);
    await person.getByRole("link", { name: "휴대폰을 쓸 수 없을 때: 복구 코드로 로그인" }).click();
    await person.getByLabel("복구 코드").fill(recoveryCodes[0]!);
    await person.getByRole("button", { name: "로그인" }).click();
    await expect(person.getByRole("alert")).toContainText("이미 사용한 코드");
  });

  await test.step("the counsellor signs in with a code from the app and sees their own lead, not the manager's", async () => {
    await person.getByRole("link", { name: "인증 앱의 코드로 로그인" }).click();
    await enterCode(person, secret);
    await expect(person).toHaveURL(/\/admin(\/today)?$/);
    await expect(person.getByRole("navigation", { name: "관리자 메뉴" })).not.toContainText("직원 계정");
    await person.goto("/admin/leads");
    await person.getByLabel("이름·연락처 검색").fill(tag);
    await person.getByRole("button", { name: "적용" }).click();
    await expect(person).toHaveURL(/[?&]s=/);
    const rows = person.locator(".admin-leads tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(theirs.name);
    await expect(rows).toContainText(dashed(theirs.phone));
    await expect(person.getByRole("link", { name: "CSV 내려받기" })).toHaveCount(0);
    // The manager's lead is not there even by its address, and the staff page is not theirs.
    const answer = await person.goto("/admin/staff");
    expect(answer?.status()).toBe(403);
  });

  await test.step("the manager's download asks for a reason first", async () => {
    await managerPage.goto("/admin/leads");
    await managerPage.getByLabel("이름·연락처 검색").fill(tag);
    await managerPage.getByRole("button", { name: "적용" }).click();
    await expect(managerPage).toHaveURL(/[?&]s=/);
    await managerPage.getByRole("link", { name: "CSV 내려받기" }).click();
    await expect(managerPage.getByText("고객 2명")).toBeVisible();
    await expect(managerPage.getByLabel("이유")).toHaveAttribute("required", "");
    await managerPage.getByLabel("목적").selectOption({ label: "견본주택 방문 관리" });
    await managerPage.getByLabel("이유").fill(`방문 예약 확인 전화 ${tag}`);
    const downloading = managerPage.waitForEvent("download");
    await managerPage.getByRole("button", { name: "CSV 내려받기" }).click();
    const lines = (await fs.readFile((await (await downloading).path())!, "utf8")).split("\r\n").filter(Boolean);
    expect(lines[0]).toContain("번호,접수 일시,유형,상태,이름,연락처");
    expect(lines).toHaveLength(3);
  });

  await test.step("the owner finds the download, its reason and columns, in the access records", async () => {
    await owner.goto("/admin/audit");
    await owner.getByLabel("한 일").selectOption({ label: "내려받기" });
    await owner.getByRole("button", { name: "조회" }).click();
    const record = owner.locator(".admin-audit tbody tr").filter({ hasText: `방문 예약 확인 전화 ${tag}` });
    await expect(record).toContainText(manager.email);
    await expect(record).toContainText("견본주택 방문 관리");
    await expect(record).toContainText("연락처");
    const thisMonth = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 7);
    await owner.goto(`/admin/audit?view=month&month=${thisMonth}`);
    await expect(owner.locator(".admin-audit tbody tr").filter({ hasText: `방문 예약 확인 전화 ${tag}` })).toContainText(manager.email);
  });

  for (const page of [owner, person, managerPage]) await page.context().close();
});

/** A newly invited person who has set their password: their page, at the enrolment step. */
async function invitedAtEnrolment(browser: Browser) {
  const owner = await ownerPage(browser);
  const tag = uniqueTag();
  const link = await invite(owner, {
    name: `등록${tag}`,
    email: `enrol-${Date.now()}-${tag.length}${Math.floor(Math.random() * 1e6)}@example.com`,
    role: "상담사",
  });
  await owner.context().close();
  const page = await freshPage(browser);
  await page.goto(link);
  const password = `처음 등록하는 날 ${tag} 2026`;
  await page.getByLabel("새 비밀번호", { exact: true }).fill(password);
  await page.getByLabel("새 비밀번호 확인").fill(password);
  await page.getByRole("button", { name: "비밀번호 정하고 계속하기" }).click();
  await expect(page).toHaveURL(/\/admin\/enrol$/);
  return page;
}

test(
  "on a phone, enrolment offers the authenticator link the QR code encodes, and the key in groups of four that never break",
  { tag: "@phone" },
  async ({ browser }) => {
    const page = await invitedAtEnrolment(browser);
    const key = await page.getByTestId("totp-key").getAttribute("data-key");
    const open = page.getByRole("link", { name: "인증 앱에서 열기" });
    await expect(open).toBeVisible();
    const uri = new URL((await open.getAttribute("href"))!);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(uri.searchParams.get("secret")).toBe(key);
    // Each group of four sits on one line: a group's box is one line high.
    const groups = page.locator(".admin-enrol__key-group");
    expect(await groups.allInnerTexts()).toEqual(key!.match(/.{1,4}/g));
    for (const lines of await groups.evaluateAll((spans) => spans.map((span) => span.getClientRects().length))) expect(lines).toBe(1);
    // The key as typed by hand, the groups joined, enrols the app.
    await page.getByLabel("인증 코드", { exact: true }).fill(totpCode(await shownKey(page)));
    await page.getByRole("button", { name: "등록하고 계속하기" }).click();
    await expect(page.getByRole("list", { name: "복구 코드 10개" }).getByRole("listitem")).toHaveCount(10);
    await page.context().close();
  },
);

test(
  "the recovery codes read down one numbered column, and download as a .txt with all ten",
  { tag: "@every-width" },
  async ({ browser }) => {
    const page = await invitedAtEnrolment(browser);
    await page.getByLabel("인증 코드", { exact: true }).fill(totpCode(await shownKey(page)));
    await page.getByRole("button", { name: "등록하고 계속하기" }).click();
    const items = page.getByRole("list", { name: "복구 코드 10개" }).getByRole("listitem");
    await expect(items).toHaveCount(10);
    const codes = (await items.allInnerTexts()).map((code) => code.trim());
    const boxes = await items.evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect()).map(({ x, y }) => ({ x, y })));
    for (const [index, box] of boxes.entries()) {
      expect(box.x).toBe(boxes[0]!.x);
      if (index > 0) expect(box.y).toBeGreaterThan(boxes[index - 1]!.y);
    }

    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "내려받기(.txt)" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("recovery-codes-daegu.txt");
    const text = await fs.readFile((await download.path())!, "utf8");
    for (const code of codes) expect(text).toContain(code);
    expect(text.match(/[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}/g)).toHaveLength(10);

    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "복사", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "복사했습니다" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join("\n"));
    await page.context().close();
  },
);
