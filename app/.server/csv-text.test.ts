import { describe, expect, it } from "vitest";
import { csvDelimiter, decodeCsvText } from "./csv-text.ts";

describe("an uploaded CSV's text", () => {
  it("reads UTF-8 and drops the byte-order mark Excel writes before it", () => {
    expect(decodeCsvText(Buffer.from("\uFEFF이름,연락처\n홍길동,010-1234-5678", "utf8"))).toBe("이름,연락처\n홍길동,010-1234-5678");
  });

  it("reads CP949 (EUC-KR), what a Korean Windows Excel saves as CSV", () => {
    // 홍길동 in EUC-KR, then ",1".
    expect(decodeCsvText(Buffer.from([0xc8, 0xab, 0xb1, 0xe6, 0xb5, 0xbf, 0x2c, 0x31]))).toBe("홍길동,1");
  });
});

describe("a CSV's column separator", () => {
  it("is the one its first line holds most of: commas, tabs or semicolons", () => {
    expect(csvDelimiter("이름,연락처,메모\n홍길동,010-1234-5678,주말 상담; 오후")).toBe(",");
    expect(csvDelimiter("이름\t연락처\t메모\r\n홍길동\t010-1234-5678\t1,2층")).toBe("\t");
    expect(csvDelimiter("전화번호;날짜\n01012345678;2026-11-24")).toBe(";");
  });

  it("is a comma when the first line has none (a list of numbers only, a title above the table)", () => {
    expect(csvDelimiter("01012345678\n01087654321")).toBe(",");
    expect(csvDelimiter("")).toBe(",");
  });
});
