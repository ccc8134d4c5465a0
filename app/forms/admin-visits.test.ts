import { describe, expect, test } from "vitest";
import { todayVisitLine } from "./admin-visits.ts";

describe("todayVisitLine", () => {
  test("a booked visitor reads as the time of the booking, and a marked one adds how the visit went without saying 방문 twice", () => {
    expect(todayVisitLine("16:00", "booked")).toBe("16:00 예약");
    expect(todayVisitLine("16:00", "visited")).toBe("16:00 예약 · 방문");
    expect(todayVisitLine("16:00", "no_show")).toBe("16:00 예약 · 노쇼");
  });
});
