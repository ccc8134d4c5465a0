import { expect, test } from "@playwright/test";
import { useOwnerSession } from "./console.ts";
import { linkTextedTo } from "./phone.ts";
import { uniquePhone, uniqueTag } from "./unique.ts";
import { dayFromFortnightEnd, postVisit } from "./visit-form.ts";

// Its own day of the demo fortnight (visits.spec.ts books and closes the last four) and hour.
const OWN_DAY_FROM_END = 5;
const TIME = "13:00";

test.describe("the waitlist of a full visit time", () => {
  test(
    "a buyer on a phone joins the waitlist of a full time, gets the place when another visitor cancels, and claims it",
    { tag: "@phone" },
    async ({ page, browser }, testInfo) => {
      test.setTimeout(120_000);
      const holder = { name: `예약${uniqueTag(4)}`, phone: uniquePhone() };
      const buyer = { name: `대기${uniqueTag(4)}`, phone: uniquePhone() };
      const visitor = await (await browser.newContext({ ...testInfo.project.use })).newPage();
      const buyerPage = await (await browser.newContext({ ...testInfo.project.use })).newPage();

      let day = "";
      await test.step("the office makes the time one place; a visitor books it", async () => {
        await visitor.goto("/daegu/customer");
        day = await dayFromFortnightEnd(visitor.locator(".visit-form"), OWN_DAY_FROM_END);
        await useOwnerSession(page);
        await page.goto(`/admin/visits?day=${day}#visit-day`);
        // The time's own capacity field (another time's row may mention this time, e.g. in its waitlist's history).
        const capacity = page.getByRole("spinbutton", { name: `${TIME} 정원`, exact: true });
        await capacity.fill("1");
        await page.locator(".admin-visits__slots tr", { has: capacity }).getByRole("button", { name: "변경" }).click();
        await expect(page.getByRole("spinbutton", { name: `${TIME} 정원`, exact: true })).toHaveValue("1");
        await postVisit(visitor.request, { day, time: TIME, name: holder.name, phone: holder.phone });
      });

      await test.step("the buyer finds the time full and joins its waitlist with a party of two", async () => {
        await buyerPage.goto("/daegu/customer");
        const form = buyerPage.locator(".visit-form");
        await form.locator(`label[for$="-${day}"]`).click();
        await form.getByRole("link", { name: `${TIME} 마감, 대기 신청하기` }).click();
        await expect(buyerPage.getByRole("heading", { name: "마감된 시간 대기 신청" })).toBeVisible();
        await buyerPage.getByLabel("이름").fill(buyer.name);
        await buyerPage.getByLabel("연락처").fill(buyer.phone);
        await buyerPage.getByLabel("방문 인원").selectOption("2");
        await buyerPage.getByLabel(/개인정보 수집·이용 동의/).check();
        await buyerPage.getByRole("button", { name: "대기 신청하기" }).click();
        await expect(buyerPage.getByText("대기 순서는 1번입니다", { exact: false })).toBeVisible();
      });

      await test.step("the visitor cancels through their text's link", async () => {
        await visitor.goto(await linkTextedTo(holder.phone, "confirmation", /https?:\/\/\S+\/daegu\/visit\/\S+/));
        await visitor.getByRole("link", { name: "예약 취소하기" }).click();
        await visitor.getByRole("button", { name: "예, 예약을 취소합니다" }).click();
        await expect(visitor.getByText("방문 예약이 취소되었습니다.", { exact: false })).toBeVisible();
      });

      await test.step("the buyer's text holds the place; its link claims it", async () => {
        await buyerPage.goto(await linkTextedTo(buyer.phone, "waitlist-offer", /https?:\/\/\S+\/daegu\/waitlist\/\S+/));
        await expect(buyerPage.getByText("자리가 났습니다.", { exact: false })).toBeVisible();
        await buyerPage.getByRole("button", { name: "예약 확정하기" }).click();
        await expect(buyerPage.getByText("견본주택 방문 예약이 확정되었습니다", { exact: false })).toBeVisible();
        await expect(buyerPage.getByRole("link", { name: "예약 확인·변경" })).toBeVisible();
      });

      await test.step("the office sees the buyer booked with their party, and the line's story", async () => {
        // Another address than step one's (a goto differing only by its #hash would not reload the page).
        await page.goto(`/admin/visits?from=${day}&day=${day}`);
        const row = page.locator(".admin-visits__slots tr", { hasText: TIME });
        await expect(row.locator(".admin-visits__booking", { hasText: buyer.name })).toContainText("2명");
        await expect(row.locator(".admin-visits__waitlist")).toContainText("예약 확정");
      });
      await visitor.context().close();
      await buyerPage.context().close();
    },
  );
});
