import fs from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { completeSignIn, notificationsNotAskedYet, OWNER_STATE } from "./console.ts";
import { markPlaces, movedSinceMarked, reactHydrated } from "./hydration.ts";
import { postInquiry } from "./inquiry.ts";
import { chooseFirstOpenTime } from "./visit-slot.ts";

// Both projects (desktop, phone) and other specs share one server and database: every lead made
// here carries a tag unique to the run, and the inbox is narrowed to it before counting rows.
function uniqueTag() {
  const letters = "가나다라마바사아자차카타파하";
  return Array.from({ length: 6 }, () => letters[Math.floor(Math.random() * letters.length)]).join("");
}

function uniquePhone() {
  return `010${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;
}

const dashed = (phone: string) => `${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}`;

const inboxRows = (page: Page) => page.locator(".admin-leads tbody tr");

async function fillLeadForm(page: Page, form: string, { name, phone, message }: { name: string; phone: string; message: string }) {
  const scope = page.locator(form);
  await scope.getByLabel("이름").fill(name);
  await scope.getByLabel("연락처").fill(phone);
  await scope.getByLabel("문의내용").fill(message);
  await scope.getByRole("checkbox", { name: /개인정보 수집·이용 동의/ }).check();
}

/** Applies a search; every search is kept under a new id, so the address changes once it is done. */
async function search(page: Page, term: string, { kind = "" }: { kind?: string } = {}) {
  const before = page.url();
  await page.getByLabel("이름·연락처 검색").fill(term);
  await page.getByLabel("유형").selectOption(kind);
  await page.getByRole("button", { name: "적용" }).click();
  await expect(page).not.toHaveURL(before);
  await expect(page).toHaveURL(/\/admin\/leads\?(.*&)?s=/);
  await expect(page.getByLabel("이름·연락처 검색")).toHaveValue(term);
}

test.describe("the admin console", () => {
  test("the owner works through the leads the public forms sent: filter, status, note, CSV with a reason, the bin, sign out", async ({
    page,
  }) => {
    // A long journey (two public forms, a dozen admin pages) on a shared machine: room, not a threshold.
    test.setTimeout(120_000);
    const tag = uniqueTag();
    const campaign = `admin-e2e-${test.info().project.name}-${Date.now().toString(36)}`;
    const inquiry = { name: `문의${tag}`, phone: uniquePhone(), message: `주차 공간이 넉넉한지 궁금합니다. ${tag}` };
    const visit = { name: `방문${tag}`, phone: uniquePhone(), message: "토요일 오후 두 시에 방문하고 싶습니다." };
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));

    await test.step("a buyer sends an inquiry from a campaign link and another books a visit", async () => {
      await page.goto(`/Promotion/Customer?utm_source=e2e&utm_campaign=${campaign}`);
      await fillLeadForm(page, ".inquiry-form", inquiry);
      await page.getByRole("button", { name: "상담 신청하기" }).click();
      await expect(page.getByText("등록이 완료되었습니다.", { exact: false })).toBeVisible();

      await page.goto("/daegu/customer");
      await fillLeadForm(page, ".visit-form", visit);
      await chooseFirstOpenTime(page.locator(".visit-form"));
      await page.getByRole("button", { name: "방문 예약하기" }).click();
      await expect(page.getByText("견본주택 방문 예약이 완료되었습니다.", { exact: false })).toBeVisible();
    });

    await test.step("the inbox asks for a sign-in first and comes back after it", async () => {
      await page.goto("/admin/leads");
      await expect(page).toHaveURL(/\/admin\/login\?returnTo=%2Fadmin%2Fleads$/);
      await completeSignIn(page);
      await expect(page).toHaveURL(/\/admin\/leads$/);
      await expect(page.getByRole("heading", { name: "고객 접수", level: 1 })).toBeVisible();
    });

    await test.step("both leads are in the inbox, newest first, and filters and search narrow them", async () => {
      await search(page, tag);
      await expect(inboxRows(page)).toHaveCount(2);
      // 이 페이지 모두 선택 ticks every lead of the page for the bulk assignment, shows a partial choice, and clears them.
      const all = page.getByRole("checkbox", { name: "이 페이지 모두 선택" });
      const picks = page.locator(".admin-leads__pick");
      await all.check();
      await expect(picks.nth(0)).toBeChecked();
      await expect(picks.nth(1)).toBeChecked();
      await picks.nth(0).uncheck();
      await expect(all).not.toBeChecked();
      expect(await all.evaluate((box: HTMLInputElement) => box.indeterminate)).toBe(true);
      await all.check();
      await expect(picks.nth(0)).toBeChecked();
      await all.uncheck();
      await expect(picks.nth(0)).not.toBeChecked();
      await expect(picks.nth(1)).not.toBeChecked();
      // Nobody works them yet: both are 미배정.
      await page.getByLabel("담당자").selectOption({ label: "미배정" });
      await page.getByRole("button", { name: "적용" }).click();
      await expect(page).toHaveURL(/assignedTo=none/);
      await expect(inboxRows(page)).toHaveCount(2);
      await page.getByLabel("담당자").selectOption({ label: "전체" });
      await search(page, tag);
      await expect(page).not.toHaveURL(/assignedTo/);
      await expect(inboxRows(page)).toHaveCount(2);
      await expect(inboxRows(page).nth(0)).toContainText(visit.name);
      await expect(inboxRows(page).nth(0)).toContainText(dashed(visit.phone));
      await expect(inboxRows(page).nth(1)).toContainText(inquiry.name);
      // The page's title, not its path (/Promotion/Customer).
      await expect(inboxRows(page).nth(1)).toContainText("상담 문의");
      await expect(inboxRows(page).nth(1)).toContainText(campaign);
      await expect(inboxRows(page).nth(1)).toContainText("신규");

      await search(page, tag, { kind: "visit" });
      await expect(inboxRows(page)).toHaveCount(1);
      await expect(inboxRows(page)).toContainText(visit.name);

      await search(page, inquiry.phone.slice(3));
      await expect(inboxRows(page)).toHaveCount(1);
      await expect(inboxRows(page)).toContainText(inquiry.name);
      expect(decodeURIComponent(page.url())).not.toContain(inquiry.phone.slice(3));

      // The campaign the buyer landed from stays with the visit, so both leads carry it.
      await page.getByLabel("이름·연락처 검색").fill("");
      await page.getByLabel("유형").selectOption("");
      await page.getByLabel("캠페인").selectOption(campaign);
      await page.getByRole("button", { name: "적용" }).click();
      await expect(page).toHaveURL(new RegExp(`campaign=${campaign}$`));
      await expect(inboxRows(page)).toHaveCount(2);
      await page.getByLabel("유형").selectOption("inquiry");
      await page.getByRole("button", { name: "적용" }).click();
      await expect(page).toHaveURL(new RegExp(`kind=inquiry&campaign=${campaign}$`));
      await expect(inboxRows(page)).toHaveCount(1);
      await expect(inboxRows(page)).toContainText(inquiry.name);
      // The search terms never reached an address.
      expect(decodeURIComponent(page.url())).not.toContain(tag);
    });

    await test.step("a status change and a note on the lead's page persist after a reload", async () => {
      await inboxRows(page).getByRole("link", { name: inquiry.name }).click();
      await expect(page.getByRole("heading", { name: new RegExp(inquiry.name), level: 1 })).toBeVisible();
      await expect(page.getByText(inquiry.message)).toBeVisible();
      await expect(page.getByText(/동의문 버전 \S+/)).toBeVisible();
      await page.getByRole("button", { name: "연락 완료" }).click();
      await expect(page.getByRole("button", { name: "연락 완료" })).toHaveAttribute("aria-pressed", "true");
      await page.getByLabel("새 메모").fill(`12월 6일 오후 2시 견본주택 방문 약속 ${tag}`);
      await page.getByRole("button", { name: "메모 추가" }).click();
      await expect(page.getByLabel("새 메모")).toHaveValue("");

      await page.reload();
      await expect(page.getByRole("button", { name: "연락 완료" })).toHaveAttribute("aria-pressed", "true");
      const history = page.getByRole("list", { name: /이 접수의 기록/ });
      await expect(history).toContainText(`12월 6일 오후 2시 견본주택 방문 약속 ${tag}`);
      // Each entry names who did it by role and name.
      await expect(history).toContainText(/대표 \S+/);
      await expect(history).toContainText("신규 → 연락 완료");
      await expect(page.getByRole("heading", { name: "보낸 문자" })).toBeVisible();
      expect(page.url()).toMatch(/\/admin\/leads\/\d+$/);
    });

    await test.step("the CSV of the current filter asks why, then downloads with a BOM, a Korean header, the chosen columns and exactly its rows", async () => {
      await page.goto("/admin/leads");
      await search(page, tag);
      await page.getByRole("link", { name: "CSV 내려받기" }).click();
      await expect(page.getByRole("heading", { name: "고객 명단 내려받기" })).toBeVisible();
      await expect(page.getByText("고객 2명")).toBeVisible();
      // The purpose's columns are chosen for the person; the campaign is added by hand.
      await expect(page.getByRole("checkbox", { name: "연락처" })).toBeChecked();
      await expect(page.getByRole("checkbox", { name: "캠페인(utm_campaign)" })).not.toBeChecked();
      await page.getByRole("checkbox", { name: "캠페인(utm_campaign)" }).check();
      await page.getByLabel("이유").fill(`방문 예약 고객 전화 안내 ${tag}`);
      const downloading = page.waitForEvent("download");
      await page.getByRole("button", { name: "CSV 내려받기" }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^leads-\d{8}\.csv$/);
      const bytes = await fs.readFile((await download.path())!);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.subarray(3).toString("utf8").split("\r\n").filter(Boolean);
      expect(lines[0]).toBe("번호,접수 일시,유형,상태,이름,연락처,문의 내용,방문 예약 일시,담당자,최근 메모,캠페인(utm_campaign)");
      expect(lines).toHaveLength(3);
      expect(lines[1]).toContain(visit.name);
      expect(lines[1]).toContain(`,${dashed(visit.phone)},`);
      expect(lines[2]).toContain(inquiry.name);
      expect(lines[2]).toContain("연락 완료");
      // The visit's time, and the note written above, in full.
      expect(lines[1]).toMatch(/,\d{1,2}\.\d{1,2}\([일월화수목금토]\) \d\d:\d\d,/);
      expect(lines[2]).toContain(`12월 6일 오후 2시 견본주택 방문 약속 ${tag}`);
      expect(lines[2]).toContain(campaign);
    });

    await test.step("deleting a lead asks first, then moves it to the bin", async () => {
      await page.goto("/admin/leads");
      await search(page, tag);
      await inboxRows(page).getByRole("link", { name: visit.name }).click();
      await page.getByRole("link", { name: "삭제…" }).click();
      await expect(page.getByRole("heading", { name: "이 고객 정보를 삭제할까요?" })).toBeVisible();
      await page.getByRole("button", { name: "삭제", exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/leads\?deleted=1$/);
      await expect(page.getByRole("status").filter({ hasText: "고객 정보를 휴지통으로 옮겼습니다." })).toBeVisible();
      await search(page, tag);
      await expect(inboxRows(page)).toHaveCount(1);
      await expect(inboxRows(page)).toContainText(inquiry.name);
    });

    await test.step("the bin keeps the deleted lead for a week, and restores it", async () => {
      await page.getByRole("link", { name: "휴지통" }).first().click();
      await expect(page.getByRole("heading", { name: "휴지통", level: 1 })).toBeVisible();
      const row = page.locator(".admin-bin tbody tr").filter({ hasText: visit.name });
      await expect(row).toContainText("이후");
      await row.getByRole("button", { name: "되살리기" }).click();
      await expect(page.getByRole("status").filter({ hasText: "되살렸습니다" })).toBeVisible();
      await page.goto("/admin/leads");
      await search(page, tag);
      await expect(inboxRows(page)).toHaveCount(2);
    });

    await test.step("after signing out, the inbox sends the visitor to the sign-in page", async () => {
      await page.getByRole("button", { name: "로그아웃" }).click();
      await expect(page).toHaveURL(/\/admin\/login$/);
      await page.goto("/admin/leads");
      await expect(page).toHaveURL(/\/admin\/login\?returnTo=%2Fadmin%2Fleads$/);
      await expect(page.getByRole("heading", { name: "관리자 로그인" })).toBeVisible();
    });

    expect(pageErrors).toEqual([]);
  });

  test.describe(() => {
    test.use({ storageState: OWNER_STATE });

    test(
      "a signed-in owner's pages carry noindex and no-store too, none is wider than the screen, and none moves its links, buttons or fields when its scripts start",
      { tag: "@every-width" },
      async ({ page }) => {
        // A person's own browser, not yet asked about notifications: the console offers them on every page.
        await notificationsNotAskedYet(page);
        // A lead, so the inbox has its list and its bulk assignment whatever ran before, and a lead's page to open.
        await postInquiry(page.request, { name: `목록${uniqueTag()}` });
        await page.goto("/admin/leads");
        const leadPage = await page.locator(".admin-leads tbody tr a[href^='/admin/leads/']").first().getAttribute("href");
        for (const path of [
          "/admin",
          "/admin/today",
          "/admin/leads",
          leadPage!,
          "/admin/leads/export",
          "/admin/leads/bin",
          "/admin/leads/import",
          "/admin/visits",
          "/admin/door",
          "/admin/units",
          "/admin/conversion",
          "/admin/performance",
          "/admin/notifications",
          "/admin/staff",
          "/admin/audit",
          "/admin/audit?view=month",
          "/admin/schedule",
          "/admin/account",
        ]) {
          const response = await page.goto(path);
          expect(response?.status(), path).toBe(200);
          // The scripts start after the load event and the first paint (decision 019): this is the painted page.
          await markPlaces(page);
          await expect(page.getByRole("button", { name: "새 고객 알림 켜기" }), path).toBeVisible();
          await reactHydrated(page.locator("#admin-main"));
          // A pixel or two (seen once on the dashboard, as its text settled) cannot take a tap off a link; a line can.
          expect(await movedSinceMarked(page), path).toEqual([]);
          expect(response?.headers()["cache-control"], path).toBe("private, no-store");
          expect(response?.headers()["x-robots-tag"], path).toBe("noindex, nofollow");
          await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex,nofollow");
          // Nothing is wider than the screen, phone included.
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow, path).toBeLessThanOrEqual(0);
        }
        await expect(page.getByRole("heading", { name: "내 계정", level: 1 })).toBeVisible();
      },
    );
  });
});
