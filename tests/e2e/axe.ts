import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import type { AxeResults } from "axe-core";

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

// The axe-core that @axe-core/playwright injects: its own dependency, so the scan below runs the same rules.
const { source: AXE_SOURCE } = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"))("axe-core") as {
  source: string;
};

type AxeInPage = { axe: { run: (context: object, options: object) => Promise<unknown> } };

/**
 * The violations outside the page's frames: `axe(page).exclude("iframe").analyze()`'s run (the same
 * axe-core, context and options), with axe-core put into the document once. The builder sends its
 * half-megabyte source twice on every call (once to the page, once more to every frame, each frame
 * raced against a second), which was a third of each route's scan in the whole-site scan
 * (docs/decisions/023-fast-tests.md, the thirteenth round). The frames are not scanned here, so
 * they get no axe.
 */
export async function violationsOutsideFrames(page: Page): Promise<AxeResults["violations"]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const results = (await page.evaluate(() =>
    (window as unknown as AxeInPage).axe.run({ include: [], exclude: ["iframe"] }, { resultTypes: ["violations"] }),
  )) as AxeResults;
  return results.violations;
}
