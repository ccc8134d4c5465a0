import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { formValuesOf, PRICE_MESSAGES, PriceSheetFormSchema, withTypes } from "./prices.ts";

const TYPES = ["59A", "84A"];

/** A post as the editor sends it: its fields named as Conform names them. */
function post(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return parseWithZod(form, { schema: PriceSheetFormSchema, disableAutoCoercion: true });
}

const GOOD = {
  intent: "publish",
  "bands[0].from": "2",
  "bands[0].to": "5",
  "bands[0].prices[0]": "32,500",
  "bands[0].prices[1]": "",
  "bands[1].from": "6",
  "bands[1].to": "20",
  "bands[1].prices[0]": "33500",
  "bands[1].prices[1]": "45870",
  "payments[0].percent": "10",
  "payments[0].dueOn": "2027-01-15",
  "payments[2].percent": "30",
  "payments[2].dueOn": "2027-06-15",
  "payments[3].percent": "30",
  "payments[3].dueOn": "2027-12-15",
  "payments[8].percent": "30",
  "payments[8].atMoveIn": "on",
  loanKind: "deferred-interest",
  loanShare: "100",
  loanRate: "4.5",
  moveInOn: "2029-03-01",
};

describe("the price editor's form", () => {
  test("a good post becomes a sheet in won, rounds renumbered, the pack's types as columns", () => {
    const submission = post(GOOD);
    expect(submission.status).toBe("success");
    if (submission.status !== "success" || submission.value.intent === "withdraw") return;
    const sheet = withTypes(submission.value.sheet, TYPES);
    expect(sheet.bands).toEqual([
      { from: 2, to: 5, prices: { "59A": 325_000_000, "84A": null } },
      { from: 6, to: 20, prices: { "59A": 335_000_000, "84A": 458_700_000 } },
    ]);
    expect(sheet.payments.map(({ stage, round, percent, dueOn }) => [stage, round, percent, dueOn])).toEqual([
      ["deposit", 1, 10, "2027-01-15"],
      ["interim", 1, 30, "2027-06-15"],
      ["interim", 2, 30, "2027-12-15"],
      ["balance", 1, 30, null],
    ]);
    expect(sheet.loan).toEqual({ kind: "deferred-interest", share: 100, rateBasisPoints: 450 });
    // And back into the form it came from (the rounds now in the rows they were renumbered to).
    const values = formValuesOf(sheet, TYPES);
    expect(values.bands[1]).toEqual({ from: "6", to: "20", prices: ["33500", "45870"] });
    expect(values.payments[8]).toEqual({ percent: "30", dueOn: "", atMoveIn: "on" });
    expect(values.loanRate).toBe("4.5");
  });

  test("percentages not summing to 100 are refused with the total they make", () => {
    const submission = post({ ...GOOD, "payments[8].percent": "25" });
    expect(submission.status).toBe("error");
    expect(submission.reply().error?.payments).toEqual([PRICE_MESSAGES.sum(95)]);
  });

  test("every problem is told beside its own field at once", () => {
    const submission = post({
      ...GOOD,
      "bands[1].from": "4",
      "bands[0].prices[0]": "삼억",
      "payments[3].dueOn": "2027-02-30",
      "payments[8].dueOn": "2030-01-01",
      moveInOn: "",
      loanRate: "45",
    });
    expect(submission.reply().error).toMatchObject({
      "bands[1].from": [PRICE_MESSAGES.overlap(2, 5)],
      "bands[0].prices[0]": [PRICE_MESSAGES.price],
      "payments[3].dueOn": [PRICE_MESSAGES.due],
      "payments[8].dueOn": [PRICE_MESSAGES.dueTwice],
      moveInOn: [PRICE_MESSAGES.moveInRequired],
      loanRate: [PRICE_MESSAGES.rate],
    });
  });

  test("an empty table and a missing 잔금 are refused", () => {
    const submission = post({ intent: "save", loanKind: "none", "payments[0].percent": "100", "payments[0].dueOn": "2027-01-15" });
    expect(submission.reply().error).toMatchObject({
      bands: [PRICE_MESSAGES.noBands],
      "payments[8].percent": [PRICE_MESSAGES.percentRequired("잔금")],
    });
  });
});
