import { z } from "zod";
import { isCalendarDay } from "#app/utils/kst.ts";
import { withoutControlCharacters } from "./text.ts";

/**
 * The subscription schedule's one form (분양 일정: 특별공급, 1순위 청약, … 계약), for adding an
 * entry and for editing one. Days are Korean calendar days ("2026-12-08"), as the office says them.
 */

/** What the title field offers; any other title (up to the limit) is fine too. */
export const SCHEDULE_TITLE_SUGGESTIONS = ["특별공급", "1순위 청약", "2순위 청약", "당첨자 발표", "계약"] as const;

export const SCHEDULE_TITLE_MAX = 100;
export const SCHEDULE_NOTE_MAX = 300;

export const SCHEDULE_MESSAGES = {
  title: "일정 이름을 입력해 주세요. 예: 1순위 청약",
  titleTooLong: `일정 이름은 ${SCHEDULE_TITLE_MAX}자 이내로 입력해 주세요.`,
  startsOn: "시작일을 2026-12-08처럼 실제 있는 날짜로 입력해 주세요.",
  endsOn: "종료일을 2026-12-10처럼 실제 있는 날짜로 입력하거나 비워 두세요.",
  endsBeforeStart: "종료일은 시작일과 같거나 그 뒤여야 합니다.",
  noteTooLong: `비고는 ${SCHEDULE_NOTE_MAX}자 이내로 입력해 주세요.`,
} as const;

const oneLine = (max: number, tooLong: string, missing?: string) =>
  z.string({ error: missing }).transform(withoutControlCharacters).pipe(z.string().trim().max(max, tooLong));

export const ScheduleEntrySchema = z
  .object({
    title: oneLine(SCHEDULE_TITLE_MAX, SCHEDULE_MESSAGES.titleTooLong, SCHEDULE_MESSAGES.title).pipe(
      z.string().min(1, SCHEDULE_MESSAGES.title),
    ),
    startsOn: z.string({ error: SCHEDULE_MESSAGES.startsOn }).trim().refine(isCalendarDay, SCHEDULE_MESSAGES.startsOn),
    // An empty field is a one-day entry.
    endsOn: z
      .string({ error: SCHEDULE_MESSAGES.endsOn })
      .trim()
      .optional()
      .transform((value) => value || null)
      .refine((value) => value === null || isCalendarDay(value), SCHEDULE_MESSAGES.endsOn),
    note: oneLine(SCHEDULE_NOTE_MAX, SCHEDULE_MESSAGES.noteTooLong, SCHEDULE_MESSAGES.noteTooLong).optional().default(""),
  })
  // Day strings of one fixed format compare as the days they name. Zod runs this even when a field
  // failed (so every error shows at once); a day that is not a day has its own message already.
  .refine((entry) => !isCalendarDay(entry.startsOn) || !isCalendarDay(entry.endsOn) || entry.endsOn >= entry.startsOn, {
    message: SCHEDULE_MESSAGES.endsBeforeStart,
    path: ["endsOn"],
  });

export type ScheduleEntryInput = z.infer<typeof ScheduleEntrySchema>;
