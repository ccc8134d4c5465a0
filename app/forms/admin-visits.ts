import { z } from "zod";
import { isCalendarDay } from "#app/utils/kst.ts";
import {
  CAPACITY_UNITS,
  PLACE_HOLDING_STATUSES,
  type BookingReviewReason,
  type BookingStatus,
  type CapacityUnit,
  type WaitlistStatus,
} from "#app/vocabulary.ts";
import { ATTENDANCE_LABELS, VisitMarkFields } from "./admin.ts";
import { wholeNumber } from "./numbers.ts";

/** The visit schedule page's words and its one form (each button sends an `intent`). */

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  ...ATTENDANCE_LABELS,
  cancelled: "취소",
  moved: "다른 시간으로 변경",
};

/**
 * A visitor's line on 오늘 할 일: the booked time, and how the visit went once it is marked
 * ("16:00 예약", "16:00 예약 · 방문"; not "16:00 방문 · 방문").
 */
export function todayVisitLine(time: string, status: BookingStatus) {
  return status === "booked" ? `${time} 예약` : `${time} 예약 · ${BOOKING_STATUS_LABELS[status]}`;
}

/** The places a slot's bookings take as the site counts them (a place each, or one per visitor); cancelled and moved ones take none. */
export function placesTaken(bookings: { status: BookingStatus; partySize?: number }[], unit: CapacityUnit = "groups") {
  return bookings
    .filter((booking) => (PLACE_HOLDING_STATUSES as readonly BookingStatus[]).includes(booking.status))
    .reduce((sum, booking) => sum + (unit === "people" ? (booking.partySize ?? 1) : 1), 0);
}

/** What a capacity counts, as the office chooses it. */
export const CAPACITY_UNIT_LABELS: Record<CapacityUnit, string> = {
  groups: "예약 건수 (일행 수와 관계없이 한 건이 한 자리)",
  people: "방문 인원 (일행 한 명이 한 자리)",
};

/** Where a waitlist entry stands, as the schedule says it. */
export const WAITLIST_STATUS_LABELS: Record<WaitlistStatus, string> = {
  waiting: "대기 중",
  offered: "자리 안내함",
  claimed: "예약 확정",
  passed: "기한 지나 다음 순서로",
  withdrawn: "대기 취소",
};

export const HOLD_MINUTES = { min: 5, max: 240 } as const;
export const SAME_DAY_REMINDER_HOURS_MAX = 12;

/** Why a booking waits for review, as the office reads it. */
export const BOOKING_REVIEW_LABELS: Record<BookingReviewReason, string> = {
  "site-burst": "짧은 시간에 예약이 몰림",
  "address-burst": "같은 곳에서 여러 건 예약",
};

/** Who cancelled or moved a booking, as the schedule says it. */
export const CUSTOMER_ACTOR = "고객";

/** How many days the page lists from the chosen start. */
export const SCHEDULE_DAYS = 14;
export const CAPACITY_MAX = 200;

const day = z.string().refine(isCalendarDay, "날짜가 올바르지 않습니다.");
const id = wholeNumber();
/** The bookings a review answer is about: ids separated by commas (one hidden field, so the page needs no script). */
const bookingIds = z
  .string()
  .regex(/^\d{1,10}(?:,\d{1,10}){0,499}$/, "검토할 예약이 올바르지 않습니다.")
  .transform((value) => value.split(",").map(Number))
  .pipe(z.array(z.number().int().positive().max(2_147_483_647, "검토할 예약이 올바르지 않습니다.")));
const slotChoice = wholeNumber({ message: "옮길 시간을 골라 주세요." });

export const VisitScheduleFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("open-day"), day }),
    z.object({ intent: z.literal("close-day"), day }),
    /** After the page listed the day's booked visitors: close, cancel their bookings and text them. */
    z.object({ intent: z.literal("close-day-confirmed"), day }),
    z.object({
      intent: z.literal("capacity"),
      slotId: id,
      capacity: wholeNumber({ min: 0, max: CAPACITY_MAX, message: `인원은 0명에서 ${CAPACITY_MAX}명 사이의 정수로 입력해 주세요.` }),
    }),
    /** 방문 / 노쇼 as on the lead and customer pages: the booking and its lead change together. */
    z.object({ intent: z.literal("attendance"), ...VisitMarkFields }),
    z.object({ intent: z.literal("cancel-booking"), bookingId: id }),
    z.object({ intent: z.literal("move-booking"), bookingId: id, slotId: slotChoice }),
    /** A burst under review is spam: its places are freed, its texts withdrawn, its leads marked as spam. */
    z.object({ intent: z.literal("burst-spam"), bookingIds }),
    /** These flagged bookings are genuine: the flag is cleared, they keep their places. */
    z.object({ intent: z.literal("burst-clear"), bookingIds }),
    /** How the site counts places, holds a waitlist's offer and reminds on the day. */
    z.object({
      intent: z.literal("visit-settings"),
      capacityUnit: z.enum(CAPACITY_UNITS, { error: "정원을 세는 방법을 골라 주세요." }),
      holdMinutes: wholeNumber({
        ...HOLD_MINUTES,
        message: `자리를 잡아 두는 시간은 ${HOLD_MINUTES.min}분에서 ${HOLD_MINUTES.max}분 사이의 정수로 입력해 주세요.`,
      }),
      sameDayReminderHours: wholeNumber({
        min: 0,
        max: SAME_DAY_REMINDER_HOURS_MAX,
        message: `당일 안내 시각은 0시간(보내지 않음)에서 ${SAME_DAY_REMINDER_HOURS_MAX}시간 사이의 정수로 입력해 주세요.`,
      }),
    }),
    /** Takes someone out of a time's waitlist (they called); a place held for them goes to the next. */
    z.object({ intent: z.literal("waitlist-withdraw"), entryId: id }),
  ],
  { error: "알 수 없는 요청입니다." },
);
