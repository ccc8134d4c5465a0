import { describe, expect, test } from "vitest";
import { LeadFilterFormSchema, NoteFormSchema } from "./admin.ts";
import { LoginFormSchema, PressArticleSchema } from "./press.ts";
import { headerKey } from "./text.ts";

// PostgreSQL cannot store a NUL byte in text: a form that let one through answered 500.
describe("what people type loses control characters before it reaches the database", () => {
  test("press articles keep their line breaks", () => {
    const parsed = PressArticleSchema.parse({ title: "제목\u0000", summary: "요약\u0007", content: "첫 문단\n\n둘째\u0000 문단" });
    expect(parsed).toEqual({ title: "제목", summary: "요약", content: "첫 문단\n\n둘째 문단" });
  });

  test("a sign-in email made only of control characters is refused, not looked up", () => {
    expect(LoginFormSchema.safeParse({ email: "\u0000\u0001", password: "x" }).success).toBe(false);
  });

  test("the admin console's notes and searches", () => {
    expect(NoteFormSchema.parse({ body: "통화\u0000 완료\n내일 방문" })).toEqual({ body: "통화 완료\n내일 방문" });
    expect(LeadFilterFormSchema.parse({ q: "김\u0000하늘", source: "\u0000" })).toMatchObject({ q: "김하늘", source: undefined });
  });
});

test("a spreadsheet's header is compared without spaces, punctuation, a note in brackets or letter case", () => {
  expect(["연락처 (필수)", "수신거부 일시", "utm_source", "Amount spent (KRW)", "총비용(VAT포함,원)", "Ｐｈｏｎｅ"].map(headerKey)).toEqual(
    ["연락처", "수신거부일시", "utmsource", "amountspent", "총비용", "phone"],
  );
});
