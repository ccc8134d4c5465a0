import { expect, test, type Page } from "@playwright/test";
import { openWithScriptsHeld } from "./hydration.ts";
import { noSidewaysScroll } from "./unique.ts";

// The demo's published sheet (app/content/sites/daegu/prices.ts); nothing in the browser tests
// changes it, so both widths read the same figures.

const figure = (page: Page, name: string) => page.locator(`[data-figure="${name}"]`);

test(
  "the calculator's figures for 84A on 5–10층 match the worked example, and follow the buyer's rate",
  { tag: "@every-width" },
  async ({ page }) => {
    // The type is chosen before the page's script runs (a slow phone): the figures must follow it.
    const scripts = await openWithScriptsHeld(page, "/SalesInfo/price");
    const calculator = page.locator("#calculator");
    await calculator.getByLabel("주택형", { exact: true }).selectOption({ label: "84A㎡" });
    scripts.release();
    // Hydrated: the GET form's submit is taken over, so a change answers at once.
    await expect
      .poll(() => calculator.locator("form").evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps"))))
      .toBe(true);
    await calculator.getByLabel("층", { exact: true }).selectOption({ label: "5–10층" });
    await expect(calculator.getByLabel("주택형", { exact: true })).toHaveValue("84A");
    // The boxes and the button sit side by side without one drawn over another (the rate box's
    // own width once widened its column under the button at 1440).
    const overlaps = await calculator.locator(".calculator__controls").evaluate((controls) => {
      const boxes = [...controls.querySelectorAll("label, select, input, small, button")].map((part) => part.getBoundingClientRect());
      return boxes.flatMap((a, i) =>
        boxes.slice(i + 1).filter((b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1),
      ).length;
    });
    expect(overlaps).toBe(0);

    // Worked by hand: 458,700,000원; 계약금 5% twice = 22,935,000; 중도금 10% six times = 45,870,000,
    // each wholly a loan; 잔금 30% at 입주 = 137,610,000. At 4.5% a year the six loans (275,220,000)
    // cost 275,220,000 × 0.045 ÷ 12 = 1,032,075 a month; to 입주 on 2029-09-01 (779, 656, 535, 411,
    // 290 and 170 days) 45,870,000 × 0.045 × days ÷ 365 each, cut below a won: 4,405,405 + 3,709,814
    // + 3,025,534 + 2,324,289 + 1,640,009 + 961,384 = 16,066,435.
    await expect(figure(page, "price")).toHaveText("4억 5,870만원");
    await expect(figure(page, "payment")).toHaveText([
      "2,293만 5,000원",
      "2,293만 5,000원",
      ...Array.from({ length: 6 }, () => "4,587만원"),
      "1억 3,761만원",
    ]);
    await expect(figure(page, "monthly").first()).toHaveText("17만 2,012원");
    await expect(figure(page, "full-monthly")).toHaveText("103만 2,075원");
    await expect(figure(page, "total-loan")).toHaveText("2억 7,522만원");
    await expect(figure(page, "deferred")).toHaveText("1,606만 6,435원");
    await expect(calculator.getByText(/참고용 추정치/)).toBeVisible();

    // At 3.6%: 275,220,000 × 0.036 ÷ 12 = 825,660 a month; 1,651,320 a year per loan × days ÷ 365:
    // 3,524,324 + 2,967,851 + 2,420,427 + 1,859,431 + 1,312,007 + 769,107 = 12,853,147.
    await calculator.getByLabel("대출 금리 (연 %)").fill("3.6");
    await expect(figure(page, "full-monthly")).toHaveText("82만 5,660원");
    await expect(figure(page, "deferred")).toHaveText("1,285만 3,147원");
    await calculator.getByLabel("대출 금리 (연 %)").fill("abc");
    await expect(calculator.getByLabel("대출 금리 (연 %)")).toHaveAttribute("aria-invalid", "true");
    await noSidewaysScroll(page);
  },
);

test.describe("without scripts", () => {
  test.use({ javaScriptEnabled: false });

  test("the table shows and the calculator answers from the server", { tag: "@every-width" }, async ({ page }) => {
    await page.goto("/SalesInfo/price");
    await expect(page.getByRole("table", { name: /주택형·층별 분양가/ })).toContainText("45,870");
    const calculator = page.locator("#calculator");
    await calculator.getByLabel("주택형", { exact: true }).selectOption({ label: "84A㎡" });
    await calculator.getByLabel("층", { exact: true }).selectOption({ label: "5–10층" });
    await calculator.getByRole("button", { name: "계산하기" }).click();
    await expect(page).toHaveURL(/type=84A&band=1/);
    await expect(figure(page, "price")).toHaveText("4억 5,870만원");
    await expect(figure(page, "deferred")).toHaveText("1,606만 6,435원");
  });
});
