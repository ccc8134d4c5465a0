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
  partySize: (max: number) => `방문 인원은 1명에서 ${max}명 사이로 선택해 주세요.`,
  booked: (when: string) => `${when} 견본주택 방문 예약이 완료되었습니다. 예약 내용과 변경·취소 링크를 문자로 보내 드렸습니다.`,
} as const;

/** What a visitor reads once a lead form is stored: the booked time when a slot was booked. */
export function successMessage(kind: LeadKind, booked: { label: string } | null = null, receiptNumber: string | null = null) {
  const message = booked ? VISIT_MESSAGES.booked(booked.label) : kind === "inquiry" ? LEAD_MESSAGES.inquirySuccess : LEAD_MESSAGES.success;
  return receiptNumber ? `${message} ${LEAD_MESSAGES.receipt(receiptNumber)}` : message;
}
