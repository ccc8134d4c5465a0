import { describe, expect, test } from "vitest";
import { parseLeadForm } from "./lead-schema.ts";
import { CONSENT_VALUE, PHONE_PATTERN_ATTRIBUTE } from "./lead.ts";

const valid = { name: "김하늘", phone: "010-1234-5678", message: "주말 방문 희망", consent: CONSENT_VALUE };

describe("lead forms", () => {
  test.each(["01012345678", "010-1234-5678", "010 1234 5678", "011-123-4567", "0161234567"])(
    "accept the spec's mobile format %s and store it as digits",
    (phone) => {
      const result = parseLeadForm("visit", { ...valid, phone });
      expect(result).toMatchObject({ ok: true, values: { phone: phone.replace(/\D/g, "") } });
    },
  );

  test.each(["02-123-4567", "010-12-5678", "010--1234-5678", "010123456789", "phone"])("refuse %s with the format hint", (phone) => {
    const result = parseLeadForm("visit", { ...valid, phone });
    expect(result).toEqual({
      ok: false,
      errors: { phone: "휴대폰 번호를 정확히 입력해 주세요. 예: 01012345678 또는 010-1234-5678" },
    });
  });

  test("name in Korean and required fields each get their own message", () => {
    expect(parseLeadForm("inquiry", {})).toEqual({
      ok: false,
      errors: {
        name: "이름을 입력해 주세요.",
        phone: "연락처를 입력해 주세요.",
        consent: "개인정보 수집·이용에 동의해 주세요.",
      },
    });
  });

  test("a blank name is no name", () => {
    expect(parseLeadForm("interest", { ...valid, name: "   " })).toMatchObject({
      ok: false,
      errors: { name: "이름을 입력해 주세요." },
    });
  });

  test("consent must be ticked", () => {
    expect(parseLeadForm("interest", { ...valid, consent: undefined })).toMatchObject({
      ok: false,
      errors: { consent: "개인정보 수집·이용에 동의해 주세요." },
    });
  });

  test("the message is optional and trimmed, and unknown fields are dropped", () => {
    const result = parseLeadForm("visit", { ...valid, message: "  ", admin: "true" });
    expect(result).toEqual({
      ok: true,
      values: { name: "김하늘", phone: "01012345678", message: "", consent: CONSENT_VALUE, marketing: false },
    });
  });

  test("the advertising consent is optional: unticked (or anything but the box's value) is no consent, never an error", () => {
    expect(parseLeadForm("interest", valid)).toMatchObject({ ok: true, values: { marketing: false } });
    expect(parseLeadForm("interest", { ...valid, marketing: CONSENT_VALUE })).toMatchObject({ ok: true, values: { marketing: true } });
    expect(parseLeadForm("inquiry", { ...valid, marketing: "on" })).toMatchObject({ ok: true, values: { marketing: false } });
  });

  test("control characters, which the database cannot store, are dropped; a message keeps its line breaks", () => {
    const result = parseLeadForm("visit", { ...valid, name: "김\u0000하늘\u0007", message: "첫 줄\r\n\u0000둘째\t줄\u001b" });
    expect(result).toMatchObject({ ok: true, values: { name: "김하늘", message: "첫 줄\r\n둘째\t줄" } });
    expect(parseLeadForm("interest", { ...valid, name: "\u0000\u0001\u0002" })).toMatchObject({
      ok: false,
      errors: { name: "이름을 입력해 주세요." },
    });
  });

  test("the popup keeps no message", () => {
    const parsed = parseLeadForm("interest", { ...valid, message: "팝업에는 문의 칸이 없습니다" });
    expect(parsed.ok && parsed.values.message).toBeUndefined();
  });

  test("a message over 1,000 characters is refused", () => {
    expect(parseLeadForm("inquiry", { ...valid, message: "가".repeat(1001) })).toMatchObject({
      ok: false,
      errors: { message: "문의 내용은 1,000자 이내로 입력해 주세요." },
    });
  });

  test("the pattern attribute agrees with the schema under the browser's v flag", () => {
    const attribute = new RegExp(`^(?:${PHONE_PATTERN_ATTRIBUTE})$`, "v");
    for (const phone of ["01012345678", "010-1234-5678", "010 1234 5678"]) expect(attribute.test(phone)).toBe(true);
    for (const phone of ["02-123-4567", "010--1234-5678"]) expect(attribute.test(phone)).toBe(false);
  });
});
