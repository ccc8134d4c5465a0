/**
 * The press forms' limits and messages, apart from their schemas (./press.ts) so that a page
 * showing a message does not carry the validator.
 */

export const PRESS_TITLE_MAX = 200;
export const PRESS_SUMMARY_MAX = 1000;
export const PRESS_CONTENT_MAX = 50_000;

export const PRESS_MESSAGES = {
  /** The spec's alert (§5, §8). */
  required: "제목/요약은 필수입니다!",
  titleTooLong: `제목은 ${PRESS_TITLE_MAX}자 이내로 입력해 주세요.`,
  summaryTooLong: `요약은 ${PRESS_SUMMARY_MAX}자 이내로 입력해 주세요.`,
  contentTooLong: `본문은 ${PRESS_CONTENT_MAX.toLocaleString("en-US")}자 이내로 입력해 주세요.`,
  /** Shown after "로그인 실패: "; the same whether or not the email belongs to an administrator. */
  loginInvalid: "이메일 또는 비밀번호가 올바르지 않습니다.",
  publication: "발행 방법을 골라 주세요.",
  scheduleMissing: "예약 발행할 날짜와 시각을 입력해 주세요.",
  scheduleInPast: "예약 발행 시각이 이미 지났습니다. 지금 이후의 날짜와 시각을 골라 주세요.",
} as const;

/**
 * Where an article stands: a draft is seen only in the console; a scheduled article (dated in
 * the future) appears to visitors once its date comes; a published one is public.
 */
export const PRESS_STATUSES = ["published", "scheduled", "draft"] as const;
export type PressStatus = (typeof PRESS_STATUSES)[number];

export const PRESS_STATUS_LABELS: Record<PressStatus, string> = {
  published: "발행됨",
  scheduled: "예약 발행",
  draft: "임시 저장",
};

/** What saving in the console's editor does with the article. */
export const PRESS_PUBLICATIONS = ["draft", "now", "scheduled"] as const;
export type PressPublication = (typeof PRESS_PUBLICATIONS)[number];

export const PRESS_PUBLICATION_LABELS: Record<PressPublication, string> = {
  draft: "임시 저장",
  now: "지금 발행",
  scheduled: "예약 발행",
};

/** What a save did, for the message after it. */
export const PRESS_SAVE_RESULTS = ["saved", "published", "scheduled"] as const;
export type PressSaveResult = (typeof PRESS_SAVE_RESULTS)[number];

export const LOGIN_FAILED_PREFIX = "로그인 실패: ";
