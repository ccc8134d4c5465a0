import type { PriceSheet } from "#app/utils/payment-plan.ts";

const manwon = (figures: Array<number | null>, types: string[]) =>
  Object.fromEntries(types.map((type, index) => [type, figures[index] == null ? null : figures[index]! * 10_000]));

const TYPES = ["59A", "59B", "84A", "84B", "84C", "84OA", "114A", "114B"];

/**
 * The demo's 분양가 and 납부 일정 (fictional): 계약금 10% in two parts, 중도금 60% in six, 잔금 30%
 * at 입주; the whole 중도금 financed, 이자후불제. 84A on 5–10층 is the browser test's worked example.
 */
export const demoPriceSheet: PriceSheet = {
  types: TYPES,
  bands: [
    { from: 2, to: 4, prices: manwon([34_200, 33_800, 44_900, 44_300, 43_900, 39_800, null, null], TYPES) },
    { from: 5, to: 10, prices: manwon([35_100, 34_700, 45_870, 45_200, 44_800, 40_500, 61_500, 60_800], TYPES) },
    { from: 11, to: 20, prices: manwon([35_900, 35_500, 46_900, 46_200, 45_700, 41_200, 62_900, 62_100], TYPES) },
    { from: 21, to: 29, prices: manwon([36_600, 36_200, 47_800, 47_100, 46_500, null, 64_300, 63_500], TYPES) },
  ],
  payments: [
    { stage: "deposit", round: 1, percent: 5, dueOn: "2027-02-15" },
    { stage: "deposit", round: 2, percent: 5, dueOn: "2027-03-15" },
    { stage: "interim", round: 1, percent: 10, dueOn: "2027-07-15" },
    { stage: "interim", round: 2, percent: 10, dueOn: "2027-11-15" },
    { stage: "interim", round: 3, percent: 10, dueOn: "2028-03-15" },
    { stage: "interim", round: 4, percent: 10, dueOn: "2028-07-17" },
    { stage: "interim", round: 5, percent: 10, dueOn: "2028-11-15" },
    { stage: "interim", round: 6, percent: 10, dueOn: "2029-03-15" },
    { stage: "balance", round: 1, percent: 30, dueOn: null },
  ],
  loan: { kind: "deferred-interest", share: 100, rateBasisPoints: 450 },
  moveInOn: "2029-09-01",
};
