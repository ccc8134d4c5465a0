import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * An axe scan of the page, run in the page itself: axe.run in the top frame (legacy mode) rather
 * than a partial run in every frame finished in a new blank page, and collecting only violations
 * (`resultTypes`), not every passing node. It reports the same violations (tried on a page with
 * seven kinds) in about a third of the time, which the whole-site scan at two widths pays on every
 * route (docs/decisions/023-fast-tests.md). Frames from other origins (videos, maps) are not ours
 * to judge and are left out either way.
 */
export function axe(page: Page) {
  return new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ["violations"] });
}
