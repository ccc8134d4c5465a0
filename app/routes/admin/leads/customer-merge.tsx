import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { z } from "zod";
import { MergeFields } from "#app/forms/assignment.ts";
import { ErrorList, Field, useConsoleForm } from "../forms.tsx";

const MergeSchema = z.object({ intent: z.literal("merge"), ...MergeFields });

/** A manager folds another customer (the same person, another number) into this one. */
export function CustomerMerge({ lastResult, submitting }: { lastResult: SubmissionResult<string[]> | undefined; submitting: boolean }) {
  const [form, fields] = useConsoleForm({ id: "customer-merge", schema: MergeSchema, lastResult });
  return (
    <section className="admin-card" aria-labelledby="customer-merge-title">
      <h2 id="customer-merge-title" className="admin-card__title">
        고객 기록 합치기
      </h2>
      <p className="admin-muted">
        같은 사람이 다른 번호로 접수했다면 그 번호의 고객 기록을 이 고객으로 합칩니다. 그 번호의 접수와 기록이 모두 이 고객에게 옮겨지고,
        합친 일이 두 고객의 기록에 남습니다. 되돌릴 수 없습니다.
      </p>
      <Form method="post" className="admin-form" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="merge" />
        <Field
          meta={fields.phone}
          label="합칠 고객의 휴대폰 번호"
          type="tel"
          inputMode="tel"
          maxLength={13}
          placeholder="010-1234-5678"
          autoComplete="off"
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <button type="submit" className="admin-button" disabled={submitting}>
          {submitting ? "합치는 중…" : "이 고객으로 합치기"}
        </button>
      </Form>
    </section>
  );
}
