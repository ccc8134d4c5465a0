import { describe, expect, test } from "vitest";
import { formatKoreanDate, formatKst, kstDay, kstInstant, kstTime, addDays, weekdayName } from "./kst.ts";

describe("Korean time", () => {
  test("a late UTC evening is already the next morning in Korea", () => {
    const instant = new Date("2026-11-23T15:30:00Z");
    expect(kstDay(instant)).toBe("2026-11-24");
    expect(kstTime(instant)).toBe("00:30");
    expect(formatKst(instant)).toBe("2026-11-24 00:30");
  });

  test("a Korean day and time name one instant, whatever the machine's zone", () => {
    expect(kstInstant("2026-11-24", "14:00").toISOString()).toBe("2026-11-24T05:00:00.000Z");
  });

  test("days shift across months and years", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-12-01", -1)).toBe("2026-11-30");
  });

  test("dates read the way a Korean text message writes them", () => {
    expect(formatKoreanDate("2026-11-24")).toBe("11월 24일 (화)");
    expect(weekdayName("2026-11-22")).toBe("일");
  });
});
