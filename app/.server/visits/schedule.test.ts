import { describe, expect, test } from "vitest";
import type { VisitDay } from "#app/forms/visit.ts";
import { alternativesText, scheduleChangesAt } from "./schedule.ts";

const day = (date: string, label: string, slots: [string, "open" | "full" | "past"][]): VisitDay => ({
  day: date,
  label,
  weekday: label.slice(-2, -1),
  slots: slots.map(([time, state], index) => ({
    id: index + 1,
    time,
    state,
    remaining: state === "open" ? 3 : 0,
    unit: "groups" as const,
  })),
  bookable: slots.some(([, state]) => state === "open"),
});

describe("the alternatives a refused visitor is offered", () => {
  const schedule = [
    day("2026-11-24", "11월 24일 (화)", [
      ["10:00", "past"],
      ["11:00", "full"],
      ["15:00", "open"],
      ["16:00", "open"],
    ]),
    day("2026-11-25", "11월 25일 (수)", [
      ["10:00", "full"],
      ["11:00", "full"],
    ]),
    day("2026-11-26", "11월 26일 (목)", [
      ["10:00", "open"],
      ["11:00", "full"],
      ["12:00", "open"],
    ]),
  ];

  test("are the open times left that day", () => {
    expect(alternativesText(schedule, "2026-11-24")).toBe("같은 날 예약 가능한 시간: 15:00, 16:00");
  });

  test("are the next day with room when that day is full", () => {
    expect(alternativesText(schedule, "2026-11-25")).toBe("가장 빠른 예약 가능 일시: 11월 26일 (목) 10:00, 12:00");
  });

  test("send the visitor to the phone when nothing is left", () => {
    expect(alternativesText(schedule.slice(1, 2), "2026-11-25")).toBe("지금은 예약 가능한 시간이 없습니다. 대표번호로 문의해 주세요.");
  });
});

describe("when a page of visit times goes stale by the clock", () => {
  test("at the start of the first time not yet past, full or not (Korean time)", () => {
    const schedule = [
      day("2026-11-24", "11월 24일 (화)", [
        ["10:00", "past"],
        ["11:00", "full"],
        ["15:00", "open"],
      ]),
      day("2026-11-25", "11월 25일 (수)", [["10:00", "open"]]),
    ];
    expect(scheduleChangesAt(schedule)?.toISOString()).toBe("2026-11-24T02:00:00.000Z");
  });

  test("never, while nothing is listed", () => {
    expect(scheduleChangesAt([])).toBeNull();
  });
});
