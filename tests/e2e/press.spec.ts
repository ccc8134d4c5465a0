import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config.ts";
import { withParticle } from "../../app/utils/particles.ts";
import { signIn, useOwnerSession } from "./console.ts";
import { hydrated } from "./hydration.ts";

// Both projects (desktop, phone; see the width tags) and other specs share one server and database: articles made
// here carry a unique title, and counts are relative to what the list holds at the time.
const unique = (label: string) =>
  `${label} ${test.info().project.name} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const rows = (page: Page) => page.locator(".press-table tbody tr");
const moreButton = (page: Page) => page.getByRole("link", { name: "더보기" });

test.describe("the press list", () => {
  // One page for the list's checks (ADR 023, the tenth round): the missing article lands on it first, then
  // /Promotion/Press opens it again for the paging, and the sign-in link, which leaves it, comes last.
  test("a missing article lands on /Promotion/Press, then the list; /Promotion/Press lands on the list; the seeded articles load ten at a time until the button is gone; visitors find the console's sign-in below the list, not a form of its own", async ({
    page,
    request,
  }) => {
    const response = await request.get("/daegu/press/999999", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/Promotion/Press");
    await page.goto("/daegu/press/999999");
    await expect(page).toHaveURL(/\/daegu\/press$/);

    await page.goto("/Promotion/Press");
    await expect(page).toHaveURL(/\/daegu\/press$/);
    await expect(rows(page).first()).toBeVisible();

    await expect(rows(page)).toHaveCount(10);
    await hydrated(page);
    await moreButton(page).click();
    await expect(rows(page)).toHaveCount(20);
    let loaded = 20;
    while (await moreButton(page).isVisible()) {
      await moreButton(page).click();
      await expect(rows(page)).not.toHaveCount(loaded);
      loaded = await rows(page).count();
    }
    // 23 demo articles: 10 + 10 + 3. Articles other tests publish meanwhile only add to that.
    expect(loaded).toBeGreaterThanOrEqual(23);
    await expect(moreButton(page)).toBeHidden();
    const links = await rows(page)
      .getByRole("link")
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")));
    expect(new Set(links).size).toBe(links.length);
    // Numbered from the newest; an article published meanwhile may shift later pages up by one.
    const numbers = (await rows(page).locator("td:first-child").allTextContents()).map(Number);
    expect(numbers[0]).toBe(1);
    expect(numbers.every((number, index) => index === 0 || number > numbers[index - 1]!)).toBe(true);

    await expect(page.getByLabel("비밀번호")).toHaveCount(0);
    await page.getByRole("link", { name: "관리자 로그인" }).click();
    await expect(page).toHaveURL(/\/admin\/login\?returnTo=%2Fadmin%2Fpress$/);
  });

  test("without JavaScript, 더보기 is a link to the next page", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/daegu/press");
    const firstPage = await rows(page).locator("td:nth-child(2)").allTextContents();
    await moreButton(page).click();
    await expect(page).toHaveURL(/\/daegu\/press\?after=/);
    await expect(rows(page)).toHaveCount(10);
    const secondPage = await rows(page).locator("td:nth-child(2)").allTextContents();
    expect(secondPage.filter((title) => firstPage.includes(title))).toEqual([]);
    await context.close();
  });
});

test.describe("press in the console", () => {
  test("a manager writes an article in the console, previews it, publishes it and finds it on the public list; a draft is not there", async ({
    page,
    browser,
  }) => {
    // It signs out at the end, so it signs in for itself (not the shared session), and may wait for the next
    // 30-second code when another test signs the owner in within the same step.
    test.slow();
    const title = unique("E2E 보도자료");
    const draft = unique("E2E 임시 저장");
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));

    await test.step("sign in; the press list leads to the console", async () => {
      await signIn(page);
      await page.goto("/daegu/press");
      await expect(page.getByText(`${E2E_ADMIN.email} 님, 환영합니다.`)).toBeVisible();
      await page.getByRole("link", { name: "관리자 화면에서 보도자료 관리" }).click();
      await expect(page).toHaveURL(/\/admin\/press$/);
      await expect(page.getByRole("heading", { name: "보도자료", exact: true })).toBeVisible();
    });

    await test.step("write and preview: the article shows as visitors will read it, as text", async () => {
      await page.getByRole("link", { name: "새 보도자료" }).click();
      await page.getByLabel("제목 (필수)").fill(title);
      await page.getByLabel("요약 (필수)").fill("E2E 테스트가 콘솔에서 쓴 보도자료입니다.");
      await page.getByLabel("본문").fill("첫 문단입니다.\n<script>window.pwned = true</script>\n셋째 문단입니다.");
      await page.getByRole("radio", { name: "지금 발행" }).check();
      await page.getByRole("button", { name: "미리 보기" }).click();
      const preview = page.getByRole("region", { name: "미리 보기" });
      await expect(preview.getByRole("heading", { name: title })).toBeVisible();
      await expect(preview.locator(".press-article__body p")).toHaveText([
        "첫 문단입니다.",
        "<script>window.pwned = true</script>",
        "셋째 문단입니다.",
      ]);
      expect(await page.evaluate(() => "pwned" in window)).toBe(false);
      await expectNoSidewaysScroll(page);
    });

    await test.step("publish: back on the console's list with the message", async () => {
      await page.getByRole("button", { name: "저장" }).click();
      await expect(page).toHaveURL(/\/admin\/press(\?|$)/);
      await expect(page.getByRole("status")).toHaveText(`${withParticle(`「${title}」`, "을/를")} 발행했습니다.`);
      await expect(page.getByRole("listitem").filter({ hasText: title })).toContainText("발행됨");
      await expectNoSidewaysScroll(page);
    });

    await test.step("save a draft: listed in the console as 임시 저장", async () => {
      await page.getByRole("link", { name: "새 보도자료" }).click();
      await page.getByLabel("제목 (필수)").fill(draft);
      await page.getByLabel("요약 (필수)").fill("아직 공개하지 않는 글입니다.");
      await expect(page.getByRole("radio", { name: "임시 저장" })).toBeChecked();
      await page.getByRole("button", { name: "저장" }).click();
      await expect(page.getByRole("status")).toHaveText(`${withParticle(`「${draft}」`, "을/를")} 저장했습니다.`);
      await expect(page.getByRole("listitem").filter({ hasText: draft })).toContainText("임시 저장");
    });

    const draftPath = (await page.getByRole("link", { name: draft }).getAttribute("href"))!.replace("/admin/press/", "/daegu/press/");

    await test.step("the public list has the article first and not the draft; the draft's address is not found for visitors", async () => {
      const visitor = await browser.newContext();
      const reader = await visitor.newPage();
      await reader.goto("/daegu/press");
      await expect(rows(reader).first().getByRole("link")).toHaveText(title);
      await expect(reader.getByRole("link", { name: draft })).toHaveCount(0);
      expect((await reader.request.get(draftPath, { maxRedirects: 0 })).status()).toBe(404);
      await rows(reader).first().getByRole("link", { name: title }).click();
      await expect(reader.getByRole("heading", { name: title })).toBeVisible();
      await expect(viewCount(reader)).toHaveText("1");
      await reader.reload();
      await expect(viewCount(reader)).toHaveText("2");
      await visitor.close();
    });

    // The published article stays: deleting it would renumber the public list under the paging test running alongside.
    await test.step("delete the draft after confirming", async () => {
      await page.getByRole("link", { name: draft }).click();
      await page.getByRole("link", { name: "삭제" }).click();
      await page.getByRole("button", { name: "삭제" }).click();
      await expect(page.getByRole("status")).toHaveText("삭제했습니다.");
      await expect(page.getByRole("link", { name: draft })).toHaveCount(0);
    });

    await test.step("sign out on the press list: the way to the console is gone", async () => {
      await page.goto("/daegu/press");
      await page.getByRole("button", { name: "로그아웃" }).click();
      await expect(page.getByRole("link", { name: "관리자 로그인" })).toBeVisible();
      await expect(page.getByRole("link", { name: "관리자 화면에서 보도자료 관리" })).toHaveCount(0);
    });

    expect(pageErrors).toEqual([]);
  });

  test("pages with a session are never cached", async ({ page }) => {
    await useOwnerSession(page);
    const response = await page.goto("/daegu/press");
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
  });
});

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

function viewCount(page: Page) {
  return page.locator(".press-article__meta div").filter({ hasText: "조회수" }).locator("dd");
}
