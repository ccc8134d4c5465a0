import { expect, test, type Locator, type Page } from "@playwright/test";
import { formHydrated, hydrated } from "./hydration.ts";
import { DAEGU_INTERIORS, DAEGU_UNIT_TYPES } from "./unit-types.ts";
import { uniquePhone } from "./unique.ts";
import { chooseFirstOpenTime } from "./visit-slot.ts";

/**
 * The public site's flows at both widths (issue #26): a form's answer in view, one list of unit
 * types everywhere, the footer's privacy link. The notice popups' part is in popups.spec.ts.
 */

const NETWORK_ERROR = "오류가 발생했습니다. 잠시 후 다시 시도해주세요.";
const SUCCESS = /등록이 완료되었습니다|방문 예약이 완료되었습니다/;

async function fill(scope: Locator, { message }: { message?: string } = {}) {
  await scope.getByLabel("이름").fill("김하늘");
  await scope.getByLabel("연락처").fill(uniquePhone());
  if (message !== undefined) await scope.getByLabel("문의내용").fill(message);
  await scope.getByLabel(/개인정보 수집·이용 동의/).check();
}

/** Every lead post of the page fails as a dropped connection would. */
async function failLeadPosts(page: Page) {
  await page.route("**/actions/*", (route) =>
    route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
  );
}

/** The answer is on screen, whole, and has the focus (a screen reader reads it next). */
async function expectAnswerInView(answer: Locator) {
  await expect(answer).toBeFocused();
  await expect(answer).toBeInViewport({ ratio: 1 });
}

interface PublicForm {
  name: string;
  open(page: Page): Promise<Locator>;
  send(form: Locator): Promise<void>;
  /** What brings the form back after a failed post, where its answer took the form's place. */
  again?(form: Locator): Promise<void>;
  answer(form: Locator, text: string | RegExp): Locator;
}

const FORMS: PublicForm[] = [
  {
    name: "the inquiry page's form",
    async open(page) {
      await page.goto("/Promotion/Customer");
      const form = page.locator(".inquiry-form");
      await formHydrated(form);
      return form;
    },
    async send(form) {
      await fill(form, { message: "84OA 타입 분양가가 궁금합니다." });
      await form.getByRole("button", { name: "상담 신청하기" }).click();
    },
    answer: (form, text) => form.locator(".lead-result").filter({ hasText: text }),
  },
  {
    name: "the visit page's form",
    async open(page) {
      await page.goto("/daegu/customer");
      const form = page.locator(".visit-form");
      await formHydrated(form);
      return form;
    },
    async send(form) {
      await fill(form, { message: "주말 오후 방문 희망합니다." });
      await chooseFirstOpenTime(form);
      await form.getByRole("button", { name: "방문 예약하기" }).click();
    },
    answer: (form, text) => form.locator(".lead-result__message, .lead-result--failure").filter({ hasText: text }),
  },
  {
    name: "the registration popup",
    async open(page) {
      await page.goto("/Brand/intro");
      await hydrated(page);
      const opener = page.locator("[data-register-link]:visible").first();
      await opener.scrollIntoViewIfNeeded();
      await opener.click();
      const dialog = page.getByRole("dialog", { name: "관심고객 등록" });
      await expect(dialog.getByLabel("이름")).toBeFocused();
      return dialog;
    },
    async send(dialog) {
      await fill(dialog);
      await dialog.getByRole("button", { name: "관심고객 등록하기" }).click();
    },
    again: (dialog) => dialog.getByRole("button", { name: "다시 입력하기" }).click(),
    answer: (dialog, text) => dialog.locator(".lead-result").filter({ hasText: text }),
  },
];

test.describe("a public form's answer", () => {
  // The failure first, then the retry that succeeds, on one page: the form keeps working after a
  // failed post, and a page load is most of a second of Chromium's processor.
  for (const form of FORMS) {
    test(`after ${form.name} fails is scrolled into view and focused; after it succeeds likewise`, async ({ page }) => {
      const scope = await form.open(page);
      await failLeadPosts(page);
      await form.send(scope);
      await expectAnswerInView(form.answer(scope, NETWORK_ERROR));

      await page.unroute("**/actions/*");
      await form.again?.(scope);
      await form.send(scope);
      await expectAnswerInView(form.answer(scope, SUCCESS));
    });
  }
});

test.describe("the unit types", () => {
  /** The floor-plan (or interior) links of a navigation, as a person reads them. */
  const typeLinks = (nav: Locator, prefix: string) =>
    nav
      .locator(`a[href^="${prefix}"]:not([href$="/videos"]):not([href$="/Emodel"])`)
      .evaluateAll((links) => links.map((link) => ({ label: link.textContent?.trim(), href: link.getAttribute("href") })));
  const expected = (prefix: string, keys: string[]) => keys.map((key) => ({ label: key, href: `${prefix}${key}` }));

  test("are one list, as written, in the menu and in the tabs of every type's and interior's page", async ({ page }, info) => {
    await page.goto("/");
    const menu =
      info.project.name === "phone"
        ? page.locator('nav[aria-label="전체 메뉴"]')
        : // The dropdowns, not the group's own link (which leads to its first page).
          page.getByRole("navigation", { name: "주 메뉴" }).locator(".gnb__dropdown");
    expect(await typeLinks(menu, "/FloorPlan/")).toEqual(expected("/FloorPlan/", DAEGU_UNIT_TYPES));
    expect(await typeLinks(menu, "/Interior/")).toEqual(expected("/Interior/", DAEGU_INTERIORS));

    for (const type of DAEGU_UNIT_TYPES) {
      await page.goto(`/FloorPlan/${type}`);
      const tabs = page.getByRole("navigation", { name: "세대안내 메뉴" });
      expect(await typeLinks(tabs, "/FloorPlan/"), `tabs on ${type}`).toEqual(expected("/FloorPlan/", DAEGU_UNIT_TYPES));
      await expect(tabs.getByRole("link", { name: type, exact: true })).toHaveAttribute("aria-current", "page");
    }
    for (const key of DAEGU_INTERIORS) {
      await page.goto(`/Interior/${key}`);
      const tabs = page.getByRole("navigation", { name: "인테리어 메뉴" });
      expect(await typeLinks(tabs, "/Interior/"), `tabs on interior ${key}`).toEqual(expected("/Interior/", DAEGU_INTERIORS));
    }
  });

  test("every type is reachable from another type's tabs, and the home's unit plan names each", async ({ page }) => {
    await page.goto("/FloorPlan/84A");
    await hydrated(page);
    const tabs = page.getByRole("navigation", { name: "세대안내 메뉴" });
    await tabs.getByRole("link", { name: "114B", exact: true }).click();
    await expect(page).toHaveURL(/\/FloorPlan\/114B$/);
    await expect(page.getByRole("heading", { level: 1, name: "114B㎡" })).toBeVisible();

    await page.goto("/");
    await expect(page.locator(".home-units").getByRole("tab")).toHaveText(DAEGU_UNIT_TYPES.map((type) => `${type}㎡`));
  });

  test("each has its page in the sitemap, and an old spelling of its address still reaches it", async ({ page, request }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    for (const type of DAEGU_UNIT_TYPES) expect(sitemap, type).toContain(`/FloorPlan/${type}</loc>`);
    for (const key of DAEGU_INTERIORS) expect(sitemap, key).toContain(`/Interior/${key}</loc>`);
    await page.goto("/FloorPlan/84oa");
    await expect(page).toHaveURL(/\/FloorPlan\/84OA$/);
    await expect(page.getByRole("heading", { level: 1, name: "84OA㎡" })).toBeVisible();
  });
});

test.describe("the footer", () => {
  // One test walks the pages (a test's own browser context and page are a cost of their own) and
  // follows the link from the last.
  test("links to the privacy policy on /, /FloorPlan/84OA, /no/such/page and /Promotion/Customer; the privacy link opens the policy", async ({
    page,
  }) => {
    const link = page.getByRole("contentinfo").getByRole("link", { name: "개인정보처리방침" });
    for (const path of ["/", "/FloorPlan/84OA", "/no/such/page", "/Promotion/Customer"]) {
      await page.goto(path);
      await expect(link, path).toHaveAttribute("href", "/privacy");
      await link.scrollIntoViewIfNeeded();
      await expect(link, path).toBeVisible();
    }
    await hydrated(page);
    await link.click();
    await expect(page).toHaveURL(/\/privacy$/);
  });

  test("the Korean 404 page names no English error", async ({ page }) => {
    const response = await page.goto("/FloorPlan/840A");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "페이지를 찾을 수 없습니다" })).toBeVisible();
    await expect(page.locator("body")).not.toContainText("Not Found");
  });
});
