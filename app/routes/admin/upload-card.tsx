import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { $ZodType } from "zod/v4/core";
import { ErrorList, useConsoleForm } from "./forms.tsx";

/** What a spreadsheet or CSV upload accepts: .xlsx and .csv, or CSV (and plain text) only. */
export const UPLOAD_ACCEPT = {
  spreadsheet: ".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv",
  csv: ".csv,.txt,text/csv,text/plain",
} as const;

/**
 * The first step of every console import (고객 명단, 배치표, 광고비 보고서, 080 수신거부 목록): one
 * file, posted as a multipart form with its `intent` on the button, read by the server into a
 * preview. The file is no field of the schema (the server reads it apart), so a refused file comes
 * back as the `file` field's errors and is shown under it, named by the input's aria-describedby.
 */
export function UploadCard({
  id,
  schema,
  lastResult,
  intent,
  title,
  intro,
  label,
  accept,
  hint,
  submitLabel,
  action,
}: {
  id: string;
  schema: $ZodType;
  lastResult?: SubmissionResult<string[]>;
  /** The button's intent: the schema's step that reads the file. */
  intent: string;
  title: ReactNode;
  intro?: ReactNode;
  label: string;
  accept: keyof typeof UPLOAD_ACCEPT;
  hint: ReactNode;
  submitLabel: string;
  action?: string;
}) {
  const navigation = useNavigation();
  const reading = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const [form, fields] = useConsoleForm({ id, schema, lastResult });
  const file = fields.file!;
  const hintId = `${file.id}-hint`;
  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-card__title">
        {title}
      </h2>
      {intro ? <p className="admin-muted">{intro}</p> : null}
      <Form method="post" action={action} encType="multipart/form-data" className="admin-form" {...getFormProps(form)}>
        <div className="admin-field">
          <label htmlFor={file.id}>{label}</label>
          <input
            id={file.id}
            name={file.name}
            type="file"
            accept={UPLOAD_ACCEPT[accept]}
            aria-invalid={file.errors ? true : undefined}
            aria-describedby={file.errors ? `${file.errorId} ${hintId}` : hintId}
          />
          <p id={hintId} className="admin-muted">
            {hint}
          </p>
          <ErrorList id={file.errorId} errors={file.errors} />
        </div>
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="admin-actions">
          <button type="submit" name="intent" value={intent} className="admin-button admin-button--primary" disabled={reading}>
            {reading ? "읽는 중…" : submitLabel}
          </button>
        </div>
      </Form>
    </section>
  );
}
