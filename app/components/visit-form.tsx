import { useEffect, useRef, useState } from "react";
import type { LeadConsent } from "#app/content/types.ts";
import {
  LEAD_FORM_TEXT,
  LEAD_MESSAGES,
  MESSAGE_MAX,
  NAME_MAX,
  PHONE_HINT,
  PHONE_PATTERN_ATTRIBUTE,
  type FieldErrors,
  type FormValues,
} from "#app/forms/lead.ts";
import { ConsentField } from "./consent-field.tsx";
import { SpamGuardFields, SubmitButton, TextField, useHydrated, useLeadSubmission } from "./lead-form.tsx";

export interface VisitFormProps {
  /** The pack's slug: without JavaScript the form posts to /{site}/customer. */
  site: string;
  /** From `issueFormToken("visit")` in the page's loader. */
  token: string;
  consent: LeadConsent;
  /** The page was reached through the post/redirect/get of a successful plain post (?done=1). */
  done?: boolean;
  /** A plain post the server refused: its messages and what was typed. */
  initial?: { errors?: FieldErrors; values?: FormValues; message?: string };
}

/**
 * The model-house visit reservation (home #interestForm and /{site}/customer). With JavaScript
 * it posts in place and shows the result instead of the form; without, it is a plain form post
 * answered by a redirect to /{site}/customer?done=1, so a refresh never sends it twice.
 */
export function VisitForm({ site, token, consent, done = false, initial }: VisitFormProps) {
  const hydrated = useHydrated();
  const { status, errors, submit, revalidate, reset } = useLeadSubmission("visit", initial?.errors);
  const resultRef = useRef<HTMLParagraphElement>(null);
  const [doneFromUrl, setDoneFromUrl] = useState(done);
  const succeeded = doneFromUrl || status.state === "done";
  const failure = status.state === "failed" ? status.message : initial?.message;

  useEffect(() => {
    if (status.state === "done") resultRef.current?.focus();
  }, [status.state]);

  return (
    <div className="lead-card visit-form">
      <div className="lead-result-region" role="status" aria-live="polite">
        {succeeded ? (
          <div className="lead-result lead-result--success">
            <p ref={resultRef} tabIndex={-1} className="lead-result__message">
              {status.state === "done" ? status.message : LEAD_MESSAGES.success}
            </p>
            {hydrated ? (
              <button
                type="button"
                className="lead-secondary"
                onClick={() => {
                  setDoneFromUrl(false);
                  reset();
                }}
              >
                {LEAD_FORM_TEXT.writeAgain}
              </button>
            ) : (
              <a className="lead-secondary" href={`/${site}/customer`}>
                {LEAD_FORM_TEXT.writeAgain}
              </a>
            )}
          </div>
        ) : failure ? (
          <p className="lead-result lead-result--failure">{failure}</p>
        ) : null}
      </div>
      {succeeded ? null : (
        <form
          method="post"
          action={`/${site}/customer`}
          noValidate={hydrated}
          className="lead-form"
          onSubmit={(event) => {
            event.preventDefault();
            void submit(event.currentTarget);
          }}
          onChange={(event) => revalidate(event.currentTarget)}
        >
          <SpamGuardFields token={token} />
          <TextField
            name="name"
            required
            autoComplete="name"
            maxLength={NAME_MAX}
            defaultValue={initial?.values?.name}
            error={errors.name}
          />
          <TextField
            name="phone"
            type="tel"
            required
            autoComplete="tel"
            inputMode="tel"
            pattern={PHONE_PATTERN_ATTRIBUTE}
            hint={PHONE_HINT}
            defaultValue={initial?.values?.phone}
            error={errors.phone}
          />
          <TextField
            name="message"
            multiline
            rows={5}
            maxLength={MESSAGE_MAX}
            defaultValue={initial?.values?.message}
            error={errors.message}
          />
          <ConsentField consent={consent} error={errors.consent} />
          <SubmitButton kind="visit" busy={status.state === "submitting"} />
        </form>
      )}
    </div>
  );
}
