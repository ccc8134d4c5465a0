import { expect, test, type Page } from "@playwright/test";
import { useOwnerSession } from "./console.ts";

/**
 * The notice popups in the browser. Every spec shares one server and its database, so a popup
 * really showing on / would cover other specs' pages: the overlay's behaviour is tested with the
 * site's /popups.json answered here (what the server picks is tests/integration/uploads-popups.test.ts),
 * and the popups made through the console are ones no visitor sees (ended, or not yet begun).
 */

const TONIGHT = new Date("2026-11-24T23:50:00+09:00");
const AFTER_MIDNIGHT = new Date("2026-11-25T00:05:00+09:00");

const NOTICES = [
  {
    id: 9001,
    title: "모델하우스 오픈 안내",
    body: "11월 28일 10시에 엽니다.",
    linkUrl: "/SalesInfo/announcement",
    devices: "all",
    image: null,
  },
  { id: 9002, title: "청약 일정 안내", body: "1순위 청약은 12월 2일입니다.", linkUrl: null, devices: "all", image: null },
];

async function answerPopups(page: Page, popups: unknown[]) {
  await page.route("**/popups.json", (route) => route.fulfill({ json: { popups } }));
}

const dialogs = (page: Page) => page.getByRole("dialog");

test("a notice shows over / after the page, side by side on wide screens and one at a time on phones", async ({ page }, info) => {
  await page.clock.install({ time: TONIGHT });
  await answerPopups(page, NOTICES);
  await page.goto("/");
  const phone = info.project.name === "phone";
  const first = page.getByRole("dialog", { name: "모델하우스 오픈 안내" });
  await expect(first).toBeVisible();
  await expect(first).toBeFocused();
  await expect(dialogs(page)).toHaveCount(phone ? 1 : 2);
  // Not in the page's HTML: crawlers never read the notice as the page's content.
  expect(await (await page.request.get("/")).text()).not.toContain("모델하우스 오픈 안내");

  if (phone) {
    await first.getByRole("button", { name: "닫기" }).click();
    await expect(page.getByRole("dialog", { name: "청약 일정 안내" })).toBeVisible();
    await page.keyboard.press("Escape");
  } else {
    await page.keyboard.press("Escape");
    await expect(first).toBeHidden();
    await page.getByRole("dialog", { name: "청약 일정 안내" }).getByRole("button", { name: "닫기" }).click();
  }
  await expect(dialogs(page)).toHaveCount(0);
  // Closed is closed for this page only: the next visit shows them again.
  await page.reload();
  await expect(first).toBeVisible();
});

test("「오늘 하루 보지 않기」 hides a notice until the next midnight in Korea", async ({ page }) => {
  await page.clock.install({ time: TONIGHT });
  await answerPopups(page, NOTICES.slice(0, 1));
  await page.goto("/");
  const notice = page.getByRole("dialog", { name: "모델하우스 오픈 안내" });
  await notice.getByRole("button", { name: "오늘 하루 보지 않기" }).click();
  await expect(notice).toBeHidden();
  await page.reload();
  await expect(page.locator("h1, main").first()).toBeVisible();
  await expect(dialogs(page)).toHaveCount(0);

  await page.clock.setSystemTime(AFTER_MIDNIGHT);
  await page.reload();
  await expect(notice).toBeVisible();
});

test("a notice made in the console that has ended, or not begun, never shows", async ({ page, browser }) => {
  await useOwnerSession(page);
  const title = `지난 공지 ${test.info().project.name} ${Date.now().toString(36)}`;
  for (const [startDay, endDay] of [
    ["2020-01-01", "2020-01-02"],
    ["2099-01-01", "2099-01-02"],
  ] as const) {
    await page.goto("/admin/popups/new");
    await page.getByLabel("제목").fill(title);
    await page.getByLabel("시작 날짜").fill(startDay);
    await page.getByLabel("시작 시각").fill("09:00");
    await page.getByLabel("종료 날짜").fill(endDay);
    await page.getByLabel("종료 시각").fill("18:00");
    await page.getByRole("button", { name: "저장" }).click();
    await expect(page.getByRole("status")).toContainText(`「${title}」 팝업을 저장했습니다.`);
  }
  const visitor = await (await browser.newContext()).newPage();
  const answered = visitor.waitForResponse("**/popups.json");
  await visitor.goto("/");
  const { popups } = (await (await answered).json()) as { popups: { title: string }[] };
  expect(popups.map((popup) => popup.title)).not.toContain(title);
  await expect(visitor.getByRole("dialog", { name: title })).toHaveCount(0);
  await visitor.context().close();
});
