import { expect, test, type Page } from "@playwright/test";
import { formHydrated, hydrated } from "./hydration.ts";
import { ENDED_POPUP, LIVE_POPUPS, nextKstMidnight, POPUP_ORIGIN } from "./live-popups.ts";

/**
 * The notice popups in the browser, live: the setup project made them through the console of the
 * popups server (playwright.config.ts), whose own database no other spec reads, so they really
 * show on its / without covering anyone else's page. What the server picks in detail (start, end,
 * site) is tests/integration/uploads-popups.test.ts.
 */

const [FIRST, SECOND] = LIVE_POPUPS;

const dialogs = (page: Page) => page.getByRole("dialog");
const notice = (page: Page, title: string) => page.getByRole("dialog", { name: title });

/** Opens the popups server's home page and waits for its popups' answer. */
async function openHome(page: Page) {
  const answered = page.waitForResponse(`${POPUP_ORIGIN}/popups.json`);
  await page.goto(`${POPUP_ORIGIN}/`);
  return ((await (await answered).json()) as { popups: { title: string }[] }).popups.map((popup) => popup.title);
}

test(
  // One page for these (ADR 023, the tenth round): 「닫기」 leaves / with no notice, which is where the next
  // pages of the visit start from; the ended notice is looked for while the live ones show.
  "live notices show over / after the page, side by side on wide screens and one at a time on phones; a notice that has ended never shows; 「닫기」 closes each; notices closed with 「닫기」 stay closed on the next pages of the visit, and show again on the next visit",
  { tag: "@every-width" },
  async ({ page, browser }, info) => {
    const titles = await openHome(page);
    expect(titles).toEqual([...LIVE_POPUPS]);
    expect(titles).not.toContain(ENDED_POPUP);
    // Not in the page's HTML: crawlers never read the notice as the page's content.
    expect(await page.evaluate(() => fetch("/").then((response) => response.text()))).not.toContain(FIRST);

    const first = notice(page, FIRST);
    await expect(first).toBeVisible();
    await expect(first).toBeFocused();
    await expect(notice(page, ENDED_POPUP)).toHaveCount(0);
    if (info.project.name === "phone") {
      await expect(dialogs(page)).toHaveCount(1);
      await first.getByRole("button", { name: "닫기" }).click();
      await expect(first).toBeHidden();
      await expect(notice(page, SECOND)).toBeVisible();
      await expect(notice(page, SECOND)).toBeFocused();
      await notice(page, SECOND).getByRole("button", { name: "닫기" }).click();
    } else {
      await expect(dialogs(page)).toHaveCount(2);
      const [left, right] = [await first.boundingBox(), await notice(page, SECOND).boundingBox()];
      // Side by side: one row, the first on the left, not overlapping.
      expect(Math.abs(left!.y - right!.y)).toBeLessThan(2);
      expect(left!.x + left!.width).toBeLessThanOrEqual(right!.x);
      await first.getByRole("button", { name: "닫기" }).click();
      await expect(first).toBeHidden();
      await expect(notice(page, SECOND)).toBeVisible();
      await notice(page, SECOND).getByRole("button", { name: "닫기" }).click();
    }
    await expect(dialogs(page)).toHaveCount(0);

    const answered = page.waitForResponse(`${POPUP_ORIGIN}/popups.json`);
    await page.goto(`${POPUP_ORIGIN}/Brand/intro`);
    await answered;
    await page.reload();
    await hydrated(page);
    await expect(dialogs(page)).toHaveCount(0);

    const nextVisit = await browser.newPage({ viewport: page.viewportSize() });
    try {
      await openHome(nextVisit);
      await expect(notice(nextVisit, FIRST)).toBeVisible();
    } finally {
      await nextVisit.close();
    }
  },
);

test(
  "a notice never opens over a form the visitor has started: it waits until they leave the form",
  { tag: "@every-width" },
  async ({ page }) => {
    // The notices' answer arrives only once the visitor is typing in the inquiry form.
    let release!: () => void;
    const typing = new Promise<void>((resolve) => (release = resolve));
    await page.route(`${POPUP_ORIGIN}/popups.json`, async (route) => {
      await typing;
      await route.continue();
    });
    const answered = page.waitForResponse(`${POPUP_ORIGIN}/popups.json`);
    await page.goto(`${POPUP_ORIGIN}/Promotion/Customer`);
    const form = page.locator(".inquiry-form");
    await formHydrated(form);
    const name = form.getByLabel("이름");
    await name.fill("김하늘");
    release();
    await answered;

    await form.getByLabel("연락처").fill("010-2222-3333");
    // Give the notices every chance to appear: they must not while the form has the focus.
    await page.waitForTimeout(1_000);
    await expect(dialogs(page)).toHaveCount(0);
    await expect(form.getByLabel("연락처")).toBeFocused();

    await page.getByRole("heading", { level: 1 }).click();
    await expect(notice(page, FIRST)).toBeVisible();
    await expect(form.getByLabel("이름")).toHaveValue("김하늘");
  },
);

test("「오늘 하루 보지 않기」 hides a notice until the next midnight in Korea, then it shows again", async ({ page }) => {
  const now = new Date();
  await page.clock.install({ time: now });
  await openHome(page);
  await notice(page, FIRST).getByRole("button", { name: "오늘 하루 보지 않기" }).click();
  await expect(notice(page, FIRST)).toBeHidden();

  await openHome(page);
  await expect(notice(page, SECOND)).toBeVisible();
  await expect(notice(page, FIRST)).toHaveCount(0);

  // A minute before midnight it is still hidden; a minute after, back.
  const midnight = nextKstMidnight(now);
  await page.clock.setSystemTime(new Date(midnight.getTime() - 60_000));
  await openHome(page);
  await expect(notice(page, SECOND)).toBeVisible();
  await expect(notice(page, FIRST)).toHaveCount(0);

  await page.clock.setSystemTime(new Date(midnight.getTime() + 60_000));
  await openHome(page);
  await expect(notice(page, FIRST)).toBeVisible();
});

test("Escape closes the notice in focus, and after the last one focus returns where it was", async ({ page }) => {
  // The popups' answer waits until a link of the page has the focus, as when someone tabs in early.
  let release!: () => void;
  const focused = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${POPUP_ORIGIN}/popups.json`, async (route) => {
    await focused;
    await route.continue();
  });
  await page.goto(`${POPUP_ORIGIN}/`);
  const skipLink = page.getByRole("link", { name: "본문 바로가기" });
  await skipLink.focus();
  release();

  await expect(notice(page, FIRST)).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(notice(page, FIRST)).toBeHidden();
  await expect(notice(page, SECOND)).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialogs(page)).toHaveCount(0);
  await expect(skipLink).toBeFocused();
});
