import { expect, test } from "@playwright/test";

test.describe("server-rendered documents", () => {
  test("hashed assets are cached for a year and compressed", async ({ request }) => {
    const html = await (await request.get("/")).text();
    // The framework chunk: large enough that compression is worth it (tiny files go as they are).
    const asset = html.match(/\/assets\/framework-[^"]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const response = await request.get(asset!, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers()["content-encoding"]).toBe("gzip");
  });

  test("the pages' scripts carry React's production build, not its development one", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const framework = await (await request.get(html.match(/\/assets\/framework-[^"]+\.js/)![0])).text();
    // Only React's development build warns about deprecated class methods and carries its checks.
    expect(framework).not.toContain("is deprecated in plain JavaScript React classes");
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
