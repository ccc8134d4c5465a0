import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { z } from "zod";
import { CONFIRM_STATUS_MESSAGES, type CONFIRMED_STATUSES, STATUS_LABELS, StatusFormSchema, VisitMarkFields } from "#app/forms/admin.ts";
import { LEAD_STATUSES, type BookingStatus, type LeadStatus } from "#app/vocabulary.ts";
import { ErrorList, useConsoleForm } from "../forms.tsx";
import { AttendanceButtons } from "../visits/visit-forms.tsx";

/**
 * What a counsellor does on a lead between visits, in one bar: call (and log the call on the call
 * sheet), text (the phone's own app, or the console's form), set the status, or take a lead nobody works. On a phone it stays at the
 * bottom of the screen (app/styles/admin.css); on a desk it sits under the title. 스팸 asks first:
 * the action answers with a question and a second button, so it works without scripts.
 */

type Result = SubmissionResult<string[]> | undefined;

const VisitSchema = z.object(VisitMarkFields);

export function LeadActionBar({
  status,
  tel,
  sms,
  may,
  confirming,
  statusResult,
  takeResult,
  pendingIntent,
  onCall,
}: {
  status: LeadStatus;
  tel: string | null;
  sms: string | null;
  may: { work: boolean; take: boolean };
  confirming: (typeof CONFIRMED_STATUSES)[number] | null;
  statusResult: Result;
  takeResult: Result;
  pendingIntent: string | undefined;
  /** Lifts the call sheet as the dialler opens (with scripts; without, 통화 기록 leads to it). */
  onCall?: () => void;
}) {
  const [statusForm, statusFields] = useConsoleForm({ id: "lead-status", schema: StatusFormSchema, lastResult: statusResult });
  const [takeForm] = useConsoleForm({ id: "lead-take", schema: z.object({}), lastResult: takeResult });
  const question = confirming ? CONFIRM_STATUS_MESSAGES[confirming] : null;
  return (
    <section className="admin-lead-bar" aria-label="빠른 작업">
      {question && confirming ? (
        <div
          className="admin-lead-bar__confirm"
          role="alertdialog"
          aria-labelledby="lead-confirm-title"
          aria-describedby="lead-confirm-effect"
        >
          <p id="lead-confirm-title" className="admin-lead-bar__question">
            {question.question}
          </p>
          <p id="lead-confirm-effect" className="admin-muted">
            {question.effect}
          </p>
          <Form method="post" className="admin-lead-bar__row">
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="status" value={confirming} />
            <input type="hidden" name="shown" value={status} />
            <input type="hidden" name="confirmed" value="yes" />
            <button type="submit" className="admin-button admin-button--danger" disabled={pendingIntent === "status"}>
              {question.yes}
            </button>
            <Link to="." className="admin-button admin-button--ghost" preventScrollReset>
              취소
            </Link>
          </Form>
        </div>
      ) : null}
      <div className="admin-lead-bar__row">
        {tel ? (
          <a href={tel} className="admin-button admin-lead-bar__call" onClick={onCall}>
            전화
          </a>
        ) : null}
        {onCall ? (
          <a href="#call-sheet" className="admin-button admin-lead-bar__call">
            통화 기록
          </a>
        ) : null}
        {sms ? (
          <a href={sms} className="admin-button admin-lead-bar__call">
            문자
          </a>
        ) : null}
        {may.work ? (
          <a href="#texts" className="admin-button admin-lead-bar__call">
            문자 보내기
          </a>
        ) : null}
        {!may.work && may.take ? (
          <Form method="post" className="admin-lead-bar__take" {...getFormProps(takeForm)}>
            <input type="hidden" name="intent" value="take" />
            <button type="submit" className="admin-button admin-button--primary" disabled={pendingIntent === "take"}>
              {pendingIntent === "take" ? "배정받는 중…" : "배정받기"}
            </button>
            <ErrorList id={takeForm.errorId} errors={takeForm.errors} />
          </Form>
        ) : null}
      </div>
      {may.work ? (
        <Form method="post" className="admin-lead-bar__statuses" aria-label="상태 변경" {...getFormProps(statusForm)}>
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="shown" value={status} />
          {LEAD_STATUSES.map((each) => (
            <button
              key={each}
              type="submit"
              name="status"
              value={each}
              aria-pressed={status === each}
              aria-describedby={statusFields.status.errors ? statusFields.status.errorId : undefined}
              className={`admin-chip admin-chip--${each}`}
              disabled={pendingIntent === "status"}
            >
              {STATUS_LABELS[each]}
            </button>
          ))}
          <ErrorList id={statusFields.status.errorId} errors={statusFields.status.errors} />
          <ErrorList id={statusFields.shown.errorId} errors={statusFields.shown.errors} />
          <ErrorList id={statusForm.errorId} errors={statusForm.errors} />
        </Form>
      ) : null}
    </section>
  );
}

/**
 * 방문 / 노쇼 (and 예약, to undo) for one booking; the booking and its lead change together. The
 * customer page and 오늘 할 일 name the booking's lead too (`leadId`), the lead page's URL does. A
 * page with several people's bookings names whose (`name`), so each form says which visit it marks.
 */
export function VisitMarks({
  booking,
  lastResult,
  name,
}: {
  booking: { id: number; status: BookingStatus; leadId?: number };
  lastResult: Result;
  name?: string;
}) {
  const mine = lastResult?.initialValue?.bookingId === String(booking.id);
  const [form, fields] = useConsoleForm({ id: `visit-${booking.id}`, schema: VisitSchema, lastResult: mine ? lastResult : undefined });
  return (
    <Form method="post" className="admin-visits__attendance" aria-label={name ? `${name} 방문 여부` : "방문 여부"} {...getFormProps(form)}>
      <input type="hidden" name="intent" value="visit" />
      <input type="hidden" name="bookingId" value={booking.id} />
      {booking.leadId === undefined ? null : <input type="hidden" name="leadId" value={booking.leadId} />}
      <AttendanceButtons current={booking.status} />
      <ErrorList id={fields.bookingId.errorId} errors={fields.bookingId.errors} />
      <ErrorList id={fields.status.errorId} errors={fields.status.errors} />
      <ErrorList id={fields.shown.errorId} errors={fields.shown.errors} />
      <ErrorList id={form.errorId} errors={form.errors} />
    </Form>
  );
}
