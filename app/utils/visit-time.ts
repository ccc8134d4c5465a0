import { kstDay, kstTime, weekdayName } from "./kst.ts";

/** A visit's time in a list cell or a CSV: "11.25(수) 14:00", Korean time. */
export function formatVisitTime(at: Date | string) {
  const instant = new Date(at);
  const day = kstDay(instant);
  const [, month, date] = day.split("-").map(Number);
  return `${month}.${date}(${weekdayName(day)}) ${kstTime(instant)}`;
}
