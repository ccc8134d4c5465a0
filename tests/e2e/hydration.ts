import { expect, type Page } from "@playwright/test";

/**
 * Waits until the page's scripts have started (after the load event and the first paint,
 * docs/decisions/019-first-paint.md): the registration openers in the header become popup
 * triggers then. Before that a click takes the no-JS path (a plain link or form post).
 */
export async function hydrated(page: Page) {
  await expect(page.locator("[data-register-link][aria-haspopup='dialog']").first()).toBeAttached();
}
