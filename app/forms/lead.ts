/**
 * What the three lead forms (registration popup, visit reservation, inquiry) share: limits,
 * messages and words. The schemas themselves are in ./lead-schema.ts, which the browser loads
 * only when a visitor submits, so pages don't pay for the validator up front.
 */

import type { LeadKind } from "#app/vocabulary.ts";

/** Each kind's JSON endpoint (app/routes/actions/*). */
export const LEAD_ENDPOINTS: Record<LeadKind, string> = {
  interest: "/actions/interest",
  visit: "/actions/visit",
  inquiry: "/actions/inquiry",
};

/** The spec's mobile-number pattern (§5), as a JavaScript regular expression. */
export const PHONE_PATTERN = /^01[0-9][-\s]?[0-9]{3,4}[-\s]?[0-9]{4}$/;
/** The same pattern for the `pattern` attribute (anchored by the browser; `-` escaped for the `v` flag). */
export const PHONE_PATTERN_ATTRIBUTE = "01[0-9][\\-\\s]?[0-9]{3,4}[\\-\\s]?[0-9]{4}";
export const PHONE_HINT = "예: 01012345678 또는 010-1234-5678";

/**
 * What a name is: Hangul or Latin letters, words joined by one space, a middle dot or a hyphen.
 * Nothing else, so a name can never carry a link, a number or an instruction into a text message.
 */
export const NAME_PATTERN = /^[가-힣A-Za-z]+(?:[ ·ㆍ-][가-힣A-Za-z]+)*$/;
/** The same pattern for the `pattern` attribute (the browser anchors it; `-` escaped for the `v` flag). */
export const NAME_PATTERN_ATTRIBUTE = "[가-힣A-Za-z]+(?:[ ·ㆍ\\-][가-힣A-Za-z]+)*";
export const NAME_HINT = "한글 또는 영문으로, 띄어쓰기와 ·, - 는 쓸 수 있습니다.";
export const NAME_MAX = 20;
export const MESSAGE_MAX = 1000;

/** Forms sent sooner than this after their token was handed out are taken for robots (strict policy). */
export const MIN_FILL_MS = 2_000;
/** A page's token is fetched again past this age, well before the server's two-hour expiry. */
export const FORM_TOKEN_REFRESH_MS = 90 * 60_000;
/**
 * What a form's token field holds in the rendered page: the server puts a fresh token in its
 * place in every response (app/entry.server.tsx), so a page can be cached and still hand each
 * visitor their own token. A form rendered in the browser fetches one (/actions/token).
 */
export function formTokenSlot(kind: LeadKind) {
  return `@form-token:${kind}@`;
}

/** The value a ticked consent checkbox sends (the required one, and the optional one for advertising texts). */
export const CONSENT_VALUE = "yes";

/** The spec's result messages (§8) and the server's refusals, as buyers read them. */
export const LEAD_MESSAGES = {
  success: "등록이 완료되었습니다. 전문상담원이 곧 연락드립니다.",
  /** Shown with a check mark (the spec's), drawn by ResultText. */
  inquirySuccess: "등록이 완료되었습니다. 전문상담원이 곧 연락드립니다.",
  failed: "등록에 실패했습니다. 다시 시도해주세요.",
  networkError: "오류가 발생했습니다. 잠시 후 다시 시도해주세요.",
  invalid: "입력하신 내용을 확인해주세요.",
  tooMany: "짧은 시간에 등록 요청이 너무 많습니다. 잠시 후 다시 시도해주세요.",
  tooLarge: "보내신 내용이 너무 깁니다. 내용을 줄여 다시 시도해주세요.",
  /** After the success message: the number the office and the confirmation text know the lead by. */
  receipt: (receiptNumber: string) => `접수번호는 ${receiptNumber}입니다.`,
} as const;

/**
 * The inquiry page, while times can be booked: a visit is booked by choosing a time, never written
 * into the message. Here rather than in ./visit.ts, whose words travel in the visit form's chunk.
 */
export const BOOK_BY_TIME_TEXT = {
  note: "견본주택 방문은 날짜와 시간을 골라 바로 예약하실 수 있습니다.",
  link: "방문 예약하기",
} as const;

/** The words of the lead forms around the fields (labels, buttons, notices). */
export const LEAD_FORM_TEXT = {
  name: { label: "이름", placeholder: "이름을 입력해 주세요" },
  phone: { label: "연락처", placeholder: "010-1234-5678" },
  message: {
    label: "문의내용",
    placeholder: "궁금하신 점을 자유롭게 남겨 주세요.",
    /** Under the visit form's date and time choice, where the visit time is already chosen. */
    placeholderWithTimes: "궁금하신 점이나 미리 알려 주실 내용을 남겨 주세요.",
  },
  /** The optional unit type (and the unit picked on the 잔여세대 page). */
  unitType: { label: "관심 타입", none: "선택 안 함", chosenUnit: "선택한 세대" },
  required: "필수",
  optional: "선택",
  /** The optional consent to advertising texts (정보통신망법 제50조): unticked unless the visitor ticks it. */
  marketing: "(선택) 분양 소식·이벤트 등 광고성 정보 문자 수신에 동의합니다",
  consent: {
    details: "자세히 보기",
    purpose: "수집·이용 목적",
    items: "수집 항목",
    retention: "보유·이용 기간",
    refusal: "동의를 거부할 권리",
    privacyLink: "개인정보처리방침 전문 보기",
    newWindow: "(새 창)",
  },
  honeypot: "이 칸은 비워 두세요",
  submit: { interest: "관심고객 등록하기", visit: "방문 예약하기", inquiry: "상담 신청하기" },
  busy: { interest: "등록 중…", visit: "예약 접수 중…", inquiry: "보내는 중…" },
  close: "닫기",
  retry: "다시 입력하기",
  /** The visit result's button, which opens the form again: to book another time, or to send another request. */
  writeAgain: { withTimes: "다른 시간 예약하기", withoutTimes: "다른 예약 접수하기" },
  loading: "잠시만 기다려 주세요…",
  popupTitle: "관심고객 등록",
  facts: { modelHouse: "견본주택", hours: "운영시간", salesPhone: "분양문의", consultation: "상담전화" },
} as const;
