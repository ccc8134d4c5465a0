import { kstDay, weekdayName } from "./kst.ts";

/**
 * The schedule's dates against today in Korea: a Korean pre-sale site counts down to the next
 * step ("1순위 청약 D-3") and turns to "D-DAY" when the step is on, whatever the server's zone.
 */

export interface DatedEntry {
  title: string;
  startsOn: string;
  endsOn: string | null;
}

export type EntryTiming = "past" | "today" | "upcoming";

/** Whole calendar days from one day string to another ("2026-12-01" → "2026-12-04" is 3). */
export function daysBetween(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Where an entry stands on the Korean calendar day `today`: a span is "today" on each of its days. */
export function entryTiming(entry: Pick<DatedEntry, "startsOn" | "endsOn">, today: string): EntryTiming {
  if ((entry.endsOn ?? entry.startsOn) < today) return "past";
  return entry.startsOn <= today ? "today" : "upcoming";
}

/** "D-3", or "D-DAY" on the entry's day (and through its last day). */
export function dDayLabel(entry: Pick<DatedEntry, "startsOn" | "endsOn">, now: Date) {
  const days = daysBetween(kstDay(now), entry.startsOn);
  return days > 0 ? `D-${days}` : "D-DAY";
}

/** The entry the home page counts down to: the first not over yet in Korea, with its label; none after the last. */
export function nextEntry<Entry extends DatedEntry>(entries: Entry[], now: Date): { entry: Entry; label: string } | null {
  const today = kstDay(now);
  const entry = [...entries]
    .sort((a, b) => a.startsOn.localeCompare(b.startsOn))
    .find((candidate) => entryTiming(candidate, today) !== "past");
  return entry ? { entry, label: dDayLabel(entry, now) } : null;
}

/** "2026.12.08 (화)" — one day of the schedule as Korean sale notices write it. */
export function formatScheduleDay(day: string) {
  return `${day.replaceAll("-", ".")} (${weekdayName(day)})`;
}

/** "2026.12.08 (화)", or a span "2026.12.20 (일) ~ 12.22 (화)" (the end's year only when it differs). */
export function formatScheduleDays(entry: Pick<DatedEntry, "startsOn" | "endsOn">) {
  const start = formatScheduleDay(entry.startsOn);
  if (!entry.endsOn || entry.endsOn === entry.startsOn) return start;
  const end = formatScheduleDay(entry.endsOn);
  return `${start} ~ ${entry.endsOn.slice(0, 4) === entry.startsOn.slice(0, 4) ? end.slice(5) : end}`;
}
