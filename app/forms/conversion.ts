import { z } from "zod";
import { addDays, isCalendarDay, kstDay } from "#app/utils/kst.ts";

/** The conversion page's period: Korean calendar days, both included. */

/** Without a choice, the last 30 days up to today. */
export const CONVERSION_DEFAULT_DAYS = 30;
/** A longer period is a different question (a yearly report) and an expensive one. */
export const CONVERSION_MAX_DAYS = 366;

/**
 * The words for where a lead came from, one per thing, wherever the console names it (dashboard,
 * conversion, inbox filter, lead page, CSV).
 */
export const SOURCE_WORDS = {
  /** A lead with no campaign and no referring site. */
  direct: "직접 유입",
  utmSource: "유입 매체",
  utmMedium: "유입 방식",
  utmCampaign: "캠페인",
  referrerHost: "이전 사이트",
  /** A part of a campaign the link did not name. */
  missing: "(없음)",
} as const;

/** A campaign row's name: "naver / cpc / 11월 분양", a missing part "(없음)", none at all "직접 유입". */
export function campaignName(parts: ReadonlyArray<string | null | undefined>) {
  return parts.some(Boolean) ? parts.map((part) => part || SOURCE_WORDS.missing).join(" / ") : SOURCE_WORDS.direct;
}

const day = z.string().refine(isCalendarDay, "날짜가 올바르지 않습니다. 2026-11-24처럼 실제 있는 날짜로 입력해 주세요.");

export function defaultConversionPeriod(now = new Date()) {
  const to = kstDay(now);
  return { from: addDays(to, -(CONVERSION_DEFAULT_DAYS - 1)), to };
}

/** From the page's query string; a missing day takes the default period's. */
export function conversionPeriodSchema(now = new Date()) {
  const fallback = defaultConversionPeriod(now);
  return z
    .object({
      from: z.preprocess((value) => (value === "" || value === undefined ? fallback.from : value), day),
      to: z.preprocess((value) => (value === "" || value === undefined ? fallback.to : value), day),
    })
    .refine((period) => period.from <= period.to, { message: "시작일이 종료일보다 늦습니다. 기간을 다시 골라 주세요.", path: ["to"] })
    .refine((period) => period.from > addDays(period.to, -CONVERSION_MAX_DAYS), {
      message: `기간은 ${CONVERSION_MAX_DAYS}일 이내로 골라 주세요.`,
      path: ["from"],
    });
}

export type ConversionPeriod = { from: string; to: string };

const percent = new Intl.NumberFormat("ko-KR", { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat("ko-KR");

/** "12.5%", or "—" when there is nothing to divide by. */
export function formatRate(part: number, of: number) {
  return of === 0 ? "—" : percent.format(part / of);
}

export function formatCount(value: number) {
  return whole.format(value);
}
