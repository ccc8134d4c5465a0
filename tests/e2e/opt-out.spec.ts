import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { optOutToken } from "../../app/.server/consent/opt-out-link.ts";
import { setSessionSecret } from "../../app/.server/secret.ts";
import { OPT_OUT_PAGE_TEXT } from "../../app/forms/opt-out.ts";
import { E2E_PHONE_FILE } from "../../playwright.config.ts";
import { textsTo } from "./phone.ts";
import { noSidewaysScroll, uniquePhone } from "./unique.ts";

// The personal opt-out link of a text (issue #27, item 5), on a phone and without JavaScript, as a
// customer opening it from a text message would. The link is made here with the server's own secret
// (kept beside its data for a local run), since the texts that carry it are campaign texts.

test.use({ javaScriptEnabled: false });

function linkFor(phone: string) {
  setSessionSecret(fs.readFileSync(path.join(path.dirname(E2E_PHONE_FILE), "session-secret"), "utf8").trim());
  return `/daegu/optout/${optOutToken("daegu", phone)}`;
}

test("a customer who agreed on the inquiry page withdraws with one button and is told so by text", { tag: "@phone" }, async ({ page }) => {
  const phone = uniquePhone();
  await page.goto("/Promotion/Customer");
  const form = page.locator(".inquiry-form");
  await form.getByLabel("이름").fill("김하늘");
  await form.getByLabel("연락처").fill(phone);
  await form.getByLabel("문의내용").fill("분양 소식 받아 보고 싶습니다.");
  await form.getByLabel(/개인정보 수집·이용 동의/).check();
  await form.getByLabel(/광고성 정보 문자 수신에 동의/).check();
  await form.getByRole("button", { name: "상담 신청하기" }).click();
  await expect(page).toHaveURL(/done=1/);

  await page.goto(linkFor(phone));
  await expect(page.getByRole("heading", { name: OPT_OUT_PAGE_TEXT.heading })).toBeVisible();
  await expect(page.getByText(`${phone.slice(0, 3)}-****-${phone.slice(-4)}`)).toBeVisible();
  await expect(page.getByText(phone)).toHaveCount(0);
  await noSidewaysScroll(page);
  await page.getByRole("button", { name: OPT_OUT_PAGE_TEXT.submit }).click();
  await expect(page.locator(".opt-out").getByRole("status")).toHaveText(OPT_OUT_PAGE_TEXT.done);
  await expect.poll(() => textsTo(phone, "opt-out")).toEqual([expect.stringContaining("수신거부가 처리되었습니다")]);

  // The link again, later: already done, nothing to press.
  await page.goto(linkFor(phone));
  await expect(page.locator(".opt-out").getByRole("status")).toHaveText(OPT_OUT_PAGE_TEXT.already);
  await expect(page.getByRole("button", { name: OPT_OUT_PAGE_TEXT.submit })).toHaveCount(0);
});

test("a made-up link answers 404 with a Korean message", { tag: "@phone" }, async ({ page }) => {
  const answer = await page.goto(`/daegu/optout/o1${"A".repeat(52)}`);
  expect(answer?.status()).toBe(404);
  await expect(page.locator(".opt-out").getByRole("status")).toHaveText(OPT_OUT_PAGE_TEXT.invalid);
});
