/**
 * Why a visit time could not be booked, moved, claimed or waited for, as the visitor reads it. Only
 * the server answers with these; they live apart from app/forms/visit.ts, whose words travel in the
 * visit form's chunk to every page that shows the form.
 */
export const VISIT_REFUSALS = {
  full: "선택하신 시간은 방금 예약이 마감되었습니다.",
  closed: "선택하신 날짜는 견본주택 방문 예약을 받지 않습니다.",
  "outside-hours": "선택하신 시간은 견본주택 운영시간 밖이라 예약할 수 없습니다.",
  past: "선택하신 시간은 이미 지났습니다.",
  unknown: "선택하신 방문 시간을 찾을 수 없습니다.",
  "not-offered": "대기하신 자리의 확정 기한이 지나 다음 순서로 넘어갔습니다.",
  "booked-that-day":
    "이 전화번호로 같은 날 견본주택 방문 예약이 이미 있습니다. 시간을 바꾸시려면 예약 안내 문자에 있는 링크에서 변경해 주세요.",
  sameDayAlternatives: (times: string[]) => `같은 날 예약 가능한 시간: ${times.join(", ")}`,
  otherDayAlternatives: (label: string, times: string[]) => `가장 빠른 예약 가능 일시: ${label} ${times.join(", ")}`,
  noAlternatives: "지금은 예약 가능한 시간이 없습니다. 대표번호로 문의해 주세요.",
} as const;

/** Why a waitlist could not be joined (app/.server/visits/waitlist.ts), as the visitor reads it. */
export const WAITLIST_REFUSALS = {
  "has-room": "이 시간은 지금 바로 예약하실 수 있습니다. 방문 예약 화면에서 예약해 주세요.",
  closed: VISIT_REFUSALS.closed,
  past: VISIT_REFUSALS.past,
  unknown: VISIT_REFUSALS.unknown,
  "outside-hours": VISIT_REFUSALS["outside-hours"],
  "too-many": "한 전화번호로는 동시에 세 시간까지 대기 신청하실 수 있습니다.",
  "booked-that-day": "이 전화번호로 같은 날 견본주택 방문 예약이 이미 있습니다. 시간을 바꾸시려면 예약 안내 문자의 링크를 이용해 주세요.",
} as const;
