import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { z } from "zod";
import { BookVisitFields } from "#app/forms/admin.ts";
import { PARTY_SIZE_TEXT, VISIT_PICKER_TEXT } from "#app/forms/visit.ts";
import type { CapacityUnit } from "#app/vocabulary.ts";
import { ErrorList, SelectField, useConsoleForm } from "../forms.tsx";

/** Where the lead page's bookings are, and where a booking made from it lands. */
export const BOOK_VISIT_ID = "lead-bookings";

const BookVisitSchema = z.object({ intent: z.literal("book-visit"), ...BookVisitFields });

export interface BookableDay {
  label: string;
  slots: { id: number; time: string; remaining: number; unit: CapacityUnit }[];
}

/**
 * 방문 예약 잡기 on a customer's page: a time with room and the party's size; the customer gets the
 * booking's confirmation with their own link. Folded away until asked for, or while it shows a refusal.
 */
export function BookVisitForm({
  days,
  maxPartySize,
  lastResult,
  busy,
}: {
  days: BookableDay[];
  maxPartySize: number;
  lastResult?: SubmissionResult<string[]>;
  busy: boolean;
}) {
  const [form, fields] = useConsoleForm({
    id: "lead-book-visit",
    schema: BookVisitSchema,
    lastResult,
    defaultValue: { slotId: "", partySize: "1" },
  });
  const groups = days.map((day) => ({
    label: day.label,
    options: day.slots.map((slot) => ({
      value: String(slot.id),
      label: `${slot.time} · ${VISIT_PICKER_TEXT.remaining(slot.remaining, slot.unit)}`,
    })),
  }));
  return (
    <details className="admin-book-visit" open={Boolean(lastResult)}>
      <summary>방문 예약 잡기</summary>
      {groups.length === 0 ? (
        <p className="admin-muted">지금은 예약할 수 있는 방문 시간이 없습니다.</p>
      ) : (
        <Form method="post" className="admin-form" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="book-visit" />
          <SelectField meta={fields.slotId} label="방문 시간" options={[{ value: "", label: "시간 선택" }]} groups={groups} />
          <SelectField
            meta={fields.partySize}
            label={PARTY_SIZE_TEXT.label}
            options={Array.from({ length: maxPartySize }, (_, index) => ({
              value: String(index + 1),
              label: PARTY_SIZE_TEXT.option(index + 1),
            }))}
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <button type="submit" className="admin-button admin-button--primary" disabled={busy}>
            {busy ? "예약하는 중…" : "예약하고 안내 문자 보내기"}
          </button>
        </Form>
      )}
    </details>
  );
}
