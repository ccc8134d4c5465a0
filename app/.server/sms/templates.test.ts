import { describe, expect, test } from "vitest";
import { fillTemplate } from "#app/forms/message-templates.ts";
import { readTemplateValues } from "./templates.ts";

describe("reading a template's values back from its text", () => {
  test("each variable's value, a repeated variable read once, regex signs in the text taken literally", () => {
    const template = "#{현장명} (안내)\n#{고객명}님, #{방문일} 예약. #{고객명}님 감사합니다 [*]";
    const values = { 현장명: "[온빛채]", 고객명: "김*늘", 방문일: "12월 8일(화)" };
    expect(readTemplateValues(template, fillTemplate(template, values))).toEqual({
      "#{현장명}": "[온빛채]",
      "#{고객명}": "김*늘",
      "#{방문일}": "12월 8일(화)",
    });
  });

  test("a text that is not the template filled in gives nothing", () => {
    expect(readTemplateValues("#{고객명}님, 예약이 확정되었습니다.", "김*늘님, 예약이 취소되었습니다.")).toBeNull();
    expect(readTemplateValues("#{고객명}님 #{고객명}", "김*늘님 이*솔")).toBeNull();
  });
});
