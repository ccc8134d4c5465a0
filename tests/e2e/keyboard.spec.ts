import { expect, test, type Locator, type Page } from "@playwright/test";
import { hydrated } from "./hydration.ts";

// Journeys driven by the keyboard alone (issue #9): no clicks and no focus() shortcuts, only
// Tab, Shift+Tab, Enter, Space and Escape from the top of the document.

// Width tags (playwright.config.ts): the top bar's registration button exists only on wide screens
// (@desktop); the slide menu exists only at 900 px and below (@phone).
const SUCCESS = "등록이 완료되었습니다. 전문상담원이 곧 연락드립니다.";

/** Presses Tab until `target` has focus; fails if it is not reached within `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

function uniquePhone() {
  return `010${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;
}

test(
  "desktop: the header's registration button opens the popup, the form is sent and the popup closes back onto it",
  { tag: "@desktop" },
  async ({ page }) => {
    await page.goto("/Brand/intro");
    await hydrated(page);
    const trigger = page.getByRole("banner").getByRole("link", { name: /관심고객 등록/ });
    await tabTo(page, trigger);

    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "관심고객 등록" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/Brand\/intro$/);
    await expect(dialog.getByLabel("이름")).toBeFocused();

    await page.keyboard.type("김하늘");
    await page.keyboard.press("Tab");
    await expect(dialog.getByLabel("연락처")).toBeFocused();
    await page.keyboard.type(uniquePhone());
    await page.keyboard.press("Tab");
    const consent = dialog.getByLabel(/개인정보 수집·이용 동의/);
    await expect(consent).toBeFocused();
    await page.keyboard.press("Space");
    await expect(consent).toBeChecked();

    const submit = dialog.getByRole("button", { name: "관심고객 등록하기" });
    await tabTo(page, submit, 5);
    await page.keyboard.press("Enter");
    await expect(dialog.getByText(SUCCESS)).toBeVisible();

    // The result takes focus; the next stop is its close button.
    const close = dialog.locator(".lead-result").getByRole("button", { name: "닫기" });
    await tabTo(page, close, 5);
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    // Escape closes it as well, with focus again on the trigger.
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("이름")).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(dialog.getByRole("button", { name: "닫기" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
    await expect(page).toHaveURL(/\/Brand\/intro$/);
  },
);

test("phone: the slide menu opens from its button, a section opens and its link leads to the page", { tag: "@phone" }, async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const menuButton = page.getByRole("button", { name: "전체 메뉴 열기" });
  await tabTo(page, menuButton);

  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "전체 메뉴 닫기" })).toHaveAttribute("aria-expanded", "true");
  const menu = page.getByRole("navigation", { name: "전체 메뉴" });
  await expect(menu).toBeVisible();

  const section = menu.getByRole("button", { name: "단지안내" });
  await tabTo(page, section, 15);
  await page.keyboard.press("Enter");
  await expect(section).toHaveAttribute("aria-expanded", "true");

  const link = menu.getByRole("link", { name: "동호수배치도" });
  await tabTo(page, link, 5);
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/ComplexGuide\/detailintro$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("동호수배치도");
  await expect(page.getByRole("button", { name: "전체 메뉴 열기" })).toHaveAttribute("aria-expanded", "false");
});
