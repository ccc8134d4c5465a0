import { describe, expect, test } from "vitest";
import { safeLink } from "./safe-link.ts";

describe("links the office types", () => {
  test.each([
    ["/SalesInfo/announcement", "/SalesInfo/announcement"],
    ["/Promotion/Customer?tab=visit#form", "/Promotion/Customer?tab=visit#form"],
    ["  /privacy  ", "/privacy"],
    ["/a/../privacy", "/privacy"],
    ["/모델하우스", "/%EB%AA%A8%EB%8D%B8%ED%95%98%EC%9A%B0%EC%8A%A4"],
    ["https://pf.kakao.com/_abcDEF", "https://pf.kakao.com/_abcDEF"],
    ["https://talk.example.co.kr/consult?x=1", "https://talk.example.co.kr/consult?x=1"],
    ["HTTPS://Example.COM", "https://example.com/"],
  ])("%j is kept as %j", (value, kept) => {
    expect(safeLink(value)).toBe(kept);
  });

  test.each([
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/\u0000/evil.example",
    "\t//evil.example",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\\/evil.example",
    "/\t\\evil.example",
    "java\tscript:alert(1)",
    "javascript:alert(1)",
    " JavaScript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "http://evil.example",
    "ftp://evil.example",
    "https://user:pass@evil.example",
    "https://evil.example@",
    "https://localhost/admin",
    "https://",
    "evil.example",
    "",
    "\t\n",
  ])("%j is refused", (value) => {
    expect(safeLink(value)).toBeNull();
  });

  test("a path is refused where only an address may be", () => {
    expect(safeLink("/privacy", { paths: false })).toBeNull();
    expect(safeLink("https://talk.example.co.kr", { paths: false })).toBe("https://talk.example.co.kr/");
  });

  test("what is kept reads the same to a browser: a path stays on the site", () => {
    for (const value of ["/a\tb", "/x\n/y", "/%2F%2Fevil.example"]) {
      const kept = safeLink(value);
      expect(kept).not.toBeNull();
      expect(new URL(kept!, "https://site.example").host).toBe("site.example");
    }
  });
});
