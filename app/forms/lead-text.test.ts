import { describe, expect, test } from "vitest";
import { composeText, leadTextFormSchema, smsLength, smsLengthLabel } from "./lead-text.ts";

const wrap = { prefix: "(광고)[온빛채]", suffix: "무료수신거부 080-000-0000" };
const schema = leadTextFormSchema({ wrap, advertisingTemplates: ["remaining-units"] });

describe("a text's length is counted as carriers count it", () => {
  test("Korean letters are two bytes and the rest one; 90 bytes is still an SMS, 91 an LMS", () => {
    expect(smsLengthLabel(smsLength("안녕하세요 abc"))).toBe("SMS 14/90바이트");
    expect(smsLength("가".repeat(45))).toMatchObject({ type: "SMS", bytes: 90 });
    expect(smsLengthLabel(smsLength(`${"가".repeat(45)}a`))).toBe("LMS 91/2000바이트");
  });

  test("a text over 2,000 bytes is refused, counting the advertising marks", () => {
    expect(schema.safeParse({ body: "가".repeat(1000) }).success).toBe(true);
    expect(schema.safeParse({ body: "가".repeat(1000), advertising: "yes" }).success).toBe(false);
  });
});

describe("the text form", () => {
  test("an advertising template makes the text advertising, ticked or not", () => {
    expect(schema.parse({ body: "안내", template: "remaining-units" })).toMatchObject({ advertising: true });
    expect(schema.parse({ body: "안내", template: "thanks" })).toMatchObject({ advertising: false });
    expect(schema.parse({ body: "안내", advertising: "yes" })).toMatchObject({ advertising: true });
  });

  test("line breaks are kept, control characters dropped, and the marks cannot be typed by hand", () => {
    expect(schema.parse({ body: "첫 줄\r\n둘째\u0000 줄" }).body).toBe("첫 줄\n둘째 줄");
    expect(schema.safeParse({ body: "(광고) 특가" }).success).toBe(false);
    expect(schema.safeParse({ body: "   " }).success).toBe(false);
  });

  test("an advertising text starts with (광고) and the sender, and ends with the opt-out number", () => {
    expect(composeText("본문", true, wrap)).toBe("(광고)[온빛채]\n본문\n무료수신거부 080-000-0000");
    expect(composeText("본문", false, wrap)).toBe("본문");
  });
});
