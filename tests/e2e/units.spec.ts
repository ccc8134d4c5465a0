import { expect, test, type Page } from "@playwright/test";
import { addCounsellor, freshPage, OWNER_STATE } from "./console.ts";
import { noSidewaysScroll, uniquePhone, uniqueTag } from "./unique.ts";

// The 동호수 board (issue 30, item 2): a counsellor holds a unit for their customer, at a desk from
// the board's list and on a phone from the customer's page, without the page scrolling sideways;
// the owner marks it 계약 완료, which makes the customer's lead 계약 완료 too. Each width works in a
// 동 of its own (the demo board has 101–103).

async function chooseFirstAvailable(page: Page, building: string) {
  await page.goto("/admin/units?status=available");
  const cell = page.locator(`#building-${building} .units-cell--available`).first();
  const label = (await cell.getAttribute("aria-label"))!;
  await cell.click();
  await expect(page.locator("#unit-panel")).toBeVisible();
  return label.split(" ")[0]!;
}

test(
  "a counsellor holds a unit for their customer on the board and the owner marks it 계약 완료, with the lead",
  { tag: "@every-width" },
  async ({ browser }, testInfo) => {
    test.setTimeout(180_000);
    const building = testInfo.project.name === "phone" ? "102" : "101";
    const owner = await (await browser.newContext({ ...testInfo.project.use, storageState: OWNER_STATE })).newPage();
    const counsellorName = `동호${uniqueTag(5)}`;
    const counsellor = (await addCounsellor(owner, browser, counsellorName, { keepSignedIn: true }))!;
    const customer = `세대${uniqueTag()}`;
    let leadPage = "";

    await test.step("a visitor asks about a unit type, and the owner gives the lead to the counsellor", async () => {
      const visitor = await freshPage(browser);
      await visitor.goto("/Promotion/Customer");
      const form = visitor.locator(".inquiry-form");
      await form.getByLabel("이름").fill(customer);
      await form.getByLabel("연락처").fill(uniquePhone());
      await form.getByLabel(/관심 타입/).selectOption("84A");
      await form.getByRole("checkbox", { name: /개인정보 수집·이용 동의/ }).check();
      await form.getByRole("button", { name: "상담 신청하기" }).click();
      await expect(visitor.getByText("등록이 완료되었습니다.", { exact: false })).toBeVisible();
      await visitor.context().close();

      await owner.goto("/admin/leads");
      await owner.locator(".admin-leads").getByRole("link", { name: customer }).first().click();
      await expect(owner.locator(".admin-facts")).toContainText("84A");
      await owner.getByLabel("담당자", { exact: true }).selectOption({ label: `${counsellorName} (상담사)` });
      await owner.getByRole("button", { name: "배정", exact: true }).click();
      await expect(owner.locator(".admin-facts")).toContainText(counsellorName);
      leadPage = owner.url();
    });

    let unitNumber = "";
    if (testInfo.project.name === "phone")
      await test.step("on a phone the counsellor opens the board from the customer's page, picks a unit of their type and holds it for them", async () => {
        await counsellor.goto(leadPage);
        await counsellor.getByRole("link", { name: "세대 홀드하기" }).click();
        await expect(counsellor.getByText(`${customer} 고객에게 홀드할 세대를 골라 주세요.`)).toBeVisible();
        // The board is narrowed to what is for sale of the type they asked about; the rest is dimmed.
        const cell = counsellor.locator(`#building-${building} .units-cell--available:not(.units-cell--dim)`).first();
        const label = (await cell.getAttribute("aria-label"))!;
        expect(label).toContain("84A");
        unitNumber = label.split(" ")[0]!;
        await cell.click();
        const panel = counsellor.locator("#unit-panel");
        await expect(panel.getByLabel("홀드할 고객", { exact: true }).locator("option:checked")).toContainText(customer);
        await noSidewaysScroll(counsellor);
        await panel.getByRole("button", { name: "이 고객으로 홀드" }).click();
      });
    else
      await test.step("at a desk the counsellor opens the board, picks a unit for sale and chooses the customer to hold it for", async () => {
        unitNumber = await chooseFirstAvailable(counsellor, building);
        await noSidewaysScroll(counsellor);
        const panel = counsellor.locator("#unit-panel");
        const choice = panel.getByLabel("홀드할 고객", { exact: true });
        await choice.selectOption((await choice.locator("option", { hasText: customer }).getAttribute("value"))!);
        await panel.getByRole("button", { name: "이 고객으로 홀드" }).click();
      });

    await test.step("the unit is held for the customer", async () => {
      await expect(counsellor.getByRole("status")).toContainText("세대를 홀드했습니다");
      await expect(
        counsellor.locator(`#building-${building}`).getByRole("link", { name: new RegExp(`^${unitNumber} .* 상담 중$`) }),
      ).toBeVisible();
      await expect(counsellor.locator("#unit-panel")).toContainText(customer);
      await noSidewaysScroll(counsellor);
    });

    await test.step("the owner marks the held unit 계약 완료, and the customer's lead is 계약 완료 with it", async () => {
      await owner.goto("/admin/units?status=held");
      await owner
        .locator(`#building-${building}`)
        .getByRole("link", { name: new RegExp(`^${unitNumber} .* 상담 중$`) })
        .click();
      const panel = owner.locator("#unit-panel");
      await expect(panel).toContainText(customer);
      await panel.getByRole("button", { name: "계약 완료로 표시" }).click();
      await expect(owner.getByRole("status")).toContainText("계약 완료로 표시했습니다");
      await panel.getByRole("link", { name: customer }).click();
      await expect(owner.getByTestId("lead-units")).toContainText("이 고객과 계약 완료");
      await expect(owner.locator("body")).toContainText("계약 완료");
    });
  },
);
