import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { addDays } from "../../app/utils/kst.ts";
import { uniquePhone, uniqueTag } from "./unique.ts";

// The public visit form, as the browser tests drive it.

/** The day chips of the visit form, as "2026-12-04" values, in order. */
export async function offeredDays(form: Locator) {
  return form.locator('input[name="visitDate"]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
}

/**
 * A spec's own day, `fromEnd` days back from the last the form offers (1: the last), by date. Specs
 * keep to their own days counted from the fortnight's end; a place in the offered list would move
 * when another spec, running beside it, closes a later day (visits.spec's phone run then closed
 * booking-paths' today + 9).
 */
export async function dayFromFortnightEnd(form: Locator, fromEnd: number) {
  return addDays((await offeredDays(form)).at(-1)!, 1 - fromEnd);
}

/** The slot of a time under the day shown, e.g. "17:00": its label reads the places left. */
export const timeUnderShownDay = (form: Locator, time: string) =>
  form.locator(".visit-day__slots:visible .visit-slot", { has: form.page().getByText(time, { exact: true }) });

/**
 * Whether `time` under the day shown can be booked now: its radio there and enabled. Every time of
 * an offered day is listed, so the time is awaited (the slots show once the day is drawn); then a
 * time that has passed shows a disabled radio, and a full one a waitlist link with no radio at all,
 * which is counted, not awaited (a locator's isEnabled() would wait out the test for it).
 */
export async function isOpenUnderShownDay(form: Locator, time: string) {
  const slot = timeUnderShownDay(form, time);
  await slot.waitFor();
  const radio = slot.locator("input");
  return (await radio.count()) === 1 && (await radio.isEnabled());
}

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

/**
 * Books `time` on `day` as the form posts it once hydrated (/actions/visit), the time's id read off
 * the page's HTML: how a test whose subject comes after the booking (its text, its cancellation, the
 * console) gets one without Chromium loading the public page (the form has tests of its own:
 * booking-paths.spec.ts, visits.spec.ts). Resolves to the phone it booked with.
 */
export async function postVisit(
  request: APIRequestContext,
  { day, time, name = `예약${uniqueTag(4)}`, phone = uniquePhone() }: { day: string; time: string; name?: string; phone?: string },
) {
  const page = await (await request.get("/daegu/customer")).text();
  const attributes = [...page.matchAll(/<input([^>]*\bname="visitSlot"[^>]*)>\s*<span class="visit-slot__time">([^<]*)</g)]
    .filter(([, input, shown]) => input!.includes(`data-day="${day}"`) && shown === time)
    .map(([, input]) => input!)
    .at(0);
  expect(attributes, `${day} ${time} on the visit form`).toBeDefined();
  expect(attributes, `${day} ${time} is open`).not.toMatch(/\bdisabled\b/);
  const id = /\bvalue="(\d+)"/.exec(attributes!)![1]!;
  const answer = await request.post("/actions/visit", {
    form: { name, phone, consent: "yes", visitDate: day, visitSlot: id },
    headers: { Accept: "application/json" },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  expect((await answer.json()).message).toContain(`${time} 견본주택 방문 예약이 완료되었습니다.`);
  return phone;
}
