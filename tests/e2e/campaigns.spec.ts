import { expect, test, type APIRequestContext } from "@playwright/test";
import { addCounsellor, useOwnerSession } from "./console.ts";
import { reactHydrated } from "./hydration.ts";
import { uniquePhone, uniqueTag } from "./unique.ts";

// A campaign text from the console to 200 customers who agreed to marketing, under the log
// provider (receipts simulated), paced by the test server's short batch interval
// (playwright.config.ts: CAMPAIGN_BATCH_INTERVAL_MS, and advertising not held at night there).

const RECIPIENTS = 200;

/** 200 interest registrations with the marketing box ticked, all from one campaign link (utm_campaign=`tag`). */
async function consentingLeads(request: APIRequestContext, tag: string) {
  const cookie = `lead_source=${encodeURIComponent(new URLSearchParams({ s: "e2e", c: tag }).toString())}`;
  for (let start = 0; start < RECIPIENTS; start += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, RECIPIENTS - start) }, async () => {
        const answer = await request.post("/actions/interest", {
          form: { name: "김하늘", phone: uniquePhone(), consent: "yes", marketing: "yes" },
          headers: { Cookie: cookie, Accept: "application/json" },
        });
        expect(answer.status(), await answer.text()).toBeLessThan(400);
      }),
    );
  }
}

test("a manager registers a 알림톡 template, counts a campaign's audience, sends a test, sends it to 200 customers, watches it finish and finds the receipt in a customer's history", async ({
  page: owner,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  // The customers first: the manager's dashboard, once open, reloads its data at each new lead.
  const tag = `e2e-${uniqueTag(4)}-${Date.now()}`;
  await consentingLeads(request, tag);
  await useOwnerSession(owner);
  const page = (await addCounsellor(owner, browser, `매니저${uniqueTag()}`, { keepSignedIn: true, role: "매니저" }))!;

  // The reminder's wording as today's texts say it, registered as an approved template (and retired at the end,
  // so no other test's reminders go by it).
  const code = `KA01TP_CAMPAIGN_${testInfo.project.name.toUpperCase()}_${Date.now()}`;
  await page.goto("/admin/templates");
  const templateForm = page.locator("form.template-form");
  await templateForm.getByLabel("템플릿 ID (필수)").fill(code);
  await templateForm.getByLabel("쓰는 곳 (필수)").selectOption({ label: "방문 전날 안내" });
  const suggestion = page.locator(".template-suggestion").filter({ hasText: "방문 전날 안내" });
  await suggestion.locator("summary").click();
  await templateForm.getByLabel("승인된 문구 (필수)").fill((await suggestion.locator("pre").first().textContent())!);
  await templateForm.getByRole("button", { name: "등록" }).click();
  await expect(page.getByText("템플릿을 등록했습니다.")).toBeVisible();

  await page.goto("/admin/campaigns");
  await expect(page.getByRole("heading", { name: "캠페인 문자", level: 1 })).toBeVisible();
  const form = page.locator("form.campaign-form");
  await reactHydrated(form);
  await page.getByLabel("캠페인 이름 (필수)").fill(`견본주택 오픈 ${tag}`);
  const body = page.getByLabel("보낼 내용 (필수)");
  await body.fill("견본주택이 12월 5일 문을 엽니다.");
  // The byte count includes the marks the system adds.
  await expect(page.locator("#campaign-length")).toContainText(/SMS [1-9]\d*\/90바이트|LMS \d+\/2000바이트/);
  await page.getByLabel("캠페인 (utm_campaign)").fill(tag);
  await page.getByRole("button", { name: "대상 확인" }).click();
  await expect(page.locator(".campaign-count")).toContainText(`대상 ${RECIPIENTS}명`);
  // The console revalidates as the new leads' alerts arrive; a click that lands on a page being
  // re-rendered is given again (the button is disabled while a save is on its way, so it never saves twice).
  await expect(async () => {
    if (!/\/admin\/campaigns\/\d+/.test(page.url()))
      await page.getByRole("button", { name: "저장하고 발송 준비" }).click({ timeout: 2_000 });
    await expect(page).toHaveURL(/\/admin\/campaigns\/\d+/, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  const shown = page.getByLabel("고객이 받는 문자");
  await expect(shown).toContainText(/^\(광고\)/);
  await expect(shown).toContainText(/수신거부 링크 \(링크 가림\)\n무료수신거부 [\d-]+$/);

  await page.getByLabel("받을 번호").fill("010-1234-5678");
  await page.getByRole("button", { name: "나에게 시험 문자 보내기" }).click();
  await expect(page.getByRole("status").filter({ hasText: "시험 문자를 보냈습니다." })).toBeVisible();

  await page.getByRole("button", { name: `${RECIPIENTS}명에게 보내기` }).click();
  await expect(page.getByRole("status").filter({ hasText: "보내기 시작했습니다." })).toBeVisible();
  await expect(page.locator("progress.campaign-progress")).toBeVisible();
  // The page refreshes itself while the batches go.
  await expect(page.locator('[data-count="remaining"]')).toHaveText("0", { timeout: 90_000 });
  await expect(page.locator('[data-count="sent"]')).toHaveText(String(RECIPIENTS));
  await expect(page.locator(".campaign-status")).toHaveText("발송 완료");
  await expect(page.locator(".campaign-recipient").first()).toContainText(/모의 결과: (SMS|LMS) 수신/);

  await page.locator(".campaign-recipient a").first().click();
  await expect(page).toHaveURL(/\/admin\/leads\/\d+/);
  const texts = page.locator("#texts");
  await expect(texts.getByText("캠페인 문자", { exact: true })).toBeVisible();
  await expect(texts.getByText(/모의 결과: (SMS|LMS) 수신/).first()).toBeVisible();

  await page.goto("/admin/templates");
  await page.getByRole("button", { name: `${code} 사용 중지` }).click();
  await expect(page.getByText("템플릿 사용을 중지했습니다.")).toBeVisible();
  await page.context().close();
});
