import { z } from "zod";
import { addDays, isCalendarDay, kstDay, nextMonth, previousMonth, weekdayOf } from "#app/utils/kst.ts";
import { PERFORMANCE_UNITS, type PerformanceUnit } from "#app/vocabulary.ts";

/** The team performance page's period (/admin/performance): a Korean day, week (Monday first) or month. Client-safe. */

export const PERFORMANCE_UNIT_LABELS: Record<PerformanceUnit, string> = { day: "일", week: "주", month: "월" };

export interface PerformancePeriod {
  unit: PerformanceUnit;
  /** The first day of the period and the day after its last, Korean calendar days. */
  from: string;
  until: string;
}

/** The period of `unit` that holds `day`. */
export function periodOf(unit: PerformanceUnit, day: string): PerformancePeriod {
  if (unit === "day") return { unit, from: day, until: addDays(day, 1) };
  if (unit === "week") {
    const monday = addDays(day, -((weekdayOf(day) + 6) % 7));
    return { unit, from: monday, until: addDays(monday, 7) };
  }
  const month = day.slice(0, 7);
  return { unit, from: `${month}-01`, until: `${nextMonth(month)}-01` };
}

/** The period before or after this one. */
export function stepPeriod(period: PerformancePeriod, step: -1 | 1): PerformancePeriod {
  if (period.unit === "month") {
    const month = period.from.slice(0, 7);
    return periodOf("month", `${step < 0 ? previousMonth(month) : nextMonth(month)}-01`);
  }
  return periodOf(period.unit, addDays(period.from, step * (period.unit === "week" ? 7 : 1)));
}

/** "2026-11-23 ~ 2026-11-29", or one day. */
export function periodLabel(period: PerformancePeriod) {
  const last = addDays(period.until, -1);
  return period.from === last ? period.from : `${period.from} ~ ${last}`;
}

export const PERFORMANCE_MESSAGES = {
  unit: "기간 단위는 일·주·월 중에서 골라 주세요.",
  day: "날짜가 올바르지 않습니다. 2026-11-24처럼 실제 있는 날짜로 입력해 주세요.",
} as const;

/** From the page's query string (?unit=week&at=2026-11-24); without them, this week. */
export function performancePeriodSchema(now = new Date()) {
  return z
    .object({
      unit: z.preprocess(
        (value) => (value === "" || value === undefined ? "week" : value),
        z.enum(PERFORMANCE_UNITS, { error: PERFORMANCE_MESSAGES.unit }),
      ),
      at: z.preprocess(
        (value) => (value === "" || value === undefined ? kstDay(now) : value),
        z.string().refine(isCalendarDay, PERFORMANCE_MESSAGES.day),
      ),
    })
    .transform(({ unit, at }) => periodOf(unit, at));
}

/** The table's columns, in order: each number's header, shared by the page, the chart and the files. */
export const PERFORMANCE_COLUMNS = [
  { key: "assigned", header: "배정" },
  { key: "firstWithinHour", header: "1시간 내 첫 연락" },
  { key: "firstWithinDay", header: "24시간 내 첫 연락" },
  { key: "calls", header: "통화" },
  { key: "reached", header: "통화 성공" },
  { key: "visits", header: "방문" },
  { key: "contracts", header: "계약" },
] as const;

export type PerformanceCounts = Record<(typeof PERFORMANCE_COLUMNS)[number]["key"], number>;
