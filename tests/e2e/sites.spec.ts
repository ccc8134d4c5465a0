import { expect, test } from "@playwright/test";
import { DAEGU_ALIAS_ORIGIN, SUWON_ORIGIN } from "../../playwright.config.ts";
import { chooseFirstOpenTime } from "./visit-slot.ts";
import { uniquePhone } from "./unique.ts";

// One server presents two developments by host (SITES in playwright.config.ts): daegu on
// localhost and daegu.localhost, suwon on suwon.localhost.

test.describe("two developments on one server", () => {
  test("each host shows its own frame, colours and pages", async ({ page }) => {
    await page.goto(`${SUWON_ORIGIN}/`);
    await expect(page).toHaveTitle(/광교 루미엘 더 레이크/);
    await expect(page.locator("header").first()).toBeVisible();
    const suwonBrand = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--brand").trim());
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${SUWON_ORIGIN}/`);
    expect(await page.content()).not.toContain("온빛채");

    await page.goto(`${DAEGU_ALIAS_ORIGIN}/`);
    await expect(page).toHaveTitle(/동대구 온빛채 센트럴/);
    const daeguBrand = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--brand").trim());
    expect(daeguBrand).not.toBe(suwonBrand);
    // The alias shows daegu, and every absolute URL names daegu's canonical origin.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /^http:\/\/localhost:\d+\/$/);
  });

  test("a floor plan of each shows its own unit types", async ({ page }) => {
    await page.goto(`${SUWON_ORIGIN}/FloorPlan/29A`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.content()).toContain("29A");
    const missing = await page.goto(`${SUWON_ORIGIN}/FloorPlan/84A`);
    expect(missing?.status()).toBe(404);
    expect((await page.goto(`${DAEGU_ALIAS_ORIGIN}/FloorPlan/84A`))?.status()).toBe(200);
  });

  // Through the browser: Node's own requests do not resolve *.localhost names, Chromium does.
  test("another development's address on a host is not found", async ({ page }) => {
    expect((await page.goto(`${SUWON_ORIGIN}/daegu/press`))?.status()).toBe(404);
    expect((await page.goto(`${DAEGU_ALIAS_ORIGIN}/suwon/customer`))?.status()).toBe(404);
    expect((await page.goto(`${SUWON_ORIGIN}/suwon/press`))?.status()).toBe(200);
  });

  test("a visitor books a visit on the second development, and it is that development's lead", async ({ page }) => {
    await page.goto(`${SUWON_ORIGIN}/suwon/customer`);
    const form = page.locator(".visit-form form");
    await form.getByLabel("이름").fill("김하늘");
    // A phone books one visit a day: the desktop and phone runs each need a number of their own.
    await form.getByLabel("연락처").fill(uniquePhone());
    await chooseFirstOpenTime(form);
    await form.getByLabel(/개인정보 수집·이용 동의/).check();
    await form.getByRole("button", { name: /방문 예약하기/ }).click();
    await expect(page.getByText(/방문 예약이 완료되었습니다/)).toBeVisible();
  });
});
