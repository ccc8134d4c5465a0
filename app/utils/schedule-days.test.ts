import { describe, expect, test } from "vitest";
import { daysBetween, dDayLabel, entryTiming, formatScheduleDays, nextEntry } from "./schedule-days.ts";

const firstRank = { title: "1순위 청약", startsOn: "2026-12-08", endsOn: null };
const contract = { title: "계약", startsOn: "2026-12-20", endsOn: "2026-12-22" };

describe("the D-day of a schedule entry", () => {
  test("counts Korean calendar days, turning over at midnight in Korea rather than UTC", () => {
    // 23:59:59 on 12-04 in Korea is 14:59:59 UTC; one second later it is 12-05 in Korea.
    expect(dDayLabel(firstRank, new Date("2026-12-04T14:59:59Z"))).toBe("D-4");
    expect(dDayLabel(firstRank, new Date("2026-12-04T15:00:00Z"))).toBe("D-3");
  });

  test("is D-DAY from midnight in Korea on the day, even while it is still the day before in UTC", () => {
    expect(dDayLabel(firstRank, new Date("2026-12-07T14:59:59Z"))).toBe("D-1");
    expect(dDayLabel(firstRank, new Date("2026-12-07T15:00:00Z"))).toBe("D-DAY");
  });

  test("counts across a month and a year", () => {
    expect(daysBetween("2026-12-31", "2027-01-01")).toBe(1);
    expect(daysBetween("2027-02-27", "2027-03-01")).toBe(2);
  });
});

describe("the entry the home page counts down to", () => {
  test("is the first one not over yet, whatever order the entries come in", () => {
    expect(nextEntry([contract, firstRank], new Date("2026-12-05T01:00:00Z"))).toEqual({ entry: firstRank, label: "D-3" });
  });

  test("stays D-DAY through an entry's last day, then moves on", () => {
    expect(nextEntry([firstRank, contract], new Date("2026-12-21T03:00:00Z"))).toEqual({ entry: contract, label: "D-DAY" });
    expect(nextEntry([firstRank, contract], new Date("2026-12-22T15:00:00Z"))).toBeNull();
  });

  test("is none when there is no schedule", () => {
    expect(nextEntry([], new Date())).toBeNull();
  });
});

describe("where an entry stands today", () => {
  test("past, today (on any day of its span) or upcoming", () => {
    expect(entryTiming(contract, "2026-12-19")).toBe("upcoming");
    expect(entryTiming(contract, "2026-12-20")).toBe("today");
    expect(entryTiming(contract, "2026-12-22")).toBe("today");
    expect(entryTiming(contract, "2026-12-23")).toBe("past");
    expect(entryTiming(firstRank, "2026-12-09")).toBe("past");
  });
});

describe("how an entry's days read", () => {
  test("one day, or a span with the end's year only when it changes", () => {
    expect(formatScheduleDays(firstRank)).toBe("2026.12.08 (화)");
    expect(formatScheduleDays(contract)).toBe("2026.12.20 (일) ~ 12.22 (화)");
    expect(formatScheduleDays({ startsOn: "2026-12-30", endsOn: "2027-01-02" })).toBe("2026.12.30 (수) ~ 2027.01.02 (토)");
  });
});
