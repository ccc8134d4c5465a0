import { expect, test, type Locator, type Page } from "@playwright/test";
import { hydrated } from "./hydration.ts";
import { DAEGU_UNIT_TYPES } from "./unit-types.ts";

// Width tags (playwright.config.ts): wheel stepping through full-screen sections is for wide screens
// (@desktop); accordions, the premium slider and tap-to-open cards are the phone layout (@phone).

// The wheel ignores a step within 500 ms of the previous one (by the page's clock); this long after,
// a step counts again.
const PAST_STEP_LOCK_MS = 600;

/** Opens the home page and waits until its script runs (it publishes the section index). */
async function openHome(page: Page) {
  await page.goto("/");
  await expect(page.locator(".home")).toHaveAttribute("data-section-index", "1");
}

const sectionIndex = (page: Page) => page.locator(".home");

/** Where the page rests when a section fills the window under the sticky header. */
function sectionTop(page: Page, position: number) {
  return page.evaluate((position) => {
    const header = document.querySelector(".site-header")!.getBoundingClientRect().height;
    const steps = [...document.querySelectorAll("[data-home-step]")].filter((step) => step.getClientRects().length > 0);
    const max = document.documentElement.scrollHeight - window.innerHeight;
    return Math.min(max, Math.round(steps[position]!.getBoundingClientRect().top + window.scrollY - header));
  }, position);
}

/** Waits for the page to rest at a section, asked every 50 ms (a smooth scroll takes a few hundred). */
async function expectAtSection(page: Page, position: number) {
  const distance = async () => Math.abs((await page.evaluate(() => window.scrollY)) - (await sectionTop(page, position)));
  await expect.poll(distance, { intervals: [50] }).toBeLessThanOrEqual(2);
}

/**
 * Runs the wheel's step lock out: the page's clock (installed before the page opened) jumps past it,
 * as the waiting did, rather than the test waiting 600 ms a time.
 */
async function pastStepLock(page: Page) {
  await page.clock.fastForward(PAST_STEP_LOCK_MS);
}

/** Marks the page as scrolling from a `scroll` event to the `scrollend` that ends it. */
async function trackScrolling(page: Page) {
  await page.evaluate(() => {
    const marks = window as unknown as { scrolling: boolean };
    marks.scrolling = false;
    window.addEventListener("scroll", () => (marks.scrolling = true));
    window.addEventListener("scrollend", () => (marks.scrolling = false));
  });
}

/**
 * Scrolls back to the first section, as a fresh page starts, and lets the wheel's step lock run out.
 * A smooth scroll still running would go on under an instant one (trackScrolling), so it ends first.
 */
async function backToFirstSection(page: Page) {
  await expect.poll(() => page.evaluate(() => (window as unknown as { scrolling: boolean }).scrolling), { intervals: [50] }).toBe(false);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await expect(sectionIndex(page)).toHaveAttribute("data-section-index", "1");
  await expectAtSection(page, 0);
  await pastStepLock(page);
}

async function wheelDown(page: Page) {
  await page.mouse.move(720, 500);
  await page.mouse.wheel(0, 120);
}

test.describe("the server-rendered home page", () => {
  test("the visit form's code is fetched only when the visitor scrolls near it, and the form then answers in place", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto("/");
    await hydrated(page);
    const form = page.locator("#interestForm form");
    // Server HTML until then: a plain form, without the scripts' own checks.
    await expect(form).not.toHaveAttribute("novalidate");
    expect(scripts.filter((path) => /\/assets\/(visit-form|lead-form)-/.test(path))).toEqual([]);
    await form.scrollIntoViewIfNeeded();
    await expect(form).toHaveAttribute("novalidate");
    expect(scripts.some((path) => path.startsWith("/assets/visit-form-"))).toBe(true);
    // Hydrated: an empty submission is checked in the page, no post.
    await form.getByRole("button", { name: "방문 예약하기" }).click();
    await expect(form.getByLabel("이름")).toBeFocused();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("desktop wheel steps", () => {
  // One page for every check (a page is most of a second of Chromium's processor): each step starts
  // from the first section with the step lock run out (backToFirstSection), as a fresh page does.
  // The keyboard's comes first, as it needs the page's first Tab; reduced motion comes last.
  test(
    "keyboard users scroll with Page Down and reach the visit form by tabbing; the wheel is ignored while a field is focused; " +
      "one wheel step moves exactly one section, and a step up comes back; a second wheel event within 500 ms does nothing; " +
      "the wheel is ignored while the registration popup is open; the last step shows the visit form and the footer as index 8.5; " +
      "with reduced motion a wheel step jumps to the next section without animating",
    { tag: "@desktop" },
    async ({ page }) => {
      test.slow();
      // The step lock is timed by the page's clock, which the test moves past it (pastStepLock).
      await page.clock.install();
      await openHome(page);
      await trackScrolling(page);
      await page.keyboard.press("PageDown");
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      const name = page.locator("#interestForm input[name=name]");
      for (let presses = 0; presses < 250 && !(await name.evaluate((input) => input === document.activeElement)); presses++) {
        await page.keyboard.press("Tab");
      }
      await expect(name).toBeFocused();
      await expect(name).toBeInViewport();

      // The visit form's name field keeps the focus the Tabs gave it.
      await backToFirstSection(page);
      await expect(name).toBeFocused();
      await wheelDown(page);
      // A wait for nothing (the wheel must not step), so it is real time, here and with the popup open.
      await page.waitForTimeout(PAST_STEP_LOCK_MS);
      await expect(sectionIndex(page)).toHaveAttribute("data-section-index", "1");
      expect(await page.evaluate(() => window.scrollY)).toBeLessThan(await sectionTop(page, 1));
      await name.evaluate((input: HTMLInputElement) => input.blur());
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
      await wheelDown(page);
      await expect(sectionIndex(page)).toHaveAttribute("data-section-index", "2");
      await expectAtSection(page, 1);

      await backToFirstSection(page);
      await wheelDown(page);
      await expect(sectionIndex(page)).toHaveAttribute("data-section-index", "2");
      await expectAtSection(page, 1);
      await pastStepLock(page);
      await page.mouse.wheel(0, -120);
      await expect(sectionIndex(page)).toHaveAttribute("data-section-index", "1");
      await expectAtSection(page, 0);

      await pastStepLock(page);
      await wheelDown(page);
      await page.mouse.wheel(0, 120);
      await expectAtSection(page, 1);
      await expect(sectionIndex(page)).toHaveAttribute("data-section-index", "2");

      await backToFirstSection(page);
      await page.locator(".home-hero").getByRole("link", { name: "관심고객 등록" }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      await wheelDown(page);
      await page.waitForTimeout(PAST_STEP_LOCK_MS);
      await expect(sectionIndex(page)).toHaveAttribute("data-section-index", "1");
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await wheelDown(page);
      await expect(sectionIndex(page)).toHaveAttribute("data-section-index", "2");
      await expectAtSection(page, 1);

      await backToFirstSection(page);
      for (let step = 2; step <= 8; step++) {
        await wheelDown(page);
        await expect(sectionIndex(page)).toHaveAttribute("data-section-index", String(step));
        await expectAtSection(page, step - 1);
        await pastStepLock(page);
      }
      await wheelDown(page);
      await expect(sectionIndex(page)).toHaveAttribute("data-section-index", "8.5");
      await expect(page.locator("#interestForm")).toBeInViewport();
      await expect(page.locator(".site-footer")).toBeInViewport();
      await expectAtSection(page, 8);

      // The steps read the preference at each wheel, so it may change under the open page.
      await backToFirstSection(page);
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.evaluate(() => {
        const seen: number[] = [];
        Object.assign(window, { seenScrollPositions: seen });
        window.addEventListener("scroll", () => seen.push(window.scrollY));
      });
      await wheelDown(page);
      await expect(sectionIndex(page)).toHaveAttribute("data-section-index", "2");
      await expectAtSection(page, 1);
      const seen = await page.evaluate(() => (window as unknown as { seenScrollPositions: number[] }).seenScrollPositions);
      expect(new Set(seen)).toEqual(new Set([await sectionTop(page, 1)]));
    },
  );
});

test.describe("phone layout", () => {
  // One page for the checks that need no clock of their own, the links last as they leave the page.
  test(
    "the overview and complex accordions keep one item open, and each complex item shows its picture; a premium card's text opens on tap; " +
      "unit tabs switch the plan with a fade, and the arrows stop at the ends; the VR model house loads a tour only once its group and tab are opened, and the title follows; " +
      "the premium cards, the brand picture and the unit plan link where the spec says",
    { tag: "@phone" },
    async ({ page }) => {
      test.slow();
      await page.route(/^https?:\/\/(?!localhost)/, (route) => route.fulfill({ contentType: "text/html", body: "<title>VR</title>" }));
      await openHome(page);
      const overview = page.locator(".home-overview");
      const business = overview.getByRole("button", { name: "사업개요", exact: true });
      const location = overview.getByRole("button", { name: "입지환경", exact: true });
      await expect(business).toHaveAttribute("aria-expanded", "true");
      await expect(location).toHaveAttribute("aria-expanded", "false");

      await location.click();
      await expect(location).toHaveAttribute("aria-expanded", "true");
      await expect(business).toHaveAttribute("aria-expanded", "false");
      await expect(page.locator("#overview-panel")).toBeHidden();
      const maps = page.locator("#location-panel figure img");
      await expect(maps).toHaveCount(2);
      for (const map of await maps.all()) {
        await map.scrollIntoViewIfNeeded();
        await expect(map).toBeVisible();
      }
      await location.click();
      await expect(location).toHaveAttribute("aria-expanded", "false");
      await expect(page.locator("#location-panel")).toBeHidden();

      const complex = page.locator(".home-complex");
      const toggles = complex.getByRole("button");
      await expect(toggles).toHaveCount(3);
      for (let index = 0; index < 3; index++) {
        const toggle = toggles.nth(index);
        if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
        const panel = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
        await panel.locator("img").scrollIntoViewIfNeeded();
        await expect(panel.locator("img")).toBeVisible();
        await expect(complex.locator('[aria-expanded="true"]')).toHaveCount(1);
      }

      const cardToggle = page.getByRole("button", { name: /PREMIUM 01/ });
      const cardText = page.locator(`#${await cardToggle.getAttribute("aria-controls")}`);
      await expect(cardText).toBeHidden();
      await cardToggle.tap();
      await expect(cardToggle).toHaveAttribute("aria-expanded", "true");
      await expect(cardText).toBeVisible();
      await cardToggle.tap();
      await expect(cardText).toBeHidden();

      const units = page.locator(".home-units");
      const tabs = units.getByRole("tab");
      const previous = units.getByRole("button", { name: "이전 타입" });
      const next = units.getByRole("button", { name: "다음 타입" });
      await expect(tabs).toHaveText(DAEGU_UNIT_TYPES.map((type) => `${type}㎡`));
      await expect(tabs.nth(0)).toHaveAttribute("aria-selected", "true");
      await expect(previous).toBeDisabled();

      // The fade class lives for 500 ms; a busy machine can poll past it, so the page records it.
      const panels = units.locator(".unit-tabs__panels");
      await panels.evaluate((element) => {
        const seen = window as unknown as { sawFade?: boolean };
        seen.sawFade = false;
        new MutationObserver(() => {
          if (element.classList.contains("is-fading")) seen.sawFade = true;
        }).observe(element, { attributes: true, attributeFilter: ["class"] });
      });
      await next.click();
      await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
      await expect.poll(() => page.evaluate(() => (window as unknown as { sawFade?: boolean }).sawFade)).toBe(true);
      await expect(panels).not.toHaveClass(/is-fading/);
      await expect(units.getByRole("tabpanel")).toHaveAttribute("id", "unit-panel-59B");
      await expect(units.getByRole("tabpanel").locator("img")).toHaveAttribute("src", /59b/i);

      const last = DAEGU_UNIT_TYPES.length - 1;
      for (let index = 2; index <= last; index++) await next.click();
      await expect(tabs.nth(last)).toHaveAttribute("aria-selected", "true");
      await expect(next).toBeDisabled();
      await expect(previous).toBeEnabled();

      await tabs.nth(0).click();
      await expect(tabs.nth(0)).toHaveAttribute("aria-selected", "true");
      await expect(previous).toBeDisabled();

      const title = units.getByRole("heading", { level: 2 });
      const typesTitle = await title.textContent();
      const tourLinks = await units.locator(".vr-tabs__links a").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
      expect(tourLinks).toHaveLength(2);
      await expect(page.locator("iframe")).toHaveCount(0);

      await units.getByRole("button", { name: "VR 모델하우스" }).click();
      await expect(title).not.toHaveText(typesTitle!);
      const frame = units.locator("iframe");
      await expect(frame).toHaveAttribute("src", tourLinks[0]!);
      const tour84B = units.getByRole("tab", { name: "84B", exact: true });
      await tour84B.click();
      await expect(tour84B).toHaveAttribute("aria-selected", "true");
      await expect(frame).toHaveAttribute("src", tourLinks[1]!);

      await units.getByRole("button", { name: "타입", exact: true }).click();
      await expect(title).toHaveText(typesTitle!);
      await expect(page.locator("iframe")).toHaveCount(0);

      const cards = page.locator(".premium-card");
      await expect(cards).toHaveCount(4);
      const expected = ["/BusinessGuide/intro", "/LocationEnvironment/intro", "/LocationEnvironment/intro", "/LocationEnvironment/primium"];
      for (const [index, href] of expected.entries()) {
        // On phones the link sits in the card's folded text, so it is checked in the markup.
        await expect(cards.nth(index).locator("a")).toHaveAttribute("href", href);
      }
      await expect(page.locator(".home-brand").getByRole("link")).toHaveAttribute("href", "/Brand/video");

      await cards.nth(3).getByRole("button").tap();
      await cards.nth(3).getByRole("link").click();
      await expect(page).toHaveURL(/\/LocationEnvironment\/primium$/);
      await page.goBack();
      await page
        .locator(".home-units")
        .getByRole("link", { name: /세대안내/ })
        .click();
      await expect(page).toHaveURL(/\/FloorPlan\/84A$/);
    },
  );

  // The slider reads the motion preference whenever it would arm its timer, so the second half
  // turns reduced motion on under the open page and lets the slider arm again (focus leaving it).
  test(
    "the premium slider advances on its own after 6 s, by a swipe, and by its buttons; with reduced motion it does not advance on its own",
    { tag: "@phone" },
    async ({ page }) => {
      await page.clock.install();
      await openHome(page);
      await page.clock.pauseAt(Date.now() + 60_000);
      await page.locator(".home-overview").getByRole("button", { name: "프리미엄", exact: true }).click();
      const slider = page.getByRole("region", { name: /슬라이드/ });
      await expect(slider).toHaveAttribute("data-slide-index", "0");

      await page.clock.runFor(6_000);
      await expect(slider).toHaveAttribute("data-slide-index", "1");

      await swipe(slider, 300, 200);
      await expect(slider).toHaveAttribute("data-slide-index", "2");
      await swipe(slider, 200, 300);
      await expect(slider).toHaveAttribute("data-slide-index", "1");
      await swipe(slider, 200, 230);
      await expect(slider).toHaveAttribute("data-slide-index", "1");

      await slider.getByRole("button", { name: "다음 슬라이드" }).click();
      await expect(slider).toHaveAttribute("data-slide-index", "2");
      const previousSlide = slider.getByRole("button", { name: "이전 슬라이드" });
      await previousSlide.click();
      await expect(slider).toHaveAttribute("data-slide-index", "1");

      // Focus is still on the previous button: the slides hold still while it is there.
      await page.clock.runFor(12_000);
      await expect(slider).toHaveAttribute("data-slide-index", "1");

      await page.emulateMedia({ reducedMotion: "reduce" });
      await previousSlide.blur();
      await page.clock.runFor(12_000);
      await expect(slider).toHaveAttribute("data-slide-index", "1");
      await swipe(slider, 300, 200);
      await expect(slider).toHaveAttribute("data-slide-index", "2");
    },
  );
});

/** A one-finger horizontal swipe across `target`, from x `from` to x `to`. */
async function swipe(target: Locator, from: number, to: number) {
  const touch = (clientX: number) => ({ identifier: 1, clientX, clientY: 400 });
  await target.dispatchEvent("touchstart", { touches: [touch(from)], changedTouches: [touch(from)] });
  await target.dispatchEvent("touchend", { touches: [], changedTouches: [touch(to)] });
}
