import { describe, expect, test } from "vitest";
import { formatCursor, parseArticleId, parseCursor } from "./press.ts";

describe("press list cursors", () => {
  test("round-trip with PostgreSQL's microseconds", () => {
    const cursor = { date: "2026-11-22T09:15:00.123456Z", id: 42 };
    expect(parseCursor(formatCursor(cursor))).toEqual(cursor);
  });

  test.each([
    "",
    "42",
    "2026-11-22T09:15:00Z_42",
    "2026-02-30T00:00:00.000000Z_1",
    "2026-13-01T00:00:00.000000Z_1",
    "2026-11-22T09:15:00.123456Z_99999999999",
    "2026-11-22T09:15:00.123456Z_1; drop table press_articles",
  ])("refuse anything else: %j", (value) => {
    expect(parseCursor(value)).toBeUndefined();
  });
});

describe("article ids from URLs", () => {
  test("are positive 32-bit integers written plainly", () => {
    expect(parseArticleId("17")).toBe(17);
    for (const value of ["0", "-1", "017", "1e3", "abc", "2147483648", undefined]) expect(parseArticleId(value)).toBeUndefined();
  });
});
