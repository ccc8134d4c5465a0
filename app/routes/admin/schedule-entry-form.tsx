import { Form, Link, useNavigation } from "react-router";
import { SCHEDULE_NOTE_MAX, SCHEDULE_TITLE_MAX, SCHEDULE_TITLE_SUGGESTIONS } from "#app/forms/schedule-entry.ts";

export interface ScheduleEntryValues {
  title: string;
  startsOn: string;
  endsOn: string;
  note: string;
}

export const EMPTY_SCHEDULE_ENTRY: ScheduleEntryValues = { title: "", startsOn: "", endsOn: "", note: "" };

/**
 * Adding an entry and editing one: the same four fields. The title offers the usual steps of a
 * sale and takes any other; the dates are plain date fields, so the form works without scripts.
 */
export function ScheduleEntryForm({
  values,
  error,
  submitLabel,
  cancelTo,
}: {
  values: ScheduleEntryValues;
  error: string | null;
  submitLabel: string;
  cancelTo?: string;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="admin-form schedule-form">
      <div className="admin-field schedule-form__title">
        <label htmlFor="schedule-title">일정 (필수)</label>
        <input
          id="schedule-title"
          name="title"
          type="text"
          list="schedule-title-suggestions"
          maxLength={SCHEDULE_TITLE_MAX}
          defaultValue={values.title}
          placeholder="예: 1순위 청약"
          autoComplete="off"
          required
        />
        <datalist id="schedule-title-suggestions">
          {SCHEDULE_TITLE_SUGGESTIONS.map((title) => (
            <option key={title} value={title} />
          ))}
        </datalist>
      </div>
      <div className="admin-field">
        <label htmlFor="schedule-starts-on">시작일 (필수)</label>
        <input id="schedule-starts-on" name="startsOn" type="date" defaultValue={values.startsOn} required />
      </div>
      <div className="admin-field">
        <label htmlFor="schedule-ends-on">종료일</label>
        <input id="schedule-ends-on" name="endsOn" type="date" defaultValue={values.endsOn} aria-describedby="schedule-ends-on-hint" />
        <p id="schedule-ends-on-hint" className="admin-field__hint">
          하루 일정이면 비워 두세요.
        </p>
      </div>
      <div className="admin-field schedule-form__note">
        <label htmlFor="schedule-note">비고</label>
        <input
          id="schedule-note"
          name="note"
          type="text"
          maxLength={SCHEDULE_NOTE_MAX}
          defaultValue={values.note}
          placeholder="예: 청약홈 인터넷 접수"
          autoComplete="off"
        />
      </div>
      <p className="admin-form__error schedule-form__error" role="alert">
        {error}
      </p>
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
