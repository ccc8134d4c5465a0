import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { axe, violationsOutsideFrames } from "./axe.ts";
import { hydrated } from "./hydration.ts";

async function publicPaths(request: APIRequestContext) {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  // Articles share one template: the first stands for all.
  const articles = paths.filter((path) => /\/press\/\d+$/.test(path));
  return [...paths.filter((path) => !/\/press\/\d+$/.test(path)), ...articles.slice(0, 1)];
}

/**
 * Axe must judge the page as it ends up, not mid-fade. The page's own signs, not a quiet network
 * plus a fixed wait: its scripts running (hydrated), the reveals this site has done (a page
 * banner's text 100 ms after hydration, the brand story's 500 ms: global.css, brand.css), a lead
 * form near the screen hydrated (the visit form's code comes when it nears the screen,
 * docs/decisions/020-javascript-budget.md), then every finite animation and transition finished.
 */
async function settle(page: Page) {
  await hydrated(page);
  await expect(page.locator(".page-banner:not(.is-revealed), .brand-story:not(.is-text-shown)")).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          [...document.querySelectorAll(".lead-card form:not([novalidate])")].filter(
            (form) => form.getBoundingClientRect().top < window.innerHeight + 800,
          ).length,
      ),
    )
    .toBe(0);
  // An animation replaced by another (a reveal restarted) rejects its `finished`: it is over all the same.
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
}

test.describe("accessibility", () => {
  // Without motion the page reaches the state it ends in at once: the same styles and markup, as a
  // visitor who asked for less motion gets them, without the second of banner and section reveals
  // each route waited through before its scan (docs/decisions/023-fast-tests.md, seventh round).
  test.use({ reducedMotion: "reduce" });

  // Three shards, so each test stays short and the two workers share the routes.
  for (const shard of [0, 1, 2]) {
    // At both widths: the phone layout (accordions, slide menu, bottom bar) is other markup to judge.
    test(`every public route has no axe violations (part ${shard + 1} of 3)`, { tag: "@every-width" }, async ({ page, request }) => {
      test.setTimeout(300_000);
      const all = await publicPaths(request);
      expect(all.length).toBeGreaterThan(20);
      const paths = all.filter((_, index) => index % 3 === shard);
      const failures: string[] = [];
      for (const path of paths) {
        await page.goto(path);
        await settle(page);
        for (const violation of await violationsOutsideFrames(page)) {
          failures.push(`${path}: ${violation.id} (${violation.nodes.length}) ${violation.nodes[0]?.target.join(" ")}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }

  test("the registration popup has no axe violations while open", async ({ page }) => {
    await page.goto("/");
    await settle(page);
    const opener = page.locator("[data-register-link]:visible").first();
    await opener.click();
    await expect(page.getByRole("dialog")).toBeVisible();
    const results = await axe(page).include("dialog").analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});
