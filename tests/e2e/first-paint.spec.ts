import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

/**
 * What a visitor sees before the page's scripts have run (issue #32, item 1): the server's HTML
 * with the inline scripts it carries, and no module script. Not a page with JavaScript switched
 * off: the frame's inline script marks it `.js` before the first paint, and every rule that hides
 * something for an effect to reveal is written under `.js` — a browser without JavaScript never
 * applies them, so only a page whose module scripts are held back shows what a slow phone shows
 * until hydration. Every page the sitemap lists is checked, so a new public page is checked too.
 */
test.describe("the first paint, before scripts", () => {
  test("no public page hides text until its scripts run (opacity 0 or visibility hidden) @every-width", async ({ page, request }) => {
    test.setTimeout(120_000);
    const sitemap = await (await request.get("/sitemap.xml")).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(paths).toContain("/Brand/intro");
    const articles = await oneOfEachMarkup(
      request,
      paths.filter((path) => ARTICLE.test(path)),
    );
    // Only the module scripts are held back: the page's inline scripts run as they do for everyone.
    // The wide screens' font files are not fetched either: they swap in (`font-display: swap`) and
    // change no opacity or visibility, but the load event waited for the dozen or so each page asks for,
    // which made this test at 1440 px twice its phone run. Both are refused by the browser itself
    // (blockedURLs): `page.route` holds each of the page's requests in Playwright (a matching one until
    // the test process answers it) and turns the browser's cache off, which made the 33 loads about
    // twice as slow (docs/decisions/023-fast-tests.md, the thirteenth round).
    await blockRequests(page, ["*.js", "*.js?*", "*.mjs", "*.mjs?*", "*.woff", "*.woff?*", "*.woff2", "*.woff2?*"]);
    const hidden: string[] = [];
    for (const path of [...paths.filter((path) => !ARTICLE.test(path)), ...articles]) {
      await page.goto(path, { waitUntil: "load" });
      for (const text of await hiddenTexts(page)) hidden.push(`${path}: ${text}`);
    }
    expect(hidden).toEqual([]);
  });
});

const ARTICLE = /\/press\/\d+$/;

/** The page's requests to addresses matching `patterns` (`*` for any text) fail in the browser, as if aborted. */
async function blockRequests(page: Page, patterns: string[]) {
  const browser = await page.context().newCDPSession(page);
  await browser.send("Network.enable");
  await browser.send("Network.setBlockedURLs", { urls: patterns });
}

/**
 * The articles (twenty-odd, one template) to load in the browser: one for each markup their HTML
 * shows. Markup here is every element with the attributes a style rule could pick it by (class,
 * inline style, hidden, role, aria-hidden, data-*), not its text or links: an article whose markup
 * another one showed is styled as that one is.
 */
async function oneOfEachMarkup(request: APIRequestContext, paths: string[]) {
  const shapes = new Map<string, string>();
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    const elements = (html.match(/<[a-z][^>]*>/g) ?? []).map((tag) =>
      tag.replace(/\s([^\s=>]+)="[^"]*"/g, (attribute, name: string) =>
        /^(class|style|hidden|role|aria-hidden|data-.*)$/.test(name) ? attribute : ` ${name}`,
      ),
    );
    const shape = [...new Set(elements)].sort().join("");
    if (!shapes.has(shape)) shapes.set(shape, path);
  }
  return [...shapes.values()];
}

/**
 * The text of every element whose own text is hidden by its or an ancestor's opacity 0 or
 * visibility hidden. Menus (inside `nav`), closed dialogs and what is `hidden` or aria-hidden are
 * closed by design and open when asked, with or without scripts.
 */
function hiddenTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const closedByDesign = "nav, dialog:not([open]), [hidden], [aria-hidden='true'], noscript, template, script, style";
    const isHidden = (element: Element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.opacity === "0" || style.visibility === "hidden" || style.visibility === "collapse") return true;
      }
      return false;
    };
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      const text = node.textContent?.trim();
      if (!element || !text || element.closest(closedByDesign)) continue;
      if (isHidden(element)) found.push(text.slice(0, 40));
    }
    return found;
  });
}
