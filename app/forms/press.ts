// zod/mini keeps the publishing form's browser check small (see app/forms/lead.ts).
import * as z from "zod/mini";
import { withoutControlCharacters, withoutControlCharactersExceptLineBreaks } from "./text.ts";
import { PRESS_CONTENT_MAX, PRESS_MESSAGES, PRESS_SUMMARY_MAX, PRESS_TITLE_MAX } from "./press-messages.ts";

/**
 * The press forms: publishing or editing an article, and the administrator's sign-in.
 * Client-safe: the browser checks with the same schema before sending, the server decides with it.
 */

export const PressArticleSchema = z.object({
  title: z
    .string({ error: PRESS_MESSAGES.required })
    .check(
      z.overwrite(withoutControlCharacters),
      z.trim(),
      z.minLength(1, PRESS_MESSAGES.required),
      z.maxLength(PRESS_TITLE_MAX, PRESS_MESSAGES.titleTooLong),
    ),
  summary: z
    .string({ error: PRESS_MESSAGES.required })
    .check(
      z.overwrite(withoutControlCharactersExceptLineBreaks),
      z.trim(),
      z.minLength(1, PRESS_MESSAGES.required),
      z.maxLength(PRESS_SUMMARY_MAX, PRESS_MESSAGES.summaryTooLong),
    ),
  content: z.pipe(
    z.optional(
      z
        .string()
        .check(z.overwrite(withoutControlCharactersExceptLineBreaks), z.maxLength(PRESS_CONTENT_MAX, PRESS_MESSAGES.contentTooLong)),
    ),
    z.transform((value) => (value ?? "").replace(/\r\n?/g, "\n").trim()),
  ),
});

export type PressArticleInput = z.infer<typeof PressArticleSchema>;

export const LoginFormSchema = z.object({
  email: z
    .string({ error: PRESS_MESSAGES.loginInvalid })
    .check(
      z.overwrite(withoutControlCharacters),
      z.trim(),
      z.minLength(1, PRESS_MESSAGES.loginInvalid),
      z.maxLength(254, PRESS_MESSAGES.loginInvalid),
    ),
  password: z
    .string({ error: PRESS_MESSAGES.loginInvalid })
    .check(z.minLength(1, PRESS_MESSAGES.loginInvalid), z.maxLength(1024, PRESS_MESSAGES.loginInvalid)),
});

/** The first message of a failed parse, for one alert or one line under the form. */
export function firstError(error: z.core.$ZodError): string {
  return error.issues[0]?.message ?? PRESS_MESSAGES.required;
}
