import { data, type RouterContextProvider } from "react-router";
import { parseScheduleEntryId } from "#app/.server/content/schedule-entries.ts";
import { ScheduleEntrySchema } from "#app/forms/schedule-entry.ts";
import { parseConsoleForm } from "../submission.server.ts";
import { refuseAdCopy, reviewPostedCopy } from "../ad-copy.server.ts";

/** An entry's id from the URL; anything else is a 404 (never a database error). */
export function requireScheduleEntryId(value: string | undefined): number {
  const id = parseScheduleEntryId(value);
  if (!id) throw scheduleEntryNotFound();
  return id;
}

export function scheduleEntryNotFound() {
  return data("없는 일정입니다. 이미 삭제되었을 수 있습니다.", { status: 404 });
}

/**
 * The entry the form describes with its ad-copy confirmation, or a 400 answer with every field's
 * error (and every ad-copy warning) and what was typed.
 */
export function parseScheduleForm(form: FormData, context: Readonly<RouterContextProvider>) {
  const parsed = parseConsoleForm(form, ScheduleEntrySchema);
  if (!parsed.ok) return parsed;
  const review = reviewPostedCopy(context, "schedule", form, { title: parsed.value.title, note: parsed.value.note });
  if (!review.ok) return { ok: false as const, refused: refuseAdCopy(parsed.submission, review) };
  return { ...parsed, adCopy: review.confirmation };
}
