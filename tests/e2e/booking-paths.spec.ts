import { expect, test, type Page } from "@playwright/test";
import { addDays, kstDay } from "../../app/utils/kst.ts";
import { hydrated } from "./hydration.ts";
import { linkTextedTo } from "./phone.ts";
import { postVisit, timeUnderShownDay } from "./visit-form.ts";

// One booking path (issue #26): every 방문예약 button ends on a booked time slot. Each test books
// its own day of the demo fortnight, today + 2 to + 9, and the last days only at hours no other
// spec takes: visits.spec.ts closes today + 10 and + 11 (the fortnight's end − 3 and − 2, by date)
// and books at 17:00 on the last two, waitlist.spec.ts takes 13:00 on today + 9. So the tests never
// fill or close each other's slots.

const dayFromToday = (days: number) => addDays(kstDay(new Date()), days);

function uniquePhone() {
  return `010${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;
}

function uniqueName() {
  const letters = "가나다라마바사아자차카타파하";
  return `예약${Array.from({ length: 4 }, () => letters[Math.floor(Math.random() * letters.length)]).join("")}`;
}

/** Books `time` on `day` in the booking form on screen and waits for the answer naming that time. */
async function bookOnThisPage(page: Page, day: string, time = "14:00") {
  const form = page.locator(".visit-form");
  const phone = uniquePhone();
  await form.locator(`label[for$="-${day}"]`).click();
  await form.getByLabel("이름").fill(uniqueName());
  await form.getByLabel("연락처").fill(phone);
  await timeUnderShownDay(form, time).click();
  await form.getByLabel(/개인정보 수집·이용 동의/).check();
  await form.getByRole("button", { name: "방문 예약하기" }).click();
  await expect(form.getByText(`${time} 견본주택 방문 예약이 완료되었습니다.`, { exact: false })).toBeVisible();
  return phone;
}

/** Back from the booking, which answered in place, to the page the path left. */
async function backToBrandIntro(page: Page) {
  await page.goBack();
  await expect(page).toHaveURL(/\/Brand\/intro$/);
  // The address changes at once, the page when its data has come: a menu opened before then is
  // closed by the navigation's end.
  await expect(page.getByRole("heading", { level: 1, name: "브랜드소개" })).toBeVisible();
}

test.describe("every 방문예약 opens the time-slot booking", () => {
  // Each path from one /Brand/intro page, back to it after each booking (the booking answers in place,
  // so Back returns to the page the path left): a page load is most of a second of Chromium's processor.
  test("the phone's bottom bar; the slide menu's first entry; the footer", { tag: "@phone" }, async ({ page }) => {
    await page.goto("/Brand/intro");
    await hydrated(page);
    await page.getByRole("navigation", { name: "빠른 상담" }).getByRole("link", { name: "방문예약" }).click();
    await expect(page).toHaveURL(/\/daegu\/customer$/);
    await bookOnThisPage(page, dayFromToday(5));

    await backToBrandIntro(page);
    await page.getByRole("button", { name: "전체 메뉴 열기" }).click();
    await page.getByRole("navigation", { name: "전체 메뉴" }).getByRole("link", { name: "방문예약" }).click();
    await expect(page).toHaveURL(/\/daegu\/customer$/);
    await bookOnThisPage(page, dayFromToday(6));

    await backToBrandIntro(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "방문예약" }).click();
    await expect(page).toHaveURL(/\/daegu\/customer$/);
    await bookOnThisPage(page, dayFromToday(8));
  });

  test("the header; the footer; the menu lists the inquiry page under its own name, and it sends a visitor to the booking", async ({
    page,
  }) => {
    await page.goto("/Brand/intro");
    await hydrated(page);
    await page.getByRole("banner").getByRole("link", { name: "방문예약" }).click();
    await expect(page).toHaveURL(/\/daegu\/customer$/);
    await bookOnThisPage(page, dayFromToday(7));

    await backToBrandIntro(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "방문예약" }).click();
    await expect(page).toHaveURL(/\/daegu\/customer$/);
    await bookOnThisPage(page, dayFromToday(9));

    await backToBrandIntro(page);
    const menu = page.getByRole("navigation", { name: "주 메뉴" });
    await menu.getByRole("link", { name: "홍보센터" }).hover();
    await menu.getByRole("link", { name: "상담문의" }).click();
    await expect(page).toHaveURL(/\/Promotion\/Customer$/);
    await expect(page.getByRole("heading", { name: "상담 문의", level: 2 })).toBeVisible();
    await expect(page.getByPlaceholder(/방문 일시/)).toHaveCount(0);
    await page.getByRole("link", { name: "방문 예약하기" }).click();
    await expect(page).toHaveURL(/\/daegu\/customer$/);
  });

  test("the home hero, without leaving the home page", { tag: "@every-width" }, async ({ page }, testInfo) => {
    await page.goto("/");
    await hydrated(page);
    await page.locator(".home-hero").getByRole("link", { name: "견본주택 방문 예약" }).click();
    await expect(page).toHaveURL(/\/#interestForm$/);
    await bookOnThisPage(page, dayFromToday(testInfo.project.name === "phone" ? 2 : 3), "15:00");
  });
});

test.describe("cancelling a booking from its text", () => {
  // The bookings are posted as the hydrated form posts them (postVisit): their subject is what the
  // text's link leads to, and the form's own paths are booked through the page above.

  /** From the text the booking sent: 예약 취소하기 asks first, 아니요 keeps it, 예 cancels it and texts the cancellation. */
  async function cancelWithScripts(page: Page, phone: string, time: string) {
    const link = await linkTextedTo(phone, "confirmation", /https?:\/\/\S+\/daegu\/visit\/\S+/);
    expect(await linkTextedTo(phone, "confirmation", /예약 변경·취소는 아래 링크에서/)).not.toBe("");

    await page.goto(link);
    await hydrated(page);
    await page.getByRole("link", { name: "예약 취소하기" }).click();
    const question = page.getByRole("heading", { name: new RegExp(`${time} 방문 예약을 취소하시겠습니까\\?`) });
    await expect(question).toBeInViewport();
    await page.getByRole("link", { name: "아니요, 예약을 유지합니다" }).click();
    await expect(question).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "다른 시간으로 변경" })).toBeVisible();

    await page.getByRole("link", { name: "예약 취소하기" }).click();
    await page.getByRole("button", { name: "예, 예약을 취소합니다" }).click();
    await expect(page.getByText("방문 예약이 취소되었습니다.", { exact: false })).toBeVisible();
    expect(await linkTextedTo(phone, "visit-cancelled", /방문 예약이 취소되었습니다/)).not.toBe("");
  }

  test("asks first: 아니요 keeps the booking, 예 cancels it and texts the cancellation", async ({ page, request }) => {
    test.setTimeout(60_000);
    const phone = await postVisit(request, { day: dayFromToday(4), time: "11:00" });
    await cancelWithScripts(page, phone, "11:00");
  });

  test(
    "asks first: 아니요 keeps the booking, 예 cancels it and texts the cancellation; asks first without JavaScript too",
    { tag: "@phone" },
    async ({ page, request, browser }, testInfo) => {
      test.setTimeout(60_000);
      const offered = [...(await (await request.get("/daegu/customer")).text()).matchAll(/data-day="([\d-]+)"/g)].map((match) => match[1]!);
      // The fortnight's last day as the form offers it (a run that passes midnight in Korea offers one day fewer than today + 13).
      const lastDay = offered.at(-1)!;
      const scripted = await postVisit(request, { day: dayFromToday(12), time: "11:00" });
      const withoutScripts = await postVisit(request, { day: lastDay, time: "12:00" });
      await cancelWithScripts(page, scripted, "11:00");

      const context = await browser.newContext({
        javaScriptEnabled: false,
        viewport: { width: 390, height: 844 },
        baseURL: testInfo.project.use.baseURL,
      });
      const noScripts = await context.newPage();
      await noScripts.goto(await linkTextedTo(withoutScripts, "confirmation", /https?:\/\/\S+\/daegu\/visit\/\S+/));
      await noScripts.getByRole("link", { name: "예약 취소하기" }).click();
      await expect(noScripts.getByRole("heading", { name: /12:00 방문 예약을 취소하시겠습니까\?/ })).toBeInViewport();
      await noScripts.getByRole("button", { name: "예, 예약을 취소합니다" }).click();
      await expect(noScripts.getByText("방문 예약이 취소되었습니다.", { exact: false })).toBeVisible();
      await context.close();
    },
  );
});
