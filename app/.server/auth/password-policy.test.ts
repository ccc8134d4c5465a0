import { describe, expect, test } from "vitest";
import { passwordProblem } from "./password-policy.ts";

const owner = { email: "sales.office@example.com", name: "김분양" };

describe("the password rule", () => {
  test("a long, uncommon password without the email or name passes", () => {
    expect(passwordProblem("blue-harbor-lantern-27", owner)).toBeNull();
  });

  test.each([
    ["short-1", "비밀번호는 10자 이상으로 정해 주세요."],
    ["x".repeat(201), "비밀번호는 200자 이내로 정해 주세요."],
    ["password123", "너무 흔히 쓰이는 비밀번호입니다. 다른 비밀번호를 정해 주세요."],
    ["Sales.Office@Example.com", "이메일 주소를 그대로 비밀번호로 쓸 수는 없습니다. 다른 비밀번호를 정해 주세요."],
    ["my-SALES.OFFICE-2026", "비밀번호에 이메일 주소의 아이디(sales.office)가 들어 있습니다. 아이디가 들어가지 않게 정해 주세요."],
    ["김분양의-새-비밀번호", "비밀번호에 이름(김분양)이 들어 있습니다. 이름이 들어가지 않게 정해 주세요."],
  ])("%s is refused with the rule it breaks", (password, message) => {
    expect(passwordProblem(password, owner)).toBe(message);
  });

  test("a mailbox of three letters is not looked for, as it turns up in too many good passwords", () => {
    expect(passwordProblem("kimchi-harbor-lantern", { email: "kim@example.com" })).toBeNull();
  });
});
