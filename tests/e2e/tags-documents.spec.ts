import { expect, test, type Page } from "@playwright/test";
import { SUWON_ORIGIN } from "../../playwright.config.ts";
import { OWNER_STATE } from "./console.ts";

// Both tests change what every visitor of the second development (suwon) gets, so they run once
// (untagged: the desktop project only, playwright.config.ts) and put it back at the end; no other
// spec reads suwon's tags or documents.

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n", "latin1");

async function setGa4(page: Page, id: string) {
  await page.goto(`${SUWON_ORIGIN}/admin/site-settings`);
  await page.getByLabel("GA4 측정 ID").fill(id);
  await page.getByRole("button", { name: "저장" }).click();
  await expect(page.getByRole("status")).toContainText("저장했습니다");
}

function scriptSources(csp: string) {
  return (
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .find(([name]) => name === "script-src")
      ?.slice(1) ?? []
  );
}

test.describe.configure({ mode: "serial" });

// One page for both, with the owner's session on suwon from the setup project (console.setup.ts).
let page: Page;
test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext({ storageState: OWNER_STATE })).newPage();
});
test.afterAll(() => page?.context().close());

/** A page as the browser gets it from the server (only Chromium resolves *.localhost names). */
function fetchFromBrowser(path: string) {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { cache: "no-store" });
    return {
      type: response.headers.get("Content-Type"),
      policy: response.headers.get("Content-Security-Policy") ?? "",
      bytes: [...new Uint8Array(await response.arrayBuffer())],
    };
  }, path);
}

test("a GA4 id puts Google's tag on the pages with the page's nonce and opens the policy to it; cleared, both are gone", async () => {
  await setGa4(page, "G-E2ETEST42");
  try {
    const response = await fetchFromBrowser("/Brand/intro");
    const html = Buffer.from(response.bytes).toString("utf8");
    const sources = scriptSources(response.policy);
    const nonce = sources.find((source) => source.startsWith("'nonce-"))!.slice("'nonce-".length, -1);
    const tag = /<script[^>]*src="https:\/\/www\.googletagmanager\.com\/gtag\/js\?id=G-E2ETEST42"[^>]*>/.exec(html)?.[0];
    expect(tag).toContain(`nonce="${nonce}"`);
    expect(sources).toContain("https://www.googletagmanager.com");
  } finally {
    await setGa4(page, "");
  }
  const cleared = await fetchFromBrowser("/Brand/intro");
  expect(Buffer.from(cleared.bytes).toString("utf8")).not.toContain("googletagmanager.com");
  expect(cleared.policy).not.toContain("googletagmanager.com");
});

test("an announcement PDF uploaded in the console is the file the announcement page serves; reset, the generated one is back", async () => {
  await page.goto(`${SUWON_ORIGIN}/admin/documents`);
  const card = page.locator(".document-card").filter({ has: page.getByRole("heading", { name: "입주자 모집공고" }) });
  await card.getByLabel("새 PDF (20MB 이하)").setInputFiles({ name: "모집공고.pdf", mimeType: "application/pdf", buffer: PDF });
  await card.getByRole("button", { name: "올리기" }).click();
  await expect(card).toContainText("모집공고.pdf");

  await page.goto(`${SUWON_ORIGIN}/SalesInfo/announcement`);
  const link = page.locator('a[href^="/uploads/"][href$=".pdf"]').first();
  const href = await link.getAttribute("href");
  const served = await fetchFromBrowser(href!);
  expect(served.type).toBe("application/pdf");
  expect(Buffer.from(served.bytes).equals(PDF)).toBe(true);

  await page.goto(`${SUWON_ORIGIN}/admin/documents`);
  await card.getByRole("button", { name: "기본 파일로 되돌리기" }).click();
  await expect(card).toContainText("지금 파일: 기본 파일");
  // Asked past the browser's cache, which may keep the page it showed a moment ago for a minute.
  const announcement = Buffer.from((await fetchFromBrowser("/SalesInfo/announcement")).bytes).toString("utf8");
  expect(announcement).toContain('href="/images/suwon/announcement.pdf"');
  expect(announcement).not.toContain(href!);
});
