import { expect, test } from "@playwright/test";
import { axe } from "./axe.ts";
import { useOwnerSession } from "./console.ts";
import { linkTextedTo } from "./phone.ts";
import { dayFromFortnightEnd, isOpenUnderShownDay, offeredDays, postVisit, timeUnderShownDay } from "./visit-form.ts";

// These tests run in the desktop project only, but a project that ran them beside it (a width tag,
// playwright.config.ts) shares the server, so each project books and closes its own days (counted
// from the end of the demo fortnight, which no other spec touches) and its own hour of today.
const OWN_DAYS = { desktop: { book: 1, close: 3, today: "17:00" }, phone: { book: 2, close: 4, today: "16:00" } } as const;

function uniqueName() {
  const letters = "가나다라마바사아자차카타파하";
  return `방문${Array.from({ length: 5 }, () => letters[Math.floor(Math.random() * letters.length)]).join("")}`;
}

function uniquePhone() {
  return `010${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;
}

const dashed = (phone: string) => `${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}`;

/** The owner's session from the setup project (tests/e2e/console.ts). */
const signIn = useOwnerSession;

test.describe("model-house visits by time slot", () => {
  test("a visitor books a time, the text message's link cancels it, and the place is free again", async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    const own = OWN_DAYS[testInfo.project.name as keyof typeof OWN_DAYS];
    const name = uniqueName();
    const phone = uniquePhone();
    const time = "17:00";

    const form = page.locator(".visit-form");
    let day = "";
    await test.step("the form offers days and times with the places left", async () => {
      await page.goto("/daegu/customer");
      day = await dayFromFortnightEnd(form, own.book);
      await form.locator(`label[for$="-${day}"]`).click();
      await expect(timeUnderShownDay(form, time)).toContainText("6자리 남음");
    });

    await test.step("booking it confirms the day and time", async () => {
      await form.getByLabel("이름").fill(name);
      await form.getByLabel("연락처").fill(phone);
      await timeUnderShownDay(form, time).click();
      await form.getByLabel(/개인정보 수집·이용 동의/).check();
      await form.getByRole("button", { name: "방문 예약하기" }).click();
      await expect(form.getByText(`${time} 견본주택 방문 예약이 완료되었습니다.`, { exact: false })).toBeVisible();
      await page.goto("/daegu/customer");
      await form.locator(`label[for$="-${day}"]`).click();
      await expect(timeUnderShownDay(form, time)).toContainText("5자리 남음");
    });

    await test.step("the sales office sees the booking in its slot", async () => {
      await signIn(page);
      await page.goto(`/admin/visits?day=${day}`);
      const slotRow = page.locator(".admin-visits__slots tr", { hasText: time });
      await expect(slotRow).toContainText(name);
      await slotRow.getByRole("link", { name: new RegExp(name) }).click();
      await expect(page.getByRole("heading", { name: "접수 내용" })).toBeVisible();
      await expect(page.locator(".admin-facts__bookings")).toContainText(`${time} 예약`);
    });

    let cancelLink = "";
    await test.step("the confirmation in the outbox carries the date, time and address, its cancel link masked; the visitor's phone gets the link", async () => {
      await page.goto("/admin/notifications");
      const message = page.locator(".admin-message", { hasText: dashed(phone) }).first();
      await message.getByText("문자 내용").click();
      const body = await message.locator(".admin-message__body").innerText();
      const [, month, date] = day.split("-").map(Number);
      expect(body).toContain(`■ 방문일시: ${month}월 ${date}일`);
      expect(body).toContain(time);
      expect(body).toContain("대구광역시 동구 동부로 000, 온빛채 견본주택");
      expect(body).toContain("(링크 가림)");
      expect(body).not.toMatch(/\/daegu\/visit\//);
      cancelLink = await linkTextedTo(phone, "confirmation", /https?:\/\/\S+\/daegu\/visit\/\S+/);
    });

    await test.step("the link shows the booking and cancels it once the visitor confirms", async () => {
      await page.goto(cancelLink);
      await expect(page.getByText(name)).toBeVisible();
      expect((await axe(page).analyze()).violations).toEqual([]);
      await expect(page.getByText(`${time}`, { exact: false }).first()).toBeVisible();
      await page.getByRole("link", { name: "예약 취소하기" }).click();
      await page.getByRole("button", { name: "예, 예약을 취소합니다" }).click();
      await expect(page.getByText("방문 예약이 취소되었습니다.", { exact: false })).toBeVisible();
      await expect(page.getByRole("link", { name: "예약 취소하기" })).toHaveCount(0);
    });

    await test.step("the place is free again; the booking stays in the sales office's slot, struck through, cancelled by the customer", async () => {
      await page.goto("/daegu/customer");
      await form.locator(`label[for$="-${day}"]`).click();
      await expect(timeUnderShownDay(form, time)).toContainText("6자리 남음");
      await page.goto(`/admin/visits?day=${day}`);
      const booking = page.locator(".admin-visits__slots tr", { hasText: time }).locator(".admin-visits__booking", { hasText: name });
      await expect(booking.locator("s")).toContainText(name);
      await expect(booking).toContainText("취소 · 고객");
    });
  });

  test("a day with a booking asks before it closes, the visitor's text waits in the outbox, and the day is not offered", async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const own = OWN_DAYS[testInfo.project.name as keyof typeof OWN_DAYS];
    const name = uniqueName();
    const phone = uniquePhone();
    const form = page.locator(".visit-form");
    await page.goto("/daegu/customer");
    const day = await dayFromFortnightEnd(form, own.close);
    await postVisit(page.request, { day, time: "11:00", name, phone });

    await signIn(page);
    await page.goto(`/admin/visits?day=${day}`);
    await page.getByRole("button", { name: "이날 예약 닫기" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("예약을 닫을까요?");
    await expect(confirm).toContainText(name);
    await confirm.getByRole("button", { name: "닫고 예약자에게 문자 보내기" }).click();
    await expect(page.getByRole("button", { name: "이날 예약 다시 열기" })).toBeVisible();
    await expect(page.locator(".admin-visits__booking", { hasText: name })).toContainText("취소 · ");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

    await page.goto("/admin/notifications");
    const text = page.locator(".admin-message", { hasText: dashed(phone) }).filter({ hasText: "사정으로 취소되었습니다" });
    await expect(text).toHaveCount(1);

    await page.goto("/daegu/customer");
    expect(await offeredDays(page.locator(".visit-form"))).not.toContain(day);
  });

  test("the visit page opens on today's visitors; marking 방문 shows on the lead's page", async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    const own = OWN_DAYS[testInfo.project.name as keyof typeof OWN_DAYS];
    const name = uniqueName();
    const phone = uniquePhone();
    await page.goto("/daegu/customer");
    const form = page.locator(".visit-form");
    const today = new Date(Date.now() + 9 * 60 * 60 * 1000).toISOString().slice(0, 10);
    // The form books only times still ahead: after this project's hour of today (Korean time) there is nothing to mark.
    const bookable = (await offeredDays(form)).includes(today) && (await form.locator(`input[id$="-${today}"]`).isEnabled());
    if (bookable) await form.locator(`label[for$="-${today}"]`).click();
    test.skip(!bookable || !(await isOpenUnderShownDay(form, own.today)), `${own.today} today has passed or is full`);
    await postVisit(page.request, { day: today, time: own.today, name, phone });

    await signIn(page);
    await page.goto("/admin/visits");
    await expect(page.locator("h2").first()).toContainText("오늘 방문");
    const visitor = page.locator(".admin-visits__today .admin-visits__booking", { hasText: name });
    await expect(visitor).toContainText(own.today);
    await expect(visitor.getByRole("link", { name: dashed(phone) })).toHaveAttribute("href", `tel:${phone}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

    await visitor.getByRole("button", { name: "방문", exact: true }).click();
    await expect(visitor.getByRole("button", { name: "방문", exact: true })).toHaveAttribute("aria-pressed", "true");
    await visitor.getByRole("link", { name: new RegExp(name) }).click();
    await expect(page.locator(".admin-status").first()).toHaveText("방문 완료");
  });

  test("a forged cancel link finds nothing", async ({ page }) => {
    const response = await page.goto("/daegu/visit/1.AAAAAAAAAAAAAAAAAAAAAA");
    expect(response?.status()).toBe(404);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.getByText("예약을 찾을 수 없습니다.", { exact: false })).toBeVisible();
    await expect(page.getByRole("link", { name: "예약 취소하기" })).toHaveCount(0);
  });
});
