import { expect, test } from "@playwright/test";
import { addDays, kstDay } from "../../app/utils/kst.ts";
import { useOwnerSession } from "./console.ts";
import { noSidewaysScroll } from "./unique.ts";

// Both projects share one server and database. The desktop's entry is three days off and the
// phone's five, so the desktop's is always the home page's next step while it exists: the desktop
// checks at once, the phone waits for the desktop to delete its own (never the other way round).
const DAYS_AHEAD: Record<string, number> = { desktop: 3, phone: 5 };

test("an entry added in the console replaces COMING SOON on the schedule page and counts down on the home page", async ({ page }) => {
  const project = test.info().project.name;
  const ahead = DAYS_AHEAD[project] ?? 5;
  const title = `1순위 청약 ${project} ${Date.now().toString(36)}`;
  const startsOn = addDays(kstDay(new Date()), ahead);
  await useOwnerSession(page);

  await page.goto("/admin/schedule");
  await page.getByLabel("일정 (필수)").fill(title);
  await page.getByLabel("시작일 (필수)").fill(startsOn);
  await page.getByLabel("종료일").fill(addDays(startsOn, -1));
  await page.getByRole("button", { name: "추가" }).click();
  await expect(page.getByRole("alert")).toHaveText("종료일은 시작일과 같거나 그 뒤여야 합니다.");
  await page.getByLabel("종료일").fill("");
  await page.getByLabel("비고").fill("청약홈 인터넷 접수");
  await page.getByRole("button", { name: "추가" }).click();
  await expect(page.getByRole("status")).toHaveText("일정을 추가했습니다.");
  await expect(page.locator(".schedule-row", { hasText: title })).toContainText("청약홈 인터넷 접수");
  await noSidewaysScroll(page);

  await page.goto("/BusinessGuide/plan");
  await expect(page.getByText("COMING SOON")).toHaveCount(0);
  const row = page.getByRole("row", { name: new RegExp(title) });
  await expect(row).toContainText(startsOn.replaceAll("-", "."));
  await expect(row).toContainText("청약홈 인터넷 접수");
  await noSidewaysScroll(page);

  const countdown = page.locator(".home-hero__countdown");
  await expect(async () => {
    await page.goto("/");
    await expect(countdown).toContainText(`${title} D-${ahead}`, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(countdown).toBeInViewport();
  await noSidewaysScroll(page);
  await countdown.click();
  await expect(page).toHaveURL(/\/BusinessGuide\/plan$/);

  // Deleted, it leaves the page and the home page's countdown.
  await page.goto("/admin/schedule");
  await page.getByRole("link", { name: `${title} 삭제` }).click();
  await page.getByRole("button", { name: "삭제" }).click();
  await expect(page.getByRole("status")).toHaveText("일정을 삭제했습니다.");
  await page.goto("/");
  await expect(page.locator(".home-hero__countdown", { hasText: title })).toHaveCount(0);
});
