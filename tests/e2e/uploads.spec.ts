import { expect, test, type Page } from "@playwright/test";
import { SUWON_ORIGIN } from "../../playwright.config.ts";
import { IMAGE_PROCESSING_MESSAGES } from "../../app/forms/uploads.ts";
import { OWNER_STATE, useOwnerSession } from "./console.ts";
import { reactHydrated } from "./hydration.ts";
import { kstDayAndTime } from "./live-popups.ts";

// Uploads with scripts on (issue #26 item 6), at one width: a page with scripts posts to the
// route's .data address, which the upload body limit must cover, and an image is processed after
// the answer. Both put back what they change: the contract document is suwon's, which no other
// spec reads; the popup starts next month, so no visitor page shows it meanwhile.

/** A PDF of about 1 MB, as an office's announcement is. */
const MEGABYTE_PDF = Buffer.concat([
  Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n", "latin1"),
  Buffer.alloc(1024 * 1024, 0x20),
]);

test("a 1 MB PDF uploaded on the documents page with scripts on is accepted and served", async ({ browser }) => {
  const page = await (await browser.newContext({ storageState: OWNER_STATE })).newPage();
  try {
    await page.goto(`${SUWON_ORIGIN}/admin/documents`);
    const card = page.locator(".document-card").filter({ has: page.getByRole("heading", { name: "계약 서류" }) });
    await reactHydrated(card.locator("form"));
    await card.getByLabel("새 PDF (20MB 이하)").setInputFiles({ name: "계약서류.pdf", mimeType: "application/pdf", buffer: MEGABYTE_PDF });
    const posted = page.waitForResponse(
      (response) => response.request().method() === "POST" && /\/admin\/documents\.data/.test(response.url()),
    );
    await card.getByRole("button", { name: "올리기" }).click();
    expect((await posted).status()).toBeLessThan(400);
    await expect(page.getByRole("status")).toHaveText(/계약 서류를 바꿨습니다/);
    const link = card.getByRole("link", { name: "계약서류.pdf" });
    const href = await link.getAttribute("href");
    // Asked from the page: only Chromium resolves *.localhost names.
    const served = await page.evaluate(async (url) => {
      const response = await fetch(url);
      return { type: response.headers.get("Content-Type"), size: (await response.arrayBuffer()).byteLength };
    }, href!);
    expect(served).toEqual({ type: "application/pdf", size: MEGABYTE_PDF.length });

    await card.getByRole("button", { name: "기본 파일로 되돌리기" }).click();
    await expect(card).toContainText("지금 파일: 기본 파일");
  } finally {
    await page.context().close();
  }
});

test("a 3 MB phone photo saved as a popup image answers at once, shows its processing, then the popup shows its variant", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await useOwnerSession(page);
  const photo = await phonePhoto(page);
  expect(photo.length).toBeGreaterThan(2.5 * 1024 * 1024);
  const nextMonth = kstDayAndTime(new Date(Date.now() + 30 * 24 * 60 * 60 * 1000));
  const later = kstDayAndTime(new Date(Date.now() + 37 * 24 * 60 * 60 * 1000));
  const title = `사진 팝업 ${Date.now()}`;

  await page.goto("/admin/popups/new");
  const form = page.locator("form.popup-editor");
  await reactHydrated(form);
  await page.getByLabel("제목").fill(title);
  await page.getByLabel("시작 날짜").fill(nextMonth.day);
  await page.getByLabel("시작 시각").fill("09:00");
  await page.getByLabel("종료 날짜").fill(later.day);
  await page.getByLabel("종료 시각").fill("18:00");
  await page.getByLabel("이미지 (선택)").setInputFiles({ name: "현장사진.jpg", mimeType: "image/jpeg", buffer: photo });
  const posted = page.waitForResponse(
    (response) => response.request().method() === "POST" && /\/admin\/popups\/new\.data/.test(response.url()),
  );
  await page.getByRole("button", { name: "저장" }).click();
  expect((await posted).status()).toBeLessThan(400);

  // The list says the image is being processed, and turns to "이미지 있음" on its own (it polls).
  const row = page.locator(".popup-row").filter({ hasText: title });
  await expect(page.getByRole("status").filter({ hasText: `「${title}」 팝업을 저장했습니다.` })).toBeVisible();
  await expect(row).toContainText(IMAGE_PROCESSING_MESSAGES.processingShort);
  await expect(row).toContainText("이미지 있음", { timeout: 200_000 });
  await expect(row).not.toContainText(IMAGE_PROCESSING_MESSAGES.processingShort);

  // The popup's page shows the variant (a WebP at most 960 pixels wide), not the photo as sent.
  await row.getByRole("link", { name: title }).click();
  const image = page.getByRole("img", { name: "지금 올려 둔 이미지" });
  await expect(image).toHaveAttribute("src", /^\/uploads\/\d+-[0-9a-f]{64}\.webp$/);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(960);

  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "삭제" }).click();
  await expect(page.getByRole("status")).toHaveText("팝업을 삭제했습니다.");
});

/**
 * A 4032 × 3024 photo of about 3 MB, made in the page (no image library in the test runner):
 * noise over a gradient, so JPEG cannot squeeze it.
 */
async function phonePhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(4032, 3024);
    const context = canvas.getContext("2d")!;
    const pixels = context.createImageData(4032, 3024);
    const random = new Uint8Array(65_536);
    for (let offset = 0; offset < pixels.data.length; offset += random.length) {
      crypto.getRandomValues(random);
      for (let i = 0; i < random.length && offset + i < pixels.data.length; i++) {
        const at = offset + i;
        const x = (at / 4) % 4032;
        pixels.data[at] = at % 4 === 3 ? 255 : (x / 16 + (random[i]! % 48)) & 255;
      }
    }
    context.putImageData(pixels, 0, 0);
    const blob = await canvas.convertToBlob({ type: "image/jpeg", quality: 0.7 });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = "";
    for (let i = 0; i < bytes.length; i += 32_768) binary += String.fromCharCode(...bytes.subarray(i, i + 32_768));
    return btoa(binary);
  });
  return Buffer.from(base64, "base64");
}
