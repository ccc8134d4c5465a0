import { describe, expect, test } from "vitest";
import { fill } from "./template.ts";

describe("filling a content pack's template", () => {
  test("puts each value in its placeholder", () => {
    expect(fill("{senderName} {date} 방문", { senderName: "[온빛채]", date: "2026-12-01" })).toBe("[온빛채] 2026-12-01 방문");
  });

  test("a particle written as (으)로, 이(가), 을(를) … after a placeholder becomes the one the value takes", () => {
    const text = "{salesPhone}(으)로 연락 주세요.";
    expect(fill(text, { salesPhone: "1661-0000" })).toBe("1661-0000으로 연락 주세요.");
    expect(fill(text, { salesPhone: "1588-1234" })).toBe("1588-1234로 연락 주세요.");
    expect(fill("{staffName}이(가) 안내해 드립니다.", { staffName: "김하늘" })).toBe("김하늘이 안내해 드립니다.");
    expect(fill("{staffName}이(가) 안내해 드립니다.", { staffName: "이수아" })).toBe("이수아가 안내해 드립니다.");
    expect(fill("{unit}을(를) 보세요", { unit: "84A" })).toBe("84A를 보세요");
    expect(fill("{day}(으)로부터 1년", { day: "2026-12-01" })).toBe("2026-12-01로부터 1년");
  });

  test("leaves a placeholder without a value as written, particle and all, and words after a value as they are", () => {
    expect(fill("{salesPhone}(으)로 연락", {})).toBe("{salesPhone}(으)로 연락");
    expect(fill("{salesPhone}번으로 연락", { salesPhone: "1661-0000" })).toBe("1661-0000번으로 연락");
    expect(fill("{date}에 동의", { date: "2024-11-25" })).toBe("2024-11-25에 동의");
  });
});
