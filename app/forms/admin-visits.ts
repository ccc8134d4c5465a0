import { z } from "zod";
import { isCalendarDay } from "#app/utils/kst.ts";
import { PLACE_HOLDING_STATUSES, type AttendanceStatus, type BookingReviewReason, type BookingStatus } from "#app/vocabulary.ts";
import { VisitMarkFields } from "./admin.ts";
import { wholeNumber } from "./numbers.ts";

/** The visit schedule page's words and its one form (each button sends an `intent`). */

export const ATTENDANCE_LABELS: Record<AttendanceStatus, string> = {
  booked: "예약",
  visited: "방문",
  no_show: "노쇼",
};

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  ...ATTENDANCE_LABELS,
  cancelled: "취소",
  moved: "다른 시간으로 변경",
};

/** The places a slot's bookings take: cancelled and moved ones take none. */
export function placesTaken(bookings: { status: BookingStatus }[]) {
  return bookings.filter((booking) => (PLACE_HOLDING_STATUSES as readonly BookingStatus[]).includes(booking.status)).length;
}

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
  ],
  { error: "알 수 없는 요청입니다." },
);
