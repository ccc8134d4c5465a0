import { describe, expect, test } from "vitest";
import { INTEGER_COLUMN_MAX, readWholeNumber, wholeNumber } from "./numbers.ts";

describe("whole numbers from forms and URLs", () => {
  test.each([
    ["1", 1],
    ["2147483647", INTEGER_COLUMN_MAX],
    ["007", 7],
  ])("%s reads as %d", (value, number) => {
    expect(readWholeNumber(value)).toBe(number);
  });

  test.each(["2147483648", "0", "-1", "1e309", "1e3", "1.5", "abc", "", " 7", "+7", "0x10", "99999999999", "１"])(
    "%j is no id",
    (value) => {
      expect(readWholeNumber(value)).toBeUndefined();
    },
  );

  test("a column's own range bounds it", () => {
    expect(readWholeNumber("0", { min: 0, max: 999 })).toBe(0);
    expect(readWholeNumber("1000", { min: 0, max: 999 })).toBeUndefined();
  });

  test("the form field refuses with its own message", () => {
    const field = wholeNumber({ min: 0, max: 999, message: "순서를 확인해 주세요." });
    expect(field.parse("12")).toBe(12);
    const refused = field.safeParse("2147483648");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("순서를 확인해 주세요.");
    expect(field.safeParse(undefined).error?.issues[0]?.message).toBe("순서를 확인해 주세요.");
  });
});
