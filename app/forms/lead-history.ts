import { kstDay, kstTime } from "#app/utils/kst.ts";
import type { BookingStatus, HandBackReason, LeadEventKind } from "#app/vocabulary.ts";
import { BOOKING_STATUS_LABELS } from "./admin-visits.ts";
import { contactSentence, followUpSentence, gradeSentence } from "./contacts.ts";

/**
 * A lead's history in sentences, as the timeline on the lead and customer pages reads them. Each
 * kind of lead event has its sentence here; the object must name every kind in LEAD_EVENT_KINDS,
 * so a new kind does not typecheck until it is worded. Each sentence takes only the fields it
 * reads, so the server's detail shapes (app/.server/leads/events.ts) pass to it as they are.
 */

/** "11월 25일 14:00" for an instant (an ISO string); anything else is shown as it came. */
export function bookingTimeLabel(value: string) {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return value;
  return `${dayLabel(kstDay(instant))} ${kstTime(instant)}`;
}

/** "11월 25일" for "2026-11-25". */
export function dayLabel(day: string) {
  const [, month, date] = day.split("-").map(Number);
  return month && date ? `${month}월 ${date}일` : day;
}

const ASSIGN_HOW: Record<"manual" | "bulk" | "round-robin" | "taken" | "returning", string> = {
  manual: "배정",
  bulk: "일괄 배정",
  "round-robin": "자동 배정(순서대로)",
  taken: "배정 (직접 배정받음)",
  returning: "자동 배정(이 고객의 담당자)",
};

function attendanceSentence(detail: { from: BookingStatus; to: BookingStatus }) {
  const verb = detail.to === "visited" ? "방문 처리" : detail.to === "no_show" ? "노쇼 처리" : "방문 표시 되돌림";
  return `${verb} (${BOOKING_STATUS_LABELS[detail.from]} → ${BOOKING_STATUS_LABELS[detail.to]})`;
}

export const LEAD_EVENT_SENTENCES = {
  assigned: (detail: { assigneeName: string | null; assigneeId: number | null; how: keyof typeof ASSIGN_HOW }) =>
    detail.assigneeId === null
      ? "담당자 배정 해제 (미배정으로)"
      : `${detail.assigneeName || "이름 없는 계정"} 님에게 ${ASSIGN_HOW[detail.how]}`,
  "text-sent": (detail: { advertising: boolean }) => (detail.advertising ? "광고 문자 발송" : "문자 발송"),
  "visit-marked": attendanceSentence,
  "visit-booked": (detail: { startsAt: string; partySize: number }) =>
    `방문 예약 (${bookingTimeLabel(detail.startsAt)}, ${detail.partySize}명)`,
  "visit-cancelled": (detail: { by: "customer" | "staff"; startsAt: string }) =>
    `${detail.by === "customer" ? "고객이 예약 취소" : "예약 취소"} (${bookingTimeLabel(detail.startsAt)})`,
  "visit-moved": (detail: { by: "customer" | "staff"; from: string; to: string }) =>
    `${detail.by === "customer" ? "고객이 예약 시간 변경" : "예약 시간 변경"} (${bookingTimeLabel(detail.from)} → ${bookingTimeLabel(detail.to)})`,
  "day-closed": (detail: { date: string; texted: boolean }) =>
    `예약일 마감으로 취소${detail.texted ? "·안내 문자" : ""} (${dayLabel(detail.date)})`,
  resubmitted: (detail: { sameBrowser: boolean; receiptNumber?: string }) =>
    detail.sameBrowser
      ? "같은 번호로 다시 접수"
      : `같은 번호로 다시 접수 (다른 기기에서${detail.receiptNumber ? `, 안내한 접수번호 ${detail.receiptNumber}` : ""})`,
  transferred: (detail: { fromName: string | null; assigneeName: string }) =>
    `${detail.fromName || "이름 없는 계정"} 님의 요청으로 ${detail.assigneeName || "이름 없는 계정"} 님에게 이관`,
  recycled: (detail: { fromName: string | null; days: number }) =>
    `${detail.days}일 동안 연락 기록이 없어 미배정으로 돌아감 (${detail.fromName || "이름 없는 계정"} 님 담당이었음)`,
  "handed-back": (detail: { fromName: string | null; why: HandBackReason }) =>
    `${detail.fromName || "이름 없는 계정"} 님이 ${detail.why === "disabled" ? "사용 중지되어" : "이 사이트에서 빠져"} 미배정으로 돌아감`,
  "customer-merged": (detail: { fromId: number; intoId: number }) => `고객 기록 합침 (고객 #${detail.fromId} → 고객 #${detail.intoId})`,
  contact: contactSentence,
  graded: gradeSentence,
  "follow-up": followUpSentence,
  imported: (detail: { source: string }) => `가져오기로 등록 (출처: ${detail.source})`,
  unit: (detail: { unit: string; change: "held" | "released" | "contracted" | "contract-undone"; until?: string }) =>
    ({
      held: `${detail.unit} 홀드 (상담 중${detail.until ? `, ${bookingTimeLabel(detail.until)}까지` : ""})`,
      released: `${detail.unit} 홀드 해제`,
      contracted: `${detail.unit} 계약 완료`,
      "contract-undone": `${detail.unit} 계약 되돌림`,
    })[detail.change],
} satisfies Record<LeadEventKind, (detail: never) => string>;

/** Who did it, as the timeline names them: "관리자 이매니저", the customer, or the system. */
export function actorLabel(actor: { name: string | null; roleLabel: string | null; email: string | null }, kind?: LeadEventKind) {
  if (actor.email === null) return kind === "visit-cancelled" || kind === "visit-moved" || kind === "resubmitted" ? "고객" : "자동";
  const name = actor.name || actor.email;
  return actor.roleLabel ? `${actor.roleLabel} ${name}` : name;
}
