import { POPUP_ORIGIN } from "../../playwright.config.ts";

/**
 * The notice popups the setup project makes on the popups server (its own database: a live popup
 * there covers no other spec's page), and what popups.spec.ts expects of them.
 */
export { POPUP_ORIGIN };

/** Live from the minute the setup ran until a week later, in this order. */
export const LIVE_POPUPS = ["견본주택 그랜드 오픈", "1순위 청약 일정"] as const;
/** Ended before the tests ran. */
export const ENDED_POPUP = "지난 계약 일정 안내";

/** The Korean date and minute of an instant: "2026-11-24", "23:50". */
export function kstDayAndTime(at: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: "Asia/Seoul",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The first instant of the next Korean day after `at`. */
export function nextKstMidnight(at: Date) {
  const { day } = kstDayAndTime(at);
  return new Date(new Date(`${day}T00:00:00+09:00`).getTime() + 24 * 60 * 60 * 1000);
}
