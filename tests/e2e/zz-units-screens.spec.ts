import { test } from "@playwright/test";
import { useOwnerSession } from "./console.ts";

// Throwaway: screenshots of the unit screens for review (not committed).
test("units screens", { tag: "@every-width" }, async ({ page }, info) => {
  const width = info.project.name === "phone" ? 390 : 1440;
  const dir = "/work/screens/units";
  await useOwnerSession(page);
  await page.goto("/admin/units");
  await page.screenshot({ path: `${dir}/board-${width}.png`, fullPage: false });
  await page.locator("#building-102 .units-cell--available").first().click();
  await page.locator("#unit-panel").waitFor();
  await page.screenshot({ path: `${dir}/board-panel-${width}.png`, fullPage: false });
  await page.screenshot({ path: `${dir}/board-full-${width}.png`, fullPage: true });
  await page.goto("/admin/units/import");
  const csv = ["동,층,호,타입,분양가,상태", "101,3,301,84A,52000만원,", "101,3,301,84A,,", ",4,1,84A,,", "101,지하,2,84B,,", "104,5,607,84B,,", "104,5,2,99Z,오억,모름", "104,6,1,59A,480000000,비공개"].join("\n");
  await page.getByLabel("배치표 (.xlsx 또는 .csv)").setInputFiles({ name: "배치표.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "미리보기" }).click();
  await page.getByTestId("units-import-totals").waitFor();
  await page.screenshot({ path: `${dir}/import-preview-${width}.png`, fullPage: true });
  await page.goto("/SalesInfo/units");
  await page.screenshot({ path: `${dir}/public-${width}.png`, fullPage: false });
  await page.screenshot({ path: `${dir}/public-full-${width}.png`, fullPage: true });
  await page.goto("/admin/units/settings");
  await page.screenshot({ path: `${dir}/settings-${width}.png`, fullPage: true });
});
