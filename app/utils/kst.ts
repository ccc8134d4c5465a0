/**
 * Korean time, whatever the server's or the browser's zone. Korea has kept UTC+9 without
 * daylight saving since 1988, so the arithmetic is exact and the server and the browser render
 * the same text.
 */
const KST_OFFSET_MS = 9 * 60 * 60 * 1000;

const WEEKDAYS = ["일", "월", "화", "수", "목", "금", "토"] as const;

/** "2026-11-22 09:05", or with seconds "2026-11-22 09:05:41". */
export function formatKst(date: Date | string, { seconds = false } = {}) {
  const iso = new Date(new Date(date).getTime() + KST_OFFSET_MS).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, seconds ? 19 : 16)}`;
}

/** The Korean calendar day of an instant: "2026-11-22". */
export function kstDay(date: Date) {
  return new Date(date.getTime() + KST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The Korean wall-clock time of an instant: "14:00". */
export function kstTime(date: Date | string) {
  return new Date(new Date(date).getTime() + KST_OFFSET_MS).toISOString().slice(11, 16);
}

/** The instant a Korean day and wall-clock time name: ("2026-11-24", "14:00") → 05:00 UTC. */
export function kstInstant(day: string, time: string) {
  return new Date(`${day}T${time}:00+09:00`);
}

/** The calendar day `days` after the given day string (negative: before): addDays("2026-12-31", 1) is "2027-01-01". */
export function addDays(day: string, days: number) {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year!, month! - 1, date! + days)).toISOString().slice(0, 10);
}

/** A "2026-11-24" that names a real calendar day ("2026-02-31" does not). */
export function isCalendarDay(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return addDays(value, 0) === value;
}

/** 0 (Sunday) to 6 (Saturday) for a day string. */
export function weekdayOf(day: string) {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** "11월 24일 (화)" — how a date reads in a message or on a button. */
export function formatKoreanDate(day: string) {
  const [, month, date] = day.split("-").map(Number);
  return `${month}월 ${date}일 (${WEEKDAYS[weekdayOf(day)]})`;
}

/** "화" for a day string. */
export function weekdayName(day: string) {
  return WEEKDAYS[weekdayOf(day)]!;
}

// ---- Months ("2026-11"), for the monthly review of the access records ----

/** "2026-11" → "2026-10". */
export function previousMonth(month: string) {
  const [year, number] = month.split("-").map(Number);
  return number === 1 ? `${year! - 1}-12` : `${year}-${String(number! - 1).padStart(2, "0")}`;
}

export function nextMonth(month: string) {
  const [year, number] = month.split("-").map(Number);
  return number === 12 ? `${year! + 1}-01` : `${year}-${String(number! + 1).padStart(2, "0")}`;
}

/** The Korean month of an instant: "2026-11". */
export function kstMonth(date: Date) {
  return new Date(date.getTime() + 9 * 60 * 60 * 1000).toISOString().slice(0, 7);
}
