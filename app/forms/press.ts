// zod/mini keeps the publishing form's browser check small (see app/forms/lead.ts).
import * as z from "zod/mini";

/**
 * The press forms: publishing or editing an article, and the administrator's sign-in.
 * Client-safe: the browser checks with the same schema before sending, the server decides with it.
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

export const PressArticleSchema = z.object({
  title: z
    .string({ error: PRESS_MESSAGES.required })
    .check(z.trim(), z.minLength(1, PRESS_MESSAGES.required), z.maxLength(PRESS_TITLE_MAX, PRESS_MESSAGES.titleTooLong)),
  summary: z
    .string({ error: PRESS_MESSAGES.required })
    .check(
      z.trim(),
      z.minLength(1, PRESS_MESSAGES.required),
      z.maxLength(PRESS_SUMMARY_MAX, PRESS_MESSAGES.summaryTooLong),
    ),
  content: z.pipe(
    z.optional(z.string().check(z.maxLength(PRESS_CONTENT_MAX, PRESS_MESSAGES.contentTooLong))),
    z.transform((value) => (value ?? "").replace(/\r\n?/g, "\n").trim()),
  ),
});

export type PressArticleInput = z.infer<typeof PressArticleSchema>;

export const LoginFormSchema = z.object({
  email: z
    .string({ error: PRESS_MESSAGES.loginInvalid })
    .check(z.trim(), z.minLength(1, PRESS_MESSAGES.loginInvalid), z.maxLength(254, PRESS_MESSAGES.loginInvalid)),
  password: z
    .string({ error: PRESS_MESSAGES.loginInvalid })
    .check(z.minLength(1, PRESS_MESSAGES.loginInvalid), z.maxLength(1024, PRESS_MESSAGES.loginInvalid)),
});

/** The first message of a failed parse, for one alert or one line under the form. */
export function firstError(error: z.core.$ZodError): string {
  return error.issues[0]?.message ?? PRESS_MESSAGES.required;
}
