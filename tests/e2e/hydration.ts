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

/** How far a link or a button may move under a finger and still take the tap meant for it (CSS pixels). */
const MOVE_A_TAP_SURVIVES = 4;

/**
 * Notes where every link, button, menu label and field of the page is, as painted: call it after
 * `goto` (the scripts start after the load event, docs/decisions/019-first-paint.md), then
 * `movedSinceMarked` once the page has hydrated.
 */
export async function markPlaces(page: Page) {
  await page.evaluate(() => {
    const places = [...document.querySelectorAll("a[href], button, summary, select, input, textarea")].map(
      (element) => [element, element.getBoundingClientRect().top] as const,
    );
    (window as unknown as { markedPlaces: typeof places }).markedPlaces = places;
  });
}

/**
 * What moved more than MOVE_A_TAP_SURVIVES since `markPlaces` ("text: top → top"): a control that
 * moves when the page hydrates takes a tap meant for another. A control the scripts take away (a
 * fallback for pages without them, as the text form's 불러오기) is not a move; what it leaves
 * behind is, if anything shifts into its place.
 */
export async function movedSinceMarked(page: Page) {
  return page.evaluate((allowed) => {
    const places = (window as unknown as { markedPlaces: (readonly [Element, number])[] }).markedPlaces;
    return places
      .filter(([element]) => element.isConnected)
      .map(([element, top]) => [element, top, element.getBoundingClientRect().top] as const)
      .filter(([, top, now]) => Math.abs(now - top) > allowed)
      .map(
        ([element, top, now]) =>
          `${element.textContent?.trim().slice(0, 20) || element.localName}: ${Math.round(top)} → ${Math.round(now)}`,
      );
  }, MOVE_A_TAP_SURVIVES);
}
