import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { TRANSFER_REASON_MAX, TransferRequestFields } from "#app/forms/assignment.ts";
import { formatKst } from "#app/utils/kst.ts";
import { z } from "zod";
import { ErrorList, Field, SelectField, useConsoleForm } from "../forms.tsx";

const TransferRequestSchema = z.object({ intent: z.literal("transfer"), ...TransferRequestFields });

/**
 * A counsellor's 이관 요청 on their own lead: to whom and why; a manager decides on 배정 설정. While
 * one waits the card says so instead of offering another.
 */
export function LeadTransfer({
  people,
  pending,
  lastResult,
  submitting,
}: {
  people: { id: number; label: string }[];
  pending: { to: string; createdAt: Date } | null;
  lastResult: SubmissionResult<string[]> | undefined;
  submitting: boolean;
}) {
  const [form, fields] = useConsoleForm({ id: "lead-transfer", schema: TransferRequestSchema, lastResult });
  return (
    <section className="admin-card" aria-labelledby="lead-transfer-title">
      <h2 id="lead-transfer-title" className="admin-card__title">
        이관 요청
      </h2>
      {pending ? (
        <p className="admin-notice" role="status">
          {pending.to} 님에게 이관을 요청했습니다({formatKst(pending.createdAt)}). 관리자가 승인하면 담당자가 바뀝니다.
        </p>
      ) : (
        <Form method="post" className="admin-form" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="transfer" />
          <SelectField
            meta={fields.to}
            label="넘겨받을 사람"
            options={[
              { value: "", label: "선택해 주세요" },
              ...people.map((person) => ({ value: String(person.id), label: person.label })),
            ]}
          />
          <Field
            meta={fields.reason}
            label="이유"
            maxLength={TRANSFER_REASON_MAX}
            autoComplete="off"
            placeholder="예: 고객이 다른 지역 상담을 원함"
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <button type="submit" className="admin-button" disabled={submitting}>
            {submitting ? "요청하는 중…" : "이관 요청"}
          </button>
        </Form>
      )}
    </section>
  );
}
