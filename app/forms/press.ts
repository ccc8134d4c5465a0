// zod/mini keeps the publishing form's browser check small (see app/forms/lead.ts).
import * as z from "zod/mini";
import { withoutControlCharacters, withoutControlCharactersExceptLineBreaks } from "./text.ts";
import { isCalendarDay, kstInstant } from "#app/utils/kst.ts";
import {
  PRESS_CONTENT_MAX,
  PRESS_MESSAGES,
  PRESS_PUBLICATIONS,
  PRESS_SUMMARY_MAX,
  PRESS_TITLE_MAX,
  type PressPublication,
} from "./press-messages.ts";

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

/** A schedule may name the minute that has just begun (a form filled in slowly), not an earlier one. */
const SCHEDULE_GRACE_MS = 60_000;

/** The editor's two buttons: "미리 보기" answers the article as it would look, "저장" saves it. */
export const PRESS_EDITOR_INTENTS = ["preview", "save"] as const;

/**
 * The console's editor as the form holds it. A scheduled time is a Korean day and wall-clock time
 * (the office's), checked against the clock when the form is parsed, and checked even when another
 * field is wrong too, so every error shows at once.
 */
export const PressEditorFields = z
  .object({
    ...PressArticleSchema.shape,
    intent: z.enum(PRESS_EDITOR_INTENTS),
    publication: z.enum(PRESS_PUBLICATIONS, { error: PRESS_MESSAGES.publication }),
    publishDay: z.optional(z.string()),
    publishTime: z.optional(z.string()),
  })
  .check(
    z.superRefine(
      ({ publication, publishDay, publishTime }, ctx) => {
        if (publication !== "scheduled") return;
        if (!isCalendarDay(publishDay) || !/^([01]\d|2[0-3]):[0-5]\d$/.test(publishTime ?? "")) {
          ctx.addIssue({ code: "custom", message: PRESS_MESSAGES.scheduleMissing, input: publishDay, path: ["publishDay"] });
        } else if (kstInstant(publishDay, publishTime!).getTime() < Date.now() - SCHEDULE_GRACE_MS) {
          ctx.addIssue({ code: "custom", message: PRESS_MESSAGES.scheduleInPast, input: publishDay, path: ["publishDay"] });
        }
      },
      { when: () => true },
    ),
  );

/** The editor's post as the server uses it: the schedule as an instant (null unless scheduled). */
export const PressEditorSchema = z.pipe(
  PressEditorFields,
  z.transform(({ publishDay, publishTime, ...article }) => ({
    ...article,
    publishAt: article.publication === "scheduled" ? kstInstant(publishDay!, publishTime!) : null,
  })),
);

export type PressEditorInput = Omit<z.infer<typeof PressEditorSchema>, "intent"> & { publication: PressPublication };

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
