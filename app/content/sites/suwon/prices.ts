import type { PriceSheet } from "#app/utils/payment-plan.ts";

const TYPES = ["24A", "24B", "29A", "35A"];
const manwon = (figures: Array<number | null>) =>
  Object.fromEntries(TYPES.map((type, index) => [type, figures[index] == null ? null : figures[index]! * 10_000]));

/** The demo's 분양가 and 납부 일정 (fictional): officetels, 계약금 10%, 중도금 50% in five (무이자), 잔금 40%. */
export const demoPriceSheet: PriceSheet = {
  types: TYPES,
  bands: [
    { from: 3, to: 9, prices: manwon([28_900, 28_500, 33_700, 40_900]) },
    { from: 10, to: 19, prices: manwon([29_600, 29_200, 34_500, 41_900]) },
    { from: 20, to: 28, prices: manwon([30_400, 29_900, 35_300, 42_900]) },
  ],
  payments: [
    { stage: "deposit", round: 1, percent: 10, dueOn: "2027-01-20" },
    { stage: "interim", round: 1, percent: 10, dueOn: "2027-06-21" },
    { stage: "interim", round: 2, percent: 10, dueOn: "2027-11-22" },
    { stage: "interim", round: 3, percent: 10, dueOn: "2028-04-20" },
    { stage: "interim", round: 4, percent: 10, dueOn: "2028-09-20" },
    { stage: "interim", round: 5, percent: 10, dueOn: "2029-01-22" },
    { stage: "balance", round: 1, percent: 40, dueOn: null },
  ],
  loan: { kind: "interest-free", share: 100, rateBasisPoints: 0 },
  moveInOn: "2029-06-30",
};
