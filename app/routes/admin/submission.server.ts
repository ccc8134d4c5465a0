import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { $ZodType, input, output } from "zod/v4/core";
import type { ConsoleFormAnswer } from "./forms.tsx";

/**
 * Parses a console post with its form's schema, as posted: an empty field stays "" (our schemas say
 * what empty means, e.g. a setting left empty is no override), not Conform's undefined. A refused post answers 400 with every field's
 * errors and the values typed (Conform's reply), so the action has nothing to echo by hand.
 */
export function parseConsoleForm<Schema extends $ZodType>(form: FormData, schema: Schema) {
  const submission = parseWithZod(form, { schema, disableAutoCoercion: true });
  if (submission.status !== "success") {
    const intent = form.get("intent");
    return {
      ok: false as const,
      refused: refuseSubmission(submission, {}, { extra: { intent: typeof intent === "string" ? intent : null } }),
      /** For an answer that must say more than the schema's errors (which of a list's forms it was). */
      submission,
    };
  }
  return { ok: true as const, value: submission.value, submission };
}

/**
 * A 400 for a post the schema accepted but the domain refused (a taken e-mail, a stale row): the
 * errors name the field they belong to, or the form (`formErrors`) when they belong to none.
 */
export function refuseSubmission<Schema extends $ZodType, Extra extends object = object>(
  submission: Submission<input<Schema>, string[], output<Schema>>,
  errors?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> },
  { status = 400, extra }: { status?: number; extra?: Extra } = {},
) {
  const answer: ConsoleFormAnswer & Extra = { result: submission.reply(errors ?? {}), ...(extra as Extra) };
  return data(answer, { status });
}

/**
 * A refusal before the form could be read at all (an upload too large): one message for the form,
 * or for `field` when the page knows which field it is about (the file), with `extra` as above.
 */
export function refuseUnreadForm<Extra extends object = object>(
  message: string,
  status: number,
  { field = "", extra }: { field?: string; extra?: Extra } = {},
) {
  const answer: ConsoleFormAnswer & Extra = { result: { status: "error", error: { [field]: [message] } }, ...(extra as Extra) };
  return data(answer, { status });
}

/** The text fields of a multipart post, for the schema and the reply (a file is never echoed back). */
export function textFields(form: FormData): FormData {
  const text = new FormData();
  for (const [name, value] of form) if (typeof value === "string") text.append(name, value);
  return text;
}
