import { describe, expect, test } from "vitest";
import { formatWon, fullWon } from "#app/content/price-words.ts";
import { demoPriceSheet } from "#app/content/sites/daegu/prices.ts";
import { paymentPlan, percentTotal, priceFor, readRate, type PriceSheet } from "./payment-plan.ts";

/** 10% 계약금, two 중도금 of 30% each, 30% 잔금 at 입주; 중도금 half financed, 이자후불제 at 4.5%. */
const SHEET: PriceSheet = {
  types: ["84A", "114A"],
  bands: [
    { from: 2, to: 5, prices: { "84A": 300_000_000, "114A": null } },
    { from: 6, to: 20, prices: { "84A": 310_000_000, "114A": 455_550_000 } },
  ],
  payments: [
    { stage: "deposit", round: 1, percent: 10, dueOn: "2027-01-01" },
    { stage: "interim", round: 1, percent: 30, dueOn: "2027-01-01" },
    { stage: "interim", round: 2, percent: 30, dueOn: "2027-07-01" },
    { stage: "balance", round: 1, percent: 30, dueOn: null },
  ],
  loan: { kind: "deferred-interest", share: 50, rateBasisPoints: 450 },
  moveInOn: "2028-01-01",
};

describe("the price table", () => {
  test("a floor finds its band's price, and nothing outside the bands or for a type not sold there", () => {
    expect(priceFor(SHEET, "84A", 2)).toBe(300_000_000);
    expect(priceFor(SHEET, "84A", 5)).toBe(300_000_000);
    expect(priceFor(SHEET, "84A", 6)).toBe(310_000_000);
    expect(priceFor(SHEET, "114A", 20)).toBe(455_550_000);
    expect(priceFor(SHEET, "114A", 3)).toBeNull();
    expect(priceFor(SHEET, "84A", 1)).toBeNull();
    expect(priceFor(SHEET, "84A", 21)).toBeNull();
    expect(priceFor(SHEET, "59A", 10)).toBeNull();
  });
});

describe("the payment calculator", () => {
  test("a worked example: 3억 on 2–5층, 이자후불제 at 4.5%, half the 중도금 financed", () => {
    // Worked by hand:
    //   계약금 10% of 300,000,000 = 30,000,000; 중도금 30% = 90,000,000 twice; 잔금 what is left
    //   = 300,000,000 − 30,000,000 − 180,000,000 = 90,000,000.
    //   Each 중도금 is half a loan: 45,000,000 (own money 45,000,000).
    //   Monthly interest after the 1st: 45,000,000 × 4.5% ÷ 12 = 168,750; after the 2nd:
    //   90,000,000 × 4.5% ÷ 12 = 337,500.
    //   To 입주 on 2028-01-01: the 1st loan runs 365 days from 2027-01-01: 45,000,000 × 0.045 =
    //   2,025,000; the 2nd 184 days from 2027-07-01: 45,000,000 × 0.045 × 184 ÷ 365 =
    //   1,020,821.9… → 1,020,821. Total 3,045,821.
    const plan = paymentPlan(SHEET, priceFor(SHEET, "84A", 3)!);
    expect(plan.payments.map(({ amount, loan, own }) => [amount, loan, own])).toEqual([
      [30_000_000, 0, 30_000_000],
      [90_000_000, 45_000_000, 45_000_000],
      [90_000_000, 45_000_000, 45_000_000],
      [90_000_000, 0, 90_000_000],
    ]);
    expect(
      plan.loans.map(({ outstanding, monthlyInterest, daysToMoveIn, interestToMoveIn }) => [
        outstanding,
        monthlyInterest,
        daysToMoveIn,
        interestToMoveIn,
      ]),
    ).toEqual([
      [45_000_000, 168_750, 365, 2_025_000],
      [90_000_000, 337_500, 184, 1_020_821],
    ]);
    expect(plan.totalLoan).toBe(90_000_000);
    expect(plan.fullMonthlyInterest).toBe(337_500);
    expect(plan.deferredInterest).toBe(3_045_821);
    expect(plan.deferredInterestIncomplete).toBe(false);
  });

  test("the buyer's own rate replaces the office's: 3.6% on the same unit", () => {
    // 45,000,000 × 3.6% ÷ 12 = 135,000; 90,000,000 × 3.6% ÷ 12 = 270,000.
    // To 입주: 45,000,000 × 0.036 = 1,620,000; 45,000,000 × 0.036 × 184 ÷ 365 = 816,657.5… → 816,657.
    const plan = paymentPlan(SHEET, 300_000_000, readRate("3.6")!);
    expect(plan.loans.map((line) => line.monthlyInterest)).toEqual([135_000, 270_000]);
    expect(plan.deferredInterest).toBe(1_620_000 + 816_657);
  });

  test("amounts are cut below a won and the 잔금 takes the rest, so the payments add up to the price", () => {
    // 455,550,007 is no real price; it shows the rule: 10% = 45,555,000.7 → 45,555,000; 30% =
    // 136,665,002.1 → 136,665,002 twice; 잔금 = 455,550,007 − 45,555,000 − 273,330,004 = 136,665,003.
    const plan = paymentPlan(SHEET, 455_550_007);
    expect(plan.payments.map((line) => line.amount)).toEqual([45_555_000, 136_665_002, 136_665_002, 136_665_003]);
    expect(plan.payments.reduce((sum, line) => sum + line.amount, 0)).toBe(455_550_007);
    // Half of 136,665,002 is 68,332,501; its monthly interest 68,332,501 × 4.5% ÷ 12 = 256,246.87… → 256,246.
    expect(plan.loans[0]).toMatchObject({ loan: 68_332_501, monthlyInterest: 256_246 });
  });

  test("무이자 charges nothing and 안내 없음 finances nothing", () => {
    const free = paymentPlan({ ...SHEET, loan: { ...SHEET.loan, kind: "interest-free" } }, 300_000_000);
    expect(free.totalLoan).toBe(90_000_000);
    expect(free.loans.map((line) => line.monthlyInterest)).toEqual([0, 0]);
    expect(free.deferredInterest).toBe(0);
    const none = paymentPlan({ ...SHEET, loan: { ...SHEET.loan, kind: "none" } }, 300_000_000);
    expect(none.loans).toEqual([]);
    expect(none.payments.every((line) => line.own === line.amount)).toBe(true);
  });

  test("a 중도금 without a date, or no 입주 date, leaves its interest out of the total and says so", () => {
    const plan = paymentPlan({ ...SHEET, moveInOn: null }, 300_000_000);
    expect(plan.deferredInterest).toBe(0);
    expect(plan.deferredInterestIncomplete).toBe(true);
    expect(plan.fullMonthlyInterest).toBe(337_500);
  });

  test("a rate is read from what a buyer types, and nothing that is not one", () => {
    expect(readRate("4.5")).toBe(450);
    expect(readRate(" 4.25 % ")).toBe(425);
    expect(readRate("0")).toBe(0);
    expect(readRate("30")).toBe(3_000);
    expect(readRate("31")).toBeNull();
    expect(readRate("4.555")).toBeNull();
    expect(readRate("-1")).toBeNull();
    expect(readRate("")).toBeNull();
  });

  test("the schedule's percentages are summed for the editor's check", () => {
    expect(percentTotal(SHEET.payments)).toBe(100);
  });
});

describe("the demo's 84A on 5–10층 (the browser test's case)", () => {
  test("4억 5,870만원: 5% twice, 10% six times, 30% at 입주; the whole 중도금 financed, 이자후불제", () => {
    // 458,700,000 × 5% = 22,935,000; × 10% = 45,870,000 (each a loan); 잔금 × 30% = 137,610,000.
    // Days to 입주 (2029-09-01): 779, 656, 535, 411, 290, 170 from the six 중도금 dates.
    // At 4.5%, each loan a year is 2,064,150; × days ÷ 365, cut below a won:
    //   4,405,405 + 3,709,814 + 3,025,534 + 2,324,289 + 1,640,009 + 961,384 = 16,066,435.
    // At 3.6%, 1,651,320 a year: 3,524,324 + 2,967,851 + 2,420,427 + 1,859,431 + 1,312,007 + 769,107 = 12,853,147.
    const price = priceFor(demoPriceSheet, "84A", 7)!;
    expect(price).toBe(458_700_000);
    const plan = paymentPlan(demoPriceSheet, price);
    expect(plan.payments.map((line) => line.amount)).toEqual([
      22_935_000, 22_935_000, 45_870_000, 45_870_000, 45_870_000, 45_870_000, 45_870_000, 45_870_000, 137_610_000,
    ]);
    expect(plan.loans.map((line) => line.daysToMoveIn)).toEqual([779, 656, 535, 411, 290, 170]);
    expect(plan.loans.map((line) => line.interestToMoveIn)).toEqual([4_405_405, 3_709_814, 3_025_534, 2_324_289, 1_640_009, 961_384]);
    expect(plan.deferredInterest).toBe(16_066_435);
    expect(plan.fullMonthlyInterest).toBe(1_032_075);
    expect(formatWon(plan.deferredInterest)).toBe("1,606만 6,435원");
    const atBuyersRate = paymentPlan(demoPriceSheet, price, readRate("3.6")!);
    expect(atBuyersRate.deferredInterest).toBe(12_853_147);
    expect(atBuyersRate.fullMonthlyInterest).toBe(825_660);
  });
});

describe("won as a notice writes it", () => {
  test("억 and 만 units with the rest in won, nothing rounded away", () => {
    expect(formatWon(458_700_000)).toBe("4억 5,870만원");
    expect(formatWon(400_000_000)).toBe("4억원");
    expect(formatWon(45_870_000)).toBe("4,587만원");
    expect(formatWon(4_587_000)).toBe("458만 7,000원");
    expect(formatWon(1_020_821)).toBe("102만 821원");
    expect(formatWon(5_000)).toBe("5,000원");
    expect(formatWon(0)).toBe("0원");
    expect(formatWon(1_234_500_000_000)).toBe("12,345억원");
    expect(fullWon(458_700_000)).toBe("458,700,000원");
  });
});
