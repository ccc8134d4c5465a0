import { expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { SUWON_ORIGIN } from "../../playwright.config.ts";
import { addCounsellor, useOwnerSession } from "./console.ts";
import { uniqueTag } from "./unique.ts";

// A manager brings in an agency's list (issue #28, item 6): 500 rows, 20 of them wrong, nothing
// fixed; the 480 good rows are imported and given to the counsellors by turns, and the team
// performance page counts them. On the second development (suwon), whose assignment settings no
// other spec uses: automatic assignment is on only for this test.

const ROWS = 500;
const MISSING_NAMES = 7;
const BAD_PHONES = 7;
const REPEATS = 6;

async function agencyList(prefix: string) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("DB");
  sheet.addRow(["고객명", "핸드폰", "관심 평형", "문의내용", "매체"]);
  for (let index = 0; index < ROWS; index++) {
    const phone = `010-${prefix}-${String(index).padStart(4, "0")}`;
    let name = `고객${"가나다라마바사아자차"[index % 10]}`;
    let number: string = phone;
    if (index < MISSING_NAMES) name = "";
    else if (index < MISSING_NAMES + BAD_PHONES) number = `02-55${String(index).padStart(2, "0")}`;
    else if (index < MISSING_NAMES + BAD_PHONES + REPEATS) number = `010-${prefix}-${String(ROWS - 1 - index).padStart(4, "0")}`;
    sheet.addRow([name, number, index % 2 ? "84A" : "59B", "분양가 문의", "블로그"]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

test("a manager imports a 500-row list with 20 problems, imports the good rows, sees them assigned and counted", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const tag = uniqueTag(4);
  await useOwnerSession(page);
  const counsellors = [`상담A${tag}`, `상담B${tag}`];
  for (const name of counsellors) await addCounsellor(page, browser, name, { origin: SUWON_ORIGIN });
  const manager = (await addCounsellor(page, browser, `매니저${tag}`, { origin: SUWON_ORIGIN, role: "매니저", keepSignedIn: true }))!;

  await test.step("the manager turns on automatic assignment", async () => {
    await manager.goto(`${SUWON_ORIGIN}/admin/settings`);
    await manager.getByLabel("상담사에게 차례로 자동 배정").check();
    await manager.locator("form#console-settings").getByRole("button", { name: "저장" }).click();
    await expect(manager.getByRole("status")).toContainText("설정을 저장했습니다");
  });

  try {
    await test.step("uploads the list and sees every problem row, counted", async () => {
      await manager.goto(`${SUWON_ORIGIN}/admin/leads/import`);
      await manager.getByLabel("고객 명단 (.xlsx 또는 .csv)").setInputFiles({
        name: "대행사 DB.xlsx",
        mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        buffer: await agencyList(String(1000 + Math.floor(Math.random() * 9000))),
      });
      await manager.getByRole("button", { name: "미리보기" }).click();
      await expect(manager.getByTestId("import-totals")).toHaveText(/전체 500행 중 가져올 수 있는 행 480행, 문제가 있어 건너뛸 행 20행/);
      const counts = manager.getByRole("definition");
      await expect(manager.getByLabel("문제별 행 수")).toContainText(`이름 없음${MISSING_NAMES}행`);
      await expect(counts.filter({ hasText: `${BAD_PHONES}행` }).first()).toBeVisible();
      await expect(manager.getByRole("table", { name: "문제가 있는 행" }).locator("tbody tr")).toHaveCount(20);
    });

    await test.step("imports the good rows without fixing anything", async () => {
      await manager.getByLabel("출처", { exact: true }).fill(`대행사${tag}`);
      await manager.getByLabel("개인정보 수집 근거").selectOption("agency-form");
      await manager.getByRole("button", { name: "480명 가져오기" }).click();
      await expect(manager.getByRole("status")).toContainText("480명을 가져왔습니다. 상담사에게 자동 배정 480명, 건너뛴 행 20개", {
        timeout: 120_000,
      });
    });

    await test.step("sees them in the inbox, each with a counsellor", async () => {
      await manager.goto(`${SUWON_ORIGIN}/admin/leads?source=${encodeURIComponent(`대행사${tag}`)}`);
      const rows = manager.locator("table.admin-leads tbody tr");
      await expect(rows.first()).toBeVisible();
      for (const row of await rows.all()) {
        const text = await row.innerText();
        expect(
          counsellors.some((name) => text.includes(name)),
          text,
        ).toBe(true);
      }
    });

    await test.step("the performance page counts 240 assignments for each counsellor", async () => {
      await manager.goto(`${SUWON_ORIGIN}/admin/performance?unit=day`);
      const table = manager.getByRole("table", { name: "상담사별 성과" });
      for (const name of counsellors) {
        const row = table.getByRole("row").filter({ hasText: name });
        await expect(row.getByRole("cell").first()).toHaveText("240");
      }
      await expect(manager.getByTestId("performance-chart")).toBeVisible();
    });
  } finally {
    await manager.goto(`${SUWON_ORIGIN}/admin/settings`);
    await manager.getByLabel("상담사에게 차례로 자동 배정").uncheck();
    await manager.locator("form#console-settings").getByRole("button", { name: "저장" }).click();
    await expect(manager.getByRole("status")).toContainText("설정을 저장했습니다");
    await manager.context().close();
  }
});
