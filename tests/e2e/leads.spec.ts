import { PRIVACY_MESSAGES } from "../../app/forms/privacy.ts";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { axe } from "./axe.ts";
import { chooseFirstOpenTime } from "./visit-slot.ts";
import { formHydrated, hydrated } from "./hydration.ts";

const SUCCESS = "등록이 완료되었습니다. 전문상담원이 곧 연락드립니다.";
const INQUIRY_SUCCESS = "등록이 완료되었습니다. 전문상담원이 곧 연락드립니다.";
const NETWORK_ERROR = "오류가 발생했습니다. 잠시 후 다시 시도해주세요.";
const CONSENT_REQUIRED = "개인정보 수집·이용에 동의해 주세요.";
const TOKEN = /^[0-9a-z]+\.[\w-]{16}\.[\w-]{22}$/;

/** A mobile number no other test uses, so duplicate folding never joins two tests' leads. */
function uniquePhone() {
  return `010-${String(Math.floor(1000 + Math.random() * 9000))}-${String(Math.floor(1000 + Math.random() * 9000))}`;
}

async function fillLeadForm(scope: Locator, { message, consent = true }: { message?: string; consent?: boolean } = {}) {
  await scope.getByLabel("이름").fill("김하늘");
  await scope.getByLabel("연락처").fill(uniquePhone());
  if (message !== undefined) await scope.getByLabel("문의내용").fill(message);
  if (consent) await scope.getByLabel(/개인정보 수집·이용 동의/).check();
}

/** The openers (RegisterLink) a visitor can see at this width, scrolled into view one by one. */
async function visibleOpeners(page: Page) {
  // Before the page has hydrated a click follows the opener's link.
  await hydrated(page);
  const all = page.locator("[data-register-link]");
  const visible: Locator[] = [];
  for (let i = 0; i < (await all.count()); i++) {
    const opener = all.nth(i);
    if (await opener.isVisible()) visible.push(opener);
  }
  return visible;
}

// Each test opens its page once and checks one behaviour after another on it: a public page is most
// of a second of Chromium's processor (docs/decisions/023-fast-tests.md, the eighth round).
test.describe("the registration popup", () => {
  test("fetches its token when the visitor starts filling it in; opens from every opener on the page, and Escape closes it and returns focus to the opener; keeps Tab inside and the page behind from scrolling while open", async ({
    page,
  }) => {
    await page.goto("/");
    const openers = await visibleOpeners(page);
    expect(openers.length).toBeGreaterThan(0);
    const dialog = page.getByRole("dialog", { name: "관심고객 등록" });

    // A form drawn in the browser fetches its token when the visitor starts filling it in.
    const fetched = page.waitForRequest((request) => request.url().includes("/actions/token?form=interest"));
    await openers[0]!.click();
    await dialog.getByLabel("이름").fill("김하늘");
    await fetched;
    await expect(dialog.locator('input[name="_token"]')).toHaveValue(TOKEN);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    for (const opener of openers) {
      await opener.scrollIntoViewIfNeeded();
      await opener.click();
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel("이름")).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    }

    // Tab stays inside, and the page behind does not scroll, while it is open.
    await openers[0]!.click();
    await expect(dialog.getByLabel("이름")).toBeFocused();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(i % 4 === 3 ? "Shift+Tab" : "Tab");
      expect(await page.evaluate(() => document.querySelector("dialog[open]")?.contains(document.activeElement))).toBe(true);
    }
    await expect(page.locator("html")).toHaveCSS("overflow", "hidden");
    const before = await page.evaluate(() => window.scrollY);
    await page.mouse.wheel(0, 1200);
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.locator("html")).not.toHaveCSS("overflow", "hidden");
  });

  test("closes with the browser's Back button, without trapping Back or reloading the page's data", async ({ page }) => {
    await page.goto("/privacy");
    await page.goto("/");
    const dataRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes(".data")) dataRequests.push(request.url());
    });
    const [opener] = await visibleOpeners(page);
    await opener!.click();
    const dialog = page.getByRole("dialog", { name: "관심고객 등록" });
    await expect(dialog).toBeVisible();
    await page.goBack();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
    expect(dataRequests).toEqual([]);
    await page.goBack();
    await expect(page).toHaveURL(/\/privacy$/);
  });

  test("refuses to send without consent, with the reason beside the checkbox; says so when the network fails, and keeps what was typed for another try; registers a visitor and shows the result in place of the form", async ({
    page,
  }) => {
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.goto("/");
    const [opener] = await visibleOpeners(page);
    await opener!.click();
    const dialog = page.getByRole("dialog", { name: "관심고객 등록" });
    await expect(dialog.getByLabel("연락처")).toHaveAttribute("type", "tel");

    // Without consent: the reason beside the checkbox, and nothing posted.
    await fillLeadForm(dialog, { consent: false });
    await dialog.getByRole("button", { name: "관심고객 등록하기" }).click();
    await expect(dialog.getByText(CONSENT_REQUIRED)).toBeVisible();
    await expect(dialog.getByLabel(/개인정보 수집·이용 동의/)).toBeFocused();
    expect(posts).toEqual([]);

    // With consent, the network fails: it says so, and keeps what was typed.
    await dialog.getByLabel(/개인정보 수집·이용 동의/).check();
    await page.route("**/actions/interest", (route) =>
      route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
    );
    await dialog.getByRole("button", { name: "관심고객 등록하기" }).click();
    await expect(dialog.getByText(NETWORK_ERROR)).toBeVisible();
    await page.unroute("**/actions/interest");
    await dialog.getByRole("button", { name: "다시 입력하기" }).click();
    await expect(dialog.getByLabel("이름")).toHaveValue("김하늘");

    // Sent again, the visitor is registered: the result in place of the form.
    await dialog.getByRole("button", { name: "관심고객 등록하기" }).click();
    await expect(dialog.getByText(SUCCESS)).toBeVisible();
    await expect(dialog.getByLabel("이름")).toBeHidden();
    await dialog.getByRole("button", { name: "닫기" }).last().click();
    await expect(dialog).toBeHidden();
  });
});

test.describe("the visit reservation form", () => {
  test("checks the phone format before sending, then reserves in place with JavaScript", async ({ page }) => {
    await page.goto("/daegu/customer");
    const form = page.locator(".visit-form");
    await formHydrated(form);
    await expect(form.getByText("예: 01012345678 또는 010-1234-5678")).toBeVisible();
    await expect(form.getByLabel("문의내용")).toHaveAttribute("rows", "5");
    await fillLeadForm(form, { message: "주차 가능 여부도 알려 주세요." });

    // A number that is not a mobile's: refused in the page, and the message goes once it is one.
    const phone = await form.getByLabel("연락처").inputValue();
    await form.getByLabel("연락처").fill("02-123-4567");
    await form.getByRole("button", { name: "방문 예약하기" }).click();
    await expect(form.getByText("휴대폰 번호를 정확히 입력해 주세요. 예: 01012345678 또는 010-1234-5678")).toBeVisible();
    await expect(form.getByLabel("연락처")).toHaveAttribute("aria-invalid", "true");
    await form.getByLabel("연락처").fill("010 1234 5678");
    await expect(form.getByText("휴대폰 번호를 정확히 입력해 주세요.", { exact: false })).toBeHidden();

    await form.getByLabel("연락처").fill(phone);
    const time = await chooseFirstOpenTime(form);
    await form.getByRole("button", { name: "방문 예약하기" }).click();
    await expect(form.getByText(new RegExp(`${time} 견본주택 방문 예약이 완료되었습니다`))).toBeVisible();
    await expect(page).toHaveURL(/\/daegu\/customer$/);
    await form.getByRole("button", { name: "다른 시간 예약하기" }).click();
    await expect(form.getByLabel("이름")).toHaveValue("");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the browser refuses to send it without consent; with consent it is a plain form post answered with the result, which a refresh does not send again", async ({
      page,
    }) => {
      await page.goto("/daegu/customer");
      const form = page.locator(".visit-form");
      await fillLeadForm(form, { consent: false, message: "아이와 함께 방문합니다." });
      const time = await chooseFirstOpenTime(form);
      await form.getByRole("button", { name: "방문 예약하기" }).click();
      await expect(page).toHaveURL(/\/daegu\/customer$/);
      expect(await form.getByLabel(/개인정보 수집·이용 동의/).evaluate((box: HTMLInputElement) => box.validity.valueMissing)).toBe(true);

      await form.getByLabel(/개인정보 수집·이용 동의/).check();
      await form.getByRole("button", { name: "방문 예약하기" }).click();
      await expect(page).toHaveURL(/\/daegu\/customer\?done=1&slot=\d+&receipt=DG-\d{8}-\d{4}$/);
      const booked = page.getByText(new RegExp(`${time} 견본주택 방문 예약이 완료되었습니다`));
      await expect(booked).toBeVisible();

      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") posts.push(request.url());
      });
      await page.reload();
      await expect(booked).toBeVisible();
      expect(posts).toEqual([]);
    });
  });
});

test.describe("the inquiry page", () => {
  test("explains the consent (purpose, items, retention, refusal) one tap away; refuses without consent in the browser, and the server refuses it too; shows a busy label while sending, then the result with a check mark, and clears the form; each submission sends its own token, the first the page's", async ({
    page,
    request,
  }) => {
    await page.goto("/Promotion/Customer");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "1661-0000" }).first()).toBeVisible();
    await expect(page.getByText("24시간 상담 가능").first()).toBeVisible();
    const form = page.locator(".inquiry-form");

    // The consent explained one tap away, with the privacy policy.
    await form.getByText("자세히 보기").click();
    for (const notice of [
      "분양 상담 및 견본주택 방문 안내",
      "이름, 연락처(휴대폰 번호), 문의내용",
      "수집일로부터 1년",
      "동의하지 않으실 수 있습니다",
    ]) {
      await expect(form.getByText(notice, { exact: false })).toBeVisible();
    }
    await expect(form.getByRole("link", { name: /개인정보처리방침/ })).toHaveAttribute("href", "/privacy");

    await formHydrated(form);
    await expect(form.getByLabel("연락처")).toHaveAttribute("placeholder", "010-1234-5678");
    // The page from the server carries a fresh token.
    const token = form.locator('form input[name="_token"]');
    await expect(token).toHaveValue(TOKEN);
    const first = await token.inputValue();
    const posts: string[] = [];
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
      if (request.url().endsWith("/actions/inquiry")) sent.push(new URLSearchParams(request.postData() ?? "").get("_token") ?? "");
    });

    // Without consent: refused in the browser, nothing posted; the server refuses such a post too.
    await fillLeadForm(form, { consent: false });
    await form.getByRole("button", { name: "상담 신청하기" }).click();
    await expect(form.getByText(CONSENT_REQUIRED)).toBeVisible();
    expect(posts).toEqual([]);

    const refused = await request.post("/actions/inquiry", { form: { name: "김하늘", phone: uniquePhone(), message: "" } });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({ ok: false, errors: { consent: CONSENT_REQUIRED } });

    const page400 = await request.post("/Promotion/Customer", { form: { name: "김하늘", phone: uniquePhone() } });
    expect(page400.status()).toBe(400);
    expect(await page400.text()).toContain(CONSENT_REQUIRED);

    // With consent: a busy label while the answer is held back, then the result and an empty form.
    await fillLeadForm(form, { message: "잔여세대와 중도금 조건이 궁금합니다." });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/actions/inquiry", async (route) => {
      await held;
      await route.continue();
    });
    await form.getByRole("button", { name: "상담 신청하기" }).click();
    const busy = form.getByRole("button", { name: "보내는 중…" });
    await expect(busy).toBeDisabled();
    release();
    await expect(form.getByText(INQUIRY_SUCCESS)).toBeVisible();
    await expect(form.getByTestId("check-mark")).toBeVisible();
    await expect(form.getByRole("button", { name: "상담 신청하기" })).toBeEnabled();
    await expect(form.getByLabel("이름")).toHaveValue("");
    await expect(form.getByLabel("연락처")).toHaveValue("");
    await expect(form.getByLabel("문의내용")).toHaveValue("");
    await expect(form.getByLabel(/개인정보 수집·이용 동의/)).not.toBeChecked();
    await page.unroute("**/actions/inquiry");

    // A second inquiry sends a token of its own.
    await fillLeadForm(form, { message: "한 번 더 묻습니다." });
    await form.getByRole("button", { name: "상담 신청하기" }).click();
    await expect.poll(() => sent.length).toBe(2);
    expect(sent[0]).toBe(first);
    expect(sent[1]).toMatch(TOKEN);
    expect(sent[1]).not.toBe(first);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("sends the inquiry with a plain post and shows the result above an empty form", async ({ page }) => {
      await page.goto("/Promotion/Customer");
      const form = page.locator(".inquiry-form");
      await fillLeadForm(form, { message: "모델하우스 주차 가능한가요?" });
      await form.getByRole("button", { name: "상담 신청하기" }).click();
      await expect(page).toHaveURL(/\/Promotion\/Customer\?done=1$/);
      await expect(form.getByText(INQUIRY_SUCCESS)).toBeVisible();
      await expect(form.getByTestId("check-mark")).toBeVisible();
      await expect(form.getByLabel("이름")).toHaveValue("");
    });
  });
});

test.describe("the privacy policy", () => {
  test("names the purposes, items, retention, processors, rights and the privacy officer", async ({ page }) => {
    await page.goto("/privacy");
    await expect(page.getByRole("heading", { level: 1, name: "개인정보처리방침" })).toBeVisible();
    for (const heading of ["처리 목적", "항목", "보유 기간", "파기", "위탁", "권리", "보호책임자"]) {
      await expect(page.getByRole("heading", { level: 2, name: new RegExp(heading) })).toBeVisible();
    }
    // The processors are the configured ones (tests/integration/privacy-policy.test.ts): this server configures none.
    await expect(page.getByText(PRIVACY_MESSAGES.noProcessors)).toBeVisible();
  });
});

test("the lead forms have no accessibility violations", async ({ page }) => {
  await page.goto("/Promotion/Customer");
  const inquiry = await axe(page).include(".lead-page").analyze();
  expect(inquiry.violations).toEqual([]);
  await page.goto("/daegu/customer");
  const visit = await axe(page).include(".lead-page").analyze();
  expect(visit.violations).toEqual([]);
  const [opener] = await visibleOpeners(page);
  await opener!.click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page.getByRole("dialog").getByLabel("이름")).toBeVisible();
  const popup = await axe(page).include(".registration-popup").analyze();
  expect(popup.violations).toEqual([]);
});
