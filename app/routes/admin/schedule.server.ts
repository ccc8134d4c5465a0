import { data } from "react-router";
import { parseScheduleEntryId } from "#app/.server/schedule-entries.ts";
import { ScheduleEntrySchema, type ScheduleEntryInput } from "#app/forms/schedule-entry.ts";
import type { ScheduleEntryValues } from "./schedule-entry-form.tsx";

/** An entry's id from the URL; anything else is a 404 (never a database error). */
export function requireScheduleEntryId(value: string | undefined): number {
  const id = parseScheduleEntryId(value);
  if (!id) throw scheduleEntryNotFound();
  return id;
}

export function scheduleEntryNotFound() {
  return data("없는 일정입니다. 이미 삭제되었을 수 있습니다.", { status: 404 });
}

/** What the form sent, as text, to show again beside a message when it is refused. */
function typed(form: FormData): ScheduleEntryValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return { title: text("title"), startsOn: text("startsOn"), endsOn: text("endsOn"), note: text("note") };
}

/** The entry the form describes, or a 400 answer that shows the form again with the first problem. */
export function parseScheduleForm(
  form: FormData,
): { input: ScheduleEntryInput; refused?: undefined } | { input?: undefined; refused: ReturnType<typeof refuse> } {
  const parsed = ScheduleEntrySchema.safeParse({
    title: form.get("title") ?? undefined,
    startsOn: form.get("startsOn") ?? undefined,
    endsOn: form.get("endsOn") ?? undefined,
    note: form.get("note") ?? undefined,
  });
  if (parsed.success) return { input: parsed.data };
  return { refused: refuse(typed(form), parsed.error.issues[0]!.message) };
}

function refuse(values: ScheduleEntryValues, error: string) {
  return data({ values, error }, { status: 400 });
}
