import { expect, test, type Page } from "@playwright/test";
import { SUWON_ORIGIN } from "../../playwright.config.ts";
import { useOwnerSession } from "./console.ts";

// One test changes a sales line for everyone on the shared server, so it runs once (untagged: the
// desktop project only, playwright.config.ts), looks at both widths itself, and puts the pack's
// number back at the end. It changes the second development's (suwon), whose number no other spec
// reads, so nothing else races it.

const PACK_PHONE = "1668-2400";

async function setSalesPhone(page: Page, phone: string) {
  await page.goto(`${SUWON_ORIGIN}/admin/site-settings`);
  await page.getByLabel("분양문의 전화").fill(phone);
  await page.getByRole("button", { name: "저장" }).click();
  await expect(page.getByRole("status")).toContainText("저장했습니다");
}

test("a changed sales phone shows in the header, the bottom bar, the footer and every tel: link, at 1440 and 390", async ({ page }) => {
  test.setTimeout(120_000);
  await useOwnerSession(page);
  await setSalesPhone(page, "1588-1234");
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${SUWON_ORIGIN}/`);
    await expect(page.locator(".header-phone__number")).toHaveText("1588-1234");
    await expect(page.locator('.site-footer__info a[href^="tel:"]')).toHaveText("1588-1234");
    const links = await page.locator('a[href^="tel:"]').evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")));
    expect(links.length).toBeGreaterThan(0);
    expect(new Set(links)).toEqual(new Set(["tel:15881234"]));

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${SUWON_ORIGIN}/Brand/intro`);
    await expect(page.locator(".bottom-bar__call")).toBeVisible();
    await expect(page.locator(".bottom-bar__call")).toHaveAttribute("href", "tel:15881234");
    await expect(page.locator(".site-footer__info")).not.toContainText(PACK_PHONE);
  } finally {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${SUWON_ORIGIN}/admin/site-settings`);
    await page.getByLabel("분양문의 전화").fill("");
    await page.getByRole("button", { name: "저장" }).click();
    await expect(page.getByRole("status")).toContainText("저장했습니다");
  }
  await page.goto(`${SUWON_ORIGIN}/`);
  await expect(page.locator(".header-phone__number")).toHaveText(PACK_PHONE);
});
