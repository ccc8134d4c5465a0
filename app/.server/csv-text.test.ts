import { describe, expect, it } from "vitest";
import { decodeCsvText } from "./csv-text.ts";

describe("an uploaded CSV's text", () => {
  it("reads UTF-8 and drops the byte-order mark Excel writes before it", () => {
    expect(decodeCsvText(Buffer.from("\uFEFF이름,연락처\n홍길동,010-1234-5678", "utf8"))).toBe("이름,연락처\n홍길동,010-1234-5678");
  });

  it("reads CP949 (EUC-KR), what a Korean Windows Excel saves as CSV", () => {
    // 홍길동 in EUC-KR, then ",1".
    expect(decodeCsvText(Buffer.from([0xc8, 0xab, 0xb1, 0xe6, 0xb5, 0xbf, 0x2c, 0x31]))).toBe("홍길동,1");
  });
});
