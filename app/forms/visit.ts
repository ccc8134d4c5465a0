import { LEAD_MESSAGES } from "./lead.ts";
import type { CapacityUnit, LeadKind } from "#app/vocabulary.ts";

/**
 * The visit form's date and time choice: what the page receives from the server and the words
 * around it. The server decides what is bookable (app/.server/visits/schedule.ts); the browser only shows it.
 */

export interface VisitSlotView {
  id: number;
  /** Korean time, "14:00". */
  time: string;
  remaining: number;
  /** What `remaining` counts: bookings ("3자리 남음") or visitors ("3명 남음"). */
  unit: CapacityUnit;
  /** "past": the time has gone by today; "full": no place left (its waitlist is open). Neither can be chosen. */
  state: "open" | "full" | "past";
}

export interface VisitDay {
  /** "2026-11-24". */
  day: string;
  /** "11월 24일 (화)". */
  label: string;
  /** "화": the picker's chip, named on the server so the form's code needs no calendar. */
  weekday: string;
  slots: VisitSlotView[];
  /** At least one slot can still be chosen. */
  bookable: boolean;
}

/** 방문 인원 when the pack names none. */
export const DEFAULT_MAX_PARTY_SIZE = 4;

export const PARTY_SIZE_TEXT = {
  label: "방문 인원",
  option: (count: number) => `${count}명`,
  hint: "함께 오시는 분을 포함한 인원입니다.",
} as const;

export const VISIT_PICKER_TEXT = {
  legend: "방문 일시",
  dates: "방문 날짜",
  times: (label: string) => `${label} 방문 시간`,
  remaining: (count: number, unit: CapacityUnit = "groups") => (unit === "people" ? `${count}명 남음` : `${count}자리 남음`),
  waitlist: "대기 신청",
  waitlistLabel: (time: string) => `${time} 마감, 대기 신청하기`,
  full: "마감",
  past: "종료",
  noneLeft: "예약 마감",
} as const;

/** The booking page (and the home's booking section) while the office has no day open for booking. */
export const NO_OPEN_DAYS_TEXT = {
  heading: "지금은 인터넷으로 예약할 수 있는 방문 날짜가 없습니다.",
  next: "상담 문의를 남기시거나 관심고객으로 등록해 주시면, 방문 예약이 열리는 대로 담당 상담원이 안내해 드립니다.",
  inquiry: "상담 문의 남기기",
  interest: "관심고객 등록",
} as const;

export const VISIT_MESSAGES = {
  chooseSlot: "방문하실 날짜와 시간을 선택해 주세요.",
  slotNotOnDate: "선택하신 날짜의 방문 시간을 다시 선택해 주세요.",
  full: "선택하신 시간은 방금 예약이 마감되었습니다.",
  closed: "선택하신 날짜는 견본주택 방문 예약을 받지 않습니다.",
  "outside-hours": "선택하신 시간은 견본주택 운영시간 밖이라 예약할 수 없습니다.",
  past: "선택하신 시간은 이미 지났습니다.",
  unknown: "선택하신 방문 시간을 찾을 수 없습니다.",
  partySize: (max: number) => `방문 인원은 1명에서 ${max}명 사이로 선택해 주세요.`,
  "not-offered": "대기하신 자리의 확정 기한이 지나 다음 순서로 넘어갔습니다.",
  "booked-that-day":
    "이 전화번호로 같은 날 견본주택 방문 예약이 이미 있습니다. 시간을 바꾸시려면 예약 안내 문자에 있는 링크에서 변경해 주세요.",
  sameDayAlternatives: (times: string[]) => `같은 날 예약 가능한 시간: ${times.join(", ")}`,
  otherDayAlternatives: (label: string, times: string[]) => `가장 빠른 예약 가능 일시: ${label} ${times.join(", ")}`,
  noAlternatives: "지금은 예약 가능한 시간이 없습니다. 대표번호로 문의해 주세요.",
  booked: (when: string) => `${when} 견본주택 방문 예약이 완료되었습니다. 예약 내용과 변경·취소 링크를 문자로 보내 드렸습니다.`,
} as const;

/** What a visitor reads once a lead form is stored: the booked time when a slot was booked. */
export function successMessage(kind: LeadKind, booked: { label: string } | null = null, receiptNumber: string | null = null) {
  const message = booked ? VISIT_MESSAGES.booked(booked.label) : kind === "inquiry" ? LEAD_MESSAGES.inquirySuccess : LEAD_MESSAGES.success;
  return receiptNumber ? `${message} ${LEAD_MESSAGES.receipt(receiptNumber)}` : message;
}

/** Why a waitlist could not be joined (app/.server/visits/waitlist.ts), as the visitor reads it. */
export const WAITLIST_REFUSALS = {
  "has-room": "이 시간은 지금 바로 예약하실 수 있습니다. 방문 예약 화면에서 예약해 주세요.",
  closed: VISIT_MESSAGES.closed,
  past: VISIT_MESSAGES.past,
  unknown: VISIT_MESSAGES.unknown,
  "outside-hours": VISIT_MESSAGES["outside-hours"],
  "too-many": "한 전화번호로는 동시에 세 시간까지 대기 신청하실 수 있습니다.",
  "booked-that-day": "이 전화번호로 같은 날 견본주택 방문 예약이 이미 있습니다. 시간을 바꾸시려면 예약 안내 문자의 링크를 이용해 주세요.",
} as const;
