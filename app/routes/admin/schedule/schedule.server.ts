import { data } from "react-router";
import { parseScheduleEntryId } from "#app/.server/content/schedule-entries.ts";
import { ScheduleEntrySchema } from "#app/forms/schedule-entry.ts";
import { parseConsoleForm } from "../submission.server.ts";

/** An entry's id from the URL; anything else is a 404 (never a database error). */
export function requireScheduleEntryId(value: string | undefined): number {
  const id = parseScheduleEntryId(value);
  if (!id) throw scheduleEntryNotFound();
  return id;
}

export function scheduleEntryNotFound() {
  return data("없는 일정입니다. 이미 삭제되었을 수 있습니다.", { status: 404 });
}

/** The entry the form describes, or a 400 answer with every field's error and what was typed. */
export function parseScheduleForm(form: FormData) {
  return parseConsoleForm(form, ScheduleEntrySchema);
}
