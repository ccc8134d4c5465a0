import { expect, test } from "@playwright/test";

test.describe("server-rendered documents", () => {
  test("the home page arrives as complete Korean HTML without JavaScript", async ({ request }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<html lang="ko"/);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/"/);
    expect(html).toContain('<meta name="robots" content="index,follow"/>');
    expect(html).toMatch(/<h1[^>]*>/);
  });

  test("an unknown path answers 404 with a Korean page", async ({ request }) => {
    const response = await request.get("/no/such/page");
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain("페이지를 찾을 수 없습니다");
  });

  test("the health check reports the database", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ ok: true, db: "pglite" });
  });

  test("hashed assets are cached for a year and compressed", async ({ request }) => {
    const html = await (await request.get("/")).text();
    // The framework chunk: large enough that compression is worth it (tiny files go as they are).
    const asset = html.match(/\/assets\/framework-[^"]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const response = await request.get(asset!, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers()["content-encoding"]).toBe("gzip");
  });
});

test.describe("in the browser", () => {
  test("the home page hydrates without console errors", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(errors).toEqual([]);
  });
});
