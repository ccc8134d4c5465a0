import { expect, type Locator, type Page, type Route } from "@playwright/test";

/**
 * Waits until the page's scripts have started (after the load event and the first paint,
 * docs/decisions/019-first-paint.md): the registration openers in the header become popup
 * triggers then. Before that a click takes the no-JS path (a plain link or form post).
 */
export async function hydrated(page: Page) {
  await expect(page.locator("[data-register-link][aria-haspopup='dialog']").first()).toBeAttached();
}

/**
 * Waits until React has hydrated `element` (its props are on the DOM node): its handlers run from
 * then on. Asked every 50 ms: with expect.poll's default steps (100, 250, 500, 1000 ms) a hydration
 * done in 400 ms was seen at 850 ms, on nearly every console page a test opens.
 */
export async function reactHydrated(element: Locator) {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps"))), { intervals: [50] })
    .toBe(true);
}

/**
 * Waits until a lead form (its `.lead-card`) runs its scripts: hydrated, it checks its fields
 * itself (novalidate). The visit form's code comes only when it nears the screen
 * (docs/decisions/020-javascript-budget.md), so it is scrolled to first.
 */
export async function formHydrated(card: Locator) {
  await card.scrollIntoViewIfNeeded();
  await expect(card.locator("form[novalidate]")).toBeAttached();
}

/**
 * Opens `path` with its scripts held back, as on a slow phone where a person types or chooses
 * before the page's script runs; `release` lets them load, and any later ones.
 */
export async function openWithScriptsHeld(page: Page, path: string) {
  let letThrough = () => {};
  const held = new Promise<void>((resolve) => (letThrough = resolve));
  const hold = async (route: Route) => {
    await held;
    await route.continue();
  };
  await page.route(SCRIPT_FILES, hold);
  await page.goto(path, { waitUntil: "commit" });
  return {
    release() {
      // The route stays: what it holds from now on goes through at once. Taking it away here
      // would race the held requests' own `continue` ("Route is already handled").
      letThrough();
    },
  };
}

const SCRIPT_FILES = /\.m?js(?:\?.*)?$/;
