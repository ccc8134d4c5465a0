import { describe, expect, test } from "vitest";
import { formatPhone, maskPhone, normalizePhone, telHref } from "./phone.ts";

describe("phone numbers", () => {
  test("are normalised to digits whatever separators were typed", () => {
    expect(normalizePhone("010-1234-5678")).toBe("01012345678");
    expect(normalizePhone("010 1234 5678")).toBe("01012345678");
    expect(normalizePhone(" 01012345678 ")).toBe("01012345678");
  });

  test("are shown with dashes in the usual groups", () => {
    expect(formatPhone("01012345678")).toBe("010-1234-5678");
    expect(formatPhone("0111234567")).toBe("011-123-4567");
    expect(formatPhone("16610000")).toBe("1661-0000");
  });

  test("show landlines with their area code: Seoul's 02, the others' three digits", () => {
    expect(formatPhone("0212345678")).toBe("02-1234-5678");
    expect(formatPhone("021234567")).toBe("02-123-4567");
    expect(formatPhone("0531234567")).toBe("053-123-4567");
    expect(formatPhone("07012345678")).toBe("070-1234-5678");
  });

  test("show 050 personal numbers with their four-digit prefix", () => {
    expect(formatPhone("05041234567")).toBe("0504-123-4567");
    expect(formatPhone("050512345678")).toBe("0505-1234-5678");
  });

  test("leave an unrecognised number as it was given", () => {
    expect(formatPhone("12-345")).toBe("12-345");
  });

  test("are masked for logs, keeping only the prefix and the last four digits", () => {
    expect(maskPhone("01012345678")).toBe("010-****-5678");
    expect(maskPhone("010-1234-5678")).not.toContain("1234");
  });

  test("become tel: links of digits", () => {
    expect(telHref("1661-0000")).toBe("tel:16610000");
  });
});
