import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useRef } from "react";
import { Form } from "react-router";
import {
  CONTACT_CHANNEL_LABELS,
  CONTACT_NOTE_MAX,
  CONTACT_RESULT_LABELS,
  ContactFormSchema,
  FollowUpFormSchema,
  GradeFormSchema,
  localDateTimeValue,
  MISSED_CALL_RETRY_HOURS,
  whenLabel,
} from "#app/forms/contacts.ts";
import { CONTACT_CHANNELS, CONTACT_RESULTS, LEAD_GRADES, type LeadGrade } from "#app/vocabulary.ts";
import { ErrorList, Field, SelectField, useConsoleForm } from "../forms.tsx";

/**
 * The call sheet on a lead's page: after a call, the result in one tap (with a note and, when the
 * customer named one, the time to call back), and after a 부재 the informational text in one more.
 * It is a <dialog> shown in the page, so without scripts it is a plain form section (#call-sheet);
 * with scripts, tapping 전화 also lifts it over the page as a sheet, ready when the person comes back
 * from the call. Beside it, the 가망 등급 and the next contact time.
 */

type Result = SubmissionResult<string[]> | undefined;

export const CALL_SHEET_ID = "call-sheet";

/** Lifts the sheet over the page (the 전화 buttons call it as the dialler opens). */
export function openCallSheet() {
  const sheet = document.getElementById(CALL_SHEET_ID);
  if (!(sheet instanceof HTMLDialogElement) || sheet.matches(":modal")) return;
  sheet.close();
  sheet.showModal();
}

/** A closed sheet goes back into the page (closing it, by 닫기 or Escape, only lowers it). */
function keepInPage(sheet: HTMLDialogElement | null) {
  if (sheet && !sheet.open) sheet.show();
}

export function CallSheet({
  tel,
  lastResult,
  notice,
  missedCallText,
  pendingIntent,
}: {
  tel: string | null;
  lastResult: Result;
  /** What the last post did ("부재로 기록했습니다 …"), shown at the top of the sheet. */
  notice: string | null;
  /** The one-tap text after a 부재, as it will go, or null when none is due. */
  missedCallText: string | null;
  pendingIntent: string | undefined;
}) {
  const sheet = useRef<HTMLDialogElement>(null);
  const [form, fields] = useConsoleForm({
    id: "lead-contact",
    schema: ContactFormSchema,
    lastResult,
    defaultValue: { channel: "call-out" },
  });
  const saving = pendingIntent === "contact";
  return (
    <dialog
      id={CALL_SHEET_ID}
      ref={sheet}
      open
      className="admin-card admin-call-sheet"
      aria-labelledby="call-sheet-title"
      // Escape closes a lifted sheet: it goes back into the page instead of disappearing.
      onClose={() => keepInPage(sheet.current)}
    >
      <div className="admin-call-sheet__head">
        <h2 id="call-sheet-title" className="admin-card__title">
          통화 기록
        </h2>
        <button type="button" className="admin-button admin-button--ghost admin-call-sheet__close" onClick={() => sheet.current?.close()}>
          닫기
        </button>
      </div>
      {notice ? (
        <p className="admin-notice" role="status">
          {notice}
        </p>
      ) : null}
      {missedCallText ? (
        <Form method="post" className="admin-call-sheet__missed" aria-label="부재 안내 문자">
          <input type="hidden" name="intent" value="missed-call-text" />
          <pre className="admin-message__body">{missedCallText}</pre>
          <button type="submit" className="admin-button admin-button--primary" disabled={pendingIntent === "missed-call-text"}>
            {pendingIntent === "missed-call-text" ? "보내는 중…" : "부재 안내 문자 보내기"}
          </button>
        </Form>
      ) : null}
      <Form method="post" className="admin-form admin-call-sheet__form" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="contact" />
        <div className="admin-call-sheet__fields">
          <SelectField
            meta={fields.channel}
            label="연락 방법"
            options={CONTACT_CHANNELS.map((channel) => ({ value: channel, label: CONTACT_CHANNEL_LABELS[channel] }))}
          />
          <Field
            meta={fields.nextContactAt}
            type="datetime-local"
            label="다음 연락"
            hint={`비워 두면 부재는 ${MISSED_CALL_RETRY_HOURS}시간 뒤로 잡힙니다. 재통화 요청은 고객이 말한 시각을 적어 주세요.`}
          />
        </div>
        <Field meta={fields.note} label="메모" maxLength={CONTACT_NOTE_MAX} placeholder="통화 내용 한 줄" autoComplete="off" />
        <fieldset className="admin-call-sheet__results" aria-describedby={fields.result.errors ? fields.result.errorId : undefined}>
          <legend>통화 결과 (누르면 바로 기록됩니다)</legend>
          {CONTACT_RESULTS.map((result) => (
            <button
              key={result}
              type="submit"
              name="result"
              value={result}
              className={`admin-button admin-call-sheet__result admin-call-sheet__result--${result}`}
              disabled={saving}
            >
              {CONTACT_RESULT_LABELS[result]}
            </button>
          ))}
        </fieldset>
        <ErrorList id={fields.result.errorId} errors={fields.result.errors} />
        <ErrorList id={form.errorId} errors={form.errors} />
        {tel ? null : <p className="admin-muted">번호를 보거나 배정받으면 전화를 걸 수 있습니다.</p>}
      </Form>
    </dialog>
  );
}

/** The 가망 등급 buttons with the site's legend, and the next contact time (changed, or 완료). */
export function FollowUpCard({
  grade,
  grades,
  nextContactAt,
  dueNow,
  gradeResult,
  followUpResult,
  pendingIntent,
}: {
  grade: LeadGrade | null;
  grades: Record<LeadGrade, { label: string; meaning: string }>;
  nextContactAt: Date | string | null;
  /** The next contact time has come (decided by the server, so the page reads the same after hydration). */
  dueNow: boolean;
  gradeResult: Result;
  followUpResult: Result;
  pendingIntent: string | undefined;
}) {
  const [gradeForm, gradeFields] = useConsoleForm({ id: "lead-grade", schema: GradeFormSchema, lastResult: gradeResult });
  const [followForm, followFields] = useConsoleForm({
    id: "lead-follow-up",
    schema: FollowUpFormSchema,
    lastResult: followUpResult,
    defaultValue: { nextContactAt: localDateTimeValue(nextContactAt) },
  });
  const due = nextContactAt ? new Date(nextContactAt) : null;
  return (
    <section className="admin-card" aria-labelledby="lead-follow-up-title">
      <h2 id="lead-follow-up-title" className="admin-card__title">
        가망 등급 · 다음 연락
      </h2>
      <Form method="post" className="admin-grades" aria-label="가망 등급" {...getFormProps(gradeForm)}>
        <input type="hidden" name="intent" value="grade" />
        <div className="admin-grades__buttons">
          {LEAD_GRADES.map((each) => (
            <button
              key={each}
              type="submit"
              name="grade"
              value={grade === each ? "" : each}
              aria-pressed={grade === each}
              aria-label={grades[each].label}
              title={grade === each ? "한 번 더 누르면 등급을 지웁니다" : grades[each].meaning}
              className={`admin-chip admin-grade admin-grade--${each}`}
              disabled={pendingIntent === "grade"}
            >
              {each}
            </button>
          ))}
        </div>
        <ErrorList id={gradeFields.grade.errorId} errors={gradeFields.grade.errors} />
        <ErrorList id={gradeForm.errorId} errors={gradeForm.errors} />
      </Form>
      <GradeLegend grades={grades} />
      <Form method="post" className="admin-form admin-follow-up" key={localDateTimeValue(nextContactAt)} {...getFormProps(followForm)}>
        <input type="hidden" name="intent" value="follow-up" />
        <p className="admin-follow-up__due">
          {due ? (
            <>
              다음 연락: <time dateTime={due.toISOString()}>{whenLabel(due)}</time>
              {dueNow ? <span className="admin-warning"> (연락할 시간)</span> : null}
            </>
          ) : (
            <span className="admin-muted">잡힌 연락 일정이 없습니다.</span>
          )}
        </p>
        <Field meta={followFields.nextContactAt} type="datetime-local" label="다음 연락 시각" />
        <ErrorList id={followForm.errorId} errors={followForm.errors} />
        <div className="admin-follow-up__actions">
          <button type="submit" className="admin-button" disabled={pendingIntent === "follow-up"}>
            일정 저장
          </button>
          {due ? (
            <button
              type="submit"
              name="clear"
              value="yes"
              className="admin-button admin-button--ghost"
              disabled={pendingIntent === "follow-up"}
            >
              연락 완료 (일정 지우기)
            </button>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

export function GradeLegend({ grades }: { grades: Record<LeadGrade, { label: string; meaning: string }> }) {
  return (
    <dl className="admin-grade-legend" aria-label="가망 등급 안내">
      {LEAD_GRADES.map((each) => (
        <div key={each} className="admin-grade-legend__row">
          <dt>
            <span className={`admin-grade admin-grade--${each}`}>{each}</span> {grades[each].label.replace(/^[A-D]\s*/, "")}
          </dt>
          <dd className="admin-muted">{grades[each].meaning}</dd>
        </div>
      ))}
    </dl>
  );
}
