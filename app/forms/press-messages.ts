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
  loginLocked: "로그인 시도가 너무 많습니다. 15분 후에 다시 시도해 주세요.",
} as const;

export const LOGIN_FAILED_PREFIX = "로그인 실패: ";
