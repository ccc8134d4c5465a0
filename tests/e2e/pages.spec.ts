import { expect, test } from "@playwright/test";
import { PUBLIC_PAGES as PAGES } from "#tests/public-pages.ts";
import { hydrated } from "./hydration.ts";

test.describe("informational pages as documents (no JavaScript)", () => {
  test("each page's link preview is a 1200×630 PNG the server has", async ({ request }) => {
    for (const path of ["/", ...PAGES]) {
      const html = await (await request.get(path)).text();
      const image = html.match(/<meta property="og:image" content="([^"]*)"/)?.[1];
      expect(image, path).toMatch(/\/images\/_generated\/.+\.png$/);
      expect(html, path).toContain('<meta property="og:image:width" content="1200"/>');
      expect(html, path).toContain('<meta property="og:image:height" content="630"/>');
      const picture = await request.get(new URL(image!).pathname);
      expect(picture.status(), image).toBe(200);
      expect(picture.headers()["content-type"], image).toBe("image/png");
    }
  });

  test("the recruitment notice is served as a PDF", async ({ request }) => {
    const response = await request.get("/announcement.pdf");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect((await response.body()).subarray(0, 5).toString()).toBe("%PDF-");
  });
});

test.describe("in the browser", () => {
  test("video tabs switch the player, keep one frame, and follow the arrow keys", async ({ page }) => {
    await page.goto("/FloorPlan/videos");
    await hydrated(page); // the arrow keys are the script's
    const tabs = page.getByRole("tab");
    await expect(tabs).toHaveCount(3);
    await expect(tabs.nth(0)).toHaveAttribute("aria-selected", "true");
    await expect(page.locator("iframe")).toHaveCount(1);
    const firstSrc = await page.locator("iframe").getAttribute("src");

    await tabs.nth(1).click();
    await expect(page).toHaveURL(/\?tab=2$/);
    await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(page.locator("iframe")).toHaveCount(1);
    await expect(page.locator("iframe")).not.toHaveAttribute("src", firstSrc!);

    await tabs.nth(1).press("ArrowRight");
    await expect(page).toHaveURL(/\?tab=3$/);
    await expect(tabs.nth(2)).toBeFocused();
    await expect(tabs.nth(2)).toHaveAttribute("aria-selected", "true");
    await tabs.nth(2).press("ArrowRight");
    await expect(page).toHaveURL(/\?tab=1$/);
    await expect(page.locator("iframe")).toHaveCount(1);
  });

  test("the VR tabs embed only the open tour", async ({ page }) => {
    await page.goto("/FloorPlan/Emodel");
    await expect(page.getByRole("tab", { name: "84A" })).toHaveAttribute("aria-selected", "true");
    await expect(page.locator("iframe")).toHaveCount(1);
    await expect(page.locator("iframe")).toHaveAttribute("src", /84A$/);
    await page.getByRole("tab", { name: "84B" }).click();
    await expect(page).toHaveURL(/\?tab=84B$/);
    await expect(page.locator("iframe")).toHaveCount(1);
    await expect(page.locator("iframe")).toHaveAttribute("src", /84B$/);
  });

  test("the notice button says the file is loading, then opens the PDF in a new tab", async ({ page, context }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // Hold the PDF until the loading state has been seen, so the test does not race the download.
    await context.route("**/announcement.pdf", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/SalesInfo/announcement");
    await hydrated(page);
    const popup = page.waitForEvent("popup");
    // The PDF's answer, not the new tab's load event: a headless browser without a PDF viewer
    // (the headless shell the tests drive) takes the file as a download and never fires it.
    const pdf = context.waitForEvent("response", (response) => new URL(response.url()).pathname === "/announcement.pdf");
    await page.getByRole("link", { name: /모집공고 전문 보기/ }).click();
    const status = page.getByRole("status").filter({ hasText: "파일을 불러오는 중..." });
    await expect(status).toBeVisible();
    release();
    const opened = await popup;
    const answer = await pdf;
    expect(answer.frame().page()).toBe(opened);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toBe("application/pdf");
    await expect(status).toBeHidden({ timeout: 10_000 });
  });

  test("without JavaScript, the brand story's text and picture are shown as they are", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/Brand/intro");
    const picture = page.locator(".brand-story img");
    await expect(page.locator(".brand-story__text")).toHaveCSS("opacity", "1");
    await expect(picture).toHaveCSS("opacity", "1");
    await context.close();
  });

  test("the brand picture rises in once the page is scrolled", async ({ page }) => {
    await page.goto("/Brand/intro");
    const figure = page.locator(".brand-story__figure");
    await expect(page.locator(".brand-story")).toHaveClass(/is-text-shown/);
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(page.locator(".brand-story")).toHaveClass(/is-image-shown/);
    await expect(figure).toHaveCSS("opacity", "1");
  });
});
