/**
 * Times in the admin console are Korean time whatever the server's or the browser's zone.
 * Korea has kept UTC+9 without daylight saving since 1988, so the arithmetic is exact and the
 * server and the browser render the same text.
 */
const KST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** "2026-11-22 09:05", or with seconds "2026-11-22 09:05:41". */
export function formatKst(date: Date | string, { seconds = false } = {}) {
  const iso = new Date(new Date(date).getTime() + KST_OFFSET_MS).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, seconds ? 19 : 16)}`;
}

/** The Korean calendar day of an instant: "2026-11-22". */
export function kstDay(date: Date) {
  return new Date(date.getTime() + KST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The Korean calendar day `days` before (negative: after) the given day string. */
export function shiftDay(day: string, days: number) {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year!, month! - 1, date! - days)).toISOString().slice(0, 10);
}

/** The first `max` characters of a message on one line, with an ellipsis when cut. */
export function shorten(text: string, max = 40) {
  const line = text.replace(/\s+/g, " ").trim();
  const letters = [...line];
  return letters.length > max ? `${letters.slice(0, max).join("")}…` : line;
}
