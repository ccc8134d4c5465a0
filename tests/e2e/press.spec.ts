import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config.ts";
import { completeSignIn, useOwnerSession } from "./console.ts";

// Both projects (desktop, phone) and other specs share one server and database: articles made
// here carry a unique title, and counts are relative to what the list holds at the time.
const unique = (label: string) =>
  `${label} ${test.info().project.name} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const rows = (page: Page) => page.locator(".press-table tbody tr");
const moreButton = (page: Page) => page.getByRole("link", { name: "더보기" });

/** Signs in below the press list: the password there, then the console's code step, which comes back here. */
async function signIn(page: Page) {
  await page.goto("/daegu/press");
  await completeSignIn(page);
  await expect(page).toHaveURL(/\/daegu\/press$/);
  await expect(page.getByText(`${E2E_ADMIN.email} 님, 환영합니다.`)).toBeVisible();
}

test.describe("the press list", () => {
  test("the seeded articles load ten at a time until the button is gone", async ({ page }) => {
    await page.goto("/daegu/press");
    await expect(rows(page)).toHaveCount(10);
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

  test("/Promotion/Press lands on the list", async ({ page }) => {
    await page.goto("/Promotion/Press");
    await expect(page).toHaveURL(/\/daegu\/press$/);
    await expect(rows(page).first()).toBeVisible();
  });

  test("a missing article lands on /Promotion/Press, then the list", async ({ page, request }) => {
    const response = await request.get("/daegu/press/999999", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/Promotion/Press");
    await page.goto("/daegu/press/999999");
    await expect(page).toHaveURL(/\/daegu\/press$/);
  });

  test("the list is cacheable for visitors and the feed is RSS", async ({ request }) => {
    const list = await request.get("/daegu/press");
    expect(list.headers()["cache-control"]).toMatch(/^public, max-age=\d+/);
    expect(list.headers()["vary"]).toMatch(/Cookie/i);
    const feed = await request.get("/daegu/press/rss.xml");
    expect(feed.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
    expect(await feed.text()).toMatch(/<rss version="2.0"[\s\S]*<item>/);
    expect((await request.get("/nowhere/press")).status()).toBe(404);
  });
});

test.describe("the administrator", () => {
  test("a wrong password is refused with the reason", async ({ page }) => {
    await page.goto("/daegu/press");
    // Another email than the admin's: this failure must not count against the admin's sign-ins.
    await page.getByLabel("이메일").fill(`nobody-${Date.now()}@example.com`);
    await page.getByLabel("비밀번호").fill("not-the-password");
    await page.getByRole("button", { name: "로그인" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "로그인 실패: " })).toHaveText(
      "로그인 실패: 이메일 또는 비밀번호가 올바르지 않습니다.",
    );
    await expect(page.getByRole("heading", { name: "보도자료 작성" })).toHaveCount(0);
  });

  test("publishes, reads, edits and deletes an article, then signs out", async ({ page }) => {
    const title = unique("E2E 보도자료");
    const edited = `${title} (수정)`;
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));

    await test.step("sign in", () => signIn(page));

    await test.step("an empty title is refused with the spec's alert", async () => {
      const alerts: string[] = [];
      page.once("dialog", (dialog) => {
        alerts.push(dialog.message());
        void dialog.accept();
      });
      await page.getByLabel("요약").fill("요약만 입력했습니다.");
      await page.getByRole("button", { name: "등록", exact: true }).click();
      await expect.poll(() => alerts).toEqual(["제목/요약은 필수입니다!"]);
    });

    await test.step("publish: the article is first in the list and the form is empty again", async () => {
      await page.getByLabel("제목").fill(title);
      await page.getByLabel("요약").fill("E2E 테스트가 등록한 보도자료입니다.");
      await page.getByLabel("본문").fill("첫 문단입니다.\n<script>window.pwned = true</script>\n셋째 문단입니다.");
      await page.getByRole("button", { name: "등록", exact: true }).click();
      await expect(page.getByRole("status").filter({ hasText: "보도자료를 등록했습니다." })).toBeVisible();
      await expect(rows(page).first().getByRole("link")).toHaveText(title);
      await expect(page.getByLabel("제목")).toHaveValue("");
      await expect(page.getByLabel("본문")).toHaveValue("");
    });

    await test.step("open it: one view, the content as text in paragraphs", async () => {
      await rows(page).first().getByRole("link", { name: title }).click();
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
      await expect(viewCount(page)).toHaveText("1");
      const paragraphs = page.locator(".press-article__body p");
      await expect(paragraphs).toHaveText(["첫 문단입니다.", "<script>window.pwned = true</script>", "셋째 문단입니다."]);
      expect(await page.evaluate(() => "pwned" in window)).toBe(false);
    });

    await test.step("reload: one more view", async () => {
      await page.reload();
      await expect(viewCount(page)).toHaveText("2");
    });

    await test.step("edit: the new title shows, and saving is not a view", async () => {
      await page.getByRole("link", { name: "수정" }).click();
      await expect(page.getByLabel("제목")).toHaveValue(title);
      await page.getByLabel("제목").fill(edited);
      await page.getByRole("button", { name: "저장" }).click();
      await expect(page.getByRole("heading", { name: edited })).toBeVisible();
      await expect(viewCount(page)).toHaveText("2");
    });

    await test.step("delete after confirming: back on the list, the article gone", async () => {
      await page.getByRole("link", { name: "삭제" }).click();
      const dialog = page.getByRole("dialog", { name: "보도자료를 삭제할까요?" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "삭제" }).click();
      await expect(page).toHaveURL(/\/daegu\/press$/);
      await expect(page.getByRole("link", { name: edited })).toHaveCount(0);
    });

    await test.step("sign out: the write form is gone", async () => {
      await page.getByRole("button", { name: "로그아웃" }).click();
      await expect(page.getByRole("button", { name: "로그인" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "보도자료 작성" })).toHaveCount(0);
    });

    expect(pageErrors).toEqual([]);
  });

  test("pages with a session are never cached", async ({ page }) => {
    await useOwnerSession(page);
    const response = await page.goto("/daegu/press");
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
  });
});

function viewCount(page: Page) {
  return page.locator(".press-article__meta div").filter({ hasText: "조회수" }).locator("dd");
}
