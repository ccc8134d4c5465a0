import { expect, test, type Page } from "@playwright/test";
import { MENU_GROUPS } from "../../app/routes/admin/console-access.ts";
import { notificationsNotAskedYet, OWNER_STATE, useOwnerSession } from "./console.ts";
import { markPlaces, movedSinceMarked, reactHydrated } from "./hydration.ts";

// The console's frame: its menu (grouped into a few menus on a desk, one scrolling row on a phone)
// and the answers of its forms brought into view. Nothing here is saved.

/** Every page of the owner's menu, with the path it opens (in the menu's order). */
const OWNER_PAGES: [label: string, path: RegExp][] = [
  ["대시보드", /\/admin$/],
  ["오늘 할 일", /\/admin\/today$/],
  ["고객 접수", /\/admin\/leads$/],
  ["전화 접수", /\/admin\/leads\/new$/],
  ["휴지통", /\/admin\/leads\/bin$/],
  ["고객 가져오기", /\/admin\/leads\/import$/],
  ["방문 예약", /\/admin\/visits/],
  ["입장 확인", /\/admin\/door$/],
  ["동호수 현황", /\/admin\/units$/],
  ["광고 수신 거부", /\/admin\/consent$/],
  ["전환 분석", /\/admin\/conversion/],
  ["유입 채널", /\/admin\/channels$/],
  ["팀 성과", /\/admin\/performance$/],
  ["문자 발송", /\/admin\/notifications$/],
  ["알림톡 템플릿", /\/admin\/templates$/],
  ["캠페인 문자", /\/admin\/campaigns$/],
  ["보도자료", /\/admin\/press$/],
  ["공지 팝업", /\/admin\/popups$/],
  ["공고·서류", /\/admin\/documents$/],
  ["분양 일정", /\/admin\/schedule$/],
  ["분양가·납부 일정", /\/admin\/prices$/],
  ["사이트 설정", /\/admin\/site-settings$/],
  ["직원 계정", /\/admin\/staff$/],
  ["접속 기록", /\/admin\/audit$/],
  ["배정 설정", /\/admin\/settings$/],
  ["잔여세대 설정", /\/admin\/units\/settings$/],
  ["내 계정", /\/admin\/account$/],
];

const menu = (page: Page) => page.getByRole("navigation", { name: "관리자 메뉴" });

/** The header names the person and their role on this site (the owner: 대표), at either width. */
async function expectPersonNamed(page: Page) {
  await expect(page.locator(".admin-header__role")).toHaveText("대표");
  await expect(page.locator(".admin-header__brand")).not.toContainText("관리자");
}

test.beforeEach(async ({ page }) => {
  await useOwnerSession(page);
});

test.describe("the console's menu", () => {
  // One page, three checks: a console page is about half a second of Chromium's processor (docs/decisions/023-fast-tests.md).
  test("fits one row at 1440 px: the brand, the menus and the account share the header's one line; names the person and their role on this site; opens a menu by keyboard and closes it on Escape, on another menu's opening and on a click elsewhere", async ({
    page,
  }) => {
    await page.goto("/admin");
    const header = page.locator(".admin-header__inner");
    const items = [
      page.locator(".admin-header__brand"),
      ...(await menu(page).locator(".admin-menu > li").all()),
      page.locator(".admin-header__account"),
    ];
    expect(items.length).toBe(2 + 1 + Object.keys(MENU_GROUPS).length);
    const menuTops = await Promise.all(
      (await menu(page).locator(".admin-menu > li").all()).map(async (item) => (await item.boundingBox())!.y),
    );
    expect(new Set(menuTops).size).toBe(1);
    const headerBox = (await header.boundingBox())!;
    expect(headerBox.height).toBeLessThan(72);
    for (const item of items) {
      const box = (await item.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(headerBox.y);
      expect(box.y + box.height).toBeLessThanOrEqual(headerBox.y + headerBox.height);
    }

    await expectPersonNamed(page);

    // Escape and clicks elsewhere close a menu by script: from hydration on.
    await reactHydrated(menu(page));
    // By keyboard: the menu's summary opens it, Tab walks its links, Escape closes it and returns to it.
    const settings = menu(page).locator("summary", { hasText: MENU_GROUPS.settings });
    await settings.focus();
    await page.keyboard.press("Enter");
    const firstLink = menu(page).locator("details[open] .admin-menu__link").first();
    await expect(menu(page).getByRole("link", { name: "사이트 설정" })).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(firstLink).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu(page).getByRole("link", { name: "사이트 설정" })).toBeHidden();
    await expect(settings).toBeFocused();

    // Another menu's opening closes the first; a click elsewhere closes any.
    await settings.click();
    await menu(page).locator("summary", { hasText: MENU_GROUPS.customers }).click();
    await expect(menu(page).locator("details[open]")).toHaveCount(1);
    await page.locator("#admin-main").click({ position: { x: 5, y: 5 } });
    await expect(menu(page).locator("details[open]")).toHaveCount(0);
  });

  test("reaches every page through its menus, a page opened from a menu closes it, and the fields side by side on each page line up", async ({
    page,
  }) => {
    // Every page of the menus, one after the other.
    test.slow();
    await page.goto("/admin");
    for (const [label, path] of OWNER_PAGES) {
      const link = menu(page).getByRole("link", { name: label, exact: true });
      const group = menu(page).locator("details", { has: page.getByRole("link", { name: label, exact: true, includeHidden: true }) });
      // A group opened while the last page's navigation is still settling is closed by it (a page
      // opened from a menu closes it); then it is opened again, as a person would.
      await expect(async () => {
        if (!(await link.isVisible())) await group.locator("summary").click();
        await link.click({ timeout: 3_000 });
      }).toPass({ timeout: 30_000 });
      await expect(page, label).toHaveURL(path);
      await expect(menu(page).getByRole("link", { name: label, exact: true, includeHidden: true })).toHaveAttribute("aria-current", "page");
      // The page opened from a menu closes it.
      await expect(menu(page).locator("details[open]")).toHaveCount(0);
      // Fields side by side line up, whatever hint or error one of them shows (admin.css, .admin-field).
      expect(await fieldsOutOfLine(page), label).toEqual([]);
    }
  });

  test("at a tablet's width wraps the header below its menus rather than slide them under the site switcher; offers notifications from the first paint, so nothing moves when the scripts start; 새 고객 알림 켜기 asks the browser and the offer goes; 나중에 puts it away for the session", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 820, height: 1000 });
    await notificationsNotAskedYet(page);
    await page.goto("/admin");
    await markPlaces(page);
    const offer = page.getByRole("region", { name: "새 고객 알림" });
    await expect(offer).toBeVisible();
    const boxes = async (selector: string) =>
      Promise.all((await page.locator(selector).all()).map(async (item) => (await item.boundingBox())!));
    const [switcher] = await boxes(".admin-site-switch");
    const [account] = await boxes(".admin-header__account");
    for (const item of await boxes(".admin-nav--desk .admin-menu > li")) {
      for (const other of [switcher!, account!]) {
        const apart =
          item.x + item.width <= other.x ||
          other.x + other.width <= item.x ||
          item.y + item.height <= other.y ||
          other.y + other.height <= item.y;
        expect(apart, `a menu at ${item.x},${item.y} under ${other.x},${other.y}`).toBe(true);
      }
    }
    await reactHydrated(offer.getByRole("button", { name: "새 고객 알림 켜기" }));
    expect(await movedSinceMarked(page)).toEqual([]);

    await offer.getByRole("button", { name: "새 고객 알림 켜기" }).click();
    await expect(offer).toBeHidden();
    await expect(page.locator("html")).toHaveAttribute("data-notifications", "granted");

    // Another tab of a browser still not asked: 나중에 holds for that tab's next pages.
    const later = await page.context().newPage();
    await notificationsNotAskedYet(later);
    await later.goto("/admin/leads");
    const offerLater = later.getByRole("region", { name: "새 고객 알림" });
    await reactHydrated(offerLater.getByRole("button", { name: "나중에" }));
    await offerLater.getByRole("button", { name: "나중에" }).click();
    await expect(offerLater).toBeHidden();
    await later.goto("/admin/today");
    await expect(later.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(offerLater).toBeHidden();
  });

  test("opens its menus without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, storageState: OWNER_STATE });
    const page = await context.newPage();
    await page.goto("/admin");
    await menu(page).locator("summary", { hasText: MENU_GROUPS.promotion }).click();
    await menu(page).getByRole("link", { name: "분양 일정" }).click();
    await expect(page).toHaveURL(/\/admin\/schedule$/);
    await context.close();
  });

  test(
    "on a phone lists every page in one row of links, and names the person and their role on this site",
    { tag: "@phone" },
    async ({ page }) => {
      await page.goto("/admin");
      await expectPersonNamed(page);
      const links = menu(page).getByRole("link");
      // "내 고객" joins the menu once leads are given to the owner (other tests may have).
      const labels = (await links.allInnerTexts()).map((text) => text.trim()).filter((text) => text !== "내 고객");
      expect(labels).toEqual(OWNER_PAGES.map(([label]) => label));
      await links.filter({ hasText: "접속 기록" }).click();
      await expect(page).toHaveURL(/\/admin\/audit$/);
      await expect(menu(page).getByRole("link", { name: "접속 기록" })).toHaveAttribute("aria-current", "page");
    },
  );
});

test.describe("answers in view", () => {
  const settingsForm = (page: Page) => page.locator("form.site-settings__form");

  /** Posts the site settings from the bottom of the page, as a person who scrolled down to 저장 would. */
  async function saveFromTheBottom(page: Page) {
    await reactHydrated(settingsForm(page));
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await settingsForm(page).evaluate((form: HTMLFormElement) => form.requestSubmit());
  }

  test(
    "a refused post of the site settings, sent from the bottom of the page, shows its error summary in view and focused; a saved one its notice",
    { tag: "@every-width" },
    async ({ page }) => {
      await page.goto("/admin/site-settings");
      const phone = page.getByLabel("분양문의 전화", { exact: true });
      const saved = await phone.inputValue();
      await phone.fill("12345");
      await saveFromTheBottom(page);

      const summary = page.getByRole("alert").filter({ hasText: "항목을 확인해 주세요" });
      await expect(summary).toBeFocused();
      await expect(summary).toBeInViewport();
      await expect(phone).toHaveValue("12345");

      // Put back as it was, and saved from the bottom again.
      await phone.fill(saved);
      await saveFromTheBottom(page);
      await expect(page).toHaveURL(/saved=1/);
      const notice = page.getByRole("status").filter({ hasText: "저장했습니다" });
      await expect(notice).toBeFocused();
      await expect(notice).toBeInViewport();
    },
  );
});

/**
 * The fields shown side by side in one row whose boxes and selects do not line up (each field's first text box,
 * date box or select: not the same top and height as its neighbours'), as "name: top, height".
 */
function fieldsOutOfLine(page: Page) {
  return page.evaluate(() => {
    const rows = new Map<number, { name: string; top: number; height: number }[]>();
    for (const field of document.querySelectorAll(".admin-field")) {
      const control = field.querySelector<HTMLInputElement | HTMLSelectElement>(
        "select, input:not([type=checkbox], [type=radio], [type=file], [type=hidden], [type=color], [type=range])",
      );
      if (!control || control.getClientRects().length === 0) continue;
      // A field laid out as its form's own items (display: contents) has no box: its row is its control's.
      const row = Math.round((field.getClientRects().length > 0 ? field : control).getBoundingClientRect().top);
      const { top, height } = control.getBoundingClientRect();
      rows.set(row, [...(rows.get(row) ?? []), { name: control.name || control.id, top, height }]);
    }
    return [...rows.values()]
      .filter(
        (row) =>
          row.length > 1 && row.some(({ top, height }) => Math.abs(top - row[0]!.top) > 0.5 || Math.abs(height - row[0]!.height) > 0.5),
      )
      .flatMap((row) => row.map(({ name, top, height }) => `${name}: ${top}, ${height}`));
  });
}
