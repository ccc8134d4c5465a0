import { expect, type Page } from "@playwright/test";

// Desktop and phone share one server and database: what a test makes carries a mark unique to it.

export function uniqueTag(length = 6) {
  const letters = "가나다라마바사아자차카타파하";
  return Array.from({ length }, () => letters[Math.floor(Math.random() * letters.length)]).join("");
}

export function uniquePhone() {
  return `010${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;
}

export async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, page.url()).toBeLessThanOrEqual(0);
}
