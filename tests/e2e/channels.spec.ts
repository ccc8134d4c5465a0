import { expect, test } from "@playwright/test";
import { freshPage, useOwnerSession } from "./console.ts";
import { hydrated } from "./hydration.ts";

/**
 * Numbers per channel (issue #31, docs/decisions/032): the shared page carries the site's number and
 * the frame's inline script swaps in the channel's before anything is painted.
 */

const SITE_NUMBER = { href: "tel:16610000", shown: "1661-0000" };

test.describe("numbers per channel", () => {
  test(
    "a visitor from a channel sees its number in the header and bottom bar, no other number is painted first, and a tap is counted",
    { tag: "@every-width" },
    async ({ page, browser }) => {
      const phoneWidth = test.info().project.name === "phone";
      const source = `e2e-${test.info().project.name}-${Date.now()}`;
      const digits = `0504${phoneWidth ? "555" : "777"}${String(Date.now() % 10_000).padStart(4, "0")}`;
      const shown = `${digits.slice(0, 4)}-${digits.slice(4, 7)}-${digits.slice(7)}`;

      // The office registers the channel in the console.
      await useOwnerSession(page);
      await page.goto("/admin/channels");
      const form = page.locator("form#channel");
      await form.getByLabel("채널 이름").fill(`E2E ${source}`.slice(0, 50));
      await form.getByLabel("utm_source").fill(source);
      await form.getByLabel("채널 전화번호 (선택)").fill(shown);
      await form.getByRole("button", { name: "채널 추가" }).click();
      await expect(page.getByRole("status")).toContainText("채널을 저장했습니다");

      const visitor = await freshPage(browser);
      const errors: string[] = [];
      visitor.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      // Before every frame is painted: which numbers the page holds then.
      await visitor.addInitScript(() => {
        const seen = new Set<string>();
        (window as unknown as { numbersBeforePaint: Set<string> }).numbersBeforePaint = seen;
        const look = () => {
          for (const link of document.querySelectorAll('a[href^="tel:"]')) seen.add(link.getAttribute("href")!);
          for (const element of document.querySelectorAll("[data-call-number]")) seen.add(element.textContent!);
          requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      });
      const painted = () => visitor.evaluate(() => [...(window as unknown as { numbersBeforePaint: Set<string> }).numbersBeforePaint]);

      for (const path of [`/Brand/intro?utm_source=${source}`, "/Brand/intro", "/"]) {
        await visitor.goto(path);
        const header = visitor.locator(".site-header");
        if (phoneWidth) {
          await expect(header.locator("a.header-call")).toHaveAttribute("href", `tel:${digits}`);
          await expect(header.locator("a.header-call")).toHaveAttribute("aria-label", `분양문의 전화 걸기 ${shown}`);
          await expect(visitor.getByRole("navigation", { name: "빠른 상담" }).getByRole("link", { name: "전화상담" })).toHaveAttribute(
            "href",
            `tel:${digits}`,
          );
        } else {
          await expect(header.locator(".header-phone__number")).toHaveText(shown);
          await expect(visitor.locator(".bottom-bar__call")).toHaveAttribute("href", `tel:${digits}`);
        }
        await expect(visitor.locator("footer").getByRole("link", { name: shown })).toHaveAttribute("href", `tel:${digits}`);
        const links = await visitor.locator('a[href^="tel:"]').evaluateAll((all) => all.map((link) => link.getAttribute("href")));
        expect(new Set(links)).toEqual(new Set([`tel:${digits}`]));
        // Hydrated, React renders the same number: nothing changes back, and no mismatch is reported.
        await hydrated(visitor);
        await expect(visitor.locator("[data-call-number]").first()).toHaveText(shown);
        expect(await painted()).not.toContain(SITE_NUMBER.href);
        expect(await painted()).not.toContain(SITE_NUMBER.shown);
      }
      expect(errors).toEqual([]);

      // A tap on the number is counted for the channel and the page (the dialler is not opened here).
      await visitor.evaluate(() => document.addEventListener("click", (event) => event.preventDefault()));
      const call = phoneWidth
        ? visitor.getByRole("navigation", { name: "빠른 상담" }).getByRole("link", { name: "전화상담" })
        : visitor.locator("footer").getByRole("link", { name: shown });
      await call.click();
      await expect
        .poll(async () => {
          await page.goto("/admin/channels");
          return page
            .getByRole("table", { name: "채널·페이지별 전화 탭" })
            .getByRole("row")
            .filter({ hasText: `E2E ${source}`.slice(0, 50) })
            .count();
        })
        .toBeGreaterThan(0);
      await visitor.context().close();
    },
  );
});
