import { expect, test } from "@playwright/test";
import { OWNER_STATE } from "./console.ts";
import { openWithScriptsHeld } from "./hydration.ts";
import { uniquePhone, uniqueTag } from "./unique.ts";

// Desktop and phone share one server and database: the lead made here carries a tag unique to the run.
test.describe("texts from the console", () => {
  test.use({ storageState: OWNER_STATE });

  test("the office texts a customer from their lead: the counter turns from SMS to LMS, and the outbox says honestly the text was only recorded", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const name = `문자${uniqueTag()}`;
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));

    await test.step("a buyer sends an inquiry, leaving the optional advertising box unticked", async () => {
      await page.goto("/Promotion/Customer");
      const form = page.locator(".inquiry-form");
      await form.getByLabel("이름").fill(name);
      await form.getByLabel("연락처").fill(uniquePhone());
      await form.getByLabel("문의내용").fill("모델하우스 주차가 되는지 궁금합니다.");
      await form.getByRole("checkbox", { name: /개인정보 수집·이용 동의/ }).check();
      await expect(form.getByRole("checkbox", { name: /광고성 정보 문자 수신에 동의합니다/ })).not.toBeChecked();
      await page.getByRole("button", { name: "상담 신청하기" }).click();
      await expect(page.getByText("등록이 완료되었습니다.", { exact: false })).toBeVisible();
    });

    await test.step("the owner opens the lead and writes a text; the counter counts as carriers do", async () => {
      await page.goto("/admin/leads");
      await page.getByLabel("이름·연락처 검색").fill(name);
      await page.getByRole("button", { name: "적용" }).click();
      await page.locator(".admin-leads").getByRole("link", { name }).click();
      await expect(page.getByRole("heading", { name: new RegExp(name), level: 1 })).toBeVisible();
      await expect(page.getByText("광고 문자 수신")).toBeVisible();

      const texts = page.locator("#texts");
      await expect(texts.getByText("테스트 모드: 문자가 실제로 발송되지 않습니다.")).toBeVisible();
      const body = texts.getByLabel("보낼 내용");
      await body.fill("안녕하세요, 문의 주셔서 감사합니다.");
      await expect(texts.getByText(/^SMS [1-9]\d*\/90바이트/)).toBeVisible();
      await body.fill(
        `${name} 고객님, 견본주택 주차장은 방문객 모두 무료로 이용하실 수 있습니다. 주말에는 붐비니 평일 오전 방문을 권해 드립니다.`,
      );
      await expect(texts.getByText(/^LMS \d+\/2000바이트/)).toBeVisible();
      await texts.getByRole("button", { name: "문자 보내기" }).click();
      await expect(page).toHaveURL(/\?text=queued&message=\d+#texts$/);
      await expect(texts.getByText("문자를 발송 대기열에 넣었습니다.")).toBeVisible();
    });

    await test.step("the text is marked 기록됨(미발송) once the server has taken it, never 발송 완료", async () => {
      const row = page.locator("#texts .admin-message").filter({ hasText: "직원이 보낸 문자" });
      await expect(async () => {
        await page.reload();
        await expect(row.getByText("기록됨(미발송)")).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      await expect(row).not.toContainText("발송 완료");
      await expect(row).toContainText("서버 기록에만 남기고 고객에게 보내지 않았습니다");
    });

    await test.step("a text typed before the page's script runs is kept when the script takes over and the form redraws", async () => {
      const leadPage = page.url().replace(/[?#].*$/, "");
      const scripts = await openWithScriptsHeld(page, leadPage);
      const texts = page.locator("#texts");
      const typed = "주차 안내드립니다. 건물 뒤편 주차장을 이용해 주세요.";
      await texts.getByLabel("보낼 내용").fill(typed);
      scripts.release();
      // Once the script runs, the GET button that loads a template without it goes away.
      await expect(texts.getByRole("button", { name: "불러오기" })).toHaveCount(0);
      // Ticking and unticking redraws the form, which wrote the empty state back into the box.
      const advertising = texts.getByRole("checkbox", { name: /광고성 문자/ });
      await advertising.check();
      await advertising.uncheck();
      await expect(texts.getByLabel("보낼 내용")).toHaveValue(typed);
      await expect(texts.getByText(/^SMS [1-9]\d*\/90바이트/)).toBeVisible();
    });

    await test.step("the outbox says the same, under the test-mode notice", async () => {
      await page.goto("/admin/notifications");
      await expect(page.getByText("테스트 모드: 문자가 실제로 발송되지 않습니다.")).toBeVisible();
      await expect(page.getByRole("link", { name: /기록됨\(미발송\)/ })).toBeVisible();
      const row = page.locator(".admin-message").filter({ hasText: name }).filter({ hasText: "직원이 보낸 문자" });
      await expect(row.getByText("기록됨(미발송)")).toBeVisible();
      await expect(row).not.toContainText("written to the server log");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });

    expect(pageErrors).toEqual([]);
  });
});
