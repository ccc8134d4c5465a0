import { expect, test, type Locator } from "@playwright/test";
import { useOwnerSession } from "./console.ts";
import { noSidewaysScroll, uniquePhone, uniqueTag } from "./unique.ts";

// Desktop and phone share one server and database: each run registers its own template code and
// retires it at the end, so no other test's texts go by a template it did not expect.

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

async function expectErrorBeside(control: Locator, message: string | RegExp) {
  await expect(control).toHaveAttribute("aria-invalid", "true");
  await expect(control).toHaveAccessibleDescription(typeof message === "string" ? new RegExp(escape(message)) : message);
}

test("@every-width the office registers a 알림톡 template, sees it filled with the site's values, and a lead's history shows its text's receipt", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await useOwnerSession(page);
  const code = `KA01TP_E2E_${testInfo.project.name.toUpperCase()}_${Date.now()}`;
  const name = `알림${uniqueTag()}`;
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));

  const form = page.locator("form.template-form");
  const body = form.getByLabel("승인된 문구 (필수)");

  await test.step("a variable the purpose cannot fill is refused beside the text, with what was typed kept", async () => {
    await page.goto("/admin/templates");
    await expect(page.getByRole("heading", { name: "알림톡 템플릿", level: 1 })).toBeVisible();
    await expect(page.getByText("카카오 채널(pfId)이 없어 모든 문자를 SMS/LMS로 보냅니다.")).toBeVisible();
    await form.getByLabel("템플릿 ID (필수)").fill(code);
    await form.getByLabel("쓰는 곳 (필수)").selectOption({ label: "방문 전날 안내" });
    await body.fill("#{고객명} 고객님, 담당 #{담당자}가 내일 연락드립니다.");
    await form.getByRole("button", { name: "등록" }).click();
    await expectErrorBeside(body, /#\{담당자\}: 방문 전날 안내 문자에서 채울 수 없는 변수입니다\./);
    await expect(body).toHaveValue("#{고객명} 고객님, 담당 #{담당자}가 내일 연락드립니다.");
    await expect(form.getByLabel("템플릿 ID (필수)")).toHaveValue(code);
  });

  await test.step("today's wording, pasted as the template, previews with the site's real values and matches today's texts", async () => {
    const suggestion = page.locator(".template-suggestion").filter({ hasText: "방문 전날 안내" });
    await suggestion.locator("summary").click();
    const wording = await suggestion.locator("pre").first().textContent();
    expect(wording).toContain("#{고객명}");
    await body.fill(wording!);
    await form.getByRole("button", { name: "미리 보기" }).click();
    const preview = page.locator(".template-preview-result");
    await expect(preview.getByText(/김\*늘 고객님, 내일 견본주택 방문 예약을 안내해 드립니다\./)).toBeVisible();
    await expect(preview.getByText(/■ 분양문의: [\d-]+/)).toBeVisible();
    await expect(preview).not.toContainText("#{");
    await expect(preview.getByText("지금 보내는 문자와 같습니다: 방문 전날 안내 → 알림톡으로 보냅니다.")).toBeVisible();
    await expect(body).not.toHaveAttribute("aria-invalid", "true");
  });

  await test.step("registered, it is listed in use with its preview", async () => {
    await form.getByRole("button", { name: "등록" }).click();
    await expect(page.getByText("템플릿을 등록했습니다.")).toBeVisible();
    const row = page.locator(".template-row").filter({ hasText: code });
    await expect(row.getByText("사용 중", { exact: true })).toBeVisible();
    await expect(row.getByText(/김\*늘 고객님, 내일 견본주택 방문 예약을/)).toBeVisible();
    await noSidewaysScroll(page);
  });

  await test.step("a buyer's inquiry gets its confirmation, and the lead's history shows the text's receipt", async () => {
    await page.goto("/Promotion/Customer");
    const inquiry = page.locator(".inquiry-form");
    await inquiry.getByLabel("이름").fill(name);
    await inquiry.getByLabel("연락처").fill(uniquePhone());
    await inquiry.getByLabel("문의내용").fill("알림톡으로 안내를 받을 수 있나요?");
    await inquiry.getByRole("checkbox", { name: /개인정보 수집·이용 동의/ }).check();
    await page.getByRole("button", { name: "상담 신청하기" }).click();
    await expect(page.getByText("등록이 완료되었습니다.", { exact: false })).toBeVisible();

    await page.goto("/admin/leads");
    // On a phone the filters are folded under 필터 until opened.
    if (!(await page.getByLabel("이름·연락처 검색").isVisible())) await page.locator("details.admin-filters-fold > summary").click();
    await page.getByLabel("이름·연락처 검색").fill(name);
    await page.getByRole("button", { name: "적용" }).click();
    await page.locator(".admin-leads").getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { name: new RegExp(name), level: 1 })).toBeVisible();
    // Under the log provider the receipt is simulated, and says so; an ordinary number "receives" it.
    await expect(async () => {
      await page.reload();
      await expect(page.getByText(/문자: 고객 안내 \(기록됨\(미발송\) · 모의 결과: (SMS|LMS|알림톡) 수신\)/)).toBeVisible({
        timeout: 1_000,
      });
    }).toPass({ timeout: 30_000 });
    await noSidewaysScroll(page);
  });

  await test.step("the template is retired again", async () => {
    await page.goto("/admin/templates");
    await page.getByRole("button", { name: `${code} 사용 중지` }).click();
    await expect(page.getByText("템플릿 사용을 중지했습니다.")).toBeVisible();
    await expect(page.locator(".template-row").filter({ hasText: code }).getByText("사용 중지", { exact: true })).toBeVisible();
  });

  expect(pageErrors).toEqual([]);
});
