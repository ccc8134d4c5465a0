import { describe, expect, test } from "vitest";
import { withParticle } from "./particles.ts";

describe("particles chosen by the word", () => {
  test("follow a final consonant (받침) or its absence", () => {
    expect(withParticle("공고문", "을/를")).toBe("공고문을");
    expect(withParticle("계약 서류", "을/를")).toBe("계약 서류를");
    expect(withParticle("모델하우스", "이/가")).toBe("모델하우스가");
    expect(withParticle("분양 일정", "이/가")).toBe("분양 일정이");
    expect(withParticle("팝업", "은/는")).toBe("팝업은");
    expect(withParticle("보도자료", "은/는")).toBe("보도자료는");
    expect(withParticle("동의문", "와/과")).toBe("동의문과");
  });

  test("take 로 after ㄹ and a vowel, 으로 after any other final consonant", () => {
    expect(withParticle("서울", "으로/로")).toBe("서울로");
    expect(withParticle("대구", "으로/로")).toBe("대구로");
    expect(withParticle("수원", "으로/로")).toBe("수원으로");
  });

  test("read numbers and Latin letters as they are said", () => {
    expect(withParticle("84A", "을/를")).toBe("84A를");
    expect(withParticle("PDF", "을/를")).toBe("PDF를");
    expect(withParticle("HTML", "을/를")).toBe("HTML을");
    expect(withParticle("84", "이/가")).toBe("84가");
    expect(withParticle("3", "이/가")).toBe("3이");
    expect(withParticle("10", "은/는")).toBe("10은");
    expect(withParticle("2026-01", "와/과")).toBe("2026-01과");
    expect(withParticle("v2", "와/과")).toBe("v2와");
    expect(withParticle("7", "으로/로")).toBe("7로");
    expect(withParticle("1661-0000", "으로/로")).toBe("1661-0000으로");
  });

  test("look past closing brackets and quotes to the word inside", () => {
    expect(withParticle("「분양 공고」", "을/를")).toBe("「분양 공고」를");
    expect(withParticle("「모델하우스 개관」", "은/는")).toBe("「모델하우스 개관」은");
    expect(withParticle("(84A)", "이/가")).toBe("(84A)가");
  });
});
