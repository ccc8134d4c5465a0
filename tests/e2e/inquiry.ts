import { expect, type Page } from "@playwright/test";
import { uniquePhone } from "./unique.ts";

/**
 * A buyer's inquiry sent through the public page (/Promotion/Customer) with a fresh phone and the
 * required consent, waited for until the page says it was received: how a console test gets a lead.
 */
export async function sendInquiry(page: Page, { name, message }: { name: string; message?: string }) {
  await page.goto("/Promotion/Customer");
  const form = page.locator(".inquiry-form");
  await form.getByLabel("이름").fill(name);
  await form.getByLabel("연락처").fill(uniquePhone());
  if (message) await form.getByLabel("문의내용").fill(message);
  await form.getByRole("checkbox", { name: /개인정보 수집·이용 동의/ }).check();
  await form.getByRole("button", { name: "상담 신청하기" }).click();
  await expect(page.getByText("등록이 완료되었습니다.", { exact: false })).toBeVisible();
}
