import { expect, test as setup } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config.ts";
import { shownKey, totpCode } from "./console.ts";
import { ENDED_POPUP, kstDayAndTime, LIVE_POPUPS, POPUP_ORIGIN } from "./live-popups.ts";

// On the popups server the owner signs in for the first time (enrolling an authenticator app) and
// makes, through the console as the office would, two popups showing from now and one that ended.
setup("the office makes two notice popups that show from now and one that has ended", async ({ page }) => {
  await page.goto(`${POPUP_ORIGIN}/admin/login`);
  await page.getByLabel("이메일").fill(E2E_ADMIN.email);
  await page.getByLabel("비밀번호").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "로그인" }).click();
  await expect(page).toHaveURL(/\/admin\/enrol$/);
  await page.getByLabel("인증 코드", { exact: true }).fill(totpCode(await shownKey(page)));
  await page.getByRole("button", { name: "등록하고 계속하기" }).click();
  await page.getByRole("link", { name: "적어 두었습니다. 계속하기" }).click();
  await expect(page).toHaveURL(/\/admin$/);

  const now = kstDayAndTime(new Date(Date.now() - 60_000));
  const weekLater = kstDayAndTime(new Date(Date.now() + 7 * 24 * 60 * 60 * 1000));
  const popups = [
    ...LIVE_POPUPS.map((title, order) => ({ title, start: now, end: weekLater, order })),
    { title: ENDED_POPUP, start: { day: "2026-01-05", time: "09:00" }, end: { day: "2026-01-06", time: "18:00" }, order: 0 },
  ];
  for (const popup of popups) {
    await page.goto(`${POPUP_ORIGIN}/admin/popups/new`);
    await page.getByLabel("제목").fill(popup.title);
    await page.getByLabel("내용").fill(`${popup.title}: 자세한 내용은 견본주택으로 문의해 주세요.`);
    await page.getByLabel("시작 날짜").fill(popup.start.day);
    await page.getByLabel("시작 시각").fill(popup.start.time);
    await page.getByLabel("종료 날짜").fill(popup.end.day);
    await page.getByLabel("종료 시각").fill(popup.end.time);
    await page.getByLabel("순서").fill(String(popup.order));
    await page.getByRole("button", { name: "저장" }).click();
    await expect(page.getByRole("status")).toContainText(`「${popup.title}」 팝업을 저장했습니다.`);
  }
});
