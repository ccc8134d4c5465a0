import { expect, test } from "@playwright/test";
import { hydrated } from "./hydration.ts";

const PAGES = [
  "/Brand/intro",
  "/Brand/video",
  "/BusinessGuide/intro",
  "/BusinessGuide/plan",
  "/BusinessGuide/documents",
  "/SalesInfo/announcement",
  "/SalesInfo/SubscriptionGuide",
  "/SalesInfo/stampTax",
  "/LocationEnvironment/intro",
  "/LocationEnvironment/primium",
  "/ComplexGuide/intro",
  "/ComplexGuide/detailintro",
  "/ComplexGuide/community",
  "/FloorPlan/59A",
  "/FloorPlan/59B",
  "/FloorPlan/84A",
  "/FloorPlan/84B",
  "/FloorPlan/84C",
  "/FloorPlan/84OA",
  "/FloorPlan/114A",
  "/FloorPlan/114B",
  "/FloorPlan/videos",
  "/FloorPlan/Emodel",
  "/Interior/59A",
  "/Interior/84A",
  "/Interior/84B",
];

const ALIASES: [alias: string, canonical: string][] = [
  ["/SalesInfo/guide", "/SalesInfo/SubscriptionGuide"],
  ["/SalesInfo/StampTax", "/SalesInfo/stampTax"],
];

function head(html: string) {
  return {
    title: html.match(/<title>([^<]*)<\/title>/)?.[1],
    description: html.match(/<meta name="description" content="([^"]*)"/)?.[1],
    canonical: html.match(/<link rel="canonical" href="([^"]*)"/)?.[1],
    h1Count: html.match(/<h1[\s>]/g)?.length ?? 0,
  };
}

test.describe("informational pages as documents (no JavaScript)", () => {
  test("each answers 200 with its own title, description, canonical URL and one <h1>", async ({ request, baseURL }) => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of PAGES) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      const page = head(await response.text());
      expect(page.title, path).toBeTruthy();
      expect(page.description, path).toBeTruthy();
      expect(page.canonical, path).toBe(`${baseURL}${path}`);
      expect(page.h1Count, path).toBe(1);
      titles.add(page.title!);
      descriptions.add(page.description!);
    }
    expect(titles.size).toBe(PAGES.length);
    expect(descriptions.size).toBe(PAGES.length);
  });

  for (const [alias, canonical] of ALIASES) {
    test(`${alias} is moved permanently to ${canonical}`, async ({ request }) => {
      const response = await request.get(alias, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(new URL(response.headers()["location"]!, "http://x").pathname).toBe(canonical);
    });
  }

  test("an unknown floor-plan type is the Korean 404 page", async ({ request }) => {
    const response = await request.get("/FloorPlan/99Z");
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain("페이지를 찾을 수 없습니다");
  });

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
    await page.getByRole("link", { name: /모집공고 전문 보기/ }).click();
    const status = page.getByRole("status").filter({ hasText: "파일을 불러오는 중..." });
    await expect(status).toBeVisible();
    release();
    const opened = await popup;
    await opened.waitForLoadState();
    expect(new URL(opened.url()).pathname).toBe("/announcement.pdf");
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
