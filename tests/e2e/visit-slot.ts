import type { Locator } from "@playwright/test";

/** The times a visitor can pick under the day the visit form shows. */
export const openTimes = (form: Locator) => form.locator(".visit-day__slots:visible .visit-slot--open");

/** Picks the first time still open under the day shown, as a visitor taps it; resolves to "14:00". */
export async function chooseFirstOpenTime(form: Locator) {
  const slot = openTimes(form).first();
  await slot.click();
  return (await slot.locator(".visit-slot__time").innerText()).trim();
}
