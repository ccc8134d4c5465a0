import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { z } from "zod";
import {
  CAPACITY_MAX,
  CAPACITY_UNIT_LABELS,
  HOLD_MINUTES,
  SAME_DAY_REMINDER_HOURS_MAX,
  VisitScheduleFormSchema,
} from "#app/forms/admin-visits.ts";
import { ATTENDANCE_LABELS, VisitMarkFields } from "#app/forms/admin.ts";
import { CAPACITY_UNITS, PLACE_HOLDING_STATUSES, type BookingStatus, type CapacityUnit } from "#app/vocabulary.ts";
import { ErrorList, Field, SelectField, useConsoleForm } from "../forms.tsx";

/**
 * The visits page's forms with fields (docs/decisions/025-console-forms.md): a time's places, a
 * visit's mark and a booking's move, each showing the answer to its own post beside its fields.
 */

/** A day with the times a booking can be moved to. */
export interface MoveTarget {
  label: string;
  slots: { id: number; time: string; remaining: number }[];
}

export type Reply = { intent: string | null; result: SubmissionResult<string[]> } | null;

/** The intents whose forms show their own answer beside their fields. */
export const FIELD_FORMS = ["capacity", "attendance", "move-booking", "visit-settings"];

/** The answer for this form: its intent, and the row it names (the posted id). */
function replyFor(reply: Reply, intent: string, field: string, id: number) {
  return reply?.intent === intent && reply.result.initialValue?.[field] === String(id) ? reply.result : undefined;
}

const CapacitySchema = VisitScheduleFormSchema.options[3];
const MoveSchema = VisitScheduleFormSchema.options[6];
const AttendanceSchema = z.object(VisitMarkFields);

export function CapacityForm({
  slot,
  taken,
  reply,
}: {
  slot: { id: number; time: string; capacity: number };
  taken: number;
  reply: Reply;
}) {
  const [form, fields] = useConsoleForm({
    id: `capacity-${slot.id}`,
    schema: CapacitySchema,
    lastResult: replyFor(reply, "capacity", "slotId", slot.id),
    defaultValue: { capacity: String(slot.capacity) },
  });
  return (
    <Form method="post" className="admin-visits__capacity" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="capacity" />
      <input type="hidden" name="slotId" value={slot.id} />
      <Field
        meta={fields.capacity}
        label={<span className="visually-hidden">{slot.time} 정원</span>}
        type="number"
        min={taken}
        max={CAPACITY_MAX}
        className="admin-visits__capacity-field"
      />
      <button type="submit" className="admin-button admin-button--ghost">
        변경
      </button>
      <ErrorList id={fields.slotId.errorId} errors={fields.slotId.errors} />
      <ErrorList id={form.errorId} errors={form.errors} />
    </Form>
  );
}

/**
 * 방문 / 노쇼 / 예약 as one booking form's submit buttons (`status`), the booking's own pressed, and
 * the mark the page shows (`shown`): one made meanwhile, at the door or on another page, is not overwritten.
 */
export function AttendanceButtons({ current }: { current: BookingStatus }) {
  return (
    <>
      <input type="hidden" name="shown" value={current} />
      {PLACE_HOLDING_STATUSES.map((status) => (
        <button
          key={status}
          type="submit"
          name="status"
          value={status}
          className="admin-button admin-button--ghost"
          aria-pressed={current === status}
        >
          {ATTENDANCE_LABELS[status]}
        </button>
      ))}
    </>
  );
}

export function AttendanceForm({ booking, reply }: { booking: { id: number; name: string; status: BookingStatus }; reply: Reply }) {
  const [form, fields] = useConsoleForm({
    id: `attendance-${booking.id}`,
    schema: AttendanceSchema,
    lastResult: replyFor(reply, "attendance", "bookingId", booking.id),
  });
  return (
    <Form method="post" className="admin-visits__attendance" aria-label={`${booking.name} 방문 여부`} {...getFormProps(form)}>
      <input type="hidden" name="intent" value="attendance" />
      <input type="hidden" name="bookingId" value={booking.id} />
      <AttendanceButtons current={booking.status} />
      <ErrorList id={fields.bookingId.errorId} errors={fields.bookingId.errors} />
      <ErrorList id={fields.status.errorId} errors={fields.status.errors} />
      <ErrorList id={fields.shown.errorId} errors={fields.shown.errors} />
      <ErrorList id={form.errorId} errors={form.errors} />
    </Form>
  );
}

export function MoveForm({
  booking,
  moveTargets,
  slotId,
  reply,
}: {
  booking: { id: number; name: string };
  moveTargets: MoveTarget[];
  slotId: number | null;
  reply: Reply;
}) {
  const [form, fields] = useConsoleForm({
    id: `move-${booking.id}`,
    schema: MoveSchema,
    lastResult: replyFor(reply, "move-booking", "bookingId", booking.id),
    defaultValue: { slotId: "" },
  });
  const options = moveTargets.flatMap((target) =>
    target.slots
      .filter((slot) => slot.id !== slotId)
      .map((slot) => ({ value: String(slot.id), label: `${target.label} ${slot.time} (${slot.remaining}자리)` })),
  );
  return (
    <Form method="post" className="admin-visits__move" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="move-booking" />
      <input type="hidden" name="bookingId" value={booking.id} />
      <SelectField
        meta={fields.slotId}
        label={`${booking.name} 님을 옮길 시간`}
        options={[{ value: "", label: "시간 선택" }, ...options]}
      />
      <ErrorList id={fields.bookingId.errorId} errors={fields.bookingId.errors} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <button type="submit" className="admin-button admin-button--primary">
        옮기고 문자 보내기
      </button>
    </Form>
  );
}

const SettingsSchema = VisitScheduleFormSchema.options[9];

/** 방문 예약 설정: what a capacity counts, how long a freed place is held for the waitlist, the reminder on the day. */
export function VisitSettingsForm({
  settings,
  reply,
}: {
  settings: { capacityUnit: CapacityUnit; holdMinutes: number; sameDayReminderHours: number };
  reply: Reply;
}) {
  const [form, fields] = useConsoleForm({
    id: "visit-settings-form",
    schema: SettingsSchema,
    lastResult: reply?.intent === "visit-settings" ? reply.result : undefined,
    defaultValue: {
      capacityUnit: settings.capacityUnit,
      holdMinutes: String(settings.holdMinutes),
      sameDayReminderHours: String(settings.sameDayReminderHours),
    },
  });
  return (
    <Form method="post" className="admin-form admin-visits__settings" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="visit-settings" />
      <SelectField
        meta={fields.capacityUnit}
        label="정원을 세는 방법"
        hint="방문 인원으로 세면 3명 일행이 세 자리를 차지하고, 예약 화면에 남은 인원이 표시됩니다."
        options={CAPACITY_UNITS.map((unit) => ({ value: unit, label: CAPACITY_UNIT_LABELS[unit] }))}
      />
      <Field
        meta={fields.holdMinutes}
        label="대기 고객에게 자리를 잡아 두는 시간 (분)"
        hint="자리가 나면 첫 대기 고객에게 문자를 보내고 이 시간 동안 자리를 잡아 둡니다. 확정하지 않으면 다음 순서로 넘어갑니다."
        type="number"
        min={HOLD_MINUTES.min}
        max={HOLD_MINUTES.max}
      />
      <Field
        meta={fields.sameDayReminderHours}
        label="방문 당일 안내 문자 (방문 몇 시간 전)"
        hint="0이면 보내지 않습니다. 오전 8시 전에는 보내지 않습니다. 전날 안내 문자는 따로 갑니다."
        type="number"
        min={0}
        max={SAME_DAY_REMINDER_HOURS_MAX}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <button type="submit" className="admin-button admin-button--primary">
        설정 저장
      </button>
    </Form>
  );
}
