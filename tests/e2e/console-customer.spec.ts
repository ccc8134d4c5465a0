import { expect, test, type Page } from "@playwright/test";
import { OWNER_STATE } from "./console.ts";
import { chooseFirstOpenTime } from "./visit-slot.ts";
import { noSidewaysScroll, uniquePhone, uniqueTag } from "./unique.ts";

// Other specs share the server and database: the leads made here carry a name unique to the run.
async function fillLeadForm(page: Page, form: string, { name, phone }: { name: string; phone: string }) {
  const scope = page.locator(form);
  await scope.getByLabel("이름").fill(name);
  await scope.getByLabel("연락처").fill(phone);
  await scope.getByRole("checkbox", { name: /개인정보 수집·이용 동의/ }).check();
}

test("one phone's two leads meet on the customer's page, and the conversion report shows their campaign", async ({ browser }) => {
  // Two public forms, then the console, on a shared machine: room, not a threshold.
  test.setTimeout(90_000);
  const tag = uniqueTag();
  const phone = uniquePhone();
  const campaign = `customer-e2e-${test.info().project.name}-${Date.now().toString(36)}`;

  // Two visits from two browsers (the same browser would fold a repeat into its lead).
  for (const step of ["inquiry", "visit"] as const) {
    const visitor = await browser.newContext();
    const page = await visitor.newPage();
    if (step === "inquiry") {
      await page.goto(`/Promotion/Customer?utm_source=e2e&utm_medium=cpc&utm_campaign=${campaign}`);
      await fillLeadForm(page, ".inquiry-form", { name: `문의${tag}`, phone });
      await page.getByRole("button", { name: "상담 신청하기" }).click();
      await expect(page.getByText("등록이 완료되었습니다.", { exact: false })).toBeVisible();
    } else {
      await page.goto("/daegu/customer");
      await fillLeadForm(page, ".visit-form", { name: `방문${tag}`, phone });
      await chooseFirstOpenTime(page.locator(".visit-form"));
      await page.getByRole("button", { name: "방문 예약하기" }).click();
      await expect(page.getByText("견본주택 방문 예약이 완료되었습니다.", { exact: false })).toBeVisible();
    }
    await visitor.close();
  }

  const office = await browser.newContext({ storageState: OWNER_STATE });
  const page = await office.newPage();

  await test.step("the lead's page links to the customer, whose page shows both leads and the booking", async () => {
    await page.goto("/admin/leads");
    await page.getByLabel("이름·연락처 검색").fill(tag);
    await page.getByRole("button", { name: "적용" }).click();
    await expect(page).toHaveURL(/s=/);
    const rows = page.locator(".admin-leads tbody tr");
    await expect(rows).toHaveCount(2);
    // The inbox names the visit's time and the page the inquiry came from.
    await expect(rows.nth(0)).toContainText(/\d{1,2}\.\d{1,2}\([일월화수목금토]\) \d\d:\d\d/);
    await rows
      .nth(1)
      .getByRole("link", { name: `문의${tag}` })
      .click();
    await expect(page.getByRole("heading", { name: new RegExp(`문의${tag}`), level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "이 고객의 모든 기록 (2건)" }).click();

    await expect(page).toHaveURL(/\/admin\/customers\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`문의${tag}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`방문${tag}`);
    await expect(page.locator(".admin-customer__lead")).toHaveCount(2);
    await expect(page.getByRole("list", { name: "방문 예약" }).getByRole("listitem")).toHaveCount(1);
    await expect(page.getByRole("list", { name: "이 고객의 기록" })).toContainText("문자");
    await noSidewaysScroll(page);
  });

  await test.step("the conversion report lists the campaign with its leads, and the totals", async () => {
    await page.goto("/admin/conversion");
    await expect(page.getByRole("heading", { name: "전환 분석", level: 1 })).toBeVisible();
    const campaigns = page.getByRole("table", { name: "캠페인별 전환" });
    const row = campaigns.getByRole("row", { name: new RegExp(campaign) });
    await expect(row).toBeVisible();
    // One inquiry of that campaign, and its customer booked a visit after it.
    await expect(row.getByRole("cell").first()).toHaveText("1");
    await expect(row.getByRole("cell").nth(1)).toContainText("1 (100.0%)");
    await expect(campaigns.getByRole("row", { name: /합계/ })).toBeVisible();
    await expect(page.getByRole("table", { name: "양식별 전환" })).toBeVisible();
    await noSidewaysScroll(page);
  });

  await office.close();
});
