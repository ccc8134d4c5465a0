import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { SCHEDULE_NOTE_MAX, SCHEDULE_TITLE_MAX, SCHEDULE_TITLE_SUGGESTIONS, ScheduleEntrySchema } from "#app/forms/schedule-entry.ts";
import { AD_COPY_CONFIRM_FIELD } from "#app/forms/ad-copy.ts";
import { AdCopyConfirm, AdCopyNote, useAdCopyCheck } from "../ad-copy.tsx";
import { ErrorList, Field, useConsoleForm } from "../forms.tsx";

export type ScheduleEntryValues = {
  title: string;
  startsOn: string;
  endsOn: string;
  note: string;
};

export const EMPTY_SCHEDULE_ENTRY: ScheduleEntryValues = { title: "", startsOn: "", endsOn: "", note: "" };

const AD_COPY_FIELDS = ["title", "note"] as const;

/**
 * Adding an entry and editing one: the same four fields. The title offers the usual steps of a
 * sale and takes any other; the dates are plain date fields, so the form works without scripts.
 */
export function ScheduleEntryForm({
  values,
  lastResult,
  submitLabel,
  cancelTo,
}: {
  values: ScheduleEntryValues;
  /** The server's answer to a refused post: every field's error, with what was typed. */
  lastResult?: SubmissionResult<string[]>;
  submitLabel: string;
  cancelTo?: string;
}) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useConsoleForm({ id: "schedule-entry", schema: ScheduleEntrySchema, lastResult, defaultValue: values });
  const adCopy = useAdCopyCheck(fields, AD_COPY_FIELDS);
  return (
    <Form method="post" className="admin-form schedule-form" onInput={adCopy.follow} {...getFormProps(form)}>
      <Field
        meta={fields.title}
        label="일정 (필수)"
        className="schedule-form__title"
        list="schedule-title-suggestions"
        maxLength={SCHEDULE_TITLE_MAX}
        placeholder="예: 1순위 청약"
        autoComplete="off"
      />
      <AdCopyNote meta={fields.title} warnings={adCopy.warnings.title} />
      <datalist id="schedule-title-suggestions">
        {SCHEDULE_TITLE_SUGGESTIONS.map((title) => (
          <option key={title} value={title} />
        ))}
      </datalist>
      <Field meta={fields.startsOn} label="시작일 (필수)" type="date" />
      <Field meta={fields.endsOn} label="종료일" type="date" hint="하루 일정이면 비워 두세요." />
      <Field
        meta={fields.note}
        label="비고"
        className="schedule-form__note"
        maxLength={SCHEDULE_NOTE_MAX}
        placeholder="예: 청약홈 인터넷 접수"
        autoComplete="off"
      />
      <AdCopyNote meta={fields.note} warnings={adCopy.warnings.note} />
      <AdCopyConfirm meta={fields[AD_COPY_CONFIRM_FIELD]!} warned={adCopy.any} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="admin-actions schedule-form__actions">
        <button type="submit" className="admin-button admin-button--primary" disabled={busy}>
          {busy ? "저장 중…" : submitLabel}
        </button>
        {cancelTo ? (
          <Link to={cancelTo} className="admin-button admin-button--ghost">
            취소
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
