import { expect, test, type Page } from "@playwright/test";
import { axe } from "./axe.ts";
import { hydrated } from "./hydration.ts";

// Width tags (playwright.config.ts): the top bar with dropdowns exists only on wide screens (@desktop); the
// slide menu and the bottom bar exist only at 900 px and below (@phone).

/** Test pages are short; a tall main lets the tests scroll the way a long page would. */
async function makePageTall(page: Page) {
  await page.addStyleTag({ content: "main { min-height: 3000px; }" });
}

// Tests that open the same page check one behaviour after another on it: a public page is most of a
// second of Chromium's processor (docs/decisions/023-fast-tests.md, the eighth round).
test.describe("desktop top bar", () => {
  test(
    "top-level items lead to their first sub page; the phone button and mobile consult are there; a menu item's dropdown opens on hover and closes when the pointer leaves, and opens on keyboard focus and closes when focus moves on",
    { tag: "@desktop" },
    async ({ page }) => {
      await page.goto("/");
      const menu = page.getByRole("navigation", { name: "주 메뉴" });
      await expect(menu.getByRole("link", { name: "브랜드소개", exact: true }).first()).toHaveAttribute("href", "/Brand/intro");
      await expect(page.getByRole("link", { name: /분양문의 1661-0000/ })).toBeVisible();
      await expect(page.getByRole("link", { name: "모바일 상담" })).toHaveAttribute("href", "/Promotion/Customer");
      await expect(page.getByRole("button", { name: "전체 메뉴 열기" })).toBeHidden();
      await expect(page.getByRole("navigation", { name: "빠른 상담" })).toBeHidden();

      // By pointer.
      const subLink = menu.getByRole("link", { name: "분양일정" });
      await expect(subLink).toBeHidden();
      await menu.getByRole("link", { name: "사업개요", exact: true }).hover();
      await expect(subLink).toBeVisible();
      await page.mouse.move(700, 600);
      await expect(subLink).toBeHidden();

      // By keyboard.
      await hydrated(page); // Escape closing the dropdown is the script's
      const topLink = menu.getByRole("link", { name: "사업개요", exact: true });
      await topLink.focus();
      await expect(menu.getByRole("link", { name: "분양일정" })).toBeVisible();
      // Tab walks into the open dropdown: its first link repeats the item, the second is 분양일정.
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      await expect(menu.getByRole("link", { name: "분양일정" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(menu.getByRole("link", { name: "분양일정" })).toBeHidden();
      await page.getByRole("link", { name: "모바일 상담" }).focus();
      await expect(menu.getByRole("link", { name: "사업개요", exact: true })).toBeVisible();
      await expect(menu.getByRole("link", { name: "분양일정" })).toBeHidden();
    },
  );
});

test.describe("phone header and slide menu", () => {
  test(
    "Escape closes the menu and gives focus back to the toggle; the header has a call link, and the bottom bar offers a visit and a call without covering the footer; the accordion keeps one group open, closes the open one on a second tap, and a link closes the menu",
    { tag: "@phone" },
    async ({ page }) => {
      await page.goto("/");
      await hydrated(page);
      const toggle = page.getByRole("button", { name: "전체 메뉴 열기" });
      await toggle.click();
      await expect(page.getByRole("navigation", { name: "전체 메뉴" })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("navigation", { name: "전체 메뉴" })).toBeHidden();
      await expect(toggle).toBeFocused();

      // The call link and the bottom bar, which leaves the footer's last line uncovered.
      await expect(page.getByRole("link", { name: /전화 걸기/ })).toHaveAttribute("href", "tel:16610000");
      const bar = page.getByRole("navigation", { name: "빠른 상담" });
      await expect(bar).toBeVisible();
      await expect(bar.getByRole("link", { name: "방문예약" })).toBeVisible();
      await expect(bar.getByRole("link", { name: "전화상담" })).toHaveAttribute("href", "tel:16610000");
      await expect(page.getByRole("navigation", { name: "주 메뉴" })).toBeHidden();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const copyright = await page.getByText(/© 2025/).boundingBox();
      const barBox = await bar.boundingBox();
      expect(copyright!.y + copyright!.height).toBeLessThanOrEqual(barBox!.y);
      await page.evaluate(() => window.scrollTo(0, 0));

      // The accordion.
      await expect(toggle).toHaveAttribute("aria-controls", "mobile-menu");
      await toggle.click();
      await expect(page.getByRole("button", { name: "전체 메뉴 닫기" })).toHaveAttribute("aria-expanded", "true");
      const menu = page.getByRole("navigation", { name: "전체 메뉴" });
      await expect(menu.getByRole("link", { name: "방문예약" })).toHaveAttribute("href", "/daegu/customer");

      const brand = menu.getByRole("button", { name: "브랜드소개" });
      const business = menu.getByRole("button", { name: "사업개요" });
      await brand.click();
      await expect(brand).toHaveAttribute("aria-expanded", "true");
      await expect(menu.getByRole("link", { name: "홍보영상" })).toBeVisible();
      await business.click();
      await expect(business).toHaveAttribute("aria-expanded", "true");
      await expect(brand).toHaveAttribute("aria-expanded", "false");
      await expect(menu.getByRole("link", { name: "홍보영상" })).toBeHidden();
      await expect(menu.locator('button[aria-expanded="true"]')).toHaveCount(1);
      await business.click();
      await expect(business).toHaveAttribute("aria-expanded", "false");
      await expect(menu.locator('button[aria-expanded="true"]')).toHaveCount(0);

      await business.click();
      await menu.getByRole("link", { name: "사업개요" }).click();
      await expect(page).toHaveURL(/\/BusinessGuide\/intro$/);
      await expect(page.getByRole("button", { name: "전체 메뉴 열기" })).toHaveAttribute("aria-expanded", "false");
      await expect(menu).toBeHidden();
    },
  );

  // Decision 053: the closed menu was a third of a phone's first render. checkVisibility() is false
  // for what content-visibility skips, and unmoved by visibility: hidden.
  test("a phone's first render leaves out the closed menu, which is drawn once opened", { tag: "@phone" }, async ({ page }) => {
    await page.goto("/Promotion/Customer");
    await hydrated(page);
    const menuLink = page.locator("#mobile-menu a").first();
    expect(await menuLink.evaluate((link) => link.checkVisibility())).toBe(false);
    await page.getByRole("button", { name: "전체 메뉴 열기" }).click();
    await expect.poll(() => menuLink.evaluate((link) => link.checkVisibility())).toBe(true);
  });

  test("without JavaScript the menu still opens and every link is reachable", { tag: "@phone" }, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("link", { name: "전체 메뉴 열기" }).click();
    const menu = page.getByRole("navigation", { name: "전체 메뉴" });
    await expect(menu.getByRole("link", { name: "분양일정" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "보도자료" })).toBeVisible();
    await context.close();
  });
});

test.describe("on every page", () => {
  test("following a menu link starts the next page at its top", { tag: "@every-width" }, async ({ page }, testInfo) => {
    await page.goto("/");
    await hydrated(page);
    await makePageTall(page);
    await page.evaluate(() => window.scrollTo(0, 1500));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    if (testInfo.project.name === "phone") {
      await page.getByRole("button", { name: "전체 메뉴 열기" }).click();
      const menu = page.getByRole("navigation", { name: "전체 메뉴" });
      await menu.getByRole("button", { name: "사업개요" }).click();
      await menu.getByRole("link", { name: "사업개요" }).click();
    } else {
      await page.getByRole("navigation", { name: "주 메뉴" }).getByRole("link", { name: "사업개요", exact: true }).click();
    }
    await expect(page).toHaveURL(/\/BusinessGuide\/intro$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("a page opened anew (an address, a link) reads no stored scroll position while it is parsed", async ({ page }) => {
    // The first storage read waits on the browser process while a page loads (docs/decisions/054).
    await page.addInitScript(() => {
      const seen = { readsWhileParsing: 0 };
      Object.assign(window, { seen });
      const getItem = Storage.prototype.getItem;
      Storage.prototype.getItem = function (this: Storage, key: string) {
        if (document.readyState === "loading") seen.readsWhileParsing++;
        return getItem.call(this, key);
      };
    });
    await page.goto("/");
    await hydrated(page);
    expect(await page.evaluate(() => (window as unknown as { seen: { readsWhileParsing: number } }).seen.readsWhileParsing)).toBe(0);
  });

  test(
    "the frame's plain menu links change the page in place, without loading a new document",
    { tag: "@every-width" },
    async ({ page }) => {
      await page.goto("/BusinessGuide/intro");
      await hydrated(page);
      // Gone if the browser loads a new document.
      await page.evaluate(() => Object.assign(window, { samePage: true }));
      await page.getByRole("navigation", { name: "사업개요 메뉴" }).getByRole("link", { name: "분양일정" }).click();
      await expect(page).toHaveURL(/\/BusinessGuide\/plan$/);
      await expect(page.getByRole("navigation", { name: "사업개요 메뉴" }).getByRole("link", { name: "분양일정" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      // The banner comes with the page's data (docs/decisions/044).
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("분양일정");
      await page.getByRole("banner").getByRole("link", { name: /홈$/ }).click();
      await expect(page).toHaveURL(/\/$/);
      expect(await page.evaluate(() => "samePage" in window)).toBe(true);
    },
  );

  test("an unknown address says in Korean that the page is not there, inside the site frame with status 404", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "페이지를 찾을 수 없습니다" })).toBeVisible();
    await expect(page.getByText("Not Found")).toHaveCount(0);
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("© 2025");
    await expect(page.getByRole("main").getByRole("link", { name: "홈으로 돌아가기" })).toHaveAttribute("href", "/");
    await expect(page).toHaveTitle(/^페이지를 찾을 수 없습니다 \|/);
  });

  test("a frame drawn in the browser (404 → home, in place) is marked for scripts as a hydrated one is, without the server's inline script", async ({
    page,
  }) => {
    await page.goto("/no/such/page");
    await hydrated(page);
    await expect(page.locator(".site-frame")).toHaveClass(/(^| )js( |$)/);
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page.getByRole("main").getByRole("link", { name: "홈으로 돌아가기" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator(".home")).toBeAttached();
    // The error page's frame and the home's are different trees: this one was drawn by React in the browser.
    expect(await page.evaluate(() => "samePage" in window)).toBe(true);
    await expect(page.locator(".site-frame")).toHaveClass(/(^| )js( |$)/);
    await expect(page.locator(".site-frame > script")).toHaveCount(0);
  });

  test("the frame passes the WCAG 2.1 AA checks of axe, on a page and on the 404 screen", { tag: "@every-width" }, async ({ page }) => {
    await page.goto("/");
    const frame = await axe(page)
      .include(".site-header")
      .include(".site-footer")
      .include(".bottom-bar")
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(frame.violations).toEqual([]);
    await page.goto("/no/such/page");
    const notFound = await axe(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(notFound.violations).toEqual([]);
  });

  test("a page banner rises into view after mount, and is readable without JavaScript too", async ({ browser, page }) => {
    // /privacy is a code page that shows the frame's banner; any inner page behaves the same.
    await page.goto("/privacy");
    const banner = page.locator(".page-banner");
    await expect(banner).toHaveClass(/is-revealed/);
    await expect(banner.getByRole("heading", { level: 1 })).toHaveCSS("opacity", "1");

    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto("/privacy");
    const heading = plain.locator(".page-banner").getByRole("heading", { level: 1 });
    await expect(heading).toBeVisible();
    await expect(heading).toHaveCSS("opacity", "1");
    await noScript.close();
  });

  test("the skip link is the first stop of the keyboard and jumps to the content; the footer names the company, builder and phone, and opens the family site in a new tab; the header turns to its scrolled style once the page scrolls, and back at the top", async ({
    page,
  }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "본문 바로가기" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();

    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText("온빛건설(주)");
    await expect(footer).toContainText("1661-0000");
    await footer.getByText("패밀리사이트").click();
    const family = footer.getByRole("link", { name: /온빛건설/ });
    await expect(family).toBeVisible();
    await expect(family).toHaveAttribute("target", "_blank");
    await expect(family).toHaveAttribute("rel", "noopener");

    await hydrated(page);
    await makePageTall(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    const header = page.getByRole("banner");
    await expect(header).not.toHaveClass(/is-scrolled/);
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(header).toHaveClass(/is-scrolled/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).not.toHaveClass(/is-scrolled/);
  });

  test(
    "every request stays on our origin; wide screens fetch only the font subsets the page uses, phones neither fonts nor their sheet",
    { tag: "@every-width" },
    async ({ page, baseURL }, testInfo) => {
      const requests: string[] = [];
      page.on("request", (request) => requests.push(request.url()));
      await page.goto("/");
      await page.waitForLoadState("networkidle");
      const origin = new URL(baseURL!).origin;
      expect(requests.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith("data:"))).toEqual([]);
      const fonts = requests.filter((url) => /\.woff2$/.test(url));
      const fontSheets = requests.filter((url) => FONT_SHEET.test(url));
      // Phones read the system's Korean font (decision 009): no font bytes on a mobile network, and
      // not even the @font-face sheet, whose fetch Lighthouse counts into a phone's first paint (decision 051).
      if (testInfo.project.name === "phone") {
        expect(fonts).toEqual([]);
        expect(fontSheets).toEqual([]);
      } else {
        expect(fontSheets).toHaveLength(1);
        expect(fonts.length).toBeGreaterThan(0);
        // Pretendard ships 92 subsets; a Korean page needs a handful of them.
        expect(fonts.length).toBeLessThan(92 / 2);
      }
    },
  );

  test("a narrow window that becomes wide gets the wide screens' font @phone", async ({ page }) => {
    const fontSheets: string[] = [];
    page.on("request", (request) => FONT_SHEET.test(request.url()) && fontSheets.push(request.url()));
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(fontSheets).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect.poll(() => fontSheets.length).toBe(1);
    await expect.poll(() => pretendardLoaded(page)).toBe(true);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a wide screen still draws Pretendard, from the sheet held in <noscript>", async ({ page }) => {
    await page.goto("/");
    await expect.poll(() => pretendardLoaded(page)).toBe(true);
  });
});

/** Whether a face of Pretendard's @font-face sheet has loaded: the sheet is applied and text is drawn with it. */
function pretendardLoaded(page: Page) {
  return page.evaluate(() => [...document.fonts].some((font) => font.family.includes("Pretendard") && font.status === "loaded"));
}

/** Pretendard's @font-face sheet (root.tsx), fetched by wide screens only. */
const FONT_SHEET = /\/assets\/pretendardvariable-[^/]*\.css$/;
