import { expect, test } from "@playwright/test";
import { addCounsellor, OWNER_STATE } from "./console.ts";
import { reactHydrated } from "./hydration.ts";
import { postInquiry } from "./inquiry.ts";
import { formatKoreanDate } from "../../app/utils/kst.ts";
import { linkTextedTo, textsTo } from "./phone.ts";
import { noSidewaysScroll, uniquePhone, uniqueTag } from "./unique.ts";
import { dayFromFortnightEnd } from "./visit-form.ts";

// A counsellor's calls on their phone (issue 28, items 1–2): 오늘 할 일 lists a customer given to
// them, one tap calls (the tel: link) and the call sheet rises; 부재 is logged in one tap, the
// informational text goes in one more, and the callback comes back due on 오늘 할 일. The clock is
// not moved: the next contact time is set half an hour back through the lead page's own field.

/** The Korean wall-clock value of a datetime-local field, `minutes` from now. */
function kstLocalValue(minutes: number) {
  return new Date(Date.now() + 9 * 60 * 60 * 1000 + minutes * 60_000).toISOString().slice(0, 16);
}

test(
  "a counsellor opens 오늘 할 일, calls a new customer, logs 부재, sends the one-tap text and sees the callback come back due",
  { tag: "@phone" },
  async ({ browser, request }, testInfo) => {
    // Two sign-ins, a visitor and the text worker on a shared machine: room, not a threshold.
    test.setTimeout(180_000);
    const owner = await (await browser.newContext({ ...testInfo.project.use, storageState: OWNER_STATE })).newPage();
    const counsellorName = `상담${uniqueTag(5)}`;
    const counsellor = (await addCounsellor(owner, browser, counsellorName, { keepSignedIn: true }))!;
    const customer = `전화${uniqueTag()}`;
    const phone = uniquePhone();

    // The lead by the inquiry form's endpoint: the form itself is leads.spec.ts's.
    await test.step("a visitor asks for a call, and the owner gives the lead to the counsellor", async () => {
      await postInquiry(request, { name: customer, phone, message: "분양가가 궁금합니다." });

      await owner.goto("/admin/leads");
      await owner.locator(".admin-leads").getByRole("link", { name: customer }).first().click();
      await owner.getByLabel("담당자", { exact: true }).selectOption({ label: `${counsellorName} (상담사)` });
      await owner.getByRole("button", { name: "배정", exact: true }).click();
      await expect(owner.locator(".admin-facts")).toContainText(counsellorName);
    });

    const fresh = counsellor.locator("section", { has: counsellor.getByRole("heading", { name: /새로 배정된 고객/ }) });
    const callbacks = counsellor.locator("section", { has: counsellor.getByRole("heading", { name: /다시 연락할 고객/ }) });

    await test.step("the counsellor's console opens on 오늘 할 일, with the new customer one tap from a call", async () => {
      await counsellor.goto("/admin");
      await expect(counsellor).toHaveURL(/\/admin\/today$/);
      await expect(counsellor.getByRole("heading", { name: "오늘 할 일", level: 1 })).toBeVisible();
      const row = fresh.getByRole("listitem").filter({ hasText: customer });
      await expect(
        row.getByRole("link", { name: `${customer}에게 전화 ${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}` }),
      ).toHaveAttribute("href", `tel:${phone}`);
      await noSidewaysScroll(counsellor);
      await row.getByRole("link", { name: customer, exact: true }).click();
      await expect(counsellor.getByRole("heading", { name: new RegExp(customer), level: 1 })).toBeVisible();
    });

    const sheet = counsellor.locator("#call-sheet");

    await test.step("tapping 전화 dials the customer and lifts the call sheet over the page", async () => {
      const call = counsellor.locator(".admin-lead-bar").getByRole("link", { name: "전화", exact: true });
      await expect(call).toHaveAttribute("href", `tel:${phone}`);
      await reactHydrated(call);
      // The browser under test has no dialler: the tap's own navigation is held back, the page's handler runs.
      await call.evaluate((element) => {
        element.addEventListener("click", (event) => event.preventDefault(), { once: true });
        (element as HTMLElement).click();
      });
      await expect.poll(() => sheet.evaluate((element) => element.matches(":modal"))).toBe(true);
    });

    await test.step("부재 is logged in one tap, and the informational text goes in one more", async () => {
      await sheet.getByRole("button", { name: "부재", exact: true }).click();
      await expect(sheet.getByRole("status")).toHaveText(/^부재로 기록했습니다\. 다음 연락: /);
      // Back in the page, not over it.
      await expect.poll(() => sheet.evaluate((element) => element.matches(":modal"))).toBe(false);
      const history = counsellor.getByRole("list", { name: /이 접수의 기록/ });
      await expect(history).toContainText(`${counsellorName} 님이 전화했지만 받지 않았습니다 (부재)`);

      await sheet.getByRole("button", { name: "부재 안내 문자 보내기" }).click();
      await expect(sheet.getByRole("status")).toHaveText("부재 안내 문자를 발송 대기열에 넣었습니다.");
      await expect(sheet.getByRole("button", { name: "부재 안내 문자 보내기" })).toHaveCount(0);
      await expect(history).toContainText("문자 발송");
      // The outbox sends it (the test server's provider writes it to the visitor's phone).
      await expect
        .poll(() => textsTo(phone, "manual"), { timeout: 30_000 })
        .toContainEqual(expect.stringContaining(`${customer} 고객님, 문의 주신 건으로 전화드렸는데 연결되지 않았습니다.`));
    });

    await test.step("with the callback set half an hour back, 오늘 할 일 shows it due first, no longer waiting for a first call", async () => {
      await counsellor.getByLabel("다음 연락 시각", { exact: true }).fill(kstLocalValue(-30));
      await counsellor.getByRole("button", { name: "일정 저장" }).click();
      await expect(counsellor.getByText("(연락할 시간)")).toBeVisible();
      await expect(counsellor.getByRole("list", { name: /이 접수의 기록/ })).toContainText("다음 연락을");

      await counsellor.goto("/admin/today");
      const row = callbacks.getByRole("listitem").filter({ hasText: customer });
      await expect(row).toContainText(/\d+분 지남/);
      await expect(row).toContainText("통화 1회 · 최근 부재");
      await expect(row.getByRole("link", { name: new RegExp(`^${customer}에게 전화`) })).toHaveAttribute("href", `tel:${phone}`);
      await expect(fresh.getByRole("listitem").filter({ hasText: customer })).toHaveCount(0);
      await noSidewaysScroll(counsellor);
    });

    await Promise.all([owner.context().close(), counsellor.context().close()]);
  },
);

// Its own day of the demo fortnight (visits.spec.ts keeps the last four, waitlist.spec.ts the fifth).
const BOOKED_DAY_FROM_END = 6;

test(
  "on the phone with a customer, a counsellor books their visit from the customer's page, and the customer's text opens the booking",
  { tag: "@phone" },
  async ({ browser, request }, testInfo) => {
    test.setTimeout(180_000);
    const owner = await (await browser.newContext({ ...testInfo.project.use, storageState: OWNER_STATE })).newPage();
    const counsellorName = `예약${uniqueTag(5)}`;
    const counsellor = (await addCounsellor(owner, browser, counsellorName, { keepSignedIn: true }))!;
    const customer = `예약${uniqueTag()}`;
    const phone = uniquePhone();
    const visitor = await (await browser.newContext({ ...testInfo.project.use })).newPage();

    let day = "";
    await test.step("a visitor asks for a call, and the owner gives the lead to the counsellor", async () => {
      await postInquiry(request, { name: customer, phone, message: "주말에 견본주택에 가 보고 싶습니다." });
      await visitor.goto("/daegu/customer");
      day = await dayFromFortnightEnd(visitor.locator(".visit-form"), BOOKED_DAY_FROM_END);
      await owner.goto("/admin/leads");
      await owner.locator(".admin-leads").getByRole("link", { name: customer }).first().click();
      await owner.getByLabel("담당자", { exact: true }).selectOption({ label: `${counsellorName} (상담사)` });
      await owner.getByRole("button", { name: "배정", exact: true }).click();
      await expect(owner.locator(".admin-facts")).toContainText(counsellorName);
    });

    await test.step("the counsellor opens 방문 예약 잡기 on the customer's page, picks a time and two visitors, and books it", async () => {
      await counsellor.goto(owner.url());
      const bookings = counsellor.locator("#lead-bookings");
      await expect(bookings).toContainText("없음");
      await bookings.getByText("방문 예약 잡기").click();
      const time = bookings.getByLabel("방문 시간", { exact: true });
      // A day's times are under the day, as a phone's picker lists them.
      const option = time.locator(`optgroup[label="${formatKoreanDate(day)}"] option`, { hasText: "11:00" });
      await time.selectOption((await option.getAttribute("value"))!);
      await bookings.getByLabel("방문 인원", { exact: true }).selectOption("2");
      await noSidewaysScroll(counsellor);
      await bookings.getByRole("button", { name: "예약하고 안내 문자 보내기" }).click();
      await expect(bookings.getByRole("link", { name: `${formatKoreanDate(day)} 11:00` })).toBeVisible();
      await expect(bookings).toContainText("예약");
      await expect(counsellor.getByRole("list", { name: /이 접수의 기록/ })).toContainText(/방문 예약 \(\d+월 \d+일 11:00, 2명\)/);
    });

    await test.step("the customer's confirmation opens their booking, two visitors at that time", async () => {
      await visitor.goto(await linkTextedTo(phone, "confirmation", /https?:\/\/\S+\/daegu\/visit\/\S+/));
      await expect(visitor.locator("body")).toContainText("11:00");
      await expect(visitor.locator("body")).toContainText("2명");
      await expect(visitor.getByRole("link", { name: "예약 취소하기" })).toBeVisible();
    });

    await Promise.all([owner.context().close(), counsellor.context().close(), visitor.context().close()]);
  },
);
