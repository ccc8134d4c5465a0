import { describe, expect, test } from "vitest";
import { hashPassword, verifyPassword } from "./password.ts";

describe("a password hash", () => {
  test("is made at production's cost unless the caller names another", async () => {
    expect((await hashPassword("correct horse battery staple")).split("$")[1]).toBe(String(2 ** 15));
  });

  test("carries its cost, so a lower one (the tests' accounts) verifies the right password only", async () => {
    const stored = await hashPassword("correct horse battery staple", { cost: 2 ** 10 });
    expect(stored.split("$")[1]).toBe(String(2 ** 10));
    expect(await verifyPassword("correct horse battery staple", stored)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", stored)).toBe(false);
  });
});
