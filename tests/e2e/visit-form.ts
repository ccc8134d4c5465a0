import { expect, type Locator, type Page } from "@playwright/test";

// The public visit form, as the browser tests drive it.

/** The day chips of the visit form, as "2026-12-04" values, in order. */
export async function offeredDays(form: Locator) {
  return form.locator('input[name="visitDate"]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
}

/** The slot of a time under the day shown, e.g. "17:00": its label reads the places left. */
export const timeUnderShownDay = (form: Locator, time: string) =>
  form.locator(".visit-day__slots:visible .visit-slot", { has: form.page().getByText(time, { exact: true }) });

/** Books a time through the public form, as a visitor. */
export async function bookVisit(page: Page, day: string, time: string, name: string, phone: string, landing = "/daegu/customer") {
  const form = page.locator(".visit-form");
  await page.goto(landing);
  await form.locator(`label[for$="-${day}"]`).click();
  await form.getByLabel("이름").fill(name);
  await form.getByLabel("연락처").fill(phone);
  await timeUnderShownDay(form, time).click();
  await form.getByLabel(/개인정보 수집·이용 동의/).check();
  await form.getByRole("button", { name: "방문 예약하기" }).click();
  await expect(form.getByText(`${time} 견본주택 방문 예약이 완료되었습니다.`, { exact: false })).toBeVisible();
}
